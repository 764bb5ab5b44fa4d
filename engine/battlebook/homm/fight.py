"""Whole-fight odds in Heroes of Might & Magic: two stacks fighting to the end.

Each stack is a number of cards of one unit. Round after round, phase by phase, each
stack attacks the other in melee in its own phase (the Aggressor first in a shared phase),
and a stack that survives an attack answers it once per round; at the end of each round
neither side withdraws nor surrenders. The battle ends when one side has no card left.

The fight is played through the rules themselves: every attack, retaliation, end of a
phase and end of a round is carried out by [`rules.apply`][battlebook.homm.rules.apply]
through the game's contract, once for each face of the die, and solved exactly by
[`battlebook.fight.solve`][battlebook.fight.solve]. The stack's score (top card plus the
levels under it), which retaliations the rules allow, and the die's faces are therefore
the rulebook's own, under the readings the battle's ruleset takes: the die read 0-9 or
1-10 (ruling *The die and its faces*), and whether a retaliation may itself be answered
(ruling *Retaliating against a retaliation*), chosen exactly as a scenario chooses them
([`with_reading`][battlebook.homm.readings.with_reading]). The answer names the readings it took.

A position of the fight is the battle's state with what no rule reads during it left out:
the round's number and the discard pile. So a fight that can go on for ever (two stacks
neither of which can reach the other's defense) comes back to the same positions, and is
solved as such instead of being played round after round.

Examples:
    >>> odds = fight_odds(StackOf(3, 2, 3, 7, 7), StackOf(3, 2, 3, 7, 7))
    >>> odds.aggressor_wins + odds.defender_wins + odds.never_ends
    Fraction(1, 1)
    >>> odds.readings[0]
    "the die has ten faces, read 0 to 9 (ruling.die-faces: Battlebook's reading)"
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any

from battlebook import bounds
from battlebook.errors import ScenarioError
from battlebook.fight import MAX_POSITIONS, Ended, Move, solve
from battlebook.fight_report import FightArgumentError, FightReport, Spread
from battlebook.frozen import FrozenMap, evolve
from battlebook.homm.actions import Action, Decline, EndPhase, MeleeAttack, Retaliate
from battlebook.homm.play import HOMM_PLAY
from battlebook.homm.readings import with_reading
from battlebook.homm.ruleset import DieReading, Ruleset
from battlebook.homm.sides import Line, Side
from battlebook.homm.state import BattleState, Clock, Stack, Stage
from battlebook.homm.units import LAST_PHASE, MAX_STAT, UnitCard
from battlebook.odds import fraction_text

__all__ = ["MAX_CARDS", "READINGS", "FightOdds", "StackOf", "fight_odds", "fight_odds_in", "fight_report"]

#: The most cards a stack of the calculator may hold (stated in `battlebook.bounds`).
MAX_CARDS = bounds.FIGHT_MAX_CARDS
#: The readings the calculator can be asked to take by their ruling's name (the command
#: line's `--reading`), each as the words a scenario uses to choose it.
READINGS: Mapping[str, str] = {"retaliation-chain": "a retaliation may itself be retaliated against"}


@dataclass(frozen=True)
class StackOf:
    """A stack of the calculator: `cards` cards of one unit, with its level, melee score, defense and phase.

    Examples:
        >>> StackOf(3, 2, 3, 7, 7).cards
        3
    """

    cards: int
    level: int
    melee: int
    defense: int
    phase: int

    def stack(self, side: Side) -> Stack:
        """The stack, on `side`'s Melee Line, called after its side ("the Aggressor's stack")."""
        unit = UnitCard(
            f"{side}'s unit", level=self.level, phase=self.phase, melee=self.melee, ranged=0, defense=self.defense
        )
        return Stack(f"{side}'s stack", side, Line.MELEE, (unit,) * self.cards)


