"""The odds page's battle calculator on the project's Python: the CLI's answer, its bounds, and its example.

The page runs `game_battle` on Pyodide (tests/browser/test_battle_page.py drives it there);
here it runs on CPython: the same answer as `battlebook odds battle GAME --json`, the same
refusals, and an example that `battlebook check` passes.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from battlebook.cli import main
from battlebook.errors import BattlebookError
from battlebook.games import PACKAGES, calculators
from battlebook.odds import OddsError
from battlebook.runners.check import format_report, run_check
from battlebook.runners.inpage import MAX_BATTLE_FIELD, battle_form, game_battle

#: Battles the page's example is checked on: plain and best play, the other die reading, a reading, a loop.
HOMM_BATTLES = [
    {"aggressor": "1,1,3,0,7,3,melee;1,1,2,3,5,4,ranged", "defender": "1,2,4,0,8,5,melee"},
    {"aggressor": "1,1,3,0,7,3,melee;1,1,2,3,5,4,ranged", "defender": "1,2,4,0,8,5,melee", "play": "best"},
    {"aggressor": "2,1,3,0,7,3,melee", "defender": "3,1,2,3,5,4,ranged", "faces": "1-10"},
    {"aggressor": "1,2,5,0,6,4,melee", "defender": "2,1,3,0,5,4,melee", "reading": "retaliation-chain"},
    {"aggressor": "1,5,0,0,17,9,melee;1,5,0,0,17,9,melee", "defender": "1,5,0,0,17,9,melee", "play": "best"},
]


@functools.cache
def _page_answer(game: str, values: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """`game_battle`'s answer, worked out once per battle in this module (best play costs about a second)."""
    return game_battle(game, dict(values))


def page_answer(game: str, values: dict[str, str]) -> dict[str, Any]:
    """The page's answer for `values`; tests read it and must not change it."""
    return _page_answer(game, tuple(sorted(values.items())))


