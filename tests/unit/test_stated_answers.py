"""What a Then step states agrees with what `apply` does, for random battles of both games.

The steps that state a fact (a score, the smallest roll that kills, the chance of a kill
or of destroying a figure, the dice an attack rolls, whether an attack is allowed) are run
here as a scenario would run them, on random states, with the value `apply` gives: each
must pass, and the same step with a wrong value must fail.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlebook.cli import main
from battlebook.dice import ScriptedDice
from battlebook.heroscape import Attack as ScapeAttack
from battlebook.heroscape import BattleState as ScapeState
from battlebook.heroscape import Edition, StartTurn, dice_pool, parse_map, setup_battle
from battlebook.heroscape import Ruleset as ScapeRuleset
from battlebook.heroscape import apply as scape_apply
from battlebook.heroscape import legal_violation as scape_violation
from battlebook.heroscape.cards import KNOWN_CARDS
from battlebook.heroscape.chance import chance_of as scape_chance
from battlebook.homm import BattleState, MeleeAttack, RangedAttack, Retaliate, apply
from battlebook.homm.chance import FirstRollDice
from battlebook.homm.rules import legal_actions
from battlebook.language.steps.heroscape_odds import heroscape_destroy_chance
from battlebook.language.steps.heroscape_outcomes import pool
from battlebook.language.steps.heroscape_sight import may_attack
from battlebook.language.steps.heroscape_world import HeroscapeWorld
from battlebook.language.steps.homm_attacks import may_not_retaliate, may_retaliate
from battlebook.language.steps.homm_odds import melee_chance
from battlebook.language.steps.homm_outcomes import melee_score, no_roll_kills, smallest_roll
from battlebook.language.steps.homm_world import HommWorld
from tests.strategies import battles, random_play

#: Pools of at most this many dice (attack and defense) are resolved on every roll.
ENUMERATED_DICE = 5
PROFILE = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fails(step: object, *args: object) -> bool:
    """Whether running the step with these arguments fails as a Then step fails."""
    try:
        step(*args)  # type: ignore[operator]
    except AssertionError:
        return True
    return False


def check_homm_statements(state: BattleState) -> None:
    """Every stated fact about every legal melee or ranged attack and retaliation agrees with `apply`."""
    world = HommWorld(state=state)
    faces = sorted(int(f) for f in state.ruleset.die.faces if isinstance(f, int))
    for action in legal_actions(state):
        if not isinstance(action, MeleeAttack | RangedAttack | Retaliate) or state.is_piece(action.target):
            continue
        if isinstance(action, Retaliate):
            assert not fails(may_retaliate, world, action.retaliator, action.target, action.kind)
            assert fails(may_not_retaliate, world, action.retaliator, action.target, action.kind, "homm.retaliation")
            continue
        if action.swat != 1:
            continue
        rolls = {face: apply(state, action, FirstRollDice(face)).attack for face in faces}
        assert all(r is not None for r in rolls.values())
        hits = [face for face, r in rolls.items() if r is not None and r.is_hit]
        first = next(iter(rolls.values()))
        assert first is not None
        ranged = isinstance(action, RangedAttack)
        # Whatever the face, apply strikes with one score; a hit is score + face reaching the defense.
        assert {r.score for r in rolls.values() if r is not None} == {first.score}
        assert hits == [f for f in faces if first.score + f >= first.defense]
        stack = state.stack(action.attacker)
        if isinstance(action, MeleeAttack) and not stack.backing:
            assert not fails(melee_score, world, action.attacker, first.score)
            assert fails(melee_score, world, action.attacker, first.score + 1)
        if hits:
            assert not fails(smallest_roll, world, action.attacker, action.target, ranged, hits[0])
            assert fails(smallest_roll, world, action.attacker, action.target, ranged, hits[0] + 1)
        elif isinstance(action, MeleeAttack):
            assert not fails(no_roll_kills, world, action.attacker, action.target)
        if isinstance(action, MeleeAttack):
            chance = Fraction(len(hits), len(state.ruleset.die.faces))
            assert not fails(melee_chance, world, action.attacker, action.target, chance)
            assert fails(melee_chance, world, action.attacker, action.target, chance + Fraction(1, 10))


@PROFILE
@given(battles(), st.data())
def test_homm_statements_agree_with_apply_along_random_play(state: BattleState, data: st.DataObject) -> None:
    check_homm_statements(state)
    for _, after in random_play(state, data, steps=12):
        check_homm_statements(after)


@PROFILE
@given(battles(in_town=True), st.data())
def test_homm_statements_agree_with_apply_in_towns(state: BattleState, data: st.DataObject) -> None:
    check_homm_statements(state)
    for _, after in random_play(state, data, steps=12):
        check_homm_statements(after)


SCAPE_CARDS = ("Knaves of the Silver Scimitar", "Airborne Elite", "Zettian Guards", "Xenithrax the Vineweaver")


@st.composite
def scape_battles(draw: st.DrawFn) -> tuple[ScapeState, str, str]:
    """A row of spaces at random levels, an attacker and a defender on it, the attacker's turn under way."""
    length = draw(st.integers(2, 6))
    levels = [draw(st.integers(1, 4)) for _ in range(length)]
    first = draw(st.sampled_from(SCAPE_CARDS[:3]))
    second = draw(st.sampled_from(SCAPE_CARDS[:3]))
    at, to = 0, draw(st.integers(1, length - 1))
    cells = [f"{level}{'A1' if i == at else 'D1' if i == to else ''}" for i, level in enumerate(levels)]
    text = " ".join(cells) + f"\nA1 = {first} (Red)\nD1 = {second} (Blue)"
    edition = draw(st.sampled_from(list(Edition)))
    state = setup_battle(parse_map(text), KNOWN_CARDS.get, ScapeRuleset.for_edition(edition))
    attacker = state.figure("A1")
    state = scape_apply(state, StartTurn(attacker.army, attacker.card_id), ScriptedDice()).state
    return state, "A1", "D1"