@dataclass(frozen=True)
class FightOdds:
    """How a fight of two stacks to the end goes, exactly.

    Attributes:
        aggressor: The Aggressor's stack, by name.
        defender: The Defender's stack, by name.
        aggressor_wins: The chance that the Defender's stack is destroyed first.
        defender_wins: The chance that the Aggressor's stack is destroyed first.
        never_ends: The chance that neither stack is ever destroyed.
        aggressor_wins_with_left: By cards left to the Aggressor's stack when it wins, the chance of it.
        defender_wins_with_left: The same for the Defender's stack.
        expected_rounds: The expected number of combat rounds the battle lasts (the round it
            ends in counted), or `None` when it may go on for ever.
        readings: The readings of the rules the answer took.
        positions: How many positions of the battle the answer went through.
    """

    aggressor: str
    defender: str
    aggressor_wins: Fraction
    defender_wins: Fraction
    never_ends: Fraction
    aggressor_wins_with_left: FrozenMap[int, Fraction]
    defender_wins_with_left: FrozenMap[int, Fraction]
    expected_rounds: Fraction | None
    readings: tuple[str, ...]
    positions: int

    def json(self) -> dict[str, Any]:
        """The answer with exact fractions as `"p/q"` strings, the card maps keyed by the cards left."""
        return {
            "aggressor_wins": fraction_text(self.aggressor_wins),
            "defender_wins": fraction_text(self.defender_wins),
            "never_ends": fraction_text(self.never_ends),
            "aggressor_wins_with_left": {str(n): fraction_text(p) for n, p in self.aggressor_wins_with_left.items()},
            "defender_wins_with_left": {str(n): fraction_text(p) for n, p in self.defender_wins_with_left.items()},
            "expected_rounds": None if self.expected_rounds is None else fraction_text(self.expected_rounds),
            "readings": list(self.readings),
        }


def readings_of(ruleset: Ruleset) -> tuple[str, ...]:
    """The readings a fight under `ruleset` takes, in words, each naming its ruling.

    The die's faces and the retaliation chain always; any other setting only where it
    differs from Battlebook's reading.

    Examples:
        >>> readings_of(with_reading(Ruleset(), READINGS["retaliation-chain"]))[1]
        'a retaliation may itself be retaliated against (ruling.retaliation-chain: the alternative)'
    """
    if ruleset.die_reading is DieReading.ZERO_TO_NINE:
        die = "the die has ten faces, read 0 to 9 (ruling.die-faces: Battlebook's reading)"
    else:
        die = "the die has ten faces, read 1 to 10 (ruling.die-faces: the alternative)"
    if ruleset.retaliation_answerable:
        chain = "a retaliation may itself be retaliated against (ruling.retaliation-chain: the alternative)"
    else:
        chain = "a retaliation cannot itself be retaliated against (ruling.retaliation-chain: Battlebook's reading)"
    default = Ruleset()
    others = [
        f"{item.name.replace('_', ' ')}: {getattr(ruleset, item.name)} (Battlebook reads {getattr(default, item.name)})"
        for item in fields(Ruleset)
        if item.name not in ("die_reading", "retaliation_answerable")
        and getattr(ruleset, item.name) != getattr(default, item.name)
    ]
    return (die, chain, *others)


def position(state: BattleState) -> BattleState:
    """The battle as a position of a fight: the round's number and the discard pile left out.

    No rule reads either while stacks fight (the round's number only shows in messages;
    the discard pile only keeps the count of the cards): a battle in round 5 with a long
    discard pile plays on exactly as it would in round 1 with none. The API test holds the
    engine to this.

    Examples:
        >>> position(BattleState(clock=Clock(4, 2))).clock.round
        1
    """
    clock = state.clock
    if clock is not None and clock.round != 1:
        state = evolve(state, clock=evolve(clock, round=1))
    return evolve(state, discard=()) if state.discard else state


@dataclass(frozen=True)
class _ToTheEnd:
    """Both stacks attack in their phase and answer every attack the rules let them; no side leaves."""

    aggressor: str
    defender: str

    def decide(self, state: BattleState) -> Move[BattleState, Action] | Ended[tuple[Side | None, int]]:
        if state.outcome is not None:
            winner = state.outcome.winner
            left = sum(stack.size for stack in state.stacks_on(winner)) if winner is not None else 0
            return Ended((winner, left))
        clock = state.clock
        if clock is None:
            raise ScenarioError("the fight needs the round structure")
        if clock.stage is Stage.PHASE:
            last = state.last_attack
            if last is not None and state.has_stack(last.target) and state.has_stack(last.attacker):
                answer = Retaliate(last.target, last.attacker, last.kind)
                if HOMM_PLAY.legal_violation(state, answer) is None:
                    return Move(state, answer)
            for stack in state.stacks_on(clock.turn):
                if stack.name not in state.acted and state.stack_phase(stack) == clock.phase:
                    enemy = self.defender if stack.name == self.aggressor else self.aggressor
                    return Move(state, MeleeAttack(stack.name, enemy))
            return Move(state, EndPhase(clock.turn))
        if clock.stage in (Stage.WITHDRAWAL, Stage.SURRENDER):
            return Move(state, Decline(clock.turn))
        raise ScenarioError("a surrender is on the table: the fight to the end cannot go on from there")

    def advance(
        self, position_: BattleState, move: Move[BattleState, Action], after: BattleState
    ) -> tuple[BattleState, int]:
        before, now = move.state.clock, after.clock
        new_round = before is not None and now is not None and now.round > before.round
        return position(after), int(new_round)


