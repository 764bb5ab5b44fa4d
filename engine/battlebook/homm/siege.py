"""Battles in towns: the town card, its walls, the ranged penalties, flying in, emerging, no retreat.

A battle in a town is a [`BattleState`][battlebook.homm.state.BattleState] whose `town` is a
[`TownCard`][battlebook.homm.town.TownCard]. The card stands where its owner's Melee Line
would be: it never attacks, has defense 10, and only melee attacks can hit it. Each hit
turns its walls one step, from intact to Breached to Sacked, and the defender must then
keep 1 stack, later 2, on its Melee Line (see [`melee_minimum`][battlebook.homm.flow.melee_minimum]).
While the walls are not Sacked, the attackers' ranged attacks at stacks on the
defender's Ranged Line lose part of their score.

The rules here are called from the general ones: [`battlebook.homm.rules`][battlebook.homm.rules]
hands every action that names the town card to [`town_violation`][battlebook.homm.siege.town_violation],
and [`battlebook.homm.combat`][battlebook.homm.combat] asks for the penalty, for flying in and for
emerging.

>>> from battlebook.homm.state import BattleState, Line, Side, Stack, Stage
>>> from battlebook.homm.units import KNOWN_UNITS
>>> from battlebook.homm.actions import MeleeAttack
>>> from battlebook.homm.rules import apply
>>> from battlebook.dice import ScriptedDice
>>> golem = KNOWN_UNITS["Gold Golem"]
>>> state = (BattleState()
...     .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (golem,) * 3))
...     .with_stack(Stack("Guards", Side.DEFENDER, Line.RANGED, (golem,)))
...     .with_town(TownCard("Town Card", Side.DEFENDER)))
>>> result = apply(state, MeleeAttack("Gold Golems", "Town Card"), ScriptedDice([3]))
>>> result.attack.total, result.state.town.walls, result.moved_up
(10, <Walls.BREACHED: 'Breached'>, ('Guards',))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from battlebook.errors import RuleViolation
from battlebook.homm import rule_ids as ids
from battlebook.homm.actions import (
    Action,
    Attack,
    MeleeAttack,
    MoveUp,
    Protect,
    RangedAttack,
    Reorganize,
    Retaliate,
    SpellAttack,
    Support,
    Swarm,
)
from battlebook.homm.flow import opportunity_violation
from battlebook.homm.resolution import AttackRoll
from battlebook.homm.ruleset import EmergingTime, PenaltyBase
from battlebook.homm.state import BattleState, Line, Side, Stack, Stage
from battlebook.homm.town import TownCard, Walls
from battlebook.homm.units import Ability, AttackKind

__all__ = [
    "TownCard",
    "Walls",
    "emerging_violation",
    "flies_in",
    "involves_town",
    "is_emerging",
    "penalty_walls",
    "ranged_score",
    "repair_if_over",
    "strike_town",
    "town_violation",
    "walls_block",
]


def _acting_names(action: Action) -> tuple[str, ...]:
    """The names of the stacks `action` has act, support or move."""
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


def _target_name(action: Action) -> str | None:
    match action:
        case MeleeAttack() | RangedAttack() | SpellAttack() | Retaliate() | Support():
            return action.target
    return None


def involves_town(state: BattleState, action: Action) -> bool:
    """Whether `action` names the town card, as the one acting or as its target."""
    if state.town is None:
        return False
    target = _target_name(action)
    return any(state.is_town(name) for name in _acting_names(action)) or (target is not None and state.is_town(target))


def _town(state: BattleState) -> TownCard:
    if state.town is None:
        raise ValueError("this battle is not fought in a town")
    return state.town


def town_violation(state: BattleState, action: Action) -> RuleViolation | None:
    """Why the rules refuse `action`, which names the town card, or `None` when they allow it.

    The town card never acts and cannot be supported; it can only be the target of a melee
    attack (one card, no swat) by an enemy stack on its Melee Line, or of the support
    promised to such an attack.
    """
    town = _town(state)
    if isinstance(action, Support) and state.is_town(action.ally):
        return RuleViolation(ids.TOWN_CARD, f"the {town.name} never attacks: no stack can sacrifice to support it")
    if any(state.is_town(name) for name in _acting_names(action)):
        return RuleViolation(
            ids.TOWN_CARD, f"the {town.name} is no creature stack: it never attacks, moves or supports"
        )
    if isinstance(action, Retaliate):
        return RuleViolation(ids.TOWN_CARD, f"the {town.name} never attacks, so there is no attack of its to answer")
    if isinstance(action, Support):
        return _support_violation(state, town, action)
    if isinstance(action, MeleeAttack | RangedAttack | SpellAttack):
        return _attack_violation(state, town, action)
    return None


def _enemy_violation(town: TownCard, stack: Stack) -> RuleViolation | None:
    if stack.side is town.side:
        return RuleViolation(ids.TOWN_CARD, f"the {stack.name} defend the {town.name}: they cannot attack it")
    return None


def _attack_violation(state: BattleState, town: TownCard, action: Attack) -> RuleViolation | None:
    attacker = state.stack(action.attacker)
    violation = _enemy_violation(town, attacker)
    if violation is not None:
        return violation
    if action.kind is not AttackKind.MELEE:
        return RuleViolation(
            ids.TOWN_CARD,
            f"only melee attacks can hit the {town.name}: the {attacker.name} cannot make a {action.kind} attack at it",
        )
    violation = opportunity_violation(state, attacker)
    if violation is not None:
        return violation
    if attacker.line is not Line.MELEE:
        return RuleViolation(
            ids.MELEE_ATTACK,
            f"{attacker.name} cannot make a melee attack from the {attacker.line} Line: "
            "melee attackers must stand on their Melee Line",
        )
    if action.swat != 1 or action.picked:
        return RuleViolation(
            ids.SWATTING, f"the {town.name} is a single card: an attack on it cannot swat {action.swat}"
        )
    return None


def _support_violation(state: BattleState, town: TownCard, action: Support) -> RuleViolation | None:
    supporter, ally = state.stack(action.supporter), state.stack(action.ally)
    if ally.side is not supporter.side or ally.name == supporter.name:
        return RuleViolation(ids.SUPPORT, f"the {supporter.name} can only support another friendly stack")
    violation = _enemy_violation(town, supporter) or opportunity_violation(state, supporter)
    if violation is not None:
        return violation
    if supporter.line is not Line.MELEE:
        return RuleViolation(
            ids.COMMON_TARGET,
            f"only melee attacks hit the {town.name}, and the {supporter.name} on their {supporter.line} Line "
            "could not make one themselves",
        )
    return None


def strike_town(state: BattleState, attacker: str, score: int, roll: int) -> tuple[BattleState, AttackRoll]:
    """Resolve a melee attack on the town card: a total of 10 or more turns its walls one step.

    The card is never removed; Sacked walls stay Sacked. Nothing is left to answer, since
    the town card never attacks.
    """
    town = _town(state)
    hit = score + roll >= town.defense
    after = replace(state, town=replace(town, walls=town.walls.after_hit), last_attack=None) if hit else state
    return replace(after, last_attack=None), AttackRoll(
        attacker, town.name, AttackKind.MELEE, score, roll, town.defense, ()
    )


def penalty_walls(state: BattleState, attacker: Stack, target: str, kind: AttackKind) -> Walls | None:
    """The walls a ranged attack must shoot over, or `None` when it suffers no penalty.

    Only an attack of the town's enemy, at a stack on the town's Ranged Line, by a unit
    that does not ignore obstacles, over walls that are not Sacked, is penalized. Spells,
    attacks at the Melee Line and the defender's own attacks are not.
    """
    town = state.town
    if town is None or kind is not AttackKind.RANGED or attacker.side is town.side or not state.has_stack(target):
        return None
    aimed = state.stack(target)
    if aimed.side is not town.side or aimed.line is not Line.RANGED or town.walls is Walls.SACKED:
        return None
    if attacker.top.has_ability(Ability.IGNORES_OBSTACLES):
        return None
    return town.walls


def ranged_score(
    state: BattleState, attacker: Stack, target: str, kind: AttackKind, score_of: Callable[[Stack], int]
) -> int:
    """The score `attacker` attacks `target` with, after the walls' penalty if one applies.

    `score_of` gives a stack's score for this attack without any penalty (levels, support,
    swarming). The ruleset says whether the penalty is taken from that whole score (the
    default) or from the top card's printed ranged score before anything is added.
    """
    walls = penalty_walls(state, attacker, target, kind)
    if walls is None:
        return score_of(attacker)
    if state.ruleset.town_penalty is PenaltyBase.CARD_SCORE:
        top = attacker.top
        weakened = replace(top, ranged=walls.penalize(top.stat("ranged")))
        return score_of(replace(attacker, cards=(weakened, *attacker.cards[1:])))
    return walls.penalize(score_of(attacker))


def _behind_walls(state: BattleState, attacker: Stack, target: Stack) -> TownCard | None:
    town = state.town
    if town is None or attacker.side is town.side or target.side is not town.side or target.line is not Line.RANGED:
        return None
    return town if attacker.top.has_ability(Ability.IGNORES_OBSTACLES) else None


def flies_in(state: BattleState, attacker: Stack, target: Stack) -> bool:
    """Whether `attacker` ignores obstacles and may fly in to melee `target` behind walls no longer intact."""
    town = _behind_walls(state, attacker, target)
    return town is not None and town.walls is not Walls.INTACT


def walls_block(state: BattleState, attacker: Stack, target: Stack) -> RuleViolation | None:
    """The refusal of a unit that ignores obstacles trying to fly in over intact walls, or `None`."""
    town = _behind_walls(state, attacker, target)
    if town is None or town.walls is not Walls.INTACT:
        return None
    return RuleViolation(
        ids.TOWN_IGNORING_OBSTACLES,
        f"the walls of the {town.name} are intact: even the {attacker.top.name}, which ignores obstacles, "
        f"cannot reach the {target.name} behind them until the walls are Breached",
    )


def is_emerging(state: BattleState, stack: Stack, to: Line) -> bool:
    """Whether moving `stack` to `to` is a town defender's stack coming out to its Melee Line (a free move)."""
    town = state.town
    return town is not None and stack.side is town.side and stack.line is Line.RANGED and to is Line.MELEE


def emerging_violation(state: BattleState, stack: Stack) -> RuleViolation | None:
    """Why `stack` may not come out of its town now, or `None` (ruling *When a stack comes out of its town*).

    By default only in its own phase, on its side's turn, while its opportunity is unused
    (which it keeps); under the alternative reading at any time a phase is being played.
    """
    if state.ruleset.emerging is EmergingTime.OWN_PHASE:
        return opportunity_violation(state, stack)
    clock = state.clock
    if clock is not None and clock.stage is not Stage.PHASE:
        return RuleViolation(ids.PHASES, f"round {clock.round} is over: no stack comes out until the next round")
    return None


def repair_if_over(state: BattleState) -> BattleState:
    """Once the battle is over, a damaged town's walls are repaired at once."""
    town = state.town
    if state.is_over and town is not None and town.walls is not Walls.INTACT:
        return replace(state, town=replace(town, walls=Walls.INTACT))
    return state


def is_town_defender(state: BattleState, side: Side) -> bool:
    """Whether `side` defends the town of this battle."""
    return state.town is not None and state.town.side is side
