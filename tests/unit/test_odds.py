"""Exact odds: cross-checked against icepool, a figure worked out by hand, sympy and brute force.

The 20/81 for two attack dice against four defense dice is worked out from the combat die
Battlebook reads (three skulls, two shields, one blank): no source states it.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool  # type: ignore[import-untyped]
import pytest
import sympy  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st

from battlebook.dice import ScriptedDice
from battlebook.errors import RuleViolation
from battlebook.heroscape.dice import CombatDie, heroscape_formulas, heroscape_wounds
from battlebook.homm import BattleState, DieReading, Line, MeleeAttack, Ruleset, Side, Stack, UnitCard, apply
from battlebook.homm.chance import chance_of, is_attack, winning_rolls
from battlebook.homm.dice import homm_formula, homm_hit, swat_defense
from battlebook.odds import OddsError

SKULL = icepool.Die({1: 3, 0: 3})
SHIELD = icepool.Die({1: 2, 0: 4})


def icepool_wounds(attack: int, defense: int) -> list[Fraction]:
    """The wound distribution computed independently by icepool."""
    die = (attack @ SKULL - defense @ SHIELD).map(lambda x: max(x, 0))
    total = die.denominator()
    return [Fraction(die.quantity(k), total) for k in range(attack + 1)]


@pytest.mark.parametrize("attack", range(13))
def test_wounds_agree_with_icepool_up_to_12_dice(attack: int) -> None:
    for defense in range(13):
        assert list(heroscape_wounds(attack, defense).wounds) == icepool_wounds(attack, defense), (attack, defense)


def test_two_attack_dice_against_four_defense_dice_worked_out_by_hand() -> None:
    odds = heroscape_wounds(2, 4)
    assert odds.at_least_one == Fraction(20, 81)
    assert round(float(odds.at_least_one) * 100, 2) == 24.69


@pytest.mark.parametrize(("attack", "defense"), [(0, 0), (1, 0), (3, 2), (4, 5)])
def test_sympy_formulas_give_the_same_numbers(attack: int, defense: int) -> None:
    formulas = heroscape_formulas()
    a, d, w = sympy.symbols("A D w", integer=True, nonnegative=True)
    odds = heroscape_wounds(attack, defense)
    values = {a: attack, d: defense}
    assert Fraction(str(formulas["none"].subs(values).doit())) == odds.exactly(0)
    for k in range(1, attack + 1):
        assert Fraction(str(formulas["exactly"].subs({**values, w: k}).doit())) == odds.exactly(k)
    assert Fraction(str(formulas["expected"].subs(values).doit())) == odds.expected


def test_no_defense_dice_means_every_skull_wounds() -> None:
    odds = heroscape_wounds(4, 0)
    assert odds.wounds == tuple(Fraction(c, 16) for c in (1, 4, 6, 4, 1))
    assert odds.expected == 2


def test_no_attack_dice_never_wound() -> None:
    assert heroscape_wounds(0, 7).wounds == (Fraction(1),)
    assert heroscape_wounds(0, 7).at_least_one == 0


def test_thirty_dice_each_is_fast_and_exact() -> None:
    odds = heroscape_wounds(30, 30)
    assert sum(odds.wounds) == 1
    assert len(odds.wounds) == 31


@pytest.mark.parametrize(("attack", "defense"), [(-1, 2), (2, -3)])
def test_negative_dice_are_refused(attack: int, defense: int) -> None:
    with pytest.raises(OddsError, match="cannot be negative"):
        heroscape_wounds(attack, defense)


dice = st.integers(min_value=0, max_value=30)


@given(dice, dice, st.integers(min_value=-1, max_value=32))
def test_tables_are_consistent(attack: int, defense: int, k: int) -> None:
    odds = heroscape_wounds(attack, defense)
    assert sum(odds.wounds) == 1
    assert odds.at_least(k) + odds.at_most(k - 1) == 1
    assert odds.exactly(k) == odds.at_least(k) - odds.at_least(k + 1)
    assert odds.expected == sum((odds.at_least(j) for j in range(1, attack + 1)), Fraction(0))


@given(st.integers(min_value=0, max_value=29), dice)
def test_more_attack_dice_never_hurt_and_more_defense_dice_never_help(attack: int, defense: int) -> None:
    assert heroscape_wounds(attack + 1, defense).at_least_one >= heroscape_wounds(attack, defense).at_least_one
    assert heroscape_wounds(defense, attack + 1).at_least_one <= heroscape_wounds(defense, attack).at_least_one


# --- Heroes of Might & Magic ---------------------------------------------------


@given(st.integers(-5, 30), st.integers(0, 40), st.sampled_from(list(DieReading)))
def test_homm_hit_counts_the_faces_that_reach_the_defense(score: int, defense: int, reading: DieReading) -> None:
    chance = homm_hit(score, defense, reading)
    winners = [f for f in reading.faces if score + f >= defense]
    assert chance.hit == Fraction(len(winners), 10)
    assert chance.min_roll == (winners[0] if winners else None)
    assert chance.is_certain == (len(winners) == 10)
    assert chance.is_impossible == (not winners)


@given(st.integers(-5, 30), st.integers(0, 40), st.sampled_from(list(DieReading)))
def test_homm_formula_matches_counting(score: int, defense: int, reading: DieReading) -> None:
    expr, symbols = homm_formula()
    faces = reading.faces
    values = {symbols["S"]: score, symbols["D"]: defense, symbols["lo"]: faces[0], symbols["hi"]: faces[-1]}
    value = expr.xreplace(values)
    assert Fraction(str(value)) == homm_hit(score, defense, reading).hit


def test_golems_against_a_behemoth_under_both_readings() -> None:
    assert homm_hit(7, 13).hit == Fraction(2, 5)
    assert homm_hit(7, 13, DieReading.ONE_TO_TEN).hit == Fraction(1, 2)
    assert homm_hit(7, 17).is_impossible
    assert homm_hit(7, 17, DieReading.ONE_TO_TEN).min_roll == 10


def test_a_swat_must_reach_the_sum_of_the_defenses() -> None:
    assert swat_defense([4, 4, 3]) == 11
    assert homm_hit(5, [4, 4, 3]).hit == homm_hit(5, 11).hit == Fraction(4, 10)
    with pytest.raises(OddsError):
        swat_defense([])
    with pytest.raises(OddsError):
        homm_hit(5, -1)


# --- the chance of an attack in a battle state ----------------------------------


def duel(attacker: UnitCard, count: int, target: UnitCard, reading: DieReading) -> BattleState:
    return (
        BattleState(ruleset=Ruleset(die_reading=reading))
        .with_stack(Stack("Attackers", Side.AGGRESSOR, Line.MELEE, (attacker,) * count))
        .with_stack(Stack("Target", Side.DEFENDER, Line.MELEE, (target,)))
    )


cards = st.builds(
    UnitCard,
    name=st.just("Unit"),
    level=st.integers(0, 6),
    melee=st.integers(0, 12),
    defense=st.integers(0, 30),
)


@given(cards, st.integers(1, 4), cards, st.sampled_from(list(DieReading)))
def test_chance_of_a_melee_attack_agrees_with_its_score_and_with_apply(
    attacker: UnitCard, count: int, target: UnitCard, reading: DieReading
) -> None:
    state = duel(attacker, count, target, reading)
    action = MeleeAttack("Attackers", "Target")
    score = state.stack("Attackers").attack_score(action.kind)
    assert chance_of(state, action).success == homm_hit(score, target.stat("defense"), reading).hit
    for face in reading.faces:
        attack = apply(state, action, ScriptedDice([face])).attack
        assert attack is not None
        hit = attack.is_hit
        assert hit == (face in winning_rolls(state, action))


def test_chance_of_a_refused_attack_raises_the_refusal() -> None:
    golem = UnitCard("Gold Golem", level=2, melee=3, defense=7)
    state = BattleState().with_stack(Stack("A", Side.AGGRESSOR, Line.RANGED, (golem,)))
    state = state.with_stack(Stack("B", Side.DEFENDER, Line.MELEE, (golem,)))
    with pytest.raises(RuleViolation):
        chance_of(state, MeleeAttack("A", "B"))


def test_only_attacks_have_a_chance() -> None:
    assert is_attack(MeleeAttack("A", "B"))
    assert not is_attack(object())


def test_every_pair_up_to_12_is_covered() -> None:
    pairs = list(itertools.product(range(13), repeat=2))
    assert len({heroscape_wounds(a, d) for a, d in pairs}) == len(pairs)


def test_benchmark_implementations_agree_on_a_small_table() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "odds_benchmark.py"
    spec = importlib.util.spec_from_file_location("odds_benchmark", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    book = bench.battlebook_table(4)
    assert book == bench.icepool_table(4) == bench.sympy_table(4) == bench.floor_table(4)
    assert len(book) == 16


@pytest.mark.parametrize(("skulls", "shields", "blanks"), [(2, 3, 1), (1, 1, 4), (4, 0, 2)])
def test_another_reading_of_the_die_agrees_with_icepool(skulls: int, shields: int, blanks: int) -> None:
    die = CombatDie(skulls, shields, blanks)
    skull = icepool.Die({1: skulls, 0: shields + blanks})
    shield = icepool.Die({1: shields, 0: skulls + blanks})
    for attack in range(6):
        for defense in range(6):
            pool = (attack @ skull - defense @ shield).map(lambda x: max(x, 0))
            expected = [Fraction(pool.quantity(k), pool.denominator()) for k in range(attack + 1)]
            assert list(heroscape_wounds(attack, defense, die).wounds) == expected


def test_a_die_without_sides_is_refused() -> None:
    with pytest.raises(OddsError):
        CombatDie(0, 0, 0)
    with pytest.raises(OddsError):
        CombatDie(-1, 3, 4)


@pytest.mark.parametrize(("skulls", "shields", "blanks"), [(3, 2, 1), (4, 2, 0), (2, 2, 2)])
def test_the_rolled_die_and_the_counted_die_are_one(skulls: int, shields: int, blanks: int) -> None:
    from battlebook.heroscape import Edition, Face, Ruleset

    die = CombatDie(skulls, shields, blanks)
    rolled = Ruleset.for_edition(Edition.EDITION_2024, combat_die=die).die
    counts = tuple(rolled.faces.count(face) for face in (Face.SKULL, Face.SHIELD, Face.BLANK))
    assert counts == (skulls, shields, blanks)
    assert Fraction(counts[0], len(rolled.faces)) == die.skull_chance
    assert Fraction(counts[1], len(rolled.faces)) == die.shield_chance
