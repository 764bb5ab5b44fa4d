"""Installing `battlebook[check]` changes nothing in someone else's pytest-bdd project.

A small pytest-bdd project of its own (a feature with a `@slow` tag that its `pytest.ini`
declares as a marker under `--strict-markers`, a Rule, a Background, a data table, a doc
string, an outline, a step its test module overrides from its conftest, and a line no step
reads) runs in the virtualenv where the wheel is installed with the `check` extra. Its
outcomes, test by test, are the same as with `-p no:battlebook`, and as with no plugin but
pytest-bdd's own (autoloading off): its markers select (`-m slow`), its steps are looked up
and its files parsed exactly as pytest-bdd alone does. They stay the same even when the
project opts in to Battlebook's steps (`-p battlebook.language.plugin`).

The opt-in the README documents is checked too: one line in a player's `conftest.py`, and
plain `pytest` runs a copied chapter of the rulebook.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.package.tools import ROOT, run

PYTEST_INI = """[pytest]
addopts = --strict-markers -p no:cacheprovider
markers =
    slow: a scenario that takes its time
"""

FEATURE = """Feature: A lamp
  A lamp in a hallway.

  Background:
    Given a lamp

  @slow
  Scenario: Switched on
    When the switch is pressed
    Then the lamp is lit by the module

  Rule: A lamp shows what it is told
    Example: A message on the lamp
      When the lamp is told:
        \"\"\"
        hello
        \"\"\"
      Then the lamp reads "hello"

    Example: A table of colours
      When the lamp is given the colours:
        | name  | shade |
        | red   | dark  |
        | green | light |
      Then the lamp knows 2 colours

  Scenario Outline: Dimmed
    When the lamp is dimmed to <level>
    Then the lamp shines at <level>

    Examples:
      | level |
      | 1     |
      | 7     |

  Scenario: Stared at
    When the lamp is stared at
    Then the lamp is lit by the module
"""

CONFTEST = """
from pytest_bdd import given, when

@given("a lamp", target_fixture="lamp")
def lamp():
    return {"lit_by": None}

@when("the switch is pressed")
def pressed_in_the_conftest(lamp):
    lamp["lit_by"] = "the conftest"
"""

MODULE = """
from pytest_bdd import given, parsers, scenarios, then, when

scenarios("lamp.feature")

@when("the switch is pressed")
def pressed_in_the_module(lamp):
    lamp["lit_by"] = "the module"

@then("the lamp is lit by the module")
def lit_by_the_module(lamp):
    assert lamp["lit_by"] == "the module", lamp

@when("the lamp is told:")
def told(lamp, docstring):
    lamp["text"] = docstring

@then(parsers.parse('the lamp reads "{text}"'))
def reads(lamp, text):
    assert lamp["text"] == text

@when("the lamp is given the colours:")
def colours(lamp, datatable):
    lamp["colours"] = datatable[1:]

@then(parsers.parse("the lamp knows {count:d} colours"))
def knows(lamp, count):
    assert len(lamp["colours"]) == count

@when(parsers.parse("the lamp is dimmed to {level:d}"))
def dimmed(lamp, level):
    lamp["level"] = level

@then(parsers.parse("the lamp shines at {level:d}"))
def shines(lamp, level):
    assert lamp["level"] == level
"""

#: The outcome of each test of the foreign project, as pytest-bdd alone gives it.
EXPECTED = {
    "test_lamp.py::test_switched_on": "PASSED",
    "test_lamp.py::test_a_message_on_the_lamp": "PASSED",
    "test_lamp.py::test_a_table_of_colours": "PASSED",
    "test_lamp.py::test_dimmed[1]": "PASSED",
    "test_lamp.py::test_dimmed[7]": "PASSED",
    "test_lamp.py::test_stared_at": "FAILED",
}


@pytest.fixture(scope="module")
def project(player: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The foreign project, in a folder of its own, and the virtualenv's python."""
    battlebook, _ = player
    folder = tmp_path_factory.mktemp("foreign")
    (folder / "pytest.ini").write_text(PYTEST_INI, encoding="utf-8")
    (folder / "lamp.feature").write_text(FEATURE, encoding="utf-8")
    (folder / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (folder / "test_lamp.py").write_text(MODULE, encoding="utf-8")
    return folder, battlebook.parent / "python"


def outcomes(
    python: Path, folder: Path, *options: str, env: dict[str, str] | None = None
) -> tuple[dict[str, str], str]:
    """Each test's outcome in a run of the project (`-rA` lists them all), and the run's output."""
    done = run([str(python), "-m", "pytest", "-rA", *options], folder, env=env)
    found = dict(
        (test, outcome)
        for outcome, test in re.findall(r"^(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS) (\S+)", done.stdout, re.M)
    )
    return found, done.stdout + done.stderr


def test_no_battlebook_plugin_is_declared(project: tuple[Path, Path]) -> None:
    folder, python = project
    code = "import importlib.metadata as m; print([e.value for e in m.entry_points(group='pytest11')])"
    done = run([str(python), "-c", code], folder)
    assert done.returncode == 0, done.stderr
    assert "battlebook" not in done.stdout and "pytest_bdd.plugin" in done.stdout, done.stdout


def test_the_project_runs_as_pytest_bdd_alone_runs_it(project: tuple[Path, Path]) -> None:
    folder, python = project
    alone, output = outcomes(python, folder, "-p", "pytest-bdd", env={"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})
    assert alone == EXPECTED, output
    assert "StepDefinitionNotFoundError" in output, output
    installed, output = outcomes(python, folder)
    assert installed == alone, output
    blocked, output = outcomes(python, folder, "-p", "no:battlebook")
    assert blocked == alone, output
    assert not (folder / ".battlebook").exists(), "nothing of Battlebook ran"


def test_its_markers_select_as_before(project: tuple[Path, Path]) -> None:
    folder, python = project
    for options in ((), ("-p", "no:battlebook"), ("-p", "battlebook.language.plugin")):
        done = run([str(python), "-m", "pytest", "-m", "slow", *options], folder)
        assert done.returncode == 0, done.stdout + done.stderr
        assert re.search(r"\b1 passed, 5 deselected\b", done.stdout), (options, done.stdout)
    shutil.rmtree(folder / ".battlebook", ignore_errors=True)  # the opted-in run recorded its results


def test_opting_in_to_battlebook_changes_none_of_its_outcomes(project: tuple[Path, Path]) -> None:
    folder, python = project
    opted, output = outcomes(python, folder, "-p", "battlebook.language.plugin")
    assert opted == EXPECTED, output
    shutil.rmtree(folder / ".battlebook", ignore_errors=True)  # the opted-in run recorded its results


def test_one_line_in_a_conftest_runs_a_chapter_with_plain_pytest(
    player: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory
) -> None:
    battlebook, _ = player
    folder = tmp_path_factory.mktemp("mine")
    shutil.copy(ROOT / "features" / "homm" / "melee.feature", folder)
    (folder / "conftest.py").write_text('pytest_plugins = ["battlebook.language.plugin"]\n', encoding="utf-8")
    (folder / "test_mine.py").write_text('from pytest_bdd import scenarios\n\nscenarios("melee.feature")\n', "utf-8")
    done = run([str(battlebook.parent / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider"], folder)
    assert done.returncode == 0, done.stdout + done.stderr
    examples = (ROOT / "features" / "homm" / "melee.feature").read_text(encoding="utf-8").count("Example:")
    assert re.search(rf"\b{examples} passed\b", done.stdout), done.stdout
    assert (folder / ".battlebook" / "results.json").exists()
