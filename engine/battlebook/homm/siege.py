"""Battles in towns: the town card, its walls, the ranged penalties, flying in, emerging, no retreat.

A battle in a town is a [`BattleState`][battlebook.homm.state.BattleState] whose `town` is a
[`TownCard`][battlebook.homm.town.TownCard]. The card stands where its owner's Melee Line
would be: it never attacks, has defense 10, and only melee attacks can hit it. Each hit
turns its walls one step, from intact to Breached to Sacked, and the defender must then
keep 1 stack, later 2, on its Melee Line (see [`melee_minimum`][battlebook.homm.flow.melee_minimum]).
While the walls are not Sacked, the attackers' ranged attacks at stacks on the
defender's Ranged Line lose part of their score.

All of it is one [`Extension`][battlebook.homm.state.Extension] of the general rules,
[`TownRules`][battlebook.homm.siege.TownRules]: the Town Card is a kind of target, the walls
modify ranged scores and stop melee reach, the walls set the Defender's Melee Line
minimum, the stacks inside come out for free, and the Defender never retreats. The general
rules ([`combat`][battlebook.homm.combat], [`flow`][battlebook.homm.flow],
[`rules`][battlebook.homm.rules]) do not import this module: they fold the extensions in
play, and a battle in a town has this one (see [`extensions`][battlebook.homm.extensions]).

Examples:
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

from collections.abc import Iterator
from dataclasses import replace

from battlebook.errors import RuleViolation
from battlebook.homm import rule_ids as ids
from battlebook.homm.actions import (
    Action,
    Attack,
    MeleeAttack,
    OfferSurrender,
    RangedAttack,
    Reorganize,
    Retaliate,
    SpellAttack,
    Support,
    Withdraw,
    acting_names,
)
from battlebook.homm.opportunity import opportunity_violation
from battlebook.homm.ruleset import BreachCall, EmergingTime, PenaltyBase
from battlebook.homm.scores import AttackScore
from battlebook.homm.state import BattleState, Extension, Line, Override, Side, Stack, Stage
from battlebook.homm.town import TownCard, Walls
from battlebook.homm.units import Ability, AttackKind

__all__ = [
    "TOWN_RULES",
    "TownCard",
    "TownRules",
    "Walls",
    "emerging_violation",
    "flies_in",
    "is_emerging",
    "penalty_walls",
    "town_violation",
    "walls_block",
]


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
    if any(state.is_town(name) for name in acting_names(action)):
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


class TownRules(Extension):
    """The rules of a battle in a town, as one extension of the general rules.

    The extension holds nothing itself: it reads the battle's town card (`state.town`), and
    a hit on the card returns a state whose card is turned.

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> golem = KNOWN_UNITS["Gold Golem"]
        >>> state = BattleState().with_town(TownCard("Town Card", Side.DEFENDER))
        >>> TOWN_RULES.pieces(state), TOWN_RULES.melee_minimum(state, Side.DEFENDER)
        (('Town Card',), 0)
        >>> TOWN_RULES.piece_hit(state, "Town Card").town.walls
        <Walls.BREACHED: 'Breached'>
    """

    def __repr__(self) -> str:
        return "TOWN_RULES"

    def pieces(self, state: BattleState) -> tuple[str, ...]:
        """The town card: the one target of the battle that is no creature stack."""
        return (_town(state).name,)

    def piece_violation(self, state: BattleState, action: Action) -> RuleViolation | None:
        """See [`town_violation`][battlebook.homm.siege.town_violation]."""
        return town_violation(state, action)

    def piece_defense(self, state: BattleState, piece: str) -> int:
        """The town card's defense: always 10."""
        return _town(state).defense

    def piece_hit(self, state: BattleState, piece: str) -> BattleState:
        """A hit turns the walls one step; the card is never removed, and Sacked walls stay Sacked."""
        town = _town(state)
        return replace(state, town=replace(town, walls=town.walls.after_hit), last_attack=None)

    def piece_actions(self, state: BattleState) -> Iterator[Action]:
        """Every action naming the town card, as target or (always refused) as the one acting."""
        town = _town(state).name
        for stack in state.stacks:
            yield MeleeAttack(stack.name, town)
            yield MeleeAttack(stack.name, town, 2)
            yield RangedAttack(stack.name, town)
            for spell in stack.top.spells:
                yield SpellAttack(stack.name, town, spell.name)
            yield MeleeAttack(town, stack.name)
            yield Retaliate(stack.name, town, AttackKind.MELEE)
            for ally in state.stacks_on(stack.side):
                if ally.name != stack.name:
                    yield Support(stack.name, ally.name, town)
        yield Reorganize(town, Line.RANGED)

    def modify_score(
        self, state: BattleState, attacker: Stack, target: str, kind: AttackKind, score: AttackScore
    ) -> AttackScore:
        """The walls' penalty on a ranged attack at a stack inside: halved rounding up, or less 1.

        Taken from the whole score (levels, support, swarming in) by default, or from the top
        card's printed score under the other reading (ruling *What the walls' penalty applies
        to*); see [`penalty_walls`][battlebook.homm.siege.penalty_walls] for which attacks pay it.
        """
        walls = penalty_walls(state, attacker, target, kind)
        if walls is None:
            return score
        if state.ruleset.town_penalty is PenaltyBase.CARD_SCORE:
            return score.with_printed(walls.penalize(score.printed))
        return score.adjusted_to(walls.penalize(score.whole))

    def reach(self, state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> Override | None:
        """A unit that ignores obstacles flies in over damaged walls, and is stopped by intact ones.

        Other units are left to the line rule: they reach only the Melee Line.
        """
        if not state.ruleset.follows_melee_lines(kind) or _behind_walls(state, attacker, target) is None:
            return None
        return Override(walls_block(state, attacker, target))

    def attack_violation(
        self, state: BattleState, attacker: Stack, target: str, kind: AttackKind, score: int
    ) -> RuleViolation | None:
        """A ranged attack the walls cut to 0: refused only under the alternative reading.

        By default it may be made (ruling *A shot the walls cut to nothing*): the rule that
        bars a ranged score of 0 speaks of the unit's printed score.
        """
        if kind is not AttackKind.RANGED or score > 0 or state.ruleset.zero_shot_allowed:
            return None
        if penalty_walls(state, attacker, target, kind) is None:
            return None
        return RuleViolation(
            ids.RULING_ZERO_SHOT,
            f"under this ruleset the walls cut the {attacker.name}'s shot to {score}: no shot",
        )

    def reorganizing(self, state: BattleState, stack: Stack, to: Line) -> Override | None:
        """A Defender's stack coming out of its town to the Melee Line: free, at the time the ruleset reads."""
        if not is_emerging(state, stack, to):
            return None
        return Override(emerging_violation(state, stack))

    def melee_minimum(self, state: BattleState, side: Side) -> int | None:
        """The walls stand in for the Defender's Melee Line: 0 stacks while intact, 1 once Breached, 2 once Sacked."""
        town = _town(state)
        return town.walls.melee_minimum if town.side is side else None

    def calls_out(self, before: BattleState, after: BattleState, side: Side) -> int:
        """The hit that Breaches the walls calls one of the Defender's stacks out, even past its minimum.

        So the text reads (ruling *Breached walls call a stack out*): a stack already outside
        does not spare the Defender. Under the alternative reading, and for the Sacking hit,
        only the walls' minimum counts.
        """
        town, was = after.town, before.town
        if town is None or was is None or town.side is not side:
            return 0
        breached = was.walls is Walls.INTACT and town.walls is Walls.BREACHED
        return 1 if breached and after.ruleset.breach_call is BreachCall.ONE_STACK_OUT else 0

    def retreat_violation(self, state: BattleState, action: Withdraw | OfferSurrender) -> RuleViolation | None:
        """The town's Defender fights to the end: it neither withdraws nor surrenders."""
        if not state.defends_town(action.side):
            return None
        what = "withdraw" if isinstance(action, Withdraw) else "surrender"
        return RuleViolation(ids.NO_RETREAT, f"the {action.side} defends its town: it cannot {what}")

    def after_battle(self, state: BattleState) -> BattleState:
        """Once the battle is over, a damaged town's walls are repaired at once."""
        town = _town(state)
        return state if town.walls is Walls.INTACT else replace(state, town=replace(town, walls=Walls.INTACT))


#: The town's rules: the extension every battle in a town is fought with.
TOWN_RULES = TownRules()
