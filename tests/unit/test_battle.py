"""Whole battles: the engine's solver against a dedicated program, best play proved, the command line."""

from __future__ import annotations

import json
import time
from dataclasses import astuple
from fractions import Fraction

import pytest

from battlebook.cli import main
from battlebook.heroscape.battle import Squad
from battlebook.heroscape.battle import battle_odds as heroscape_battle
from battlebook.heroscape.ruleset import Edition
from battlebook.heroscape.state import BattleState as HeroscapeState
from battlebook.homm.battle import StackSpec, battle_odds
from battlebook.homm.readings import with_reading
from battlebook.homm.ruleset import Ruleset
from tests.battle_reference import Heroscape, Homm, HSquad, HStack, monte_carlo

S = StackSpec
HOMM_CASES = [
    ([S(2, 1, 3, 0, 7, 3, "melee")], [S(1, 2, 4, 0, 7, 5, "melee")], "0-9"),
    ([S(1, 1, 3, 0, 7, 3, "melee"), S(1, 1, 2, 3, 5, 4, "ranged")], [S(1, 2, 4, 0, 8, 5, "melee")], "0-9"),
    ([S(2, 1, 3, 0, 7, 3, "melee"), S(2, 1, 2, 3, 5, 4, "ranged")], [S(3, 2, 4, 0, 8, 5, "melee")], "1-10"),
    ([S(1, 5, 0, 0, 17, 9, "melee")], [S(1, 5, 0, 0, 17, 9, "melee"), S(1, 1, 1, 0, 4, 2, "ranged")], "0-9"),
    (
        [S(3, 1, 3, 2, 7, 3, "melee"), S(2, 1, 2, 3, 5, 3, "melee"), S(2, 2, 1, 4, 5, 6, "ranged")],
        [S(3, 2, 4, 0, 8, 5, "melee"), S(2, 1, 3, 3, 6, 3, "ranged")],
        "0-9",
    ),
]
HEROSCAPE_CASES = [
    (Squad(2, 2, 2, 1), Squad(2, 2, 2, 1), "2004"),
    (Squad(2, 3, 2, 2), Squad(2, 2, 2, 3), "2024"),
    (Squad(3, 3, 2, 2), Squad(2, 3, 3, 3), "2024"),
    (Squad(1, 0, 2, 1), Squad(2, 0, 1, 1), "2004"),
]


def reference(case: tuple[list[StackSpec], list[StackSpec], str]) -> Homm:
    aggressor, defender, faces = case
    return Homm([HStack(*astuple(s)) for s in aggressor], [HStack(*astuple(s)) for s in defender], faces)


@pytest.mark.parametrize("case", HOMM_CASES)
def test_the_plain_plan_agrees_with_the_dedicated_program(case: tuple[list[StackSpec], list[StackSpec], str]) -> None:
    aggressor, defender, faces = case
    ruleset = with_reading(Ruleset(), "the die's faces are read 1 to 10") if faces == "1-10" else Ruleset()
    odds = battle_odds(aggressor, defender, ruleset)
    assert (odds.aggressor_wins, odds.defender_wins, odds.never_ends, odds.expected_rounds) == reference(case).solve()


@pytest.mark.parametrize("case", HEROSCAPE_CASES)
def test_the_focus_plan_agrees_with_the_dedicated_program(case: tuple[Squad, Squad, str]) -> None:
    first, second, edition = case
    odds = heroscape_battle(first, second, Edition(edition))
    expected = Heroscape(HSquad(*astuple(first)), HSquad(*astuple(second)), edition).solve()
    assert (odds.first_wins, odds.second_wins, odds.never_ends, odds.expected_turns) == expected


def test_a_seeded_monte_carlo_of_100000_battles_lands_within_five_standard_errors() -> None:
    case = HOMM_CASES[1]
    odds = battle_odds(case[0], case[1])
    battles = 100_000
    won, lost, _ = monte_carlo(reference(case).play, battles, seed=32)
    p = float(odds.aggressor_wins)
    error = (p * (1 - p) / battles) ** 0.5
    assert abs(won / battles - p) < 5 * error
    assert won + lost == battles


