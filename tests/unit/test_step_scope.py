"""Steps are scoped per game: a line of a HoMM file never reads as a Heroscape step, and the reverse.

Each example's game is the one its tags declare (every file of the rulebook carries
`@game:` on its Feature); only `battlebook check` guesses, for a player's undeclared file.
These tests check the declarations against where the files lie, and the guess against
the declarations, reading every feature of the rulebook as a player's untagged file.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pytest_bdd.steps import StepFunctionContext, step_function_context_registry

from battlebook.book.model import FeatureDoc
from battlebook.cli import main
from battlebook.games import BUILT_IN
from battlebook.language.catalogue import book_lines
from battlebook.language.grammar import GAMES, Phrase, step_definitions
from battlebook.language.run import guess_game
from battlebook.language.scope import playing, scope_of
from battlebook.language.steps import load_step_modules
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def book() -> tuple[FeatureDoc, ...]:
    load_step_modules()
    return rulebook()


@pytest.fixture(scope="module")
def contexts() -> list[StepFunctionContext]:
    load_step_modules()
    return [
        c for c in list(step_function_context_registry.values()) if c.step_func.__module__.startswith("battlebook.")
    ]


def expected_game(feature: FeatureDoc) -> str:
    """The game a file of the rulebook plays, by where it lies (what its declaration and the guess must say)."""
    path = Path(feature.path)
    if path.parent.name in GAMES:
        return path.parent.name
    return "heroscape" if path.name.startswith("heroscape-") or path.name == "combat-die.feature" else "homm"


def matching(contexts: list[StepFunctionContext], kind: str, text: str) -> list[StepFunctionContext]:
    return [c for c in contexts if c.type in (None, kind) and c.parser.is_matching(text)]


def test_every_battlebook_step_is_a_typed_phrase_with_a_scope(contexts: list[StepFunctionContext]) -> None:
    assert contexts
    assert all(isinstance(c.parser, Phrase) for c in contexts)
    scopes = {scope_of(c.parser) for c in contexts}
    assert set(BUILT_IN) <= scopes <= {*GAMES, None}


def test_each_file_declares_the_game_of_its_place(book: tuple[FeatureDoc, ...]) -> None:
    wrong = {f.path: f.game for f in book if f.game != expected_game(f)}
    assert wrong == {}


def test_the_checks_guess_finds_each_examples_game_without_its_tags(book: tuple[FeatureDoc, ...]) -> None:
    """Read as a player's untagged file, every example of the rulebook is guessed to play its declared game."""
    definitions = step_definitions(load_step_modules())
    wrong = []
    for feature in book:
        for rule, example in feature.examples():
            choice = guess_game(feature, rule, example, definitions)
            if choice.game != feature.declared(rule, example).game or not choice.guessed:
                wrong.append((feature.path, example.line, str(choice)))
    assert wrong == []


def test_no_line_of_one_game_matches_a_step_of_the_other(
    book: tuple[FeatureDoc, ...], contexts: list[StepFunctionContext]
) -> None:
    crossing, ambiguous, undefined = [], [], []
    for feature in book:
        game = expected_game(feature)
        with playing(game):
            for kind, use in book_lines([feature]):
                found = matching(contexts, kind, use.text)
                where = f"{feature.path}:{use.line}: {use.text}"
                crossing += [where for c in found if scope_of(c.parser) not in (game, None)]
                if len(found) > 1:
                    ambiguous.append(where)
                if not found:
                    undefined.append(where)
    assert crossing == []
    assert ambiguous == []
    assert undefined == []


def test_even_without_a_scope_no_homm_line_reads_as_a_heroscape_step(
    book: tuple[FeatureDoc, ...], contexts: list[StepFunctionContext]
) -> None:
    # Every word of a step is checked: a Heroscape figure is typed (words, then a map key), so
    # even unscoped no Heroscape pattern reads a HoMM line (loose ones once read more than ten).
    crossing = [
        use.text
        for feature in book
        if expected_game(feature) == "homm"
        for kind, use in book_lines([feature])
        if any(scope_of(c.parser) == "heroscape" for c in matching(contexts, kind, use.text))
    ]
    assert crossing == []


HOMM_LINE_READ_AS_HEROSCAPE = """Feature: A player's file, anywhere
  Background:
    Given a battle in the open field

  @id:player.sight @source:001/making-melee-attacks
  Rule: A player's question
    Example: The Gold Golems cannot see anything: that is a Heroscape step
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      Then the Gold Golems can see the Behemoth
"""


def test_a_players_file_outside_the_repository_is_scoped_by_its_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    copy = tmp_path / "melee.feature"
    shutil.copy(ROOT / "features" / "homm" / "melee.feature", copy)
    assert main(["check", str(copy)]) == 0
    capsys.readouterr()
    mine = tmp_path / "mine.feature"
    mine.write_text(HOMM_LINE_READ_AS_HEROSCAPE, encoding="utf-8")
    assert main(["check", str(mine)]) == 1
    out = capsys.readouterr().out
    # Unscoped, the Heroscape sight step would have read this HoMM line; scoped, it is undefined.
    assert "Then the Gold Golems can see the Behemoth" in out
    assert "undefined" in out.lower()


def test_the_closest_steps_offered_for_a_misspelt_line_are_of_its_game() -> None:
    from battlebook.language.recorder import closest_steps

    load_step_modules()
    homm = closest_steps("the Gold Golems atack the Behemoth in melee, rolling 6", 5, "when", game="homm")
    assert homm and all(step.game in ("homm", None) for step in homm)
    assert "in melee" in str(homm[0])
    with playing("heroscape"):
        scape = closest_steps("the Zettian Guard Z1 atacks the Airborne Elite A1", 5, "when")
    assert scape and all(step.game in ("heroscape", None) for step in scape)


def test_importing_the_grammar_loads_no_game() -> None:
    """The step language's types are the same for every game: reading them loads no game's rules."""
    import subprocess
    import sys

    probe = (
        "import sys, battlebook.language.grammar, battlebook.language.scope;"
        "print(sorted(m for m in sys.modules if m.startswith(('battlebook.homm', 'battlebook.heroscape'))))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
