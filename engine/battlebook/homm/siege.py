"""Battles in towns: the town card, its walls, the ranged penalties, flying in, emerging, no retreat.

A battle in a town is fought with one more [`Extension`][battlebook.homm.state.Extension] of
the general rules, a [`Town`][battlebook.homm.siege.Town], in the state's `extensions` like
any other: it holds the [`TownCard`][battlebook.homm.town.TownCard] and the town's own
[settings][battlebook.homm.town.TownSettings]. The card stands where its owner's Melee Line
would be: it never attacks, has defense 10, and only melee attacks can hit it. Each hit
turns its walls one step, from intact to Breached to Sacked, and the defender must then
keep 1 stack, later 2, on its Melee Line (see [`melee_minimum`][battlebook.homm.flow.melee_minimum]).
While the walls are not Sacked, the attackers' ranged attacks at stacks on the
defender's Ranged Line lose part of their score.

The Town Card is a kind of target, the walls modify ranged scores and stop melee reach,
the walls set the Defender's Melee Line minimum, the stacks inside come out for free, and
the Defender never retreats. The general rules ([`combat`][battlebook.homm.combat],
[`flow`][battlebook.homm.flow], [`rules`][battlebook.homm.rules]) do not import this module
and name no town: they fold the extensions in play (see [`extensions`][battlebook.homm.extensions]).
This module sits above them and calls their checks (an attacker's opportunity and line, a
swat, a supporter's ally) for the town card as for a stack.

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
    ...     .with_extension(Town(TownCard("Town Card", Side.DEFENDER))))
    >>> result = apply(state, MeleeAttack("Gold Golems", "Town Card"), ScriptedDice([3]))
    >>> result.attack.total, town_of(result.state).card.walls, result.moved_up
    (10, <Walls.BREACHED: 'Breached'>, ('Guards',))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

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
from battlebook.homm.combat import (
    ally_violation,
    enemies_violation,
    picked_violation,
    stand_violation,
    swat_violation,
)
from battlebook.homm.flow import MELEE_LINE_MINIMUM
from battlebook.homm.opportunity import opportunity_violation
from battlebook.homm.scores import AttackScore
from battlebook.homm.state import BattleState, Extension, Line, Override, Side, Stack, Stage
from battlebook.homm.town import BreachCall, EmergingTime, PenaltyBase, TownCard, TownSettings, Walls
from battlebook.homm.units import Ability, AttackKind

__all__ = ["SETTINGS", "Town", "TownCard", "TownSettings", "Walls", "town_of"]

#: The names of the town's own settings (a reading naming one of them is the town's to apply).
SETTINGS = frozenset(setting.name for setting in dataclasses.fields(TownSettings))


def town_of(state: BattleState) -> Town | None:
    """The town the battle is fought in, or `None` in the open field.

    Examples:
        >>> town_of(BattleState()) is None
        True
    """
    return next((extension for extension in state.extensions if isinstance(extension, Town)), None)


@dataclass(frozen=True)
class Town(Extension):
    """The rules of a battle in a town, as one extension of the general rules: its card, its settings.

    The extension is a value: a hit on the card returns a state holding the town with its
    card turned.

    Examples:
        >>> state = BattleState().with_extension(Town(TownCard("Town Card", Side.DEFENDER)))
        >>> town = town_of(state)
        >>> town.pieces(state), town.melee_minimum(state, Side.DEFENDER)
        (('Town Card',), 0)
        >>> town_of(town.piece_hit(state, "Town Card")).card.walls
        <Walls.BREACHED: 'Breached'>
    """

    card: TownCard
    settings: TownSettings = field(default_factory=TownSettings)

    @property
    def side(self) -> Side:
        """The side defending the town."""
        return self.card.side

    def defends(self, side: Side) -> bool:
        """Whether `side` is the army defending this town."""
        return self.card.side is side

    def reading(self, settings: Mapping[str, object]) -> Town:
        """This town played under the readings in `settings` that are its own (see `SETTINGS`)."""
        mine = {name: value for name, value in settings.items() if name in SETTINGS}
        return replace(self, settings=replace(self.settings, **mine)) if mine else self  # type: ignore[arg-type]

    # --- the town card, a kind of target ---------------------------------------------

    def pieces(self, state: BattleState) -> tuple[str, ...]:
        """The town card: the one target of the battle that is no creature stack."""
        return (self.card.name,)

    def piece_violation(self, state: BattleState, action: Action) -> RuleViolation | None:
        """Why the rules refuse `action`, which names the town card, or `None` when they allow it.

        The town card never acts and cannot be supported; it can only be the target of a melee
        attack (one card, no swat) by an enemy stack on its Melee Line, or of the support
        promised to such an attack.
        """
        town = self.card
        if isinstance(action, Support) and action.ally == town.name:
            return RuleViolation(ids.TOWN_CARD, f"the {town.name} never attacks: no stack can sacrifice to support it")
        if town.name in acting_names(action):
            return RuleViolation(
                ids.TOWN_CARD, f"the {town.name} is no creature stack: it never attacks, moves or supports"
            )
        if isinstance(action, Retaliate):
            return RuleViolation(
                ids.TOWN_CARD, f"the {town.name} never attacks, so there is no attack of its to answer"
            )
        if isinstance(action, Support):
            return self._support_violation(state, action)
        if isinstance(action, MeleeAttack | RangedAttack | SpellAttack):
            return self._attack_violation(state, action)
        return None

    def _attack_violation(self, state: BattleState, action: Attack) -> RuleViolation | None:
        """An attack on the card: the general checks of an attacker, then what only the card asks (melee, one card)."""
        town, attacker = self.card, state.stack(action.attacker)
        violation = enemies_violation(ids.TOWN_CARD, attacker, town.side, town.name)
        if violation is not None:
            return violation
        if action.kind is not AttackKind.MELEE:
            return RuleViolation(
                ids.TOWN_CARD,
                f"only melee attacks can hit the {town.name}: "
                f"the {attacker.name} cannot make a {action.kind} attack at it",
            )
        return (
            opportunity_violation(state, attacker)
            or stand_violation(state, attacker, action.kind)
            or swat_violation(state, town.name, 1, action.kind, len(action.picked) or action.swat)
            or picked_violation(state, town.name, action.picked, holds=False)
        )

    def _support_violation(self, state: BattleState, action: Support) -> RuleViolation | None:
        """Support against the card: the general checks of a supporter, who must be able to melee the card itself."""
        town = self.card
        supporter, ally = state.stack(action.supporter), state.stack(action.ally)
        violation = (
            ally_violation(supporter, ally)
            or enemies_violation(ids.TOWN_CARD, supporter, town.side, town.name)
            or opportunity_violation(state, supporter)
        )
        if violation is not None:
            return violation
        if stand_violation(state, supporter, AttackKind.MELEE) is not None:
            return RuleViolation(
                ids.COMMON_TARGET,
                f"only melee attacks hit the {town.name}, and the {supporter.name} on their {supporter.line} Line "
                "could not make one themselves",
            )
        return None

    def piece_defense(self, state: BattleState, piece: str) -> int:
        """The town card's defense: always 10."""
        return self.card.defense

    def piece_hit(self, state: BattleState, piece: str) -> BattleState:
        """A hit turns the walls one step; the card is never removed, and Sacked walls stay Sacked."""
        turned = replace(self, card=replace(self.card, walls=self.card.walls.after_hit))
        return replace(state.replacing_extension(self, turned), last_attack=None)

    def piece_hit_words(self, state: BattleState, piece: str) -> str:
        """What a hit on the card does, in words: it hits the walls."""
        return "hits the walls"

    def piece_actions(self, state: BattleState) -> Iterator[Action]:
        """Every action naming the town card, as target or (always refused) as the one acting."""
        town = self.card.name
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

    # --- the walls: scores and reach ---------------------------------------------------

    def penalty_walls(self, state: BattleState, attacker: Stack, target: str, kind: AttackKind) -> Walls | None:
        """The walls a ranged attack must shoot over, or `None` when it suffers no penalty.

        Only an attack of the town's enemy, at a stack on the town's Ranged Line, by a unit
        that does not ignore obstacles, over walls that are not Sacked, is penalized. Spells,
        attacks at the Melee Line and the defender's own attacks are not.
        """
        town = self.card
        if kind is not AttackKind.RANGED or attacker.side is town.side or not state.has_stack(target):
            return None
        aimed = state.stack(target)
        if aimed.side is not town.side or aimed.line is not Line.RANGED or town.walls is Walls.SACKED:
            return None
        if attacker.top.has_ability(Ability.IGNORES_OBSTACLES):
            return None
        return town.walls

    def modify_score(
        self, state: BattleState, attacker: Stack, target: str, kind: AttackKind, score: AttackScore
    ) -> AttackScore:
        """The walls' penalty on a ranged attack at a stack inside: halved rounding up, or less 1.

        Taken from the whole score (levels, support, swarming in) by default, or from the top
        card's printed score under the other reading (ruling *What the walls' penalty applies
        to*); see [`penalty_walls`][battlebook.homm.siege.Town.penalty_walls] for which attacks pay it.
        """
        walls = self.penalty_walls(state, attacker, target, kind)
        if walls is None:
            return score
        if self.settings.town_penalty is PenaltyBase.CARD_SCORE:
            return score.with_printed(walls.penalize(score.printed))
        return score.adjusted_to(walls.penalize(score.whole))

    def _behind_walls(self, attacker: Stack, target: Stack) -> bool:
        """Whether `attacker`, which ignores obstacles, aims over the walls at a stack inside the town."""
        town = self.card
        if attacker.side is town.side or target.side is not town.side or target.line is not Line.RANGED:
            return False
        return attacker.top.has_ability(Ability.IGNORES_OBSTACLES)

    def flies_in(self, attacker: Stack, target: Stack) -> bool:
        """Whether `attacker` ignores obstacles and may fly in to melee `target` behind walls no longer intact."""
        return self._behind_walls(attacker, target) and self.card.walls is not Walls.INTACT

    def walls_block(self, attacker: Stack, target: Stack) -> RuleViolation | None:
        """The refusal of a unit that ignores obstacles trying to fly in over intact walls, or `None`."""
        if not self._behind_walls(attacker, target) or self.card.walls is not Walls.INTACT:
            return None
        return RuleViolation(
            ids.TOWN_IGNORING_OBSTACLES,
            f"the walls of the {self.card.name} are intact: even the {attacker.top.name}, which ignores obstacles, "
            f"cannot reach the {target.name} behind them until the walls are Breached",
        )

    def reach(self, state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> Override | None:
        """A unit that ignores obstacles flies in over damaged walls, and is stopped by intact ones.

        Other units are left to the line rule: they reach only the Melee Line.
        """
        if not state.ruleset.follows_melee_lines(kind) or not self._behind_walls(attacker, target):
            return None
        return Override(self.walls_block(attacker, target))

    def reaches_from_any_line(self, state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> bool:
        """Under the alternative of the ruling *A flier and the walls*: a flier over damaged walls, from any line."""
        return (
            self.settings.fliers_from_any_line
            and state.ruleset.follows_melee_lines(kind)
            and self.flies_in(attacker, target)
        )

    def attack_violation(
        self, state: BattleState, attacker: Stack, target: str, kind: AttackKind, score: int
    ) -> RuleViolation | None:
        """A ranged attack the walls cut to 0: refused only under the alternative reading.

        By default it may be made (ruling *A shot the walls cut to nothing*): the rule that
        bars a ranged score of 0 speaks of the unit's printed score.
        """
        if kind is not AttackKind.RANGED or score > 0 or self.settings.zero_shot_allowed:
            return None
        if self.penalty_walls(state, attacker, target, kind) is None:
            return None
        return RuleViolation(
            ids.RULING_ZERO_SHOT,
            f"under this ruleset the walls cut the {attacker.name}'s shot to {score}: no shot",
        )

    # --- the stacks inside: emerging, the Melee Line, no retreat ---------------------

    def is_emerging(self, stack: Stack, to: Line) -> bool:
        """Whether moving `stack` to `to` is a town defender's stack coming out to its Melee Line (a free move)."""
        return stack.side is self.card.side and stack.line is Line.RANGED and to is Line.MELEE

    def emerging_violation(self, state: BattleState, stack: Stack) -> RuleViolation | None:
        """Why `stack` may not come out of its town now, or `None` (ruling *When a stack comes out of its town*).

        By default only in its own phase, on its side's turn, while its opportunity is unused
        (which it keeps); under the alternative reading at any time a phase is being played.
        """
        if self.settings.emerging is EmergingTime.OWN_PHASE:
            return opportunity_violation(state, stack)
        clock = state.clock
        if clock is not None and clock.stage is not Stage.PHASE:
            return RuleViolation(ids.PHASES, f"round {clock.round} is over: no stack comes out until the next round")
        return None

    def reorganizing(self, state: BattleState, stack: Stack, to: Line) -> Override | None:
        """A Defender's stack coming out of its town to the Melee Line: free, at the time the settings read."""
        if not self.is_emerging(stack, to):
            return None
        return Override(self.emerging_violation(state, stack))

    def melee_minimum(self, state: BattleState, side: Side) -> int | None:
        """The walls stand in for the Defender's Melee Line: 0 stacks while intact, 1 once Breached, 2 once Sacked."""
        return self.card.walls.melee_minimum if self.defends(side) else None

    def refill_on_fall(self, state: BattleState, side: Side) -> int | None:
        """Under the town's three rule, the Defender refills its Melee Line to three whenever its count falls."""
        return MELEE_LINE_MINIMUM if self.settings.town_three_rule and self.defends(side) else None

    def calls_out(self, before: BattleState, after: BattleState, side: Side) -> int:
        """The hit that Breaches the walls calls one of the Defender's stacks out, even past its minimum.

        So the text reads (ruling *Breached walls call a stack out*): a stack already outside
        does not spare the Defender. Under the alternative reading, and for the Sacking hit,
        only the walls' minimum counts.
        """
        was = town_of(before)
        if was is None or not self.defends(side):
            return 0
        breached = was.card.walls is Walls.INTACT and self.card.walls is Walls.BREACHED
        return 1 if breached and self.settings.breach_call is BreachCall.ONE_STACK_OUT else 0

    def retreat_violation(self, state: BattleState, action: Withdraw | OfferSurrender) -> RuleViolation | None:
        """The town's Defender fights to the end: it neither withdraws nor surrenders."""
        if not self.defends(action.side):
            return None
        what = "withdraw" if isinstance(action, Withdraw) else "surrender"
        return RuleViolation(ids.NO_RETREAT, f"the {action.side} defends its town: it cannot {what}")

    def after_battle(self, state: BattleState) -> BattleState:
        """Once the battle is over, a damaged town's walls are repaired at once."""
        if self.card.walls is Walls.INTACT:
            return state
        return state.replacing_extension(self, replace(self, card=replace(self.card, walls=Walls.INTACT)))