@pytest.mark.parametrize("case", HOMM_CASES[:1])
def test_best_play_does_at_least_as_well_as_the_plain_plan(case: tuple[list[StackSpec], list[StackSpec], str]) -> None:
    plain = battle_odds(case[0], case[1])
    best = battle_odds(case[0], case[1], play="best")
    assert best.aggressor_wins >= plain.aggressor_wins
    assert best.aggressor_wins + best.defender_wins + best.never_ends == 1


def test_best_play_beats_the_plain_plan_by_a_sacrifice() -> None:
    aggressor, defender, _ = HOMM_CASES[1]
    best = battle_odds(aggressor, defender, play="best")
    assert best.aggressor_wins == Fraction(1945, 2134)
    assert best.first_decision is not None and "sacrifice to support" in best.first_decision


def test_heroscape_best_play_is_at_least_the_focus_plan_for_the_first_army() -> None:
    first, second, edition = HEROSCAPE_CASES[1]
    focus = heroscape_battle(first, second, Edition(edition))
    best = heroscape_battle(first, second, Edition(edition), "best")
    assert best.first_wins >= focus.first_wins and best.first_decision is not None


def test_declining_to_retaliate_changes_best_play_when_a_retaliation_may_be_answered() -> None:
    chain = with_reading(Ruleset(), "a retaliation may itself be retaliated against")
    must = with_reading(chain, "a stack that may retaliate always does")
    aggressor, defender = [S(1, 3, 6, 0, 10, 1, "melee")], [S(2, 1, 3, 0, 10, 4, "melee")]
    assert battle_odds(aggressor, defender, chain, "best").aggressor_wins == Fraction(5515, 12404)
    assert battle_odds(aggressor, defender, must, "best").aggressor_wins == Fraction(35, 76)


# --- The command line ----------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


HOMM_ARGS = ("--aggressor", "1,1,3,0,7,3,melee;1,1,2,3,5,4,ranged", "--defender", "1,2,4,0,8,5,melee")


def test_homm_battle_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "battle", "homm", *HOMM_ARGS, "--play", "best", "--json")
    data = json.loads(out)
    assert status == 0
    assert {"aggressor_wins", "defender_wins", "never_ends", "expected_rounds", "first_decision", "positions"} <= set(
        data
    )
    assert data["aggressor_wins"] == "1945/2134" and data["never_ends"] == "0"
    assert data["first_decision"].startswith("the Aggressor's best first decision is to have")


def test_homm_battle_table_has_a_chart(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "battle", "homm", *HOMM_ARGS)
    assert status == 0
    assert "216629/281483" in out and "#" in out and "expected rounds" in out


def test_heroscape_battle_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("odds", "battle", "heroscape", "--edition", "2024", "--first", "2,3,2,2", "--second", "2,2,2,3")
    status, out, _ = run(capsys, *argv, "--play", "best", "--json")
    data = json.loads(out)
    assert status == 0
    assert {"first_wins", "second_wins", "never_ends", "expected_turns", "first_decision", "positions"} <= set(data)


def test_a_battle_never_ending_has_no_expected_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("odds", "battle", "homm", "--aggressor", "1,5,0,0,17,9,melee", "--defender", "1,5,0,0,17,9,melee")
    _, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert data["never_ends"] == "1" and data["expected_rounds"] is None


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--aggressor", "1,1,3,0,7,3,mele", "--defender", "1,2,4,0,8,5,melee"), "melee or ranged"),
        (("--aggressor", "1,1,3", "--defender", "1,2,4,0,8,5,melee"), "CARDS,LEVEL"),
        (("--aggressor", "9,1,3,0,7,3,melee", "--defender", "1,2,4,0,8,5,melee"), "from 1 to 6"),
        (("--aggressor", "1,1,3,0,7,3,melee;" * 4 + "1,1,1,1,1,1,melee", "--defender", "1,1,1,1,1,1,melee"), "stacks"),
        (("--aggressor", "1,1,3,0,7,3,melee", "--defender", "1,2,4,0,8,5,melee", "--reading", "nonsense"), "reading"),
        (
            (
                "--aggressor",
                "1,1,3,0,7,3,melee",
            ),
            "--defender",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str) -> None:
    status, _, err = run(capsys, "odds", "battle", "homm", *argv)
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and words in err


