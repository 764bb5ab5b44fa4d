"""The exact chance of an attack in a given battle state.

The chance is not recomputed from a copy of the rules: [`chance_of`][battlebook.homm.chance.chance_of]
resolves the action with [`apply`][battlebook.homm.rules.apply] once for every face of the
battle's die and counts the faces that kill. Whatever changes how an attack resolves
(stack bonuses, the die's reading, and any rule added later to `apply`) therefore
changes its chance the same way, and the two can never disagree.

Examples:
    >>> from battlebook.homm.units import KNOWN_UNITS
    >>> from battlebook.homm.state import Side, Line, Stack
    >>> from battlebook.homm.actions import MeleeAttack
    >>> golem, behemoth = KNOWN_UNITS["Gold Golem"], KNOWN_UNITS["Behemoth"]
    >>> state = (BattleState()
    ...     .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (golem,) * 3))
    ...     .with_stack(Stack("Behemoth", Side.DEFENDER, Line.MELEE, (behemoth,))))
    >>> chance_of(state, MeleeAttack("Gold Golems", "Behemoth")).success
    Fraction(2, 5)
    >>> winning_rolls(state, MeleeAttack("Gold Golems", "Behemoth"))
    (6, 7, 8, 9)
    >>> smallest_roll(state, MeleeAttack("Gold Golems", "Behemoth"))
    6
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from battlebook.dice import Die
from battlebook.game import AttackChance, RollResult
from battlebook.homm.actions import Action, MeleeAttack, RangedAttack, Retaliate, SpellAttack
from battlebook.homm.rules import HommResolution, apply, legal_violation
from battlebook.homm.state import BattleState

#: The kinds of action that are attacks, whose chance of success the rulebook shows.
#: A new attack action (ranged, swat...) is added here; nothing else needs to change
#: as long as `apply` resolves it with one roll of the battle's die.
ATTACK_ACTIONS: tuple[type, ...] = (MeleeAttack, RangedAttack, SpellAttack, Retaliate)


def is_attack(action: object) -> bool:
    """Whether `action` is an attack, whose chance of success can be asked for.

    Examples:
        >>> is_attack(MeleeAttack("a", "b")), is_attack("pass")
        (True, False)
    """
    return isinstance(action, ATTACK_ACTIONS)


class FirstRollDice:
    """Dice whose first roll shows `face`; any later roll shows the die's first face.

    The attack's own roll is the first one. A rule that rolls again afterwards (a
    retaliation, say) cannot change whether that attack killed, so any face will do there.

    Examples:
        >>> d10 = Die("d10", tuple(range(10)))
        >>> dice = FirstRollDice(6)
        >>> dice.roll(d10), dice.roll(d10)
        (6, 0)
    """

    def __init__(self, face: int) -> None:
        self._face: int | None = face

    @property
    def first(self) -> int | None:
        """The face the first roll will show, or `None` once it has been rolled."""
        return self._face

    def roll(self, die: Die) -> Hashable:
        """The stated face the first time, the die's first face afterwards."""
        face, self._face = self._face, None
        return die.faces[0] if face is None else face


def is_success(resolution: HommResolution) -> bool:
    """Whether a resolved attack succeeded (it killed)."""
    return resolution.attack is not None and resolution.attack.is_hit


def winning_rolls(state: BattleState, action: Action) -> tuple[int, ...]:
    """The faces of the battle's die with which `action` succeeds in `state`.

    Raises the action's `RuleViolation` when the rules refuse it, as `apply` would.
    """
    return chance_of(state, action).winning_values


def smallest_roll(state: BattleState, action: Action) -> int | None:
    """The lowest face of the battle's die with which `action` succeeds in `state`, or `None` if none does.

    Computed by resolving the action with [`apply`][battlebook.homm.rules.apply] for every face,
    so swarming, support, the walls and the die's reading all count. Raises the action's
    `RuleViolation` when the rules refuse it.
    """
    return next(iter(winning_rolls(state, action)), None)


def chance_of(state: BattleState, action: Action) -> AttackChance:
    """The exact odds that `action` succeeds in `state`, every face of the die equally likely.

    One [`RollResult`][battlebook.game.RollResult] per face, found by resolving the attack
    with that face. Raises the action's `RuleViolation` when the rules refuse it, as `apply` would.
    """
    violation = legal_violation(state, action)
    if violation is not None:
        raise violation
    faces = state.ruleset.die.faces
    each = Fraction(1, len(faces))
    numbered = sorted(face for face in faces if isinstance(face, int))
    hits = ((face, is_success(apply(state, action, FirstRollDice(face)))) for face in numbered)
    return AttackChance(tuple(RollResult(face, each, int(hit), hit) for face, hit in hits))
