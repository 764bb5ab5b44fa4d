"""The exact chance of a Heroscape attack in a given battle state.

[`chance_of`][battlebook.heroscape.chance.chance_of] asks the rules, not a copy of them:

- the number of dice comes from [`dice_pool`][battlebook.heroscape.rules.dice_pool], the very
  function the attack's resolution calls (printed values, powers, glyphs, special
  attacks, then height advantage under the edition's ruleset);
- the distribution of unblocked skulls comes from
  [`heroscape_wounds`][battlebook.heroscape.dice.heroscape_wounds] with the ruleset's combat die;
- what each number of unblocked skulls does to the defender (destroyed or not, in 2004
  or in 2024 with its life and the wounds it already has) is found by resolving the
  attack with [`apply`][battlebook.heroscape.rules.apply], once per number of wounds.

So the chance always agrees with how the attack resolves.

>>> from battlebook.dice import ScriptedDice
>>> from battlebook.heroscape.battlefield import parse_map
>>> from battlebook.heroscape.cards import KNOWN_CARDS
>>> from battlebook.heroscape.rules import setup_battle
>>> from battlebook.heroscape.actions import Attack, StartTurn
>>> state = setup_battle(parse_map('''
...  2K1 2X 2X
... K1 = Knaves of the Silver Scimitar (Red)
... X = Xenithrax the Vineweaver (Blue)
... '''), KNOWN_CARDS.get)
>>> state = apply(state, StartTurn("Red", "Knaves of the Silver Scimitar"), ScriptedDice()).state
>>> chance = chance_of(state, Attack("K1", "X"))
>>> chance.attack_dice, chance.defense_dice, chance.destroying
(3, 3, Fraction(55, 108))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from battlebook.dice import ScriptedDice
from battlebook.heroscape.actions import Attack
from battlebook.heroscape.dice import Face, heroscape_wounds
from battlebook.heroscape.rules import apply, dice_pool, legal_violation
from battlebook.heroscape.state import BattleState
from battlebook.odds import WoundOdds


@dataclass(frozen=True)
class AttackChance:
    """The exact odds of one Heroscape attack, as the battle stands.

    Attributes:
        attack_dice: Attack dice the attack rolls (after powers, glyphs and height).
        defense_dice: Defense dice the defender rolls.
        wounds: The distribution of unblocked skulls (wounds, in the 2024 edition).
        destroys: For each number of unblocked skulls 0..attack_dice, whether the
            defender is destroyed by it (as the resolution decides).
        notes: Why the dice differ from the printed values.
    """

    attack_dice: int
    defense_dice: int
    wounds: WoundOdds
    destroys: tuple[bool, ...]
    notes: tuple[str, ...] = ()

    @property
    def success(self) -> Fraction:
        """The chance that the skulls outnumber the shields."""
        return self.wounds.at_least_one

    @property
    def destroying(self) -> Fraction:
        """The chance that the attack destroys its defender."""
        return sum((p for p, kills in zip(self.wounds.wounds, self.destroys, strict=True) if kills), Fraction(0))

    @property
    def wounds_to_destroy(self) -> int | None:
        """The fewest unblocked skulls that destroy the defender, or `None` if none can."""
        return next((k for k, kills in enumerate(self.destroys) if kills), None)


def _faces(count: int, hits: int, hit: Face, miss: Face | None) -> list[Face]:
    """`hits` faces `hit`, then `count - hits` faces `miss`."""
    return [hit] * hits + ([miss] * (count - hits) if miss is not None else [])


def destroys_with(state: BattleState, action: Attack, unblocked: int) -> bool:
    """Whether the attack destroys its defender when exactly `unblocked` skulls get through.

    Found by resolving the attack with dice stated to show that many skulls and no shield.
    Raises `ValueError` when the ruleset's die cannot show such a roll.
    """
    pool = dice_pool(state, action)
    die = state.ruleset.combat_die
    no_skull = next((f for f in (Face.BLANK, Face.SHIELD) if die.chance_of(f) > 0), None)
    no_shield = next((f for f in (Face.BLANK, Face.SKULL) if die.chance_of(f) > 0), None)
    if (unblocked < pool.attack and no_skull is None) or (pool.defense and no_shield is None):
        raise ValueError(f"the combat die cannot show {unblocked} unblocked skulls out of {pool.attack}")
    faces = _faces(pool.attack, unblocked, Face.SKULL, no_skull) + _faces(pool.defense, 0, Face.SHIELD, no_shield)
    report = apply(state, action, ScriptedDice(faces)).attack
    return report is not None and report.destroyed


def chance_of(state: BattleState, action: Attack) -> AttackChance:
    """The exact odds of `action` in `state`: its dice, its wounds and its chance of destroying.

    Raises the action's `RuleViolation` when the rules refuse it, as `apply` would.
    """
    violation = legal_violation(state, action)
    if violation is not None:
        raise violation
    pool = dice_pool(state, action)
    wounds = heroscape_wounds(pool.attack, pool.defense, state.ruleset.combat_die)
    destroys = tuple(bool(p) and destroys_with(state, action, k) if k else False for k, p in enumerate(wounds.wounds))
    return AttackChance(pool.attack, pool.defense, wounds, destroys, pool.notes)
