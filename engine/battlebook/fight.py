"""Exact whole-fight odds: a fight played through a game's own rules and solved as an absorbing Markov chain.

A fight is a policy over a game: at each position it names the state to act on and the
action to take ([`Move`][battlebook.fight.Move]), or says that the fight is over and how it
ended ([`Ended`][battlebook.fight.Ended]). [`solve`][battlebook.fight.solve] plays every
branch of it through the [`Game`][battlebook.game.Game] contract and nothing else (the part of
it that acts on states, [`Play`][battlebook.fight.Play]): an attack
branches on every result its dice can show ([`Game.outcomes`][battlebook.game.Game.outcomes]),
any other action is carried out with dice that refuse to roll, and each branch's new state
comes from [`Game.apply`][battlebook.game.Game.apply]. Positions are hashable values (the
games' states are), so each is expanded once however many branches reach it.

The positions and their chances form an absorbing Markov chain. It is solved exactly,
with fractions and without a cut-off:

1. a run of positions with one certain next step (ending a phase, starting a turn) is
   folded into the step that led to it;
2. the positions left are grouped into strongly connected components (Tarjan), taken in
   the order chance flows through them;
3. each component gets the chance flowing into it: on its own, or, for a group that can
   come back to itself (two figures that both miss), by solving its small linear system
   `(I - Q^T) v = m` exactly; a group that nothing leaves is where the fight goes on for
   ever, and the chance that reaches it is the chance that the fight never ends.

The answer is the chance of each ending, the chance that the fight never ends, and the
expected count of whatever the fight counts (attacks, rounds), or `None` when the fight
may go on for ever. A fight reaching more than `limit` positions is refused with a
[`FightTooLarge`][battlebook.fight_report.FightTooLarge] error before it takes long.

This module imports no game. Each game asks its own questions (a Heroscape duel, a HoMM
battle of two stacks) in its `fight` module, and reports them as a
[`FightReport`][battlebook.fight_report.FightReport], which the command line prints and the page shows.

Examples:
    A toy game: a counter that an attack moves up by 1 or 2, each with chance 1/2, until it
    reaches 3.

    >>> from battlebook.dice import Die
    >>> class Counter:
    ...     d2 = Die("d2", (1, 2))
    ...     def is_attack(self, action): return action == "roll"
    ...     def outcomes(self, state, action):
    ...         return (Roll(Fraction(1, 2), ScriptedDice([face])) for face in self.d2.faces)
    ...     def apply(self, state, action, dice):
    ...         return Played(state + dice.roll(self.d2))
    >>> class Played:
    ...     def __init__(self, state): self.state = state
    >>> class Race:
    ...     def decide(self, position): return Ended(position) if position >= 3 else Move(position, "roll")
    ...     def advance(self, position, move, after): return after, 1
    >>> odds = solve(Counter(), Race(), 0)
    >>> sorted(odds.outcomes.items()), odds.never_ends, odds.expected_count
    ([(3, Fraction(5, 8)), (4, Fraction(3, 8))], Fraction(0, 1), Fraction(9, 4))
"""

from __future__ import annotations

import gc
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from battlebook.dice import Dice, ScriptedDice
from battlebook.fight_report import FightTooLarge
from battlebook.frozen import FrozenMap
from battlebook.game import Roll

__all__ = [
    "MAX_POSITIONS",
    "Absorption",
    "Ended",
    "Fight",
    "Move",
    "Play",
    "solve",
    "solve_linear",
    "strongly_connected",
    "without_cycle_collection",
]

P = TypeVar("P", bound=Hashable)
S = TypeVar("S")
A = TypeVar("A")
O = TypeVar("O", bound=Hashable)  # noqa: E741 (an outcome)
S_in = TypeVar("S_in", contravariant=True)
A_in = TypeVar("A_in", contravariant=True)

#: The most positions a fight may reach before it is refused: Battlebook's own bound, which
#: keeps every answer quick (a few seconds at most) and the memory it takes small.
MAX_POSITIONS = 200_000


@dataclass(frozen=True)
class Move(Generic[S, A]):
    """The next step of a fight: carry out `action` in `state`."""

    state: S
    action: A


@dataclass(frozen=True)
class Ended(Generic[O]):
    """The fight is over, with this `outcome` (who won, and with how much left)."""

    outcome: O


class Play(Protocol[S_in, A_in]):
    """What the solver asks of a game: the part of the [`Game`][battlebook.game.Game] contract that plays it."""

    def is_attack(self, action: object) -> bool:
        """Whether `action` rolls dice."""
        ...

    def outcomes(self, state: S_in, action: A_in) -> Iterator[Roll]:
        """The results of the attack's dice that the rules can tell apart, with their chances."""
        ...

    def apply(self, state: S_in, action: A_in, dice: Dice) -> Any:
        """Carry `action` out with `dice`; the result has the new `state`."""
        ...


