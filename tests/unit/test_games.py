"""One API test over every registered game (OpenSpiel's way): the same properties, whatever the game.

- random legal play keeps each game's invariants (HoMM: cards are conserved; Heroscape:
  each figure is on the battlefield or on a card, wounds never reach Life, the army cards
  agree with the figures);
- every refused candidate action names a rule id that a feature file defines (and that the
  game lists), and changes nothing;
- the chance of every legal candidate attack agrees with what `apply` does over every
  result the dice can show;
- the results of the dice the rules tell apart (`outcomes`, what the whole-fight odds
  branch on) reach, through `apply`, the same states with the same chances as every roll;
- every candidate action, and what it did once carried out, is told in words (as the
  editions page tells each example's actions), never as the engine's values.
"""

from __future__ import annotations

import importlib.util
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlebook.book.model import feature_paths, load_book
from battlebook.dice import SeededDice
from battlebook.errors import RuleViolation
from battlebook.game import Game
from battlebook.games import BUILT_IN, GAMES
from tests.strategies import PROFILE, CountingDice, new_battles, play

ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(GAMES)


def own_features(name: str) -> list[Path]:
    """A registered game's own `features/` folder beside its package, if it carries one (a game from elsewhere)."""
    spec = importlib.util.find_spec(GAMES.package(name))
    places = spec.submodule_search_locations if spec is not None else None
    return [folder for place in places or () if (folder := Path(place) / "features").is_dir()]


@cache
def feature_rule_ids() -> frozenset[str]:
    """Every rule id a `Rule:` of the rulebook's feature files (or of a game's own) defines."""
    folders = [ROOT / "features", *(folder for name in GAMES for folder in own_features(name))]
    book = load_book(feature_paths(folders), ROOT)
    return frozenset(rule.id for feature in book for rule in feature.rules)


def test_every_game_is_registered_with_its_contract() -> None:
    assert set(BUILT_IN) <= set(GAMES)
    for name, game in GAMES.items():
        assert game.name == name and game.title
        assert game.rule_ids() <= feature_rule_ids(), f"{name} names rules no feature file defines"
        assert game.readings(), f"{name} has no readings"


@pytest.mark.parametrize("name", NAMES)
@PROFILE
@given(data=st.data())
def test_random_legal_play_keeps_the_invariants(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    first = data.draw(new_battles(game))
    check = game.invariants(first)
    check(first)
    for _, after in play(game, first, data):
        check(after)


def check_refusal(game: Game[Any, Any], state: Any, data: st.DataObject) -> None:
    refused = [(a, v) for a in game.candidate_actions(state) if (v := game.legal_violation(state, a)) is not None]
    if not refused:
        return
    action, violation = data.draw(st.sampled_from(refused))
    assert violation.rule in feature_rule_ids(), f"{action} is refused by {violation.rule}, which no feature defines"
    assert violation.rule in game.rule_ids(), f"{violation.rule} is not among {game.name}'s rule ids"
    dice = CountingDice(0)
    with pytest.raises(RuleViolation) as raised:
        game.apply(state, action, dice)
    assert (raised.value.rule, str(raised.value)) == (violation.rule, str(violation))
    assert dice.rolls == 0, f"{action} rolled a die before it was refused"


@pytest.mark.parametrize("name", NAMES)
@PROFILE
@given(data=st.data())
def test_every_refused_action_names_a_rule_of_the_feature_files(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    state = data.draw(new_battles(game))
    check_refusal(game, state, data)
    for _, after in play(game, state, data, steps=10):
        check_refusal(game, after, data)


def check_chance(game: Game[Any, Any], state: Any, data: st.DataObject) -> None:
    attacks = [a for a in game.candidate_actions(state) if game.is_attack(a) and game.legal_violation(state, a) is None]
    if not attacks:
        return
    action = data.draw(st.sampled_from(attacks))
    chance = game.chance_of(state, action)
    expected: dict[tuple[int, bool], Fraction] = {}
    for result in chance.results:
        key = (result.hits, result.kills)
        expected[key] = expected.get(key, Fraction(0)) + result.chance
    resolved: dict[tuple[int, bool], Fraction] = {}
    for roll in game.rolls(state, action):
        effect = game.attack_effect(game.apply(state, action, roll.dice))
        resolved[effect] = resolved.get(effect, Fraction(0)) + roll.chance
    assert sum(resolved.values()) == 1 == sum(expected.values())
    drop = {k: v for k, v in expected.items() if v == 0}
    assert {k: Fraction(v) for k, v in expected.items() if k not in drop} == {
        k: Fraction(v) for k, v in resolved.items()
    }
    assert chance.killing == sum((v for (_, kills), v in resolved.items() if kills), Fraction(0))


@pytest.mark.parametrize("name", NAMES)
@PROFILE
@given(data=st.data())
def test_the_chance_of_every_attack_agrees_with_apply_over_every_roll(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    state = data.draw(new_battles(game))
    check_chance(game, state, data)
    for _, after in play(game, state, data, steps=8):
        check_chance(game, after, data)


def check_outcomes(game: Game[Any, Any], state: Any, data: st.DataObject) -> None:
    attacks = [a for a in game.candidate_actions(state) if game.is_attack(a) and game.legal_violation(state, a) is None]
    if not attacks:
        return
    action = data.draw(st.sampled_from(attacks))

    def reached(rolls: Any) -> dict[Any, Fraction]:
        states: dict[Any, Fraction] = {}
        for roll in rolls:
            after = game.apply(state, action, roll.dice).state
            states[after] = states.get(after, Fraction(0)) + roll.chance
        return states

    assert reached(game.outcomes(state, action)) == reached(game.rolls(state, action))


@pytest.mark.parametrize("name", NAMES)
@PROFILE
@given(data=st.data())
def test_the_outcomes_of_every_attack_reach_what_every_roll_reaches(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    state = data.draw(new_battles(game))
    check_outcomes(game, state, data)
    for _, after in play(game, state, data, steps=8):
        check_outcomes(game, after, data)


def check_words(game: Game[Any, Any], state: Any, action: Any, seed: int) -> Any:
    """`action` and, if the rules allow it, its result are told in words, not as the engine's values; the new state."""
    told = game.describe_action(state, action)
    assert told and type(action).__name__ not in told and "=" not in told, told
    if game.legal_violation(state, action) is not None:
        return state
    resolution = game.apply(state, action, SeededDice(seed))
    said = game.describe_result(state, action, resolution)
    assert said and type(action).__name__ not in said and "=" not in said, said
    return resolution.state


@pytest.mark.parametrize("name", NAMES)
@PROFILE
@given(data=st.data())
def test_every_action_and_what_it_did_are_told_in_words(name: str, data: st.DataObject) -> None:
    """What the editions page tells of each example's actions: any candidate action, refused or carried out."""
    game = GAMES[name]
    state = data.draw(new_battles(game))
    for _ in range(8):
        actions = list(game.candidate_actions(state))
        if not actions:
            return
        state = check_words(game, state, data.draw(st.sampled_from(actions)), data.draw(st.integers(0, 2**16)))
