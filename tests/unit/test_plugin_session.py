"""With the step language's plugin loaded, pytest-bdd still finds each step's definition its own way.

The plugin changes nothing in how pytest-bdd looks steps up: a definition in a test module
overrides one of the same pattern in a conftest, a conftest closer to the test overrides
one further up, and a line no definition reads is still undefined. A session also hands
back to the garbage collector what it froze.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FEATURE = """Feature: A lamp
  Scenario: Switched on
    Given the lamp is on
    When the lamp is looked at
    Then the lamp was lit by the module
"""

ROOT_CONFTEST = """
from pytest_bdd import given, when

@given("the lamp is on", target_fixture="lit_by")
def lit_by_root_conftest():
    return "the root conftest"

@when("the lamp is looked at")
def looked_at_root():
    pass
"""

INNER_CONFTEST = """
from pytest_bdd import when

@when("the lamp is looked at")
def looked_at_inner():
    raise AssertionError("the inner conftest's step must be overridden by the module's")
"""

MODULE = """
from pytest_bdd import given, scenarios, then, when

scenarios("lamp.feature")

@given("the lamp is on", target_fixture="lit_by")
def lit_by_module():
    return "the module"

@when("the lamp is looked at")
def looked_at_module():
    pass

@then("the lamp was lit by the module")
def lit_by_the_module(lit_by):
    assert lit_by == "the module", lit_by
"""


OPTIONS = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "battlebook.language.plugin")


def _run(folder: Path) -> subprocess.CompletedProcess[str]:
    run = ("--battlebook-results", str(folder / "results.json"), "--battlebook-messages=")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *OPTIONS, *run, str(folder)],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_closest_definition_runs(tmp_path: Path) -> None:
    inner = tmp_path / "inner"
    inner.mkdir()
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "conftest.py").write_text(ROOT_CONFTEST, encoding="utf-8")
    (inner / "conftest.py").write_text(INNER_CONFTEST, encoding="utf-8")
    (inner / "lamp.feature").write_text(FEATURE, encoding="utf-8")
    (inner / "test_lamp.py").write_text(MODULE, encoding="utf-8")
    done = _run(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout


def test_an_unread_line_is_still_undefined(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "lamp.feature").write_text(FEATURE.replace("is looked at", "is stared at"), encoding="utf-8")
    (tmp_path / "test_lamp.py").write_text(MODULE, encoding="utf-8")
    done = _run(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Step definition is not found" in done.stdout, done.stdout


def test_a_session_hands_back_what_it_froze(tmp_path: Path) -> None:
    """After a pytest session, nothing stays frozen: a process that runs pytest again frees each run's garbage."""
    import gc

    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "lamp.feature").write_text(FEATURE, encoding="utf-8")
    (tmp_path / "test_lamp.py").write_text(MODULE, encoding="utf-8")
    frozen = gc.get_freeze_count()
    run = ["--battlebook-results", str(tmp_path / "results.json"), "--battlebook-messages="]
    status = pytest.main([str(tmp_path), "-q", *OPTIONS, "--rootdir", str(tmp_path), *run])
    assert status == 0
    assert gc.get_freeze_count() <= frozen