def _left(outcomes: Mapping[tuple[Side | None, int], Fraction], side: Side, most: int) -> FrozenMap[int, Fraction]:
    return FrozenMap((n, outcomes.get((side, n), Fraction(0))) for n in range(most, 0, -1))


def fight_odds_in(state: BattleState, aggressor: str, defender: str, *, limit: int = MAX_POSITIONS) -> FightOdds:
    """The odds of the stacks `aggressor` and `defender` of the battle `state` fighting to the end.

    The battle must hold these two stacks alone, one on each side. It goes on from where it
    stands (from round 1, phase 1 for a battle that has not started), under its ruleset. A
    `RuleViolation` says why an attack cannot be made (a stack off its Melee Line).

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> golem = KNOWN_UNITS["Gold Golem"]
        >>> state = (BattleState()
        ...     .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (golem,) * 3))
        ...     .with_stack(Stack("Lone Golem", Side.DEFENDER, Line.MELEE, (golem,))))
        >>> fight_odds_in(state, "Gold Golems", "Lone Golem").aggressor_wins
        Fraction(1, 1)
    """
    first, second = state.stack(aggressor), state.stack(defender)
    if first.side is not Side.AGGRESSOR or second.side is not Side.DEFENDER:
        raise ScenarioError(f"the {aggressor} must be the Aggressor's stack and the {defender} the Defender's")
    others = [stack.name for stack in state.stacks if stack.name not in (aggressor, defender)]
    if others:
        raise ScenarioError(
            f"a fight to the end is worked out for two stacks alone; the battle also holds the {', the '.join(others)}"
        )
    start = position(state if state.clock is not None else replace(state, clock=Clock()))
    answer = solve(HOMM_PLAY, _ToTheEnd(aggressor, defender), start, limit=limit)
    outcomes: dict[tuple[Side | None, int], Fraction] = dict(answer.outcomes)
    won = {side: sum((p for (w, _), p in outcomes.items() if w is side), Fraction(0)) for side in Side}
    expected = None if answer.expected_count is None else 1 + answer.expected_count
    return FightOdds(
        aggressor,
        defender,
        won[Side.AGGRESSOR],
        won[Side.DEFENDER],
        answer.never_ends,
        _left(outcomes, Side.AGGRESSOR, first.size),
        _left(outcomes, Side.DEFENDER, second.size),
        expected,
        readings_of(state.ruleset),
        answer.positions,
    )


