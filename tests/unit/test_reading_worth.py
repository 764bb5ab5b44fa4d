"""What a reading is worth: the checked-in answers are current, and agree with the battle solver.

`make worth` writes `features/reading-worth.json` (every battle of each game's declared set
under Battlebook's readings and under each alternative reading). Working all of it out
again takes minutes, so this checks that the file covers exactly the declared battles and
the games' readings, and that its numbers agree with a direct call of the solver
(`battle_odds` of the game's battle module, the readings set on the ruleset) for every
battle under Battlebook's plan, and, for each alternative reading, the first battle it
changes (every way of playing it), or the first battle of the set when it changes none.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from battlebook.errors import BattlebookError
from battlebook.games import GAMES, calculators
from battlebook.heroscape import battle as heroscape_battle
from battlebook.heroscape.ruleset import Edition
from battlebook.homm.battle import battle_odds, stacks_of
from battlebook.homm.readings import with_reading
from battlebook.homm.ruleset import Ruleset
from battlebook.runners.reading_worth import GameWorth, load_worth, parse_chances, plays_of, weighed_games
from battlebook.site.reading_worth import readings_named, worth_section

ROOT = Path(__file__).resolve().parents[2]
WORTH = load_worth(ROOT)
HOMM = WORTH["homm"]


def homm_direct(arguments: dict[str, str], play: str, reading: str) -> list[Fraction]:
    """The HoMM battle solved directly: the stacks read, the reading set on the ruleset, `battle_odds` called."""
    ruleset = with_reading(Ruleset(), reading) if reading else Ruleset()
    odds = battle_odds(
        stacks_of(arguments["aggressor"], "Aggressor"), stacks_of(arguments["defender"], "Defender"), ruleset, play
    )
    return [odds.aggressor_wins, odds.defender_wins, odds.never_ends]


def heroscape_direct(arguments: dict[str, str], play: str, reading: str) -> list[Fraction]:
    """The Heroscape battle solved directly by `battle_odds`, under the reading."""
    odds = heroscape_battle.battle_odds(
        heroscape_battle.squad_of(arguments["first"], "first"),
        heroscape_battle.squad_of(arguments["second"], "second"),
        Edition(arguments["edition"]),
        play,
        readings=[reading] if reading else [],
    )
    return [odds.first_wins, odds.second_wins, odds.never_ends]


DIRECT = {"homm": homm_direct, "heroscape": heroscape_direct}


def test_every_game_with_a_battle_calculator_taking_readings_is_weighed_on_a_set_of_at_least_20() -> None:
    assert "homm" in weighed_games()
    for game in weighed_games():
        battles = calculators(game).reading_battles
        assert len(battles) >= 20, game
        assert len({b.name for b in battles}) == len(battles), f"{game}: two battles share a name"
        assert len({b.arguments for b in battles}) == len(battles), f"{game}: a battle is listed twice"


@pytest.mark.parametrize("game", weighed_games())
def test_the_file_covers_the_declared_battles_and_every_reading_of_the_game(game: str) -> None:
    worth = WORTH[game]
    declared = [
        {"name": b.name, "arguments": dict(b.arguments), "plays": list(plays_of(game, b))}
        for b in calculators(game).reading_battles
    ]
    assert list(worth.battles) == declared, "the battle set changed: run `make worth`"
    assert set(worth.readings) == set(GAMES[game].readings()), "the game's readings changed: run `make worth`"
    assert set(worth.default) == {b["name"] for b in declared}
    for words, changes in worth.readings.items():
        for name, found in changes.items():
            assert set(found) == set(worth.default[name]), (words, name)
            assert found != worth.default[name], f"{words!r} keeps {name}, which it does not change"


@pytest.mark.parametrize(
    ("game", "battle"), [(game, b["name"]) for game, worth in WORTH.items() for b in worth.battles]
)
def test_each_battle_under_battlebooks_plan_agrees_with_the_solver(game: str, battle: str) -> None:
    worth = WORTH[game]
    found = next(b for b in worth.battles if b["name"] == battle)
    plan = found["plays"][0]
    assert parse_chances(worth.default[battle][plan]) == DIRECT[game](found["arguments"], plan, "")


def _sample(worth: GameWorth, words: str) -> str:
    """The battle a reading is checked on: the first it changes, else the first it is answered on."""
    answered = [b["name"] for b in worth.battles if not worth.refused.get(words, {}).get(b["name"])]
    return next(iter(worth.readings[words]), answered[0] if answered else worth.battles[0]["name"])


#: The costliest case (about 27 CPU-s, the rest of this module together about 14): best play on
#: H11 under the reading that support lapses, which makes the positions best play weighs some
#: twenty times more. `make full` runs it; `make test` checks that reading under the plain plan
#: and every other reading under each way of playing.
COSTLY = {("homm", "support lapses at the supported stack's next opportunity", "best")}


def _reading_cases() -> list[tuple[str, str, str]]:
    """Each reading of each game under each way of playing its sample battle (see `_sample`)."""
    cases = []
    for game, worth in WORTH.items():
        for words in worth.readings:
            battle = next(b for b in worth.battles if b["name"] == _sample(worth, words))
            cases += [(game, words, play) for play in battle["plays"]]
    return cases


def test_each_costly_case_is_a_case_of_the_sweep() -> None:
    """A case left for `make full` is one the sweep below has (a renamed reading would leave it in `make test`)."""
    assert COSTLY.issubset(_reading_cases())


@pytest.mark.parametrize(
    ("game", "words", "play"),
    [pytest.param(*case, marks=[pytest.mark.full] if case in COSTLY else []) for case in _reading_cases()],
)
def test_each_reading_agrees_with_the_solver_on_its_first_changed_battle(game: str, words: str, play: str) -> None:
    worth = WORTH[game]
    name = _sample(worth, words)
    battle = next(b for b in worth.battles if b["name"] == name)
    refused = worth.refused.get(words, {}).get(name, {})
    if play in refused:
        with pytest.raises(BattlebookError) as error:
            DIRECT[game](battle["arguments"], play, words)
        assert str(error.value) == refused[play]
        return
    found = worth.readings[words].get(name, worth.default[name])
    assert parse_chances(found[play]) == DIRECT[game](battle["arguments"], play, words), (name, play)


def test_retaliating_against_a_retaliation_changes_battles_and_declining_does_not_without_it() -> None:
    assert len(HOMM.readings["a retaliation may itself be retaliated against"]) >= 10
    assert HOMM.readings["a stack that may retaliate always does"] == {}


def test_a_ruling_shows_a_table_where_its_reading_changes_battles_and_says_so_where_it_does_not() -> None:
    chain = worth_section(["a retaliation may itself be retaliated against"], HOMM, "Heroes")
    assert "## What the reading is worth in battle { #reading-worth }" in chain
    assert "| Battle | Played with | The Aggressor wins | The Defender wins |" in chain
    first = _sample(HOMM, "a retaliation may itself be retaliated against")
    before = parse_chances(HOMM.default[first]["plain"])[0]
    after = parse_chances(HOMM.readings["a retaliation may itself be retaliated against"][first]["plain"])[0]
    row = next(line for line in chain.splitlines() if line.startswith(f"| {first} | the plain plan |"))
    assert f'title="{before}">' in row and f'title="{after}">' in row and "Show the exact fractions" in chain
    assert all(f"<td>{b['name']}</td>" in chain for b in HOMM.battles), "the whole set is listed on the page"
    none = worth_section(["a stack that may retaliate always does"], HOMM, "Heroes")
    assert f"It changes no one's chance of winning in any of the {len(HOMM.battles)} battles of the set." in none
    assert "| Battle |" not in none


def test_the_rulings_name_the_readings_the_file_weighs() -> None:
    from battlebook.book.model import feature_paths, load_book

    book = load_book(feature_paths([ROOT / "features" / "rulings"]), ROOT)
    named = {words for feature in book for words in readings_named(feature.description)}
    for worth in WORTH.values():
        assert set(worth.readings) <= named, "every reading weighed is named by the ruling whose page shows it"


def test_the_heroscape_dice_readings_change_battles_and_a_reading_of_turns_is_not_answered() -> None:
    heroscape = WORTH["heroscape"]
    assert len(heroscape.readings["a combat die has four skulls and two shields"]) >= 10
    assert len(heroscape.readings["defense dice have three shields, two skulls and one blank"]) >= 10
    turns = worth_section(["the 2004 game names no player to take the next turn"], heroscape, "Heroscape")
    assert "The battle calculator does not answer S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11 under it" in turns
    assert (
        "who wins a battle to the end: under this reading the 2004 game names no player to take the next turn" in turns
    )
    assert "concerns the 2004 edition, not 2024" in turns


def test_a_sight_reading_that_changes_no_battle_is_explained_by_what_every_battle_is_fought_with() -> None:
    from battlebook.games import calculators

    scope = calculators("heroscape").battle_scope
    assert "sight" in scope, "the Heroscape set's battles put every figure in sight: the page says so"
    sight = worth_section(["figures never block line of sight"], WORTH["heroscape"], "Heroscape", scope)
    assert f"Like every battle of the calculator, these are fought {scope}: " in sight
    assert "It changes no one's chance of winning in any of the" in sight
    unscoped = worth_section(["figures never block line of sight"], WORTH["heroscape"], "Heroscape")
    assert "Like every battle" not in unscoped
    for game in ("heroscape", "homm"):
        battle = calculators(game).battle
        assert battle is not None and calculators(game).battle_scope in battle.description, "--help says it too"


def test_a_reading_the_file_lacks_is_said_to_be_not_weighed() -> None:
    lacking = replace(HOMM, readings={})
    assert "Not weighed: `make worth`" in worth_section(["only melee attacks may swat"], lacking, "Heroes")


def test_the_heroscape_battle_command_takes_a_reading_and_refuses_an_unknown_one_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from battlebook.cli import main

    armies = ("odds", "battle", "heroscape", "--first", "2,2,2,1", "--second", "2,2,2,1", "--json")
    assert main([*armies, "--reading", "a combat die has four skulls and two shields"]) == 0
    data = json.loads(capsys.readouterr().out)
    die = heroscape_battle.battle_odds(
        heroscape_battle.Squad(2, 2, 2, 1),
        heroscape_battle.Squad(2, 2, 2, 1),
        readings=["a combat die has four skulls and two shields"],
    )
    assert data["first_wins"] == str(die.first_wins) != "77517/112042"
    for words in ("dice are loaded", "the 2024 edition states no way to win a battle"):
        with pytest.raises(SystemExit) as stop:
            main([*armies, "--reading", words])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and ("no alternative reading" in err or "concerns the 2024 edition" in err)
