"""Actions a stack or a side can take, as frozen values.

An action only names what is attempted; whether it is allowed and what it does is
decided by [`battlebook.homm.rules`][battlebook.homm.rules].

- Attack opportunities, one per stack per round in its phase: [`MeleeAttack`][battlebook.homm.actions.MeleeAttack],
  [`RangedAttack`][battlebook.homm.actions.RangedAttack], [`SpellAttack`][battlebook.homm.actions.SpellAttack], or
  skipping the attack to [`Support`][battlebook.homm.actions.Support], [`Swarm`][battlebook.homm.actions.Swarm],
  [`Protect`][battlebook.homm.actions.Protect] or [`Reorganize`][battlebook.homm.actions.Reorganize].
- Answers: [`Retaliate`][battlebook.homm.actions.Retaliate]; [`MoveUp`][battlebook.homm.actions.MoveUp] when
  automatic reorganizing leaves a choice.
- The round: [`EndPhase`][battlebook.homm.actions.EndPhase], and at its end
  [`Withdraw`][battlebook.homm.actions.Withdraw], [`OfferSurrender`][battlebook.homm.actions.OfferSurrender],
  [`AcceptSurrender`][battlebook.homm.actions.AcceptSurrender],
  [`RejectSurrender`][battlebook.homm.actions.RejectSurrender] or [`Decline`][battlebook.homm.actions.Decline].

An attack may *swat*: `swat` is the number of the target's cards it announces (1, the
plain attack, by default), counted from the top. Under the alternative reading of the
ruling *Which cards a swat takes*, an attack may instead pick its cards by unit name
(`picked`, one name per card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from battlebook.homm.sides import Line, Side
from battlebook.homm.units import AttackKind


@dataclass(frozen=True)
class MeleeAttack:
    """The stack `attacker` makes a melee attack on the stack `target`, swatting `swat` cards."""

    attacker: str
    target: str
    swat: int = 1
    picked: tuple[str, ...] = ()

    kind: ClassVar[AttackKind] = AttackKind.MELEE


@dataclass(frozen=True)
class RangedAttack:
    """The stack `attacker` makes a ranged attack on the stack `target`, swatting `swat` cards."""

    attacker: str
    target: str
    swat: int = 1
    picked: tuple[str, ...] = ()

    kind: ClassVar[AttackKind] = AttackKind.RANGED


@dataclass(frozen=True)
class SpellAttack:
    """The stack `attacker`'s top card casts the offensive `spell` at the stack `target`."""

    attacker: str
    target: str
    spell: str
    swat: int = 1
    picked: tuple[str, ...] = ()

    kind: ClassVar[AttackKind] = AttackKind.SPELL


@dataclass(frozen=True)
class Retaliate:
    """The stack `retaliator`, just attacked by `target`, answers with an attack of `kind`."""

    retaliator: str
    target: str
    kind: AttackKind
    swat: int = 1


@dataclass(frozen=True)
class Support:
    """The stack `supporter` sacrifices its attack to add its Sac value to `ally`'s next attack on `target`."""

    supporter: str
    ally: str
    target: str


@dataclass(frozen=True)
class Swarm:
    """The stack skips its attack so that its next attack's score is doubled."""

    stack: str


@dataclass(frozen=True)
class Protect:
    """The stack skips its attack; each card adds its level to its defense until the stack's next opportunity."""

    stack: str


@dataclass(frozen=True)
class Reorganize:
    """The stack skips its attack to move to the line `to`."""

    stack: str
    to: Line


@dataclass(frozen=True)
class MoveUp:
    """The side `by` picks `stack` to move up to its Melee Line under automatic reorganizing."""

    stack: str
    by: Side


@dataclass(frozen=True)
class EndPhase:
    """`side` is done with its part of the current phase."""

    side: Side


@dataclass(frozen=True)
class Withdraw:
    """At the end of a round, `side` withdraws its hero to its nearest town."""

    side: Side


@dataclass(frozen=True)
class OfferSurrender:
    """At the end of a round, `side` offers `cards` cards of its hand for safe passage."""

    side: Side
    cards: int


@dataclass(frozen=True)
class AcceptSurrender:
    """`side` accepts the surrender its opponent offered."""

    side: Side


@dataclass(frozen=True)
class RejectSurrender:
    """`side` rejects the surrender its opponent offered."""

    side: Side


@dataclass(frozen=True)
class Decline:
    """At the end of a round, `side` lets its chance to withdraw or to surrender pass."""

    side: Side


Attack = MeleeAttack | RangedAttack | SpellAttack
"""An attack made as a stack's attack opportunity."""

Opportunity = Attack | Support | Swarm | Protect | Reorganize
"""Everything that uses a stack's attack opportunity."""

Action = (
    Opportunity
    | Retaliate
    | MoveUp
    | EndPhase
    | Withdraw
    | OfferSurrender
    | AcceptSurrender
    | RejectSurrender
    | Decline
)
"""Any action of a battle."""


def acting_names(action: Action) -> tuple[str, ...]:
    """The names of what `action` has act, support or move (stacks, as far as the rules allow).

    Examples:
        >>> acting_names(Support("Halflings", "Gold Golems", "Orcs")), acting_names(EndPhase(Side.DEFENDER))
        (('Halflings', 'Gold Golems'), ())
    """
    match action:
        case MeleeAttack() | RangedAttack() | SpellAttack():
            return (action.attacker,)
        case Retaliate():
            return (action.retaliator,)
        case Support():
            return (action.supporter, action.ally)
        case Swarm() | Protect() | Reorganize() | MoveUp():
            return (action.stack,)
    return ()


def target_name(action: Action) -> str | None:
    """The name of what `action` attacks, or supports an attack on; `None` for an action with no target.

    Examples:
        >>> target_name(MeleeAttack("Gold Golems", "Town Card")), target_name(Swarm("Orcs"))
        ('Town Card', None)
    """
    match action:
        case MeleeAttack() | RangedAttack() | SpellAttack() | Retaliate() | Support():
            return action.target
    return None


def named(action: Action) -> tuple[str, ...]:
    """Every name `action` mentions: what acts, supports or moves, then its target if it has one.

    Examples:
        >>> named(Support("Halflings", "Gold Golems", "Orcs"))
        ('Halflings', 'Gold Golems', 'Orcs')
    """
    target = target_name(action)
    return acting_names(action) if target is None else (*acting_names(action), target)
