"""Whole battles in Heroes of Might & Magic: several stacks a side, under the plain plan and under best play.

An open-field battle (no heroes, towns or spells) of any stacks, fought to the end through
the rules themselves ([`rules.apply`][battlebook.homm.rules.apply] through the game's
contract, branching on the die as [`Game.outcomes`][battlebook.game.Game.outcomes] says).
In each phase the Aggressor's stacks of that phase act, then the Defender's, each side's in
the order they were listed; at every decision the rules give, the contest
([`HommContest`][battlebook.homm.battle.HommContest]) lists every option:

- a stack's attack opportunity: every melee and ranged attack the rules allow, each swat
  size; supporting a friend against each enemy (a sacrifice); swarming; protecting;
  reorganizing to the other line; or letting the opportunity pass. One limit is
  Battlebook's, not the rules': a stack does not sacrifice again for a friend whose attack
  already waits on its support (the rules let support wait for ever, so without this limit
  a battle whose supported stack never attacks would have no end of positions);
- an attacked stack's answer: retaliating (each swat size), or not;
- automatic reorganizing that leaves a choice: which stack moves up (by the side the ruleset names);
- at the end of each round, neither side withdraws nor surrenders (no hero is in the battle).

Two ways to play it:

- **plain** ([`plain`][battlebook.homm.battle.plain]): every stack attacks when it can, in
  melee if it stands on its Melee Line and a target is there, else at range, the target it
  kills with the highest chance (ties: the enemy's first listed stack), top card only; it
  always retaliates; a forced move takes the first listed stack; a stack with no attack passes;
- **best play** ([`battlebook.battle.solve_best`][battlebook.battle.solve_best]): the
  Aggressor maximizes its chance of winning, the Defender minimizes it.

Examples:
    >>> odds = battle_odds((StackSpec(2, 1, 3, 0, 7, 3, "melee"),), (StackSpec(1, 2, 4, 0, 7, 5, "melee"),))
    >>> odds.aggressor_wins + odds.defender_wins + odds.never_ends
    Fraction(1, 1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from battlebook import bounds
from battlebook.battle import BestPlay, Choice, Skip, solve_best, solve_plan
from battlebook.dice import ScriptedDice
from battlebook.errors import ScenarioError
from battlebook.fight import MAX_POSITIONS, Absorption, Ended, Move, without_cycle_collection
from battlebook.fight_report import FightArgumentError, FightReport
from battlebook.frozen import evolve
from battlebook.homm import rules
from battlebook.homm.actions import (
    Action,
    Decline,
    EndPhase,
    MeleeAttack,
    MoveUp,
    Opportunity,
    Protect,
    RangedAttack,
    Reorganize,
    Retaliate,
    Support,
    Swarm,
)
from battlebook.homm.dice import HitChance
from battlebook.homm.fight import position as fight_position
from battlebook.homm.fight import readings_of
from battlebook.homm.flow import chooser
from battlebook.homm.play import HOMM_PLAY, HommPlay, RememberingPlay
from battlebook.homm.ruleset import Ruleset, SupportTarget
from battlebook.homm.sides import Line, Side
from battlebook.homm.state import BattleState, Clock, Stack, Stage
from battlebook.homm.units import LAST_PHASE, MAX_STAT, UnitCard
from battlebook.odds import fraction_text

__all__ = [
    "BEST_MAX_POSITIONS",
    "MAX_CARDS",
    "MAX_STACKS",
    "BattleOdds",
    "HommContest",
    "StackSpec",
    "battle_odds",
    "battle_odds_in",
    "plain",
    "start_position",
]

#: The most stacks a side may field in the battle calculator, and the most cards a stack.
MAX_STACKS = bounds.BATTLE_MAX_STACKS
MAX_CARDS = bounds.BATTLE_MAX_CARDS
#: The most positions best play may reach (every option expanded) before the battle is refused.
BEST_MAX_POSITIONS = bounds.BATTLE_BEST_MAX_POSITIONS

#: How many attack resolutions best play's rules remember: the latest few (see `HommContest.play`).
_RECENT = 16

#: A position of the battle: the state (round and discard left out), and the stacks that let
#: their opportunity pass in the phase under way.
Position = tuple[BattleState, frozenset[str]]


@dataclass(frozen=True)
class StackSpec:
    """A stack of the calculator: `cards` cards of one unit, its stats, phase and line (`melee` or `ranged`).

    Examples:
        >>> StackSpec(3, 2, 3, 0, 7, 7, "melee").line
        'melee'
    """

    cards: int
    level: int
    melee: int
    ranged: int
    defense: int
    phase: int
    line: str

    def stack(self, name: str, side: Side, unit_name: str | None = None) -> Stack:
        """The stack, called `name`, of the unit `unit_name` (by default `name`'s), on `side`'s line."""
        unit = UnitCard(
            unit_name or f"{name}'s unit",
            level=self.level,
            phase=self.phase,
            melee=self.melee,
            ranged=self.ranged,
            defense=self.defense,
        )
        return Stack(name, side, Line.MELEE if self.line == "melee" else Line.RANGED, (unit,) * self.cards)

    def words(self) -> str:
        """The stack in words."""
        cards = "1 card" if self.cards == 1 else f"{self.cards} cards"
        return (
            f"{cards} of level {self.level}, melee {self.melee}, ranged {self.ranged}, defense {self.defense}, "
            f"phase {self.phase}, on the {self.line.capitalize()} Line"
        )


def _position(state: BattleState) -> BattleState:
    """The battle as a position: what no rule reads left out.

    The round and the discard pile; an attack that nothing may answer any more; and a
    sacrifice's snapshot of the supporter, which only the alternative reading of the
    common target reads.
    """
    state = fight_position(state)
    last = state.last_attack
    if last is not None and (
        not state.has_stack(last.target)
        or not state.has_stack(last.attacker)
        or HOMM_PLAY.legal_violation(state, Retaliate(last.target, last.attacker, last.kind)) is not None
    ):
        state = evolve(state, last_attack=None)
    if state.ruleset.support_target is SupportTarget.NAMED and any(b.helper for s in state.stacks for b in s.backing):
        stacks = tuple(
            replace(s, backing=tuple(replace(b, helper=None) for b in s.backing)) if s.backing else s
            for s in state.stacks
        )
        state = replace(state, stacks=stacks)
    return state


def _side_index(side: Side | None) -> int | None:
    return None if side is None else (0 if side is Side.AGGRESSOR else 1)


def _attack_words(action: MeleeAttack | RangedAttack | Retaliate) -> str:
    how = "in melee" if isinstance(action, MeleeAttack) or getattr(action, "kind", None) == "melee" else "at range"
    swat = f", swatting {action.swat} cards" if action.swat > 1 else ""
    return f"{how}{swat}"


def option_words(action: Action) -> str:
    """An option in words, as the answer names a decision ("have the Orcs swarm").

    Examples:
        >>> option_words(Swarm("Orcs"))
        'have the Orcs swarm'
    """
    match action:
        case MeleeAttack() | RangedAttack():
            return f"have the {action.attacker} attack the {action.target} {_attack_words(action)}"
        case Retaliate():
            return f"have the {action.retaliator} retaliate against the {action.target}{_attack_words(action)[8:]}"
        case Support():
            return f"have the {action.supporter} sacrifice to support the {action.ally} against the {action.target}"
        case Swarm():
            return f"have the {action.stack} swarm"
        case Protect():
            return f"have the {action.stack} protect"
        case Reorganize():
            return f"have the {action.stack} move to the {action.to} Line"
        case MoveUp():
            return f"move the {action.stack} up to the Melee Line"
    return str(action)


class HommContest:
    """The battle's decisions, as [`battlebook.battle`][battlebook.battle] asks for them.

    One contest serves one battle: it keeps where each run of certain steps leads, as it
    finds them (a battle asks again and again), and the choice at the end of a run until the
    solver asks for it (once: a position is expanded once). A choice asked for again is
    worked out again, so the contest holds no choice for a position the solver is done with.
    """

    def __init__(self, *, attacks_only: bool = False) -> None:
        """`attacks_only` lists only what the plain plan may take: attacks and retaliations of the top card, passing."""
        self.attacks_only = attacks_only
        #: The rules this battle is played through, remembering each attack resolved (one per
        #: solve; under best play only the latest few: each is asked for twice in a row, by the
        #: die's grouping of faces and by the solver). It trusts what it is given: the contest
        #: hands the solver only options it listed through the rules' legality checks.
        self.play = RememberingPlay(trusting=True) if attacks_only else RememberingPlay(keep=_RECENT, trusting=True)
        self._waiting: dict[Position, Choice[Position, BattleState, Action] | Ended[Side | None]] = {}
        self._landings: dict[Position, tuple[Position, int]] = {}

    def decide(self, position: Position) -> Choice[Position, BattleState, Action] | Ended[Side | None]:
        """Who decides at `position`, and every option the rules allow there."""
        found = self._waiting.pop(position, None)
        return found if found is not None else self._decide(position)

    def _decide(self, position: Position) -> Choice[Position, BattleState, Action] | Ended[Side | None]:
        state, passed = position
        if state.outcome is not None:
            return Ended(state.outcome.winner)
        clock = state.clock
        if clock is None:
            raise ScenarioError("the battle needs the round structure")
        if state.choosing is not None:
            picker = chooser(state, state.choosing)
            moves = [MoveUp(s.name, picker) for s in state.stacks_on(state.choosing, Line.RANGED)]
            legal = [m for m in moves if HOMM_PLAY.legal_violation(state, m) is None]
            return Choice(_side_index(picker), tuple((option_words(m), Move(state, m)) for m in legal))
        if clock.stage in (Stage.WITHDRAWAL, Stage.SURRENDER):
            return Choice(None, (("pass", Move(state, Decline(clock.turn))),))
        if clock.stage is not Stage.PHASE:
            raise ScenarioError("a surrender is on the table: the battle to the end cannot go on from there")
        answer = self._answers(state, passed)
        if answer is not None:
            return answer
        for stack in state.stacks_on(clock.turn):
            if stack.name in state.acted or stack.name in passed or state.stack_phase(stack) != clock.phase:
                continue
            options: list[tuple[str, Move[BattleState, Action] | Skip[Position]]] = [
                (option_words(action), Move(state, action))
                for action in self._opportunities(state, stack, self.attacks_only)
            ]
            options.append((f"have the {stack.name} let their opportunity pass", Skip((state, passed | {stack.name}))))
            return Choice(_side_index(clock.turn), tuple(options))
        return Choice(None, (("end the phase", Move(state, EndPhase(clock.turn))),))

    def _answers(self, state: BattleState, passed: frozenset[str]) -> Choice[Position, BattleState, Action] | None:
        last = state.last_attack
        if last is None or not state.has_stack(last.target) or not state.has_stack(last.attacker):
            return None
        target = state.stack(last.attacker)
        swats = range(1, 2 if self.attacks_only else target.size + 1)
        answers = [Retaliate(last.target, last.attacker, last.kind, swat) for swat in swats]
        legal = [a for a in answers if HOMM_PLAY.legal_violation(state, a) is None]
        if not legal:
            return None
        options: list[tuple[str, Move[BattleState, Action] | Skip[Position]]] = [
            (option_words(a), Move(state, a)) for a in legal
        ]
        if state.ruleset.retaliation_optional:
            options.append((f"have the {last.target} not retaliate", Skip((evolve(state, last_attack=None), passed))))
        return Choice(_side_index(state.stack(last.target).side), tuple(options))

    @staticmethod
    def _opportunities(state: BattleState, stack: Stack, attacks_only: bool) -> list[Opportunity]:
        enemies = state.stacks_on(stack.side.opponent)
        friends = [s for s in state.stacks_on(stack.side) if s.name != stack.name]
        candidates: list[Opportunity] = []
        for kind in (MeleeAttack, RangedAttack):
            for enemy in enemies:
                swats = range(1, 2 if attacks_only else enemy.size + 1)
                candidates += [kind(stack.name, enemy.name, swat) for swat in swats]
        if attacks_only:
            return [action for action in candidates if HOMM_PLAY.legal_violation(state, action) is None]
        candidates += [
            Support(stack.name, friend.name, enemy.name)
            for friend in friends
            if not any(backing.supporter == stack.name for backing in friend.backing)
            for enemy in enemies
        ]
        candidates += [Swarm(stack.name), Protect(stack.name)]
        candidates.append(Reorganize(stack.name, Line.RANGED if stack.line is Line.MELEE else Line.MELEE))
        return [action for action in candidates if HOMM_PLAY.legal_violation(state, action) is None]

    def advance(self, position: Position, move: Move[BattleState, Action], after: BattleState) -> tuple[Position, int]:
        """The position after `move`, its certain steps taken (ending a phase, letting the end of a round pass).

        The state is kept without round and discard (and without the sacrificing stack's
        snapshot, which only the alternative reading of the common target reads); passes are
        forgotten at a phase's end. The count is the rounds begun.
        """
        _, passed = position
        before, now = move.state.clock, after.clock
        rounds = int(before is not None and now is not None and now.round > before.round)
        if isinstance(move.action, EndPhase):
            passed = frozenset()
        reached: Position = (_position(after), passed)
        landing, more = self._land(reached)
        return landing, rounds + more

    def _land(self, reached: Position, keep: bool = True) -> tuple[Position, int]:
        """Where the run of certain steps from `reached` leads (itself if none), and the rounds it begins.

        Kept for the run's start (`keep`), for its end, and where runs from different positions
        meet: where a round's phases have ended (the stacks that acted or passed are forgotten
        there, and the end-of-round steps follow) and where a round begins. The positions in
        between are not kept (they are many, each met once or so).
        """
        found = self._landings.get(reached)
        if found is not None:
            return found
        following = self._decide(reached)
        landing: tuple[Position, int] = (reached, 0)
        if isinstance(following, Choice) and following.side is None and len(following.options) == 1:
            _, step = following.options[0]
            if isinstance(step, Move) and not HOMM_PLAY.is_attack(step.action):
                # A certain step passed through: its choice is not kept (nothing asks for it again).
                self._landings[reached] = landing  # a run that comes back to itself stops here
                after = self.play.apply(step.state, step.action, ScriptedDice()).state
                if isinstance(step.action, EndPhase):
                    after = self._end_idle_phases(after)
                clock, now = step.state.clock, after.clock
                rounds = int(clock is not None and now is not None and now.round > clock.round)
                passed = frozenset() if isinstance(step.action, EndPhase) else reached[1]
                met = rounds > 0 or (
                    clock is not None
                    and clock.stage is Stage.PHASE
                    and now is not None
                    and now.stage is not Stage.PHASE
                )
                at, more = self._land((_position(after), passed), met)
                landing = (at, rounds + more)
        if landing[0] is reached:
            self._waiting[reached] = following  # the solver asks for it next
        if keep or landing[0] is reached:
            self._landings[reached] = landing
        else:
            self._landings.pop(reached, None)
        return landing

    def _end_idle_phases(self, state: BattleState) -> BattleState:
        """`state` once the rules have ended every phase after it in which no stack of the side whose turn it is acts.

        Each phase is ended by the rules' own step (`EndPhase`), as the run would end it: only
        the positions in between are not looked at, where this contest would decide nothing
        but to end the phase. Only while some stack has acted this round: such a position
        cannot come back later in a run (the round's end forgets who acted, and nobody acts
        in a run), so a run that comes back to itself is found at the same position as
        before.
        """
        clock = state.clock
        while (
            clock is not None
            and clock.stage is Stage.PHASE
            and state.acted
            and state.outcome is None
            and state.choosing is None
            and state.last_attack is None
            and all(state.stack_phase(stack) != clock.phase for stack in state.stacks_on(clock.turn))
        ):
            state = self.play.apply(state, EndPhase(clock.turn), ScriptedDice()).state
            clock = state.clock
        return state

    def winner(self, outcome: Side | None) -> int | None:
        """0 for the Aggressor, 1 for the Defender."""
        return _side_index(outcome)

    def plain(self, position: Position, choice: Choice[Position, BattleState, Action]) -> int:
        """[`plain`][battlebook.homm.battle.plain] through this battle's rules (each attack it weighs resolved once)."""
        return _plain(self.play, choice)


