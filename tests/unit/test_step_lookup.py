"""The faster step lookup runs the step definition pytest-bdd itself would run.

`battlebook.language.lookup` replaces pytest-bdd's way of finding a step's definition
(a temporary fixture per step) with a direct choice among the same definitions, ranked the
same way. These runs check the choice where it matters: a definition in a test module
overrides one of the same pattern in a conftest, a conftest closer to the test overrides
one further up, and a line no definition reads is still undefined.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pytest_bdd.parser import Step

from battlebook.language import lookup as step_lookup

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


def _run(folder: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, BATTLEBOOK_RESULTS=str(folder / "results.json"), BATTLEBOOK_MESSAGES="")
    env.pop("BATTLEBOOK_FEATURES", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", str(folder)],
        cwd=folder,
        env=env,
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


def test_the_data_table_of_each_example_is_its_own() -> None:
    """The copy made for each example has the same cells, rendered, and shares nothing with the template."""
    from pytest_bdd.gherkin_parser import DataTable

    table = DataTable.from_dict(
        {
            "location": {"line": 3, "column": 5},
            "rows": [
                {
                    "id": "1",
                    "location": {"line": 3, "column": 5},
                    "cells": [{"location": {"line": 3, "column": 7}, "value": "<n>"}],
                }
            ],
        }
    )
    step_lookup.install()
    copy = Step.render_datatable(table, {"n": 4})
    assert copy.raw() == [["4"]]
    assert table.raw() == [["<n>"]]
    assert copy.rows[0] is not table.rows[0] and copy.rows[0].cells[0].location == table.rows[0].cells[0].location


def test_pytest_bdd_reads_the_shared_parse(tmp_path: Path) -> None:
    """pytest-bdd's document of a file is the model's parse; a malformed file still fails with its line."""
    from pytest_bdd import exceptions
    from pytest_bdd.gherkin_parser import get_gherkin_document

    from battlebook.book.model import gherkin_ast

    step_lookup.install()
    good = tmp_path / "lamp.feature"
    good.write_text(FEATURE, encoding="utf-8")
    before = gherkin_ast.cache_info().hits
    document = get_gherkin_document(str(good))
    assert [child.scenario.name for child in document.feature.children if child.scenario] == ["Switched on"]
    get_gherkin_document(str(good))
    assert gherkin_ast.cache_info().hits > before
    bad = tmp_path / "bad.feature"
    bad.write_text(
        "Feature: A lamp\n  Scenario: Switched on\n    Given the lamp is on\n  Exmaple: oops\n", encoding="utf-8"
    )
    try:
        get_gherkin_document(str(bad))
    except exceptions.GherkinParseError as error:
        assert error.line == 4, error
    else:
        raise AssertionError("a malformed file must not parse")


def test_a_session_hands_back_what_it_froze(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a pytest session, nothing stays frozen: a process that runs pytest again frees each run's garbage."""
    import gc

    monkeypatch.setenv("BATTLEBOOK_RESULTS", str(tmp_path / "results.json"))
    monkeypatch.setenv("BATTLEBOOK_MESSAGES", "")
    monkeypatch.delenv("BATTLEBOOK_FEATURES", raising=False)
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "lamp.feature").write_text(FEATURE, encoding="utf-8")
    (tmp_path / "test_lamp.py").write_text(MODULE, encoding="utf-8")
    frozen = gc.get_freeze_count()
    status = pytest.main(
        [str(tmp_path), "-q", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "--rootdir", str(tmp_path)]
    )
    assert status == 0
    assert gc.get_freeze_count() <= frozen
