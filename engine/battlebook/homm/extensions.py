"""How the general rules consult the battlefield's extensions: one fold per seam.

An [`Extension`][battlebook.homm.state.Extension] is a battlefield feature that changes the
general rules (the protocol lives with the state that carries it). The rules in
[`combat`][battlebook.homm.combat], [`flow`][battlebook.homm.flow] and
[`rules`][battlebook.homm.rules] never name a feature: at each seam they ask this module, which
folds every extension [in play][battlebook.homm.extensions.in_play], much as Heroscape's rules
fold every [`DiceModifier`][battlebook.heroscape.powers.DiceModifier] over an attack's dice.

- scores: [`score`][battlebook.homm.extensions.score];
- reach: [`reach`][battlebook.homm.extensions.reach];
- targets that are no stacks: [`piece_owner`][battlebook.homm.extensions.piece_owner],
  [`owner_of_named`][battlebook.homm.extensions.owner_of_named],
  [`piece_actions`][battlebook.homm.extensions.piece_actions];
- constraints: [`attack_violation`][battlebook.homm.extensions.attack_violation],
  [`free_move`][battlebook.homm.extensions.free_move],
  [`melee_minimum`][battlebook.homm.extensions.melee_minimum],
  [`refill_on_fall`][battlebook.homm.extensions.refill_on_fall],
  [`retreat_violation`][battlebook.homm.extensions.retreat_violation],
  [`after_action`][battlebook.homm.extensions.after_action];
- reach from either line: [`reaches_from_any_line`][battlebook.homm.extensions.reaches_from_any_line];
- stacks an action calls out: [`calls_out`][battlebook.homm.extensions.calls_out];
- their own settings: [`reading`][battlebook.homm.extensions.reading].

The extensions in play are those the state carries, and nothing else: a battle in a town
carries its [`Town`][battlebook.homm.siege.Town] like any other. In the open field no
extension is in play, and every fold returns the general rule's answer.

Examples:
    >>> from battlebook.homm.state import BattleState
    >>> in_play(BattleState())
    ()
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

from battlebook.errors import RuleViolation
from battlebook.homm.actions import Action, OfferSurrender, Withdraw, named
from battlebook.homm.scores import AttackScore
from battlebook.homm.state import BattleState, Extension, Line, Override, Side, Stack
from battlebook.homm.units import AttackKind

__all__ = [
    "after_action",
    "attack_violation",
    "calls_out",
    "free_move",
    "in_play",
    "is_piece",
    "melee_minimum",
    "owner_of_named",
    "piece_actions",
    "piece_owner",
    "reach",
    "reaches_from_any_line",
    "reading",
    "refill_on_fall",
    "retreat_violation",
    "score",
]


def in_play(state: BattleState) -> tuple[Extension, ...]:
    """The extensions `state` is fought with, in the order they were added."""
    return state.extensions


def piece_owner(state: BattleState, name: str) -> Extension | None:
    """The extension whose piece (a target that is no stack) is called `name`, or `None`."""
    for extension in in_play(state):
        if name in extension.pieces(state):
            return extension
    return None


def is_piece(state: BattleState, name: str) -> bool:
    """Whether `name` is a piece of an extension in play (the town card), not a stack."""
    return piece_owner(state, name) is not None


def owner_of_named(state: BattleState, action: Action) -> Extension | None:
    """The extension one of whose pieces `action` names, acting or as its target; it alone judges the action."""
    extensions = in_play(state)
    if not extensions:
        return None
    names = named(action)
    for extension in extensions:
        if any(piece in names for piece in extension.pieces(state)):
            return extension
    return None


def piece_actions(state: BattleState) -> Iterator[Action]:
    """The candidate actions naming a piece of any extension in play."""
    for extension in in_play(state):
        yield from extension.piece_actions(state)


def score(state: BattleState, attacker: Stack, target: str, kind: AttackKind, parts: AttackScore) -> int:
    """The score `attacker` attacks `target` with: `parts` as every extension in play changes them, in order."""
    for extension in in_play(state):
        parts = extension.modify_score(state, attacker, target, kind, parts)
    return parts.whole


def reach(state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> Override | None:
    """The extensions' say on whether `attacker` reaches `target`: a refusal first, else an allowance, else `None`."""
    allowed: Override | None = None
    for extension in in_play(state):
        said = extension.reach(state, attacker, target, kind)
        if said is not None and not said.is_allowed:
            return said
        allowed = allowed or said
    return allowed


def attack_violation(
    state: BattleState, attacker: Stack, target: str, kind: AttackKind, score: int
) -> RuleViolation | None:
    """The first extension's refusal of an attack made with `score`, or `None`."""
    for extension in in_play(state):
        violation = extension.attack_violation(state, attacker, target, kind, score)
        if violation is not None:
            return violation
    return None


def free_move(state: BattleState, stack: Stack, to: Line) -> Override | None:
    """The first extension that makes moving `stack` to `to` a free move (refused or not), or `None`."""
    for extension in in_play(state):
        said = extension.reorganizing(state, stack, to)
        if said is not None:
            return said
    return None


def melee_minimum(state: BattleState, side: Side) -> int | None:
    """The largest Melee Line minimum an extension sets for `side` (holding at all times), or `None`."""
    minimums = [m for e in in_play(state) if (m := e.melee_minimum(state, side)) is not None]
    return max(minimums) if minimums else None


def refill_on_fall(state: BattleState, side: Side) -> int | None:
    """The largest count an extension refills `side`'s Melee Line to whenever it falls, or `None`."""
    counts = [n for e in in_play(state) if (n := e.refill_on_fall(state, side)) is not None]
    return max(counts) if counts else None


def calls_out(before: BattleState, after: BattleState, side: Side) -> int:
    """How many more of `side`'s stacks the last action (`before` to `after`) calls out to its Melee Line at once."""
    return sum(extension.calls_out(before, after, side) for extension in in_play(after))


def reaches_from_any_line(state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> bool:
    """Whether an extension lets `attacker` make its attack of `kind` on `target` from either line."""
    return any(extension.reaches_from_any_line(state, attacker, target, kind) for extension in in_play(state))


def reading(state: BattleState, settings: Mapping[str, object]) -> BattleState:
    """`state` with every extension in play under the readings of `settings` that are its own."""
    return replace(state, extensions=tuple(extension.reading(settings) for extension in in_play(state)))


def retreat_violation(state: BattleState, action: Withdraw | OfferSurrender) -> RuleViolation | None:
    """The first extension's refusal of this withdrawal or surrender, or `None`."""
    for extension in in_play(state):
        violation = extension.retreat_violation(state, action)
        if violation is not None:
            return violation
    return None


def after_action(state: BattleState) -> BattleState:
    """The battle after an action: once it is over, as every extension leaves it (a town repairs its walls)."""
    if not state.is_over:
        return state
    for extension in in_play(state):
        state = extension.after_battle(state)
    return state