def _killing(play: HommPlay, state: BattleState, action: Action) -> Fraction:
    """The chance that `action` kills: the faces of the die with which it hits, as the rules read its roll.

    The attack is not resolved: the score it strikes with and the defense it must reach
    ([`rules.attack_threshold`][battlebook.homm.rules.attack_threshold], the numbers `apply`
    resolves it with) tell which faces hit, as
    [`HommPlay.outcomes`][battlebook.homm.play.HommPlay.outcomes] groups them. Otherwise (an
    attack on a piece) from the results of its die the rules tell apart: at most two, one
    whose faces all miss and one whose faces all hit; the first result is resolved, and the
    other, if any, is the opposite.
    """
    threshold = rules.attack_threshold(state, action) if isinstance(action, MeleeAttack | RangedAttack) else None
    if threshold is not None:
        return HitChance(*threshold, state.ruleset.numbered_faces).hit
    rolls = list(play.outcomes(state, action))
    if len(rolls) > 2:
        return sum((r.chance for r in rolls if play.attack_effect(play.apply(state, action, r.dice))[1]), Fraction(0))
    first = play.attack_effect(play.apply(state, action, rolls[0].dice))[1]
    return rolls[0].chance if first else 1 - rolls[0].chance


def plain(position: Position, choice: Choice[Position, BattleState, Action]) -> int:
    """The plain plan's option at a choice (see the module's docstring).

    Examples:
        >>> from battlebook.homm.units import AttackKind
        >>> answer = Move(BattleState(), Retaliate("Orcs", "Golems", AttackKind.MELEE))
        >>> plain((BattleState(), frozenset()), Choice(1, (("answer", answer), ("not", Skip(None)))))
        0
        >>> plain((BattleState(), frozenset()), Choice(0, (("let it pass", Skip(None)),)))
        0
    """
    return _plain(HOMM_PLAY, choice)