def scape_world(state: ScapeState) -> HeroscapeWorld:
    world = HeroscapeWorld(tags=frozenset({f"edition:{state.ruleset.edition.value}"}))
    world.state = state
    return world


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scape_battles())
def test_heroscape_statements_agree_with_apply(battle: tuple[ScapeState, str, str]) -> None:
    state, attacker, defender = battle
    world = scape_world(state)
    action = ScapeAttack(attacker, defender)
    violation = scape_violation(state, action)
    allowed = violation is None
    assert not fails(may_attack, world, attacker, allowed, defender, None)
    assert fails(may_attack, world, attacker, not allowed, defender, None)
    if not allowed:
        assert violation is not None
        assert not fails(may_attack, world, attacker, False, defender, violation.rule)
        return
    dice = dice_pool(state, action)
    assert not fails(pool, world, attacker, defender, dice.attack, dice.defense)
    assert fails(pool, world, attacker, defender, dice.attack + 1, dice.defense)
    die = state.ruleset.combat_die
    odds = scape_chance(state, action)
    assert (odds.attack_dice, odds.defense_dice) == (dice.attack, dice.defense)
    # Resolve rolls with apply (distinct faces, weighted): the stated chance is what apply does.
    # Small pools are resolved on every roll; larger ones on the best and the worst roll.
    faces = sorted(set(die.faces))
    if dice.attack + dice.defense > ENUMERATED_DICE:
        best = ["skull"] * dice.attack + ["blank"] * dice.defense
        worst = ["blank"] * dice.attack + ["shield"] * dice.defense
        best_report, worst_report = (scape_apply(state, action, ScriptedDice(r)).attack for r in (best, worst))
        assert best_report is not None and worst_report is not None
        assert (odds.destroying > 0) is best_report.destroyed
        assert (odds.destroying < 1) is not worst_report.destroyed
        destroying = odds.destroying
    else:
        destroying = Fraction(0)
        for roll in product(faces, repeat=dice.attack + dice.defense):
            report = scape_apply(state, action, ScriptedDice(roll)).attack
            assert report is not None
            assert (len(report.attack_faces), len(report.defense_faces)) == (dice.attack, dice.defense)
            if report.destroyed:
                weight = Fraction(1)
                for face in roll:
                    weight *= die.chance_of(face)
                destroying += weight
        assert odds.destroying == destroying
    args = (world, attacker, defender, dice.attack, dice.defense)
    assert not fails(heroscape_destroy_chance, *args, destroying)
    assert fails(heroscape_destroy_chance, *args, 1 - destroying if destroying != Fraction(1, 2) else Fraction(0))


GOLDEN_GOLEMS = """Feature: The Gold Golems swarm, then strike in round 2
  Background:
    Given a battle in the open field

  @id:player.swarm @source:000/swarming
  Rule: A swarm doubles the next attack
    Example: <line>
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      And the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Gold Golems swarm
      And the battle moves on to phase 7 of round 2
      Then {line}
"""


@pytest.mark.parametrize(
    ("line", "status"),
    [
        ("the smallest roll with which the Gold Golems kill the Behemoth is 6", 1),
        ("the Gold Golems attack in melee with a score of 7", 1),
        ("the smallest roll with which the Gold Golems kill the Behemoth is 0", 0),
        ("the Gold Golems attack in melee with a score of 14", 0),
        ("the chance that the Gold Golems kill the Behemoth in melee is 1", 0),
    ],
)
def test_a_swarm_counts_in_the_stated_score_smallest_roll_and_chance(
    line: str, status: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "golems.feature"
    path.write_text(GOLDEN_GOLEMS.replace("<line>", "Swarming golems").format(line=line), encoding="utf-8")
    assert main(["check", str(path)]) == status, capsys.readouterr().out