def test_a_battle_too_large_for_best_play_is_refused_at_once_naming_the_bound(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("--aggressor", "4,1,3,0,7,3,melee;4,1,2,3,5,4,ranged", "--defender", "4,2,4,0,8,5,melee")
    started = time.process_time()
    status, _, err = run(capsys, "odds", "battle", "homm", *argv, "--play", "best")
    assert status == 2 and "at most 4 cards in all" in err
    assert time.process_time() - started < 1
    status, _, err = run(
        capsys, "odds", "battle", "heroscape", "--first", "3,2,2,1", "--second", "3,2,2,1", "--play", "best"
    )
    assert status == 2 and "at most 4 figures in all" in err


def test_help_states_the_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "battle", "homm", "--help")
    words = " ".join(out.split())  # argparse wraps the description at the terminal's width
    assert status == 0 and "up to 3 stacks a side" in words and "best play up to 3 stacks in all" in words


# --- A Heroscape battle an example sets up --------------------------------------------------


def _example_battle(text: str, edition: Edition = Edition.BASIC_2004, turn: str | None = "Red") -> HeroscapeState:
    from battlebook.dice import ScriptedDice
    from battlebook.heroscape import StartTurn, parse_map, setup_battle
    from battlebook.heroscape.cards import KNOWN_CARDS
    from battlebook.heroscape.play import HEROSCAPE_PLAY
    from battlebook.heroscape.ruleset import Ruleset as HeroscapeRuleset

    state = setup_battle(parse_map(text), KNOWN_CARDS.get, HeroscapeRuleset.for_edition(edition))
    if turn is not None:
        card = next(c.id for c in state.cards if c.army == turn)
        state = HEROSCAPE_PLAY.apply(state, StartTurn(turn, card), ScriptedDice()).state
    return state


GUARDS = "Z1 = Zettian Guards (Red)"
ELITE = "A1 = Airborne Elite (Blue)"
GUARDS_AND_ELITE = f"1Z1 1A1\n{GUARDS}\n{ELITE}"


@pytest.mark.parametrize(
    ("text", "turn", "words"),
    [
        (GUARDS_AND_ELITE + "\n", None, "say which army takes the first turn"),
        (
            f"1Z1 1A1 1K1\n{GUARDS}\n{ELITE}\nK1 = Knaves of the Silver Scimitar (Green)",
            "Red",
            "two armies, not 3",
        ),
        (
            f"1Z1 1A1 1K1\n{GUARDS}\n{ELITE}\nK1 = Knaves of the Silver Scimitar (Blue)",
            "Red",
            "one army card a side",
        ),
        (
            "1Z1 1 1 1 1 1 1 1 1 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)",
            "Red",
            "Z1 cannot attack A1",
        ),
    ],
)
def test_a_heroscape_battle_the_calculator_cannot_play_is_refused_naming_why(
    text: str, turn: str | None, words: str
) -> None:
    from battlebook.errors import ScenarioError
    from battlebook.heroscape.battle import battle_odds_in

    with pytest.raises(ScenarioError, match=words):
        battle_odds_in(_example_battle(text, turn=turn))


def test_a_heroscape_battle_goes_on_from_the_turn_under_way_and_names_figures_as_the_example_does() -> None:
    from battlebook.heroscape.battle import battle_odds_in

    red_first = battle_odds_in(_example_battle(GUARDS_AND_ELITE), "best")
    blue_first = battle_odds_in(_example_battle(GUARDS_AND_ELITE, turn="Blue"), "best")
    assert red_first.first_wins != blue_first.first_wins  # who goes first counts
    assert red_first.first_wins + red_first.second_wins + red_first.never_ends == 1
    two = f"1Z1 1Z2\n 1A1 1A2\n{GUARDS}\nZ2 = Zettian Guards (Red)\n{ELITE}\nA2 = Airborne Elite (Blue)"
    decision = battle_odds_in(_example_battle(two), "best").first_decision
    assert decision is not None and decision.startswith(
        "Red's best first decision is to have the Zettian Guard Z1 attack the Airborne Elite A"
    )