def _plain(play: HommPlay, choice: Choice[Position, BattleState, Action]) -> int:
    moves = [(i, step.action, step.state) for i, (_, step) in enumerate(choice.options) if isinstance(step, Move)]
    if not moves:
        return len(choice.options) - 1
    first = moves[0][1]
    if isinstance(first, Retaliate | MoveUp):
        return moves[0][0]
    state = moves[0][2]
    top = [(i, a) for i, a, _ in moves if isinstance(a, MeleeAttack | RangedAttack) and a.swat == 1]
    attacker = state.stack(top[0][1].attacker) if top else None
    melee = [(i, a) for i, a in top if isinstance(a, MeleeAttack)]
    ranged = [(i, a) for i, a in top if isinstance(a, RangedAttack)]
    pool = melee if attacker is not None and attacker.line is Line.MELEE and melee else ranged
    if not pool:
        return len(choice.options) - 1
    if len(pool) == 1:
        return pool[0][0]
    chances = [_killing(play, state, a) for _, a in pool]
    best = max(chances)
    return pool[chances.index(best)][0]


@dataclass(frozen=True)
class BattleOdds:
    """How a HoMM battle of several stacks goes, exactly, under one way of playing it.

    Attributes:
        play: `plain` or `best`.
        aggressor_wins: The chance that the Defender has no stack left first.
        defender_wins: The chance that the Aggressor has no stack left first.
        never_ends: The chance that the battle never ends.
        expected_rounds: The expected number of combat rounds (the last one counted), or
            `None` when the battle may never end.
        first_decision: Under best play, the first decision in words ("the Aggressor's best
            first decision is to ..."); `None` under a plan, or when nobody has a choice.
        rounds_depend_on_ties: Under best play, whether breaking an exact tie another way
            could change `expected_rounds`.
        readings: The readings of the rules the answer took.
        positions: How many positions the answer went through.
        solved: Under best play, the solver's answer with the strategies it found
            ([`BestPlay.strategy`][battlebook.battle.BestPlay], keyed by the positions of
            [`HommContest`][battlebook.homm.battle.HommContest] from
            [`start_position`][battlebook.homm.battle.start_position]); `None` under a plan.
    """

    play: str
    aggressor_wins: Fraction
    defender_wins: Fraction
    never_ends: Fraction
    expected_rounds: Fraction | None
    first_decision: str | None
    rounds_depend_on_ties: bool
    readings: tuple[str, ...]
    positions: int
    solved: BestPlay[Side | None] | None = field(default=None, compare=False, repr=False)

    def json(self) -> dict[str, Any]:
        """The answer with exact fractions as `"p/q"` strings (the command line's keys)."""
        data: dict[str, Any] = {
            "aggressor_wins": fraction_text(self.aggressor_wins),
            "defender_wins": fraction_text(self.defender_wins),
            "never_ends": fraction_text(self.never_ends),
            "expected_rounds": None if self.expected_rounds is None else fraction_text(self.expected_rounds),
        }
        if self.play == "best":
            data["first_decision"] = self.first_decision
            data["expected_rounds_depends_on_ties"] = self.rounds_depend_on_ties
        data["positions"] = self.positions
        data["readings"] = list(self.readings)
        return data


