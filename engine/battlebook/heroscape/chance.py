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

Examples:
    >>> from battlebook.dice import ScriptedDice
    >>> from battlebook.heroscape.battlefield import parse_map
    >>> from battlebook.heroscape.cards import KNOWN_CARDS
    >>> from battlebook.heroscape.setup import setup_battle
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

from collections.abc import Iterator
from fractions import Fraction

from battlebook.dice import ScriptedDice
from battlebook.game import AttackChance, RollResult
from battlebook.heroscape.actions import Attack
from battlebook.heroscape.dice import Face, heroscape_wounds
from battlebook.heroscape.powers import DicePool
from battlebook.heroscape.rules import apply, dice_pool, legal_violation
from battlebook.heroscape.state import BattleState


def _faces(count: int, hits: int, hit: Face, miss: Face | None) -> list[Face]:
    """`hits` faces `hit`, then `count - hits` faces `miss`."""
    return [hit] * hits + ([miss] * (count - hits) if miss is not None else [])


def unblocked_dice(state: BattleState, action: Attack, unblocked: int, pool: DicePool | None = None) -> ScriptedDice:
    """Dice that roll exactly `unblocked` skulls the shields leave unblocked: that many skulls, no shield.

    `pool` is the attack's [`dice_pool`][battlebook.heroscape.rules.dice_pool], if already known.
    Raises `ValueError` when the ruleset's die cannot show such a roll.
    """
    pool = dice_pool(state, action) if pool is None else pool
    attack_die, defense_die = state.ruleset.combat_die, state.ruleset.defense_sides
    no_skull = Face.BLANK if attack_die.blanks else Face.SHIELD if attack_die.shields else None
    no_shield = Face.BLANK if defense_die.blanks else Face.SKULL if defense_die.skulls else None
    if (unblocked < pool.attack and no_skull is None) or (pool.defense and no_shield is None):
        raise ValueError(f"the combat die cannot show {unblocked} unblocked skulls out of {pool.attack}")
    faces = _faces(pool.attack, unblocked, Face.SKULL, no_skull) + _faces(pool.defense, 0, Face.SHIELD, no_shield)
    return ScriptedDice(faces)


def destroys_with(state: BattleState, action: Attack, unblocked: int) -> bool:
    """Whether the attack destroys its defender when exactly `unblocked` skulls get through.

    Found by resolving the attack with dice stated to show that many skulls and no shield.
    Raises `ValueError` when the ruleset's die cannot show such a roll.
    """
    report = apply(state, action, unblocked_dice(state, action, unblocked)).attack
    return report is not None and report.destroyed


def unblocked_rolls(state: BattleState, action: Attack) -> Iterator[tuple[int, Fraction, ScriptedDice]]:
    r"""Every number of unblocked skulls the attack can roll, with its exact chance and dice that roll it.

    What the rules read of a roll is how many skulls the shields leave unblocked (more skulls
    than shields succeeds; each unblocked skull is a wound): every roll with the same number
    leaves the battle alike, so these are the results a whole fight branches on. (The API
    test holds them to every roll of the dice, resolved one by one.)

    Examples:
        >>> from battlebook.heroscape.battlefield import parse_map
        >>> from battlebook.heroscape.cards import KNOWN_CARDS
        >>> from battlebook.heroscape.setup import setup_battle
        >>> from battlebook.heroscape.actions import StartTurn
        >>> state = setup_battle(parse_map("1Z1 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)"),
        ...                      KNOWN_CARDS.get)
        >>> state = apply(state, StartTurn("Red", "Zettian Guards"), ScriptedDice()).state
        >>> [(k, str(p)) for k, p, _ in unblocked_rolls(state, Attack("Z1", "A1"))]
        [(0, '5/9'), (1, '1/3'), (2, '1/9')]
    """
    pool = dice_pool(state, action)
    wounds = heroscape_wounds(pool.attack, pool.defense, state.ruleset.combat_die, state.ruleset.defense_sides)
    for unblocked, chance in enumerate(wounds.wounds):
        if chance:
            yield unblocked, chance, unblocked_dice(state, action, unblocked, pool)


def chance_of(state: BattleState, action: Attack) -> AttackChance:
    """The exact odds of `action` in `state`: its dice, its wounds and its chance of destroying.

    One [`RollResult`][battlebook.game.RollResult] per number of unblocked skulls (wounds).

    Raises the action's `RuleViolation` when the rules refuse it, as `apply` would.
    """
    violation = legal_violation(state, action)
    if violation is not None:
        raise violation
    pool = dice_pool(state, action)
    wounds = heroscape_wounds(pool.attack, pool.defense, state.ruleset.combat_die, state.ruleset.defense_sides)
    results = tuple(
        RollResult(k, p, k, bool(p) and k > 0 and destroys_with(state, action, k)) for k, p in enumerate(wounds.wounds)
    )
    return AttackChance(results, pool.attack, pool.defense, pool.notes)
