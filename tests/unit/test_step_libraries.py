"""Each game's step library: declared in its registration, holding only its steps, loaded only for its runs.

Every step module belongs to one registered game (its `Registration` names it) or to none
(a shared module of `battlebook.language.steps`). A run loads the shared modules and the
libraries of the games it plays: `battlebook check` and the page's Try it, the games the
checked files declare (every game's for a file that declares none). What a check reports
does not depend on it: the same file gives the same report when every library is loaded.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from battlebook.games import GAMES
from battlebook.language.grammar import step_definitions
from battlebook.language.scope import scope_of
from battlebook.language.session import registered_step_modules
from battlebook.language.steps import game_modules, load_step_modules, shared_modules, step_modules
from battlebook.runners import check
from battlebook.runners.check import format_report, run_check

STEP_PACKAGE = "battlebook.language.steps"


def _module(name: str) -> ModuleType:
    return next(module for module in load_step_modules() if module.__name__ == name)


@pytest.mark.parametrize("game", list(GAMES))
def test_each_module_a_game_declares_holds_only_steps_of_that_game(game: str) -> None:
    modules = game_modules([game])
    assert modules, f"{game} declares no step library"
    for name in modules:
        definitions = step_definitions([_module(name)])
        others = sorted({str(scope_of(d.parser)) for d in definitions if scope_of(d.parser) != game})
        assert others == [], f"{name} holds steps of {others}, not only of {game}"


def test_every_step_module_belongs_to_one_game_or_is_shared() -> None:
    claimed = [name for game in GAMES for name in game_modules([game])]
    assert len(claimed) == len(set(claimed)), "a step module is claimed by two games"
    assert set(step_modules()) == set(shared_modules()) | set(claimed)
    assert not set(shared_modules()) & set(claimed)
    assert all(name.startswith(STEP_PACKAGE + ".") for name in shared_modules())


@pytest.mark.parametrize("name", shared_modules())
def test_a_shared_module_holds_only_shared_steps(name: str) -> None:
    scoped = [d.parser.name for d in step_definitions([_module(name)]) if scope_of(d.parser) is not None]
    assert scoped == []


def test_the_shared_modules_import_no_game_nor_does_asking_for_a_games_name() -> None:
    # A fresh interpreter: this one has every game loaded already.
    code = (
        "import importlib, json, sys\n"
        "from battlebook.games import GAMES\n"
        "from battlebook.language.steps import shared_modules\n"
        "for name in shared_modules(): importlib.import_module(name)\n"
        "assert all(name in GAMES for name in list(GAMES)) and 'chess' not in GAMES\n"  # asking loads no game either
        "print(json.dumps(sorted(n for n in GAMES if GAMES.package(n) in sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_a_run_of_one_game_loads_no_other_game(game: str) -> None:
    # A fresh interpreter, as the page's is before its first Run: this one has every game loaded already.
    code = (
        "import json, sys\n"
        "from battlebook.games import GAMES\n"
        "from battlebook.runners.inpage import run_scenario\n"
        f"outcome = run_scenario('@game:{game}\\nFeature: F\\n  Example: E\\n')\n"
        "print(json.dumps([outcome['summary'], sorted(n for n in GAMES if GAMES.package(n) in sys.modules)]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    summary, loaded = json.loads(out)
    assert summary.startswith("1 example: 0 passed, 0 failed, 0 undefined")  # it ran (and checked nothing)
    assert loaded == [game]


class Registered:
    """A pytest plugin that keeps the step modules registered with the session."""

    def __init__(self) -> None:
        self.modules: list[str] = []

    @pytest.hookimpl(trylast=True)
    def pytest_configure(self, config: pytest.Config) -> None:
        self.modules = [module.__name__ for module in registered_step_modules(config.pluginmanager)]


HOMM = """@game:homm
Feature: A HoMM question

  Example: Golems
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    Then the battle goes on
"""
HEROSCAPE_RULE = """
  @game:heroscape
  Rule: A Heroscape question
    Example: Dice
      When 3 attack dice are rolled against 2 defense dice
      Then the expected number of wounds is 5/6