def _decision_words(decision: tuple[int, str] | None) -> str | None:
    if decision is None:
        return None
    side, label = decision
    return f"the {'Aggressor' if side == 0 else 'Defender'}'s best first decision is to {label}"


def start_position(state: BattleState) -> Position:
    """The position the battle `state` is fought from, as [`HommContest`][battlebook.homm.battle.HommContest] keys it.

    From round 1, phase 1 for a battle that has not started. Raises `ScenarioError` for a
    battle the calculator cannot play (a side without stacks, a town).
    """
    if not state.stacks_on(Side.AGGRESSOR) or not state.stacks_on(Side.DEFENDER):
        raise ScenarioError("a battle needs a stack on each side")
    if state.extensions:
        raise ScenarioError("the battle calculator plays open-field battles: this one is fought in a town")
    return (_position(state if state.clock is not None else replace(state, clock=Clock())), frozenset())


def _plain_answer(start: Position, limit: int) -> Absorption[Side | None]:
    """The battle from `start` under the plain plan, solved through a contest that lives only as long as the solve."""
    planned = HommContest(attacks_only=True)
    return solve_plan(planned.play, planned, planned.plain, start, limit=limit)


def battle_odds_in(state: BattleState, play: str = "plain", *, limit: int | None = None) -> BattleOdds:
    """The odds of the battle `state` fought to the end by every stack in it, under `play` (`plain` or `best`).

    It goes on from where it stands (from round 1, phase 1 for a battle that has not started),
    under its ruleset. Raises `FightTooLarge` past the bound of positions.

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> golem = KNOWN_UNITS["Gold Golem"]
        >>> state = (BattleState()
        ...     .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (golem,) * 3))
        ...     .with_stack(Stack("Lone Golem", Side.DEFENDER, Line.MELEE, (golem,))))
        >>> battle_odds_in(state, "best").aggressor_wins
        Fraction(1, 1)
    """
    start = start_position(state)
    readings = readings_of(state.ruleset)
    if play == "plain":
        with without_cycle_collection():  # and the contest's positions freed before the collector is back
            answer = _plain_answer(start, limit or MAX_POSITIONS)
        won = {side: sum((p for w, p in answer.outcomes.items() if w is side), Fraction(0)) for side in Side}
        expected = None if answer.expected_count is None else 1 + answer.expected_count
        return BattleOdds(
            "plain",
            won[Side.AGGRESSOR],
            won[Side.DEFENDER],
            answer.never_ends,
            expected,
            None,
            False,
            readings,
            answer.positions,
        )
    if play != "best":
        raise FightArgumentError(f"the HoMM battle is played 'plain' or 'best', not {play[:20]!r}")
    contest = HommContest()
    best: BestPlay[Side | None] = solve_best(contest.play, contest, start, limit=limit or BEST_MAX_POSITIONS)
    return BattleOdds(
        "best",
        best.first_wins,
        best.second_wins,
        best.never_ends,
        None if best.expected_count is None else 1 + best.expected_count,
        _decision_words(best.first_decision),
        best.count_depends_on_ties,
        readings,
        best.positions,
        best,
    )