def _check(what: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise FightArgumentError(f"{what} is {value}: give a whole number from {low} to {high}")


def _check_stack(who: str, stack: StackOf) -> None:
    _check(f"the {who}'s number of cards", stack.cards, 1, MAX_CARDS)
    for what, value in (("level", stack.level), ("melee score", stack.melee), ("defense", stack.defense)):
        _check(f"the {who}'s {what}", value, 0, MAX_STAT)
    _check(f"the {who}'s phase", stack.phase, 1, LAST_PHASE)


def fight_odds(aggressor: StackOf, defender: StackOf, ruleset: Ruleset | None = None) -> FightOdds:
    """The odds of two stacks given by their numbers fighting to the end, under `ruleset` (by default Battlebook's).

    Examples:
        >>> chain = with_reading(Ruleset(), READINGS["retaliation-chain"])
        >>> plain = fight_odds(StackOf(2, 1, 4, 9, 3), StackOf(2, 1, 4, 9, 5))
        >>> chained = fight_odds(StackOf(2, 1, 4, 9, 3), StackOf(2, 1, 4, 9, 5), chain)
        >>> plain.aggressor_wins != chained.aggressor_wins
        True
    """
    _check_stack("Aggressor", aggressor)
    _check_stack("Defender", defender)
    state = BattleState(ruleset or Ruleset(), clock=Clock())
    state = state.with_stack(aggressor.stack(Side.AGGRESSOR)).with_stack(defender.stack(Side.DEFENDER))
    return fight_odds_in(state, f"{Side.AGGRESSOR}'s stack", f"{Side.DEFENDER}'s stack")


# --- The calculator's question, from text ------------------------------------------------

_WHOLE = re.compile(r"[+-]?[0-9]+")


def _stack_of(text: str, who: str) -> StackOf:
    parts = text.split(",")
    if len(parts) != 5:
        raise FightArgumentError(
            f"the {who} is CARDS,LEVEL,MELEE,DEFENSE,PHASE (such as 3,2,3,7,7), not {text.strip()[:30]!r}"
        )
    numbers = []
    for part in parts:
        if not _WHOLE.fullmatch(part.strip()):
            raise FightArgumentError(f"the {who}: {part.strip()[:20]!r} is not a whole number")
        if len(part.strip().lstrip("+-")) > 6:
            raise FightArgumentError(f"the {who}: {part.strip()[:20]!r} is out of bounds")
        numbers.append(int(part))
    return StackOf(*numbers)


def ruleset_for(faces: str, readings: tuple[str, ...] = ()) -> Ruleset:
    """The ruleset a fight is asked under: the die read as `faces`, and the alternative readings named by ruling.

    Each is chosen as a scenario chooses it: `faces` as `Given the die reads ...`, a reading
    as `Given the alternative reading: ...` with its words (see `READINGS`).

    Examples:
        >>> ruleset_for("1-10", ("retaliation-chain",)).retaliation_answerable
        True
    """
    try:
        die = DieReading(faces.strip())
    except ValueError:
        raise FightArgumentError(f"the die reads 0-9 or 1-10, not {faces.strip()[:20]!r}") from None
    ruleset = replace(Ruleset(), die_reading=die)
    for name in readings:
        if name not in READINGS:
            raise FightArgumentError(f"no reading {name[:30]!r}: the calculator takes {', '.join(READINGS)}")
        ruleset = with_reading(ruleset, READINGS[name])
    return ruleset


def fight_report(question: str, arguments: Mapping[str, str]) -> FightReport:
    """The question `stacks` of the HoMM fight calculator, asked with arguments written as text.

    Arguments: `aggressor` and `defender` (each `CARDS,LEVEL,MELEE,DEFENSE,PHASE`), `faces`
    (`0-9` or `1-10`, default `0-9`), `reading` (a ruling's name from `READINGS`, or empty).

    Examples:
        >>> report = fight_report("stacks", {"aggressor": "3,2,3,7,7", "defender": "1,3,5,9,4"})
        >>> report.chances[0][0]
        "the Aggressor's stack wins"
        >>> fight_report("stacks", {"aggressor": "3,2,3,7,11", "defender": "1,3,5,9,4"})
        Traceback (most recent call last):
        ...
        battlebook.fight_report.FightArgumentError: the Aggressor's phase is 11: give a whole number from 1 to 10
    """
    if question != "stacks":
        raise FightArgumentError(f"the HoMM calculator answers 'stacks', not {question[:20]!r}")
    aggressor = _stack_of(arguments.get("aggressor", ""), "Aggressor")
    defender = _stack_of(arguments.get("defender", ""), "Defender")
    reading = arguments.get("reading", "").strip()
    ruleset = ruleset_for(arguments.get("faces", DieReading.ZERO_TO_NINE.value), (reading,) if reading else ())
    odds = fight_odds(aggressor, defender, ruleset)

    def named(stack: StackOf) -> str:
        cards = "1 card" if stack.cards == 1 else f"{stack.cards} cards"
        return f"{cards} of level {stack.level}, melee {stack.melee}, defense {stack.defense}, phase {stack.phase}"

    title = f"Two stacks fight to the end: the Aggressor's {named(aggressor)}; the Defender's {named(defender)}"
    data: dict[str, Any] = {"game": "homm", "question": "stacks", "faces": ruleset.die_reading.value}
    data |= {"retaliation_chain": ruleset.retaliation_answerable}
    data |= {
        "aggressor": [aggressor.cards, aggressor.level, aggressor.melee, aggressor.defense, aggressor.phase],
        "defender": [defender.cards, defender.level, defender.melee, defender.defense, defender.phase],
    }
    aggressor_left, defender_left = odds.aggressor_wins_with_left.items(), odds.defender_wins_with_left.items()
    return FightReport(
        title,
        odds.readings,
        (
            ("the Aggressor's stack wins", odds.aggressor_wins),
            ("the Defender's stack wins", odds.defender_wins),
            ("the fight never ends", odds.never_ends),
        ),
        (
            Spread("The Aggressor's stack wins with this many cards left", "cards left", (*aggressor_left,)),
            Spread("The Defender's stack wins with this many cards left", "cards left", (*defender_left,)),
        ),
        ("expected rounds", odds.expected_rounds),
        json.dumps(data | odds.json()),
    )