"""


def _registered(tmp_path: Path, text: str, **options: object) -> list[str]:
    # A new file each time: pytest-bdd keeps the features it has read, by path, for the process.
    path = tmp_path / f"mine{len(list(tmp_path.glob('*.feature')))}.feature"
    path.write_text(text, encoding="utf-8")
    seen = Registered()
    run_check([path], root=tmp_path, plugins=[seen], **options)  # type: ignore[arg-type]
    return seen.modules


def test_a_check_of_declared_files_registers_their_games_libraries_only(tmp_path: Path) -> None:
    assert _registered(tmp_path, HOMM) == step_modules(["homm"])
    assert _registered(tmp_path, HOMM + HEROSCAPE_RULE) == step_modules()


def test_a_check_of_a_file_that_declares_no_game_registers_every_library(tmp_path: Path) -> None:
    assert _registered(tmp_path, HOMM.removeprefix("@game:homm\n")) == step_modules()


def test_a_check_that_changes_a_card_registers_every_library(tmp_path: Path) -> None:
    # Each game's library checks the card changes a run asks for, before the run starts.
    assert _registered(tmp_path, HOMM, card_changes=["Airborne Elite:range=7"]) == step_modules()


def test_the_command_lines_pytest_session_registers_every_library() -> None:
    from battlebook.language.plugin import plugins

    assert plugins()[1:] == tuple(step_modules())


#: Files whose report could depend on the libraries loaded: undefined lines (their closest steps
#: are the run's), a line of the other game, an alternative reading, a failing Then.
REPORTED = {
    "homm, a typo and a Heroscape line": """@game:homm
Feature: F
  Example: E
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Lnie
    Then the battle goes on
  Example: G
    Given a battle in the open field
    When 3 attack dice are rolled against 2 defense dice
    Then the battle goes on
  Example: H
    Given the alternative reading: a combat die has four skulls and two shields
    And a battle in the open field
    Then the battle goes on
""",
    "heroscape, a HoMM line and a failing Then": """@game:heroscape
Feature: F
  Example: E
    When 3 attack dice are rolled against 2 defense dice
    Then the expected number of wounds is 1/2
  Example: G
    Given a battle in the open field
    Then the battle goes on
""",
    "heroscape, an alternative reading": """@game:heroscape @edition:2004
Feature: F
  Example: E
    Given the alternative reading: a combat die has four skulls and two shields
    When 3 attack dice are rolled against 2 defense dice
    Then the chance of at least one wound is 1/2
""",
}


@pytest.mark.parametrize("text", list(REPORTED.values()), ids=list(REPORTED))
def test_a_report_is_the_same_whatever_libraries_the_run_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    path = tmp_path / "mine.feature"
    path.write_text(text, encoding="utf-8")

    def report() -> str:
        return re.sub(r"\(ran in [0-9.]+ s\)", "", format_report(run_check([path], root=tmp_path, notes=True)))

    declared = report()
    monkeypatch.setattr(check, "declared_games", lambda docs: None)  # every game's library, as for an undeclared file
    assert report() == declared


def test_the_workers_warm_up_loads_every_games_library(tmp_path: Path) -> None:
    # Run while the reader has not pressed Run yet, it leaves the engine ready for either game's
    # first Run: its scenario declares no game, so it loads every game's library.
    worker = (Path(__file__).resolve().parents[2] / "docs" / "javascripts" / "try-it-worker.js").read_text("utf-8")
    found = re.search(r'^const WARM_UP = ("(?:[^"\\]|\\.)*");$', worker, re.MULTILINE)
    assert found is not None, "the worker's WARM_UP scenario is not one string literal any more"
    assert _registered(tmp_path, json.loads(found[1])) == step_modules()
