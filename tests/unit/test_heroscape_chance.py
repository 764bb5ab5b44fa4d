"""The chance of a Heroscape attack agrees with how the attack resolves, on every roll.

For small battles the test resolves the attack with `apply` on every combination of faces
(each distinct face once, weighted by how many sides carry it) and adds up the chance of
the rolls that destroy the defender, and of each number of wounds; `chance_of` must give
exactly the same fractions.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from battlebook.dice import ScriptedDice
from battlebook.errors import RuleViolation
from battlebook.heroscape import (
    KNOWN_CARDS,
    ArmyCard,
    Attack,
    BattleState,
    Edition,
    Power,
    PowerKind,
    Ruleset,
    StartTurn,
    apply,
    parse_map,
    setup_battle,
)
from battlebook.heroscape.cards import CardKind
from battlebook.heroscape.chance import chance_of
from battlebook.heroscape.dice import COMBAT_DIE, CombatDie
from battlebook.odds import fraction_text

TROLLS = ArmyCard(
    "Iron Trolls", "Iron Troll", CardKind.SQUAD, figures=2, life=3, range=1, attack=3, defense=2, height=6
)


def battle(text: str, edition: Edition, die: CombatDie = COMBAT_DIE) -> BattleState:
    """A battle on `text` under `edition`, the first figure's card taking its turn."""
    cards = {**KNOWN_CARDS, TROLLS.name: TROLLS}
    state = setup_battle(parse_map(text), cards.get, Ruleset.for_edition(edition, combat_die=die))
    first = state.figures[0]
    return apply(state, StartTurn(first.army, first.card_id), ScriptedDice()).state


def by_resolution(state: BattleState, action: Attack) -> tuple[Fraction, dict[int, Fraction]]:
    """(chance of destroying, chance of each number of unblocked skulls) by resolving every roll."""
    odds = chance_of(state, action)
    die = state.ruleset.combat_die
    faces = sorted(set(die.faces))
    destroying, wounds = Fraction(0), dict.fromkeys(range(odds.attack_dice + 1), Fraction(0))
    for roll in product(faces, repeat=odds.attack_dice + odds.defense_dice):
        weight = Fraction(1)
        for face in roll:
            weight *= die.chance_of(face)
        report = apply(state, action, ScriptedDice(roll)).attack
        assert report is not None
        wounds[max(report.skulls - report.shields, 0)] += weight
        destroying += weight if report.destroyed else 0
    return destroying, wounds


LINE = "\nK1 = Knaves of the Silver Scimitar (Red)\n"
CASES = {
    "2004, level ground": ("1K1 1A1\nA1 = Airborne Elite (Blue)" + LINE, Edition.BASIC_2004, "K1", "A1"),
    "2004, attacker higher": ("3Z1 1 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)", Edition.BASIC_2004,
                              "Z1", "A1"),
    "2004, defender higher": ("1K1 3X 3X\nX = Xenithrax the Vineweaver (Blue)" + LINE, Edition.BASIC_2004, "K1", "X"),
    "2024, hero": ("1K1 2X 2X\nX = Xenithrax the Vineweaver (Blue)" + LINE, Edition.EDITION_2024, "K1", "X"),
    "2024, multi-life squad": ("1K1 1T1\nT1 = Iron Trolls (Blue)" + LINE, Edition.EDITION_2024, "K1", "T1"),
}  # fmt: skip


@pytest.mark.parametrize("case", CASES)
def test_chance_agrees_with_resolution(case: str) -> None:
    text, edition, attacker, defender = CASES[case]
    state = battle(text, edition)
    action = Attack(attacker, defender)
    destroying, wounds = by_resolution(state, action)
    odds = chance_of(state, action)
    assert odds.destroying == destroying
    assert dict(enumerate(odds.hits_distribution())) == wounds


def test_wounds_already_taken_count_towards_destroying() -> None:
    state = battle("1K1 2X 2X\nX = Xenithrax the Vineweaver (Blue)" + LINE, Edition.EDITION_2024)
    card = state.card("Xenithrax the Vineweaver")
    state = state.replacing_card(replace(card, wound_markers=6))
    odds = chance_of(state, Attack("K1", "X"))
    assert odds.wounds_to_destroy == 2
    assert odds.destroying == by_resolution(state, Attack("K1", "X"))[0] == sum(odds.hits_distribution()[2:])