def cli_json(game: str, values: dict[str, str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    """What `battlebook odds battle GAME --json` prints for the same values."""
    argv = ["odds", "battle", game, "--json"]
    for name, value in values.items():
        if value:
            argv += [f"--{name}", value]
    assert main(argv) == 0
    answer: dict[str, object] = json.loads(capsys.readouterr().out)
    return answer


@pytest.mark.parametrize("values", HOMM_BATTLES, ids=range(len(HOMM_BATTLES)))
def test_a_homm_battle_answers_as_the_command_line_and_its_example_passes_the_check(
    values: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = page_answer("homm", values)
    assert answer["data"] == cli_json("homm", values, capsys)
    example = answer["example"]
    assert isinstance(example, str)
    path = tmp_path / "battle.feature"
    path.write_text(example, encoding="utf-8")
    report = run_check([path], tmp_path)
    assert report.ok, format_report(report)
    assert report.counts()["passed"] == 1
    for key in ("aggressor_wins", "defender_wins", "never_ends"):
        assert f"chance {answer['data'][key]}" in example


def test_the_example_fails_when_the_answer_is_not_the_engines(tmp_path: Path) -> None:
    """The example's Thens check something: the same battle with a wrong chance fails `battlebook check`."""
    answer = page_answer("homm", HOMM_BATTLES[0])
    wrong = answer["example"].replace(f"chance {answer['data']['aggressor_wins']}", "chance 1/2")
    path = tmp_path / "battle.feature"
    path.write_text(wrong, encoding="utf-8")
    report = run_check([path], tmp_path)
    assert report.counts()["failed"] == 1


#: Heroscape battles the page's example is checked on: both editions, both plans, a battle that never ends.
HEROSCAPE_BATTLES = [
    {"edition": "2004", "first": "2,3,2,1", "second": "1,4,4,1", "play": "focus"},
    {"edition": "2024", "first": "2,3,2,2", "second": "2,2,2,3", "play": "best"},
    {"edition": "2004", "first": "1,0,2,1", "second": "2,0,1,1", "play": "best"},
]


@pytest.mark.parametrize("values", HEROSCAPE_BATTLES, ids=range(len(HEROSCAPE_BATTLES)))
def test_a_heroscape_battle_answers_as_the_command_line_and_its_example_passes_the_check(
    values: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = page_answer("heroscape", values)
    assert answer["data"] == cli_json("heroscape", values, capsys)
    example = answer["example"]
    assert isinstance(example, str) and f"@edition:{values['edition']}" in example
    path = tmp_path / "battle.feature"
    path.write_text(example, encoding="utf-8")
    report = run_check([path], tmp_path)
    assert report.ok, format_report(report)
    assert report.counts()["passed"] == 1
    for key in ("first_wins", "second_wins", "never_ends"):
        assert f"chance {answer['data'][key]}" in example
    if values["play"] == "best":
        assert f"best play, {answer['data']['first_decision']}" in example


def test_best_plays_first_decision_names_the_stacks_as_the_example_does(tmp_path: Path) -> None:
    """The CLI's first decision names the stacks the example defines (Red One...), so the example states it."""
    answer = page_answer("homm", HOMM_BATTLES[1])
    decision = answer["data"]["first_decision"]
    assert decision == (
        "the Aggressor's best first decision is to have the Red One sacrifice to support the Red Two "
        "against the Blue One"
    )
    assert f"with best play, {decision}" in answer["example"]


@pytest.mark.parametrize(("game", "values"), [("homm", HOMM_BATTLES[1]), ("heroscape", HEROSCAPE_BATTLES[1])])
def test_a_wrong_first_decision_fails_the_check(game: str, values: dict[str, str], tmp_path: Path) -> None:
    """The first decision's Then checks something: another target in its place fails `battlebook check`."""
    answer = page_answer(game, values)
    decision = answer["data"]["first_decision"]
    wrong = decision.replace("Blue One", "Red One") if game == "homm" else decision.replace("B1", "B2")
    assert wrong != decision
    path = tmp_path / "battle.feature"
    path.write_text(answer["example"].replace(decision, wrong), encoding="utf-8")
    report = run_check([path], tmp_path)
    assert report.counts()["failed"] == 1, format_report(report)


@pytest.mark.parametrize("game", list(PACKAGES))
def test_every_game_with_a_battle_calculator_has_a_page_form_drawn_from_its_options(game: str) -> None:
    declared = calculators(game).battle
    form = battle_form(game)
    if declared is None:
        assert form is None
        return
    assert form is not None
    assert [f["name"] for f in form["fields"]] == [option.name for option in declared.options]
    for field, option in zip(form["fields"], declared.options, strict=True):
        assert field["choices"] == list(option.choices)
        assert not option.choices or field["value"] in option.choices
    # The form opens on a battle the calculator answers.
    game_battle(game, {f["name"]: f["value"] for f in form["fields"]})


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"aggressor": "1,1,3,0,7,3,melee"}, "give the defender"),
        ({"aggressor": "1,1,3,0,7,3,melee", "defender": "1,2,4,0,8,5,melee", "play": "evil"}, "play: one of"),
        ({"aggressor": "1,1,3,0,7,3,melee", "defender": "x" * (MAX_BATTLE_FIELD + 1)}, "at most"),
        ({"aggressor": "1,1,3,0,7,3,melee", "defender": "1,2,4,0,8,5,melee", "<script>": "1"}, "no field"),
        ({"aggressor": "7,1,3,0,7,3,melee", "defender": "1,2,4,0,8,5,melee"}, "cards"),
        (
            {"aggressor": "4,1,3,0,7,3,melee;4,1,3,0,7,3,melee", "defender": "4,2,4,0,8,5,melee", "play": "best"},
            "best play",
        ),
    ],
)
def test_a_battle_the_command_line_refuses_is_refused_in_one_line(values: dict[str, str], words: str) -> None:
    with pytest.raises((BattlebookError, OddsError, ValueError)) as caught:
        game_battle("homm", values)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message


@pytest.mark.parametrize("values", [["a list"], "text", 3])
def test_fields_that_are_not_named_values_are_refused(values: object) -> None:
    with pytest.raises(BattlebookError, match="not a set of named values"):
        game_battle("homm", values)


#: What a player fills in to propose a copied battle as a ruling, by game: the source it cites.
PROPOSAL_SOURCES = {"homm": "001/phases-and-rounds", "heroscape": "003/attacking"}


@pytest.mark.parametrize(("game", "values"), [("homm", HOMM_BATTLES[1]), ("heroscape", HEROSCAPE_BATTLES[1])])
def test_a_copied_battle_can_be_proposed_as_a_ruling(game: str, values: dict[str, str]) -> None:
    """The example the page copies goes through the Playground's proposal as it is: conventions, then the check."""
    from battlebook.runners.inpage import propose_ruling

    fields = {
        "title": "Who wins this battle?",
        "slug": "this-battle",
        "sources": [PROPOSAL_SOURCES[game]],
        "question": "Which side wins this battle fought to the end, and how should it play?",
        "reading": "The calculator's answer.",
        "alternative": "Another answer.",
        "rule": "The battle goes as the calculator says",
        "chapter": 60,
    }
    answer = propose_ruling(page_answer(game, values)["example"], fields)
    assert answer["problems"] == [] and answer["conventions"] == [], answer
    assert answer["ok"] and answer["check"]["summary"].startswith("1 example"), answer["check"]["summary"]