class Fight(Protocol[P, S, A, O]):
    """A fight: a policy over a game's states, with what it counts along the way."""

    def decide(self, position: P) -> Move[S, A] | Ended[O]:
        """The next step at `position`, or how the fight ended there."""
        ...

    def advance(self, position: P, move: Move[S, A], after: S) -> tuple[P, int]:
        """The position after `move` left the battle in `after`, and what the step adds to the count."""
        ...


@dataclass(frozen=True)
class Absorption(Generic[O]):
    """How a fight ends, exactly.

    Attributes:
        outcomes: The chance of each ending that can happen (chances above 0 only).
        never_ends: The chance that the fight goes on for ever.
        expected_count: The expected count (attacks, rounds) until the end, or `None` when
            the fight may go on for ever.
        positions: How many positions the fight reached.
    """

    outcomes: FrozenMap[O, Fraction]
    never_ends: Fraction
    expected_count: Fraction | None
    positions: int


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Hold Python's cycle collector off while an exact solve builds its graph, then restore it as it was.

    A solve makes millions of small values (states, positions, fractions) and keeps most of
    them until it returns; none of them refers back to itself, so the cycle collector finds
    nothing to free (measured: every full collection during a large battle freed 0 objects),
    yet each full pass walks everything kept so far: about a third of the time of a large
    battle. Reference counting frees everything else as usual. The collector's state is
    restored on the way out, whatever happens (it is left off if the caller had it off).

    Examples:
        >>> import gc
        >>> with without_cycle_collection():
        ...     gc.isenabled()
        False
        >>> gc.isenabled()
        True
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


#: A run of certain steps that comes back to itself: the fight goes on for ever from there.
_LOOP = -1
#: The chance of a step that is certain (a value: fractions never change).
_SURE = Fraction(1)


def _explore(
    game: Play[S, A], fight: Fight[P, S, A, O], start: P, limit: int
) -> tuple[list[tuple[tuple[int, Fraction, int], ...]], dict[int, O]]:
    """Every position the fight reaches from `start` (numbered from 0), with its branches and its ending."""
    index: dict[P, int] = {start: 0}
    positions: list[P] = [start]
    branches: list[tuple[tuple[int, Fraction, int], ...]] = []
    ended: dict[int, O] = {}
    at = 0
    while at < len(positions):
        position = positions[at]
        decision = fight.decide(position)
        if isinstance(decision, Ended):
            ended[at] = decision.outcome
            branches.append(())
            at += 1
            continue
        rolls: Iterable[Roll]
        if game.is_attack(decision.action):
            rolls = game.outcomes(decision.state, decision.action)
        else:
            rolls = (Roll(_SURE, ScriptedDice()),)
        merged: dict[tuple[int, int], Fraction] = {}
        for roll in rolls:
            after = game.apply(decision.state, decision.action, roll.dice).state
            following, count = fight.advance(position, decision, after)
            number = index.get(following)
            if number is None:
                if len(positions) >= limit:
                    raise FightTooLarge(
                        f"the fight reaches more than {limit:,} positions, the most Battlebook solves: "
                        "ask about smaller numbers"
                    )
                number = index[following] = len(positions)
                positions.append(following)
            key = (number, count)
            merged[key] = merged[key] + roll.chance if key in merged else roll.chance
        branches.append(tuple((number, chance, count) for (number, count), chance in merged.items() if chance))
        at += 1
    return branches, ended


def _is_certain(steps: tuple[tuple[int, Fraction, int], ...]) -> bool:
    return len(steps) == 1 and steps[0][1] == 1


def _landings(
    branches: Sequence[tuple[tuple[int, Fraction, int], ...]], ended: Mapping[int, O]
) -> list[tuple[int, int]]:
    """For each position, where its run of certain steps lands (itself if it has none) and what the run counts.

    A run that comes back to itself lands on `_LOOP`.
    """
    landing: list[tuple[int, int] | None] = [None] * len(branches)
    for first in range(len(branches)):
        path: list[int] = []
        on_path: set[int] = set()
        at = first
        while landing[at] is None and at not in ended and _is_certain(branches[at]) and at not in on_path:
            on_path.add(at)
            path.append(at)
            at = branches[at][0][0]
        found = landing[at]
        if found is not None:
            end, counted = found
        elif at in on_path:
            end, counted = _LOOP, 0
        else:
            end, counted = at, 0
            landing[at] = (at, 0)
        for step in reversed(path):
            if end != _LOOP:
                counted += branches[step][0][2]
            landing[step] = (end, counted)
    return [found if found is not None else (i, 0) for i, found in enumerate(landing)]