#: How the calculator names each side's stacks' units, in the order listed: the Aggressor's
#: `Red One`, `Red Two`..., the Defender's `Blue One`... (the names its answer and its example share).
COLOURS = {Side.AGGRESSOR: "Red", Side.DEFENDER: "Blue"}
NUMBERS = ("One", "Two", "Three", "Four", "Five", "Six")


def unit_name(side: Side, number: int) -> str:
    """The name of the unit of `side`'s stack `number` (from 1) in the calculator's battle.

    Examples:
        >>> unit_name(Side.DEFENDER, 2)
        'Blue Two'
    """
    return f"{COLOURS[side]} {NUMBERS[number - 1]}"


def stack_name(side: Side, number: int, cards: int) -> str:
    """The name of `side`'s stack `number` of `cards` cards, as an example calls a stack of its unit.

    Examples:
        >>> stack_name(Side.AGGRESSOR, 1, 1), stack_name(Side.AGGRESSOR, 2, 3)
        ('Red One', 'Red Twos')
    """
    unit = unit_name(side, number)
    return unit if cards == 1 else f"{unit}s"


def battle_state(
    aggressor: Sequence[StackSpec], defender: Sequence[StackSpec], ruleset: Ruleset | None = None
) -> BattleState:
    """The battle of the stacks given by their numbers, named by [`stack_name`][battlebook.homm.battle.stack_name]."""
    state = BattleState(ruleset or Ruleset(), clock=Clock())
    for side, specs in ((Side.AGGRESSOR, aggressor), (Side.DEFENDER, defender)):
        for number, spec in enumerate(specs, start=1):
            state = state.with_stack(spec.stack(stack_name(side, number, spec.cards), side, unit_name(side, number)))
    return state