def test_a_special_power_changes_the_dice_and_the_chance_alike() -> None:
    state = battle("1K1 1A1\nA1 = Airborne Elite (Blue)" + LINE, Edition.EDITION_2024)
    plain = chance_of(state, Attack("K1", "A1"))
    state = replace(state, powers=(Power("Fury", PowerKind.SPECIAL_POWER, "Knaves of the Silver Scimitar",
                                         attack_dice=1),))  # fmt: skip
    boosted = chance_of(state, Attack("K1", "A1"))
    assert boosted.attack_dice == plain.attack_dice + 1
    assert boosted.destroying == by_resolution(state, Attack("K1", "A1"))[0] > plain.destroying


def test_a_special_power_changes_nothing_in_the_2004_game() -> None:
    state = battle("1K1 1A1\nA1 = Airborne Elite (Blue)" + LINE, Edition.BASIC_2004)
    plain = chance_of(state, Attack("K1", "A1"))
    state = replace(state, powers=(Power("Fury", PowerKind.SPECIAL_POWER, "Knaves of the Silver Scimitar",
                                         attack_dice=1),))  # fmt: skip
    assert chance_of(state, Attack("K1", "A1")) == plain


def test_another_die_flows_into_resolution_and_odds() -> None:
    die = CombatDie(4, 2, 0)
    state = battle("1K1 1A1\nA1 = Airborne Elite (Blue)" + LINE, Edition.BASIC_2004, die)
    odds = chance_of(state, Attack("K1", "A1"))
    assert odds.destroying == by_resolution(state, Attack("K1", "A1"))[0]
    assert odds.destroying != chance_of(battle("1K1 1A1\nA1 = Airborne Elite (Blue)" + LINE, Edition.BASIC_2004),
                                        Attack("K1", "A1")).destroying  # fmt: skip


def test_a_refused_attack_has_no_chance() -> None:
    state = battle("1K1 1 1 1A1\nA1 = Airborne Elite (Blue)" + LINE, Edition.BASIC_2004)
    with pytest.raises(RuleViolation) as refused:
        chance_of(state, Attack("K1", "A1"))
    assert refused.value.rule == "heroscape.range"


def test_the_rulebook_note_gives_each_attack_its_exact_chance() -> None:
    from battlebook.heroscape.game import HEROSCAPE
    from battlebook.language.chance_notes import chances
    from battlebook.language.steps.heroscape_world import HeroscapeWorld

    for edition, expected in (
        ("2004", "destroyed when the skulls outnumber"),
        ("2024", "destroyed by 2 wounds or more"),
    ):
        world = HeroscapeWorld(tags=frozenset({f"edition:{edition}"}))
        world.draw("1K1 3X 3X\n 1   3  3\nX = Xenithrax the Vineweaver (Blue)" + LINE)
        if edition == "2024":
            card = world.state.card("Xenithrax the Vineweaver")
            world.state = world.state.replacing_card(replace(card, wound_markers=6))
        world.state = apply(world.state, StartTurn("Red", "Knaves of the Silver Scimitar"), ScriptedDice()).state
        world.attempt(Attack("K1", "X"), ScriptedDice(["skull", "blank", "blank", "shield", "blank", "blank", "blank"]))
        world.attempt(Attack("K1", "X"), ScriptedDice())  # refused: K1 has attacked; no chance for it
        world.refused()
        [line] = chances(HEROSCAPE, world)
        assert line.startswith(
            "K1 (Knave of the Silver Scimitar) attacking X (Xenithrax the Vineweaver), 3 attack dice"
        )
        assert "against 4 defense dice" in line  # Xenithrax stands higher: one extra defense die
        assert expected in line
        assert fraction_text(chance_of(world.journal[0].before, Attack("K1", "X")).destroying) in line


def test_the_rolls_a_whole_fight_branches_on_read_the_defense_die_when_it_is_another() -> None:
    from battlebook.heroscape.chance import unblocked_rolls
    from battlebook.heroscape.dice import heroscape_wounds
    from battlebook.heroscape.rules import dice_pool

    state = battle("1K1 1A1\nA1 = Airborne Elite (Blue)" + LINE, Edition.BASIC_2004)
    state = replace(state, ruleset=replace(state.ruleset, defense_die=CombatDie(2, 3, 1)))
    found = [chance for _, chance, _ in unblocked_rolls(state, Attack("K1", "A1"))]
    dice = dice_pool(state, Attack("K1", "A1"))
    pool = heroscape_wounds(dice.attack, dice.defense, COMBAT_DIE, CombatDie(2, 3, 1)).wounds
    assert found == [chance for chance in pool if chance]
    assert found != [chance for chance in heroscape_wounds(dice.attack, dice.defense).wounds if chance]