def strongly_connected(nodes: Sequence[int], successors: Mapping[int, Sequence[int]]) -> list[list[int]]:
    """The strongly connected components of the graph, each after every component it leads to (Tarjan).

    Both the fight's solver and the battle's ([`battlebook.battle`][battlebook.battle]) solve the
    positions one component at a time, the ones a component leads to first.

    Examples:
        >>> sorted(map(sorted, strongly_connected([0, 1, 2], {0: [1], 1: [0, 2], 2: []})))
        [[0, 1], [2]]
        >>> strongly_connected([0, 1, 2], {0: [1], 1: [0, 2], 2: []})[0]
        [2]
    """
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    found: list[list[int]] = []
    for root in nodes:
        if root in index:
            continue
        work: list[tuple[int, int]] = [(root, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            following = successors.get(node, ())
            if child < len(following):
                work.append((node, child + 1))
                target = following[child]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                component: list[int] = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                found.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def solve_linear(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """The exact solution of `matrix` x = `rhs` (Gauss-Jordan elimination over fractions; the matrix is invertible).

    Examples:
        >>> solve_linear([[Fraction(2), Fraction(0)], [Fraction(1), Fraction(1)]], [Fraction(1), Fraction(1)])
        [Fraction(1, 2), Fraction(1, 2)]
    """
    size = len(rhs)
    rows = [[*row, value] for row, value in zip(matrix, rhs, strict=True)]
    for column in range(size):
        pivot = next(r for r in range(column, size) if rows[r][column] != 0)
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        # Only the pivot row's entries that are not 0 change anything: the others are skipped,
        # which leaves every result exactly as it was (a - factor * 0 is a; 0 / lead is 0).
        row = rows[column] = [value / lead if value else value for value in rows[column]]
        used = [(j, value) for j, value in enumerate(row) if value and j != column]
        for r in range(size):
            other = rows[r]
            factor = other[column]
            if r != column and factor != 0:
                for j, value in used:
                    other[j] -= factor * value
                other[column] = 0 * factor
    return [rows[r][size] for r in range(size)]


def solve(game: Play[S, A], fight: Fight[P, S, A, O], start: P, *, limit: int = MAX_POSITIONS) -> Absorption[O]:
    """Play `fight` from `start` through `game`'s rules, every branch of it, and solve it exactly.

    Raises [`FightTooLarge`][battlebook.fight_report.FightTooLarge] past `limit` positions, and any
    `RuleViolation` the rules raise for a step of the fight.
    """
    with without_cycle_collection():
        return _solve(game, fight, start, limit)


def _solve(game: Play[S, A], fight: Fight[P, S, A, O], start: P, limit: int) -> Absorption[O]:
    branches, ended = _explore(game, fight, start, limit)
    landing = _landings(branches, ended)
    chanced = [i for i in range(len(branches)) if i not in ended and not _is_certain(branches[i])]
    out: dict[int, dict[int, Fraction]] = {}
    reward: dict[int, Fraction | int] = {}
    for node in chanced:
        targets: dict[int, Fraction] = {}
        counted: list[tuple[int, Fraction]] = []
        for number, chance, count in branches[node]:
            end, more = landing[number]
            targets[end] = targets[end] + chance if end in targets else chance
            counted.append((count + more, chance))
        out[node] = targets
        # What one visit adds to the count: a branch's count weighted by its chance (the chances add up
        # to 1, so when every branch counts alike, that is the count itself, and no chance is added up).
        counts = {n for n, _ in counted}
        if len(counts) == 1:
            reward[node] = counts.pop()
        else:
            reward[node] = sum((n * chance for n, chance in counted if n), Fraction(0))
    outcomes: dict[O, Fraction] = {}
    never = Fraction(0)
    first, expected = landing[0]
    expected_count: Fraction | None = Fraction(expected)
    mass: dict[int, Fraction] = {}

    def arrive(target: int, chance: Fraction) -> None:
        nonlocal never
        if target == _LOOP:
            never += chance
        elif target in ended:
            outcome = ended[target]
            outcomes[outcome] = outcomes[outcome] + chance if outcome in outcomes else chance
        else:
            mass[target] = mass[target] + chance if target in mass else chance

    arrive(first, Fraction(1))
    successors = {node: [t for t in targets if t in out] for node, targets in out.items()}
    for component in reversed(strongly_connected(chanced, successors)):
        inside = set(component)
        entering = [mass.get(node, Fraction(0)) for node in component]
        if not any(entering):
            continue
        leaves = any(t not in inside for node in component for t in out[node])
        if not leaves:
            never += sum(entering, Fraction(0))
            continue
        if len(component) == 1 and component[0] not in out[component[0]]:
            visits = entering
        else:
            place = {node: i for i, node in enumerate(component)}
            matrix = [[Fraction(int(i == j)) for j in range(len(component))] for i in range(len(component))]
            for node in component:
                for target, chance in out[node].items():
                    if target in place:
                        matrix[place[target]][place[node]] -= chance
            visits = solve_linear(matrix, entering)
        for node, visit in zip(component, visits, strict=True):
            if expected_count is not None and reward[node]:
                expected_count += visit * reward[node]
            for target, chance in out[node].items():
                if target not in inside:
                    arrive(target, visit * chance)
    return Absorption(
        FrozenMap((k, v) for k, v in outcomes.items() if v),
        never,
        None if never else expected_count,
        len(branches),
    )