def _check(what: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise FightArgumentError(f"{what} is {value}: give a whole number from {low} to {high}")


def check_stacks(who: str, specs: Sequence[StackSpec]) -> None:
    """Refuse a side the calculator cannot take, in one line naming the bound."""
    _check(f"the {who}'s number of stacks", len(specs), 1, MAX_STACKS)
    for number, spec in enumerate(specs, start=1):
        name = f"the {who}'s stack {number}"
        _check(f"{name}'s number of cards", spec.cards, 1, MAX_CARDS)
        for what, value in (("level", spec.level), ("melee score", spec.melee), ("ranged score", spec.ranged)):
            _check(f"{name}'s {what}", value, 0, MAX_STAT)
        _check(f"{name}'s defense", spec.defense, 0, MAX_STAT)
        _check(f"{name}'s phase", spec.phase, 1, LAST_PHASE)
        if spec.line not in ("melee", "ranged"):
            raise FightArgumentError(f"{name}'s line is melee or ranged, not {spec.line[:20]!r}")


def battle_odds(
    aggressor: Sequence[StackSpec], defender: Sequence[StackSpec], ruleset: Ruleset | None = None, play: str = "plain"
) -> BattleOdds:
    """The odds of a battle of the stacks given by their numbers, under `ruleset` and `play`."""
    check_stacks("Aggressor", aggressor)
    check_stacks("Defender", defender)
    return battle_odds_in(battle_state(aggressor, defender, ruleset), play)


# --- The calculator's question, from text ------------------------------------------------

#: The bounds best play puts on a battle before it is solved (every option counted, the
#: positions grow fast): the stacks of both sides together, the cards of a stack, and the
#: cards of all stacks together when there are more than two stacks.
BEST_MAX_STACKS = bounds.BATTLE_BEST_MAX_STACKS
BEST_MAX_CARDS = bounds.BATTLE_BEST_MAX_CARDS
BEST_MAX_TOTAL_CARDS = bounds.BATTLE_BEST_MAX_TOTAL_CARDS
#: The lines a stack may stand on, as the calculator writes them.
LINES = ("melee", "ranged")


def stacks_of(text: str, who: str) -> tuple[StackSpec, ...]:
    """A side's stacks written `CARDS,LEVEL,MELEE,RANGED,DEFENSE,PHASE,LINE;...`, in the order listed.

    Examples:
        >>> stacks_of("2,1,3,0,7,3,melee;1,1,2,3,5,4,ranged", "Aggressor")[1].line
        'ranged'
        >>> stacks_of("2,1,3", "Aggressor")
        Traceback (most recent call last):
        ...
        battlebook.fight_report.FightArgumentError: the Aggressor's stack 1 is CARDS,LEVEL,MELEE,RANGED,...
    """
    parts = [part for part in text.split(";")]
    if len(parts) > MAX_STACKS:
        raise FightArgumentError(f"the {who} has {len(parts)} stacks: give from 1 to {MAX_STACKS}")
    specs = []
    for number, part in enumerate(parts, start=1):
        fields = [field.strip() for field in part.split(",")]
        name = f"the {who}'s stack {number}"
        if len(fields) != 7:
            raise FightArgumentError(
                f"{name} is CARDS,LEVEL,MELEE,RANGED,DEFENSE,PHASE,LINE (such as 3,2,3,0,7,7,melee), "
                f"not {part.strip()[:40]!r}"
            )
        numbers = [bounds.read_whole(field, name, 0, bounds.MAX_SCORE) for field in fields[:6]]
        line = fields[6].lower()
        if line not in LINES:
            raise FightArgumentError(f"{name}'s line is melee or ranged, not {fields[6][:20]!r}")
        cards, level, melee, ranged, defense, phase = numbers
        specs.append(StackSpec(cards, level, melee, ranged, defense, phase, line))
    return tuple(specs)


def check_best(aggressor: Sequence[StackSpec], defender: Sequence[StackSpec]) -> None:
    """Refuse at once, naming the bound, a battle too large for best play."""
    stacks = [*aggressor, *defender]
    if len(stacks) > BEST_MAX_STACKS:
        raise FightArgumentError(
            f"best play solves battles of at most {BEST_MAX_STACKS} stacks in all, not {len(stacks)}: "
            "ask with --play plain, or with fewer stacks"
        )
    most = max(spec.cards for spec in stacks)
    if most > BEST_MAX_CARDS:
        raise FightArgumentError(
            f"best play solves stacks of at most {BEST_MAX_CARDS} cards, not {most}: ask with --play plain"
        )
    total = sum(spec.cards for spec in stacks)
    if len(stacks) > 2 and total > BEST_MAX_TOTAL_CARDS:
        raise FightArgumentError(
            f"best play solves battles of more than two stacks with at most {BEST_MAX_TOTAL_CARDS} cards in all, "
            f"not {total}: ask with --play plain, or with fewer cards"
        )


def battle_report(arguments: Mapping[str, str]) -> FightReport:
    """The battle calculator's answer for arguments written as text, as the command line and the page ask it.

    Arguments: `aggressor` and `defender` (stacks, see [`stacks_of`][battlebook.homm.battle.stacks_of]),
    `play` (`plain` or `best`), `faces` (`0-9` or `1-10`), `reading` (the words of alternative
    readings, separated by `;`, or a ruling's name the fight calculator takes).

    Examples:
        >>> report = battle_report({"aggressor": "2,1,3,0,7,3,melee", "defender": "1,2,4,0,7,5,melee"})
        >>> report.json()["aggressor_wins"]
        '25969/31174'
    """
    from battlebook.homm.fight import READINGS as RULING_READINGS
    from battlebook.homm.readings import READINGS, with_reading
    from battlebook.homm.ruleset import DieReading

    aggressor = stacks_of(arguments.get("aggressor", ""), "Aggressor")
    defender = stacks_of(arguments.get("defender", ""), "Defender")
    check_stacks("Aggressor", aggressor)
    check_stacks("Defender", defender)
    play = (arguments.get("play") or "plain").strip()
    if play not in ("plain", "best"):
        raise FightArgumentError(f"the HoMM battle is played plain or best, not {play[:20]!r}")
    if play == "best":
        check_best(aggressor, defender)
    faces = (arguments.get("faces") or "0-9").strip()
    try:
        ruleset = replace(Ruleset(), die_reading=DieReading(faces))
    except ValueError:
        raise FightArgumentError(f"the die reads 0-9 or 1-10, not {faces[:20]!r}") from None
    for words in (w.strip() for w in (arguments.get("reading") or "").split(";")):
        if not words:
            continue
        words = RULING_READINGS.get(words, words)
        if words not in READINGS:
            raise FightArgumentError(
                f"no alternative reading {words[:40]!r}: give a reading's words as a scenario writes them "
                "(see the rulings), or retaliation-chain"
            )
        ruleset = with_reading(ruleset, words)
    odds = battle_odds(aggressor, defender, ruleset, play)
    named = {
        side: "; ".join(
            f"{stack_name(side, number, spec.cards)} ({spec.words()})" for number, spec in enumerate(specs, start=1)
        )
        for side, specs in ((Side.AGGRESSOR, aggressor), (Side.DEFENDER, defender))
    }
    title = (
        f"HoMM battle to the end, {'best play' if play == 'best' else 'the plain plan'}: the Aggressor's "
        f"{named[Side.AGGRESSOR]}; against the Defender's {named[Side.DEFENDER]}"
    )
    readings = odds.readings
    if odds.first_decision is not None:
        readings = (*readings, odds.first_decision)
    data: dict[str, Any] = {"game": "homm", "question": "battle", "play": play, "faces": faces}
    return FightReport(
        title,
        readings,
        (
            ("the Aggressor wins", odds.aggressor_wins),
            ("the Defender wins", odds.defender_wins),
            ("the battle never ends", odds.never_ends),
        ),
        (),
        ("expected rounds", odds.expected_rounds),
        json.dumps(data | odds.json()),
        chart=True,
    )
