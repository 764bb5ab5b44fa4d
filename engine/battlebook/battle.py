"""Exact battles of several units: under a named plan, and under best play, through a game's own rules.

A *contest* is a battle with its decisions left open: at each position it says how the
battle ended ([`Ended`][battlebook.fight.Ended]), or which side decides now and every option
that side has ([`Choice`][battlebook.battle.Choice]), each option a step through the game
([`Move`][battlebook.fight.Move], played by `Game.outcomes` and `Game.apply` as a fight is)
or a step that changes only the contest's own bookkeeping ([`Skip`][battlebook.battle.Skip],
a stack letting its opportunity pass).

- [`solve_plan`][battlebook.battle.solve_plan]: both sides follow a plan (a function picking
  one option at each choice); the battle is then a fight, solved exactly as an absorbing
  Markov chain by [`battlebook.fight.solve`][battlebook.fight.solve].
- [`solve_best`][battlebook.battle.solve_best]: the first side picks to make its chance of
  winning as large as it can, the second to make it as small; between options equal on
  that chance each prefers its own win, then a battle that never ends, then a loss. Every
  position reachable under any play is expanded once; the strategies are found by value
  iteration in floating point, component by component of the position graph (sinks
  first), then *proved* in exact fractions:

  1. the battle under those strategies is solved exactly at every position (each strongly
     connected group of positions as a small exact linear system, through a feedback set);
  2. no option anywhere does better for the side choosing it than the one chosen (for the
     first side this alone proves that no deviation, single or repeated, helps it: its
     chance is then a fixed point of the maximizing operator, hence its least one);
  3. wherever the second side could keep the first from winning for ever (a set found on
     the graph), the first side's chance is 0 there (with 2., this proves no repeated
     deviation helps the second side).

  4. between options exactly equal on the first side's chance, every choice is the one its
     side prefers (its own win, then a battle that never ends, then a loss): the first side's
     options of that chance with the smallest chance of the second side's win, the second
     side's with the largest.

  Where the floating-point strategies fail a check, the better option is taken and the
  battle solved again (policy iteration), until the checks pass. The strategies found are
  part of the answer ([`BestPlay.strategy`][battlebook.battle.BestPlay]), and whether the
  expected count depends on how exact ties are broken is worked out over every position the
  tied options reach ([`BestPlay.count_depends_on_ties`][battlebook.battle.BestPlay]).

This module imports no game: each game's battle (`battlebook.homm.battle`,
`battlebook.heroscape.battle`) defines its contest and its plans.

Examples:
    A toy contest: the first side may stop (a draw that never ends) or roll a coin whose
    heads wins and tails loses; it rolls.

    >>> from battlebook.dice import Die
    >>> class Coin:
    ...     d2 = Die("d2", (0, 1))
    ...     def is_attack(self, action): return action == "roll"
    ...     def outcomes(self, state, action):
    ...         return (Roll(Fraction(1, 2), ScriptedDice([face])) for face in self.d2.faces)
    ...     def apply(self, state, action, dice):
    ...         return Played(("won", "lost")[dice.roll(self.d2)])
    >>> class Played:
    ...     def __init__(self, state): self.state = state
    >>> class Toss:
    ...     def decide(self, p):
    ...         if p in ("won", "lost"): return Ended(0 if p == "won" else 1)
    ...         if p == "stopped": return Choice(None, (("wait", Skip("stopped")),))
    ...         return Choice(0, (("stop", Skip("stopped")), ("roll", Move(p, "roll"))))
    ...     def advance(self, p, move, after): return after, 0
    ...     def winner(self, outcome): return outcome
    >>> best = solve_best(Coin(), Toss(), "start")
    >>> best.first_wins, best.never_ends, best.first_decision
    (Fraction(1, 2), Fraction(0, 1), (0, 'roll'))
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from battlebook.dice import ScriptedDice
from battlebook.fight import (
    MAX_POSITIONS,
    Absorption,
    Ended,
    Move,
    Play,
    solve,
    solve_linear,
    strongly_connected,
    without_cycle_collection,
)
from battlebook.fight_report import FightTooLarge
from battlebook.frozen import FrozenMap
from battlebook.game import Roll

__all__ = [
    "BestPlay",
    "Choice",
    "Contest",
    "NotProved",
    "Skip",
    "solve_best",
    "solve_plan",
]

P = TypeVar("P", bound=Hashable)
S = TypeVar("S")
A = TypeVar("A")
O = TypeVar("O", bound=Hashable)  # noqa: E741 (an outcome)


@dataclass(frozen=True)
class Skip(Generic[P]):
    """An option that changes only the contest's bookkeeping: the battle goes on at `position`, no die rolled."""

    position: P


@dataclass(frozen=True)
class Choice(Generic[P, S, A]):
    """Who decides now (`side` 0 the first side, 1 the second, `None`: nobody, one option) and every option.

    Each option is its label in words and its step.
    """

    side: int | None
    options: tuple[tuple[str, Move[S, A] | Skip[P]], ...]


class Contest(Protocol[P, S, A, O]):
    """A battle with its decisions open: who decides, the options, and how it ended."""

    def decide(self, position: P) -> Choice[P, S, A] | Ended[O]:
        """The choice at `position`, or how the battle ended there."""
        ...

    def advance(self, position: P, move: Move[S, A], after: S) -> tuple[P, int]:
        """The position after `move` left the battle in `after`, and what the step adds to the count."""
        ...

    def winner(self, outcome: O) -> int | None:
        """Which side won with `outcome`: 0, 1, or `None` for neither."""
        ...


class NotProved(RuntimeError):
    """The strategies found could not be proved optimal (never expected: the checks are exact)."""


# --- A named plan ------------------------------------------------------------------------


@dataclass(frozen=True)
class _PlannedPlay(Generic[P, S, A]):
    """The game, acting on a planned move's state (the contest's position is carried beside it)."""

    game: Play[S, A]

    def is_attack(self, action: object) -> bool:
        return self.game.is_attack(action)

    def outcomes(self, state: tuple[P, S], action: A) -> Any:
        return self.game.outcomes(state[1], action)

    def apply(self, state: tuple[P, S], action: A, dice: Any) -> Any:
        return self.game.apply(state[1], action, dice)


@dataclass(frozen=True)
class _Planned(Generic[P, S, A, O]):
    """A contest played by `plan` (which option to take at each choice), as a fight."""

    contest: Contest[P, S, A, O]
    plan: Callable[[P, Choice[P, S, A]], int]

    def decide(self, position: P) -> Move[tuple[P, S], A] | Ended[Any]:
        at = position
        for _ in range(MAX_POSITIONS):
            choice = self.contest.decide(at)
            if isinstance(choice, Ended):
                return choice
            _, step = choice.options[self.plan(at, choice) if len(choice.options) > 1 else 0]
            if isinstance(step, Move):
                return Move((at, step.state), step.action)
            at = step.position
        raise NotProved("the plan lets every option pass for ever")

    def advance(self, position: P, move: Move[tuple[P, S], A], after: Any) -> tuple[P, int]:
        at, state = move.state
        return self.contest.advance(at, Move(state, move.action), after)


def solve_plan(
    game: Play[S, A],
    contest: Contest[P, S, A, O],
    plan: Callable[[P, Choice[P, S, A]], int],
    start: P,
    *,
    limit: int = MAX_POSITIONS,
) -> Absorption[O]:
    """The battle from `start` with every choice made by `plan` (the index of the option it takes), solved exactly.

    A choice of one option needs no plan. Raises `FightTooLarge` past `limit` positions.
    """
    played: _PlannedPlay[P, S, A] = _PlannedPlay(game)
    planned: _Planned[P, S, A, O] = _Planned(contest, plan)
    return solve(played, planned, start, limit=limit)


# --- Best play ---------------------------------------------------------------------------

#: One branch of an option: (the position it leads to, its chance, what it adds to the count).
Branch = tuple[int, Fraction, int]


@dataclass(frozen=True)
class BestPlay(Generic[O]):
    """A battle under best play, solved and proved exactly.

    Attributes:
        first_wins: The first side's chance of winning (the value of the battle).
        second_wins: The second side's chance of winning, under the strategies found.
        never_ends: The chance that the battle never ends, under them.
        expected_count: The expected count (rounds, turns) under them, or `None` when the
            battle may never end.
        first_decision: Who makes the battle's first real decision (0 or 1), and the option
            best play takes there, in words; `None` when nobody ever has a choice.
        count_depends_on_ties: Whether breaking exact ties another way (options exactly as
            good for both sides' chances as the one chosen), with the same chances from the
            start, gives another `expected_count`: found by solving such tie-breakings
            exactly and comparing (see the module's docstring).
        positions: How many positions the battle reached, every option counted.
        improvements: How many rounds of exact policy improvement the proof needed (0: the
            floating-point strategies passed at once).
        strategy: The strategies found, both sides': at every position the battle can reach
            (under any play) where a side has more than one option, the index of the option
            best play takes there, into the options of the contest's
            [`Choice`][battlebook.battle.Choice] at that position. Played from the start
            through the contest, they give exactly `first_wins`, `second_wins` and
            `never_ends` (a Monte Carlo of the tests plays them).
        ties: At each of those positions, every option exactly as good as the one taken on
            both sides' chances (that one included): best play may take any of them, and
            whether that changes the expected count is `count_depends_on_ties`.
    """

    first_wins: Fraction
    second_wins: Fraction
    never_ends: Fraction
    expected_count: Fraction | None
    first_decision: tuple[int, str] | None
    count_depends_on_ties: bool
    positions: int
    improvements: int
    strategy: FrozenMap[Hashable, int] = field(default_factory=FrozenMap)
    ties: FrozenMap[Hashable, tuple[int, ...]] = field(default_factory=FrozenMap)

    def option_at(self, position: Hashable) -> int:
        """The index of the option best play takes at `position`: 0 where nobody has a choice to make."""
        return self.strategy.get(position, 0)


@dataclass
class _Graph:
    """Every position a contest reaches, every option expanded."""

    sides: list[int | None]
    options: list[tuple[tuple[Branch, ...], ...]]
    won: dict[int, int | None]
    positions: list[Any]


def _explore(game: Play[S, A], contest: Contest[P, S, A, O], start: P, limit: int) -> _Graph:
    index: dict[P, int] = {start: 0}
    positions: list[P] = [start]
    graph = _Graph([], [], {}, positions)
    # Each chance once in memory, however many branches carry it (a die gives few).
    chances: dict[Fraction, Fraction] = {}

    def number(position: P) -> int:
        found = index.get(position)
        if found is None:
            if len(positions) >= limit:
                raise FightTooLarge(
                    f"the battle reaches more than {limit:,} positions under best play, the most Battlebook "
                    "solves: ask about fewer or smaller units"
                )
            found = index[position] = len(positions)
            positions.append(position)
        return found

    at = 0
    while at < len(positions):
        position = positions[at]
        decision = contest.decide(position)
        if isinstance(decision, Ended):
            graph.won[at] = contest.winner(decision.outcome)
            graph.sides.append(None)
            graph.options.append(())
            at += 1
            continue
        expanded: list[tuple[Branch, ...]] = []
        for _, step in decision.options:
            if isinstance(step, Skip):
                expanded.append(((number(step.position), Fraction(1), 0),))
                continue
            rolls: Any
            if game.is_attack(step.action):
                rolls = game.outcomes(step.state, step.action)
            else:
                rolls = (Roll(Fraction(1), ScriptedDice()),)
            merged: dict[tuple[int, int], Fraction] = {}
            for roll in rolls:
                after = game.apply(step.state, step.action, roll.dice).state
                following, count = contest.advance(position, step, after)
                key = (number(following), count)
                merged[key] = merged[key] + roll.chance if key in merged else roll.chance
            expanded.append(
                tuple((n, chances.setdefault(chance, chance), count) for (n, count), chance in merged.items() if chance)
            )
        graph.sides.append(decision.side if len(expanded) > 1 else None)
        graph.options.append(tuple(expanded))
        at += 1
    return graph


#: Floating-point tolerance between two options' chances, below which the floats call them equal.
_TIE = 1e-12
#: The most sweeps value iteration makes over one group of positions; the exact proof then corrects it.
#: A group stops sooner once its values settle, or move only by rounding: by less than `_TIE`, and
#: no less than the sweep before (a group where both sides may pass for ever circles at 1e-13).
_SWEEPS = 2_000


def _allowed(side: int | None, values: list[tuple[float, float]]) -> list[int]:
    """The options `side` may take among `values` (each option's (first wins, second wins)): the best on its chance."""
    if side is None or len(values) == 1:
        return [0]
    if side == 0:
        best = max(a for a, _ in values)
        return [i for i, (a, _) in enumerate(values) if a >= best - _TIE]
    best = min(a for a, _ in values)
    return [i for i, (a, _) in enumerate(values) if a <= best + _TIE]


def _pick(side: int | None, values: list[tuple[float, float]], allowed: list[int]) -> int:
    """Among the options best on the first side's chance (`allowed`), the one its side prefers: own win, then no end."""
    if side == 0:
        return min(allowed, key=lambda i: values[i][1])
    return max(allowed, key=lambda i: values[i][1])


def _progress(graph: _Graph, allowed: Sequence[Sequence[int]]) -> list[int | None]:
    """For each position, an allowed option of the first side that brings its win closer, or `None`.

    The first side's attractor to its wins, in the game where each side takes only `allowed`
    options: a first-side position joins once one of its options can reach a joined position,
    any other once each of its options can. Taking the option that made a position join never
    lets the battle loop for ever where the first side can win.
    """
    size = len(graph.sides)
    waiting = [len(allowed[n]) if graph.sides[n] != 0 else 1 for n in range(size)]
    done_option: set[tuple[int, int]] = set()
    predecessors: dict[int, list[tuple[int, int]]] = {}
    for n in range(size):
        if n in graph.won:
            continue
        for i in allowed[n]:
            for t, _, _ in graph.options[n][i]:
                predecessors.setdefault(t, []).append((n, i))
    via: list[int | None] = [None] * size
    joined = [graph.won.get(n, -1) == 0 for n in range(size)]
    queue = [n for n in range(size) if joined[n]]
    at = 0
    while at < len(queue):
        t = queue[at]
        at += 1
        for n, i in predecessors.get(t, ()):
            if joined[n] or (n, i) in done_option:
                continue
            done_option.add((n, i))
            waiting[n] -= 1
            if graph.sides[n] == 0 or waiting[n] == 0:
                joined[n] = True
                via[n] = i
                queue.append(n)
    return via


def _sums(option: tuple[tuple[int, float], ...], va: list[float], vd: list[float]) -> tuple[float, float]:
    """An option's chances of each side's win, from `va` and `vd`: each the `math.fsum` of its branches' products.

    With one or two branches (a HoMM attack's miss and hit) the plain sum is that same
    number (the sum of two floats is rounded once, as `fsum` rounds the exact sum), and
    much quicker: value iteration asks it millions of times.
    """
    if len(option) == 1:
        ((t, p),) = option
        return p * va[t], p * vd[t]
    if len(option) == 2:
        (t, p), (u, q) = option
        return p * va[t] + q * va[u], p * vd[t] + q * vd[u]
    return math.fsum(p * va[t] for t, p in option), math.fsum(p * vd[t] for t, p in option)


def _iterate(graph: _Graph) -> list[int]:
    """Strategies by value iteration, group by group (sinks first): the option taken at each position."""
    size = len(graph.sides)
    va = [0.0] * size
    vd = [0.0] * size
    chosen = [0] * size
    for n, winner in graph.won.items():
        va[n] = 1.0 if winner == 0 else 0.0
        vd[n] = 1.0 if winner == 1 else 0.0
    successors = {
        n: sorted({t for option in graph.options[n] for t, _, _ in option if t not in graph.won})
        for n in range(size)
        if n not in graph.won
    }
    allowed: list[list[int]] = [[0] for _ in range(size)]
    for component in strongly_connected(list(successors), successors):
        loops = len(component) > 1 or component[0] in successors[component[0]]
        # The group's options with float chances, made for the group alone (not for the whole graph at once).
        nodes = [
            (n, tuple(tuple((t, float(p)) for t, p, _ in option) for option in graph.options[n]), graph.sides[n])
            for n in component
        ]
        last = math.inf
        for _ in range(_SWEEPS if loops else 1):
            change = 0.0
            for n, options, side in nodes:
                if len(options) == 1:
                    # Nobody chooses: the one option's chances (as `_pick` and `_allowed` would give them).
                    a, d = _sums(options[0], va, vd)
                else:
                    values = [_sums(option, va, vd) for option in options]
                    allowed[n] = best = _allowed(side, values)
                    chosen[n] = pick = _pick(side, values, best)
                    a, d = values[pick]
                moved = abs(a - va[n])
                if moved > change:
                    change = moved
                moved = abs(d - vd[n])
                if moved > change:
                    change = moved
                va[n], vd[n] = a, d
            if change < 1e-15 or last <= change < _TIE:
                break  # settled, or only rounding moves it (below the tolerance, no longer shrinking)
            last = change
    via = _progress(graph, allowed)
    for n in range(size):
        closer = via[n]
        if graph.sides[n] == 0 and va[n] > _TIE and closer is not None:
            chosen[n] = closer
    return chosen


@dataclass
class _Exact:
    """The battle under fixed strategies, solved at every position."""

    a: list[Fraction]
    d: list[Fraction]
    e: list[Fraction | None]


def _affine_solve(
    component: list[int],
    rows: dict[int, tuple[Branch, ...]],
    known: _Exact,
    reward: dict[int, Fraction],
) -> None:
    """Solve one strongly connected group of positions exactly, writing its values into `known`."""
    inside = set(component)
    # A feedback set: the targets of back edges of a depth-first search over the group.
    order: dict[int, int] = {}
    on_path: set[int] = set()
    feedback: set[int] = set()
    for root in component:
        if root in order:
            continue
        work: list[tuple[int, int]] = [(root, 0)]
        order[root] = len(order)
        on_path.add(root)
        while work:
            node, child = work.pop()
            targets = [t for t, _, _ in rows[node] if t in inside]
            if child < len(targets):
                work.append((node, child + 1))
                target = targets[child]
                if target in on_path:
                    feedback.add(target)
                elif target not in order:
                    order[target] = len(order)
                    on_path.add(target)
                    work.append((target, 0))
            else:
                on_path.discard(node)
    variables = sorted(feedback)
    slot = {n: i for i, n in enumerate(variables)}
    closed = not any(t not in inside for n in component for t, _, _ in rows[n])
    finite = not closed and all(known.e[t] is not None for n in component for t, _, _ in rows[n] if t not in inside)
    # Each position's values as affine forms over the feedback set's values, sparse: the constant
    # under key 0, the coefficient of the feedback position in slot i under key 1 + i (a position
    # reaches few of them, so dense forms would cost the group's size times the set's, in time and memory).
    forms: dict[int, tuple[dict[int, Fraction], dict[int, Fraction], dict[int, Fraction]]] = {}
    zero, one = Fraction(0), Fraction(1)

    def form_of(target: int) -> tuple[dict[int, Fraction], dict[int, Fraction], dict[int, Fraction]]:
        if target not in inside:
            e = known.e[target]
            return {0: known.a[target]}, {0: known.d[target]}, {0: e if e is not None else zero}
        if target in slot:
            unit = {1 + slot[target]: one}
            return unit, unit, unit
        return forms[target]

    # Every position of the group, children first, the edges into the feedback set cut (no cycle is left).
    visited: set[int] = set()
    sequence: list[int] = []
    for root in component:
        if root in visited:
            continue
        stack: list[tuple[int, int]] = [(root, 0)]
        visited.add(root)
        while stack:
            node, child = stack.pop()
            targets = [t for t, _, _ in rows[node] if t in inside and t not in slot]
            if child < len(targets):
                stack.append((node, child + 1))
                target = targets[child]
                if target not in visited:
                    visited.add(target)
                    stack.append((target, 0))
            else:
                sequence.append(node)
    for node in sequence:
        fa: dict[int, Fraction] = {}
        fd: dict[int, Fraction] = {}
        fe: dict[int, Fraction] = {}
        paid = reward.get(node)
        if paid:
            fe[0] = paid
        for target, chance, _ in rows[node]:
            for mine, theirs in zip((fa, fd, fe), form_of(target), strict=True):
                for i, value in theirs.items():
                    if value:
                        mine[i] = mine[i] + chance * value if i in mine else chance * value
        forms[node] = (fa, fd, fe)
    if closed:
        for n in component:
            known.a[n], known.d[n], known.e[n] = zero, zero, None
        return
    # Solve x_f = form_f(x) for the feedback set's values, for each of the three quantities.
    solved: list[list[Fraction]] = []
    size = len(variables)
    for which in range(3):
        if which == 2 and not finite:
            solved.append([zero] * size)
            continue
        matrix = [
            [Fraction(int(i == j)) - forms[f][which].get(1 + j, zero) for j in range(size)]
            for i, f in enumerate(variables)
        ]
        rhs = [forms[f][which].get(0, zero) for f in variables]
        solved.append(solve_linear(matrix, rhs) if size else [])
    for n in component:
        values: list[Fraction] = []
        for which in range(3):
            f = forms[n][which]
            values.append(sum((v * solved[which][i - 1] if i else v for i, v in f.items()), zero))
        known.a[n], known.d[n] = values[0], values[1]
        known.e[n] = values[2] if finite else None


def _evaluate(graph: _Graph, chosen: Sequence[int]) -> _Exact:
    """The battle under the strategies `chosen`, solved exactly at every position."""
    size = len(graph.sides)
    known = _Exact([Fraction(0)] * size, [Fraction(0)] * size, [Fraction(0)] * size)
    for n, winner in graph.won.items():
        known.a[n] = Fraction(int(winner == 0))
        known.d[n] = Fraction(int(winner == 1))
    rows = {n: graph.options[n][chosen[n]] for n in range(size) if n not in graph.won}
    reward = {n: sum((p * c for _, p, c in row if c), Fraction(0)) for n, row in rows.items()}
    successors = {n: sorted({t for t, _, _ in row if t not in graph.won}) for n, row in rows.items()}
    zero = Fraction(0)
    for component in strongly_connected(list(rows), successors):
        n = component[0]
        if len(component) > 1 or n in successors[n]:
            _affine_solve(component, rows, known, reward)
            continue
        # A position on no loop: its values are its option's branches' (as `_affine_solve` gives them).
        row = rows[n]
        known.a[n] = sum((p * known.a[t] for t, p, _ in row), zero)
        known.d[n] = sum((p * known.d[t] for t, p, _ in row), zero)
        counts = [known.e[t] for t, _, _ in row]
        known.e[n] = (
            None
            if any(e is None for e in counts)
            else sum((p * e for (_, p, _), e in zip(row, counts, strict=True) if e), reward[n])
        )
    return known


def _value(option: tuple[Branch, ...], values: list[Fraction]) -> Fraction:
    return sum((p * values[t] for t, p, _ in option), Fraction(0))


#: How far below the best (above, for the second side) an option's chance of the first side's win
#: may lie, in floating point, and still be worked out exactly. The floating-point chance of an
#: option (its branches' chances times the positions' exact values, each rounded to the nearest
#: float, multiplied and added) lies within 1e-14 of the exact one, so an option further than this
#: from the best in floating point is certainly worse exactly; every option exactly as good as
#: the best, or within about this of it, is worked out exactly.
_NEAR = 1e-9

#: Each option's exact chance of the first side's win at one position, by the option's index (in
#: increasing order): every option that may be best for the side deciding there, and the one chosen.
_Near = dict[int, Fraction]


def _values(graph: _Graph, first_wins: list[Fraction], chosen: Sequence[int]) -> list[_Near]:
    """Where a side has a choice, the exact chance of the first side's win of each option that may be its best.

    Every option exactly best for the side deciding is among them (see `_NEAR`), and the
    option `chosen`; the others are certainly worse (elsewhere nothing is asked). The exact
    comparisons of the proof need no other.
    """
    floats = [a.numerator / a.denominator for a in first_wins]
    near: list[_Near] = []
    for n, options in enumerate(graph.options):
        side = graph.sides[n]
        if side is None:
            near.append({})
            continue
        estimates = [math.fsum(p.numerator / p.denominator * floats[t] for t, p, _ in option) for option in options]
        if side == 0:
            low = max(estimates) - _NEAR
            keep = [i for i, x in enumerate(estimates) if x >= low or i == chosen[n]]
        else:
            high = min(estimates) + _NEAR
            keep = [i for i, x in enumerate(estimates) if x <= high or i == chosen[n]]
        near.append({i: _value(options[i], first_wins) for i in keep})
    return near


def _best(side: int | None, near: _Near) -> Fraction:
    """The best exact chance of the first side's win among `near` for `side`: the largest for the first side."""
    return max(near.values()) if side == 0 else min(near.values())


def _trap(graph: _Graph, chosen: Sequence[int]) -> set[int]:
    """Where the second side can keep the first from ever winning, the first side playing `chosen`."""
    size = len(graph.sides)
    alive = {n for n in range(size) if graph.won.get(n, -1) != 0}
    changed = True
    while changed:
        changed = False
        for n in list(alive):
            if n in graph.won:
                continue
            options = graph.options[n]
            if graph.sides[n] == 1:
                keeps = any(all(t in alive for t, _, _ in option) for option in options)
            else:
                keeps = all(t in alive for t, _, _ in options[chosen[n]])
            if not keeps:
                alive.discard(n)
                changed = True
    return alive


def _improve(graph: _Graph, chosen: list[int], known: _Exact, values: list[_Near]) -> int:
    """One round of exact policy improvement: the first side's if it can do better, else the second side's.

    The first side takes, where an option does strictly better than its choice, an option
    best on its chance that brings its win closer; the second side takes a strictly lower
    option, or one keeping the battle where the first side can never win. Returns how many
    positions changed their option. `values` are [`_values`][battlebook.battle._values] of `known`.
    """
    size = len(graph.sides)
    better = [n for n in range(size) if graph.sides[n] == 0 and _best(0, values[n]) > values[n][chosen[n]]]
    if better:
        allowed = [_tops(0, values[n]) if graph.sides[n] == 0 else [chosen[n]] for n in range(size)]
        via = _progress(graph, allowed)
        for n in better:
            closer = via[n]
            chosen[n] = closer if closer is not None else _tops(0, values[n])[0]
        return len(better)
    changed = 0
    for n in range(size):
        if graph.sides[n] == 1 and _best(1, values[n]) < values[n][chosen[n]]:
            chosen[n] = _tops(1, values[n])[0]
            changed += 1
    if changed:
        return changed
    trap = _trap(graph, chosen)
    for n in trap:
        if graph.sides[n] == 1 and known.a[n] > 0:
            for i, option in enumerate(graph.options[n]):
                if all(t in trap for t, _, _ in option):
                    if chosen[n] != i:
                        chosen[n] = i
                        changed += 1
                    break
    if changed:
        return changed
    return _prefer(graph, chosen, known, values)


def _tops(side: int | None, near: _Near) -> list[int]:
    """The options of `near` exactly best on the first side's chance for `side`, in increasing order."""
    best = _best(side, near)
    return [i for i, v in near.items() if v == best]


def _secondary(graph: _Graph, known: _Exact, values: list[_Near], n: int) -> list[int]:
    """The options the side deciding at `n` prefers, exactly: best on the first side's chance, then by its tie order.

    Between options equal on the first side's chance, each side prefers its own win, then a
    battle that never ends, then a loss: with that chance fixed, the first side takes the
    smallest chance of the second side's win (more never ends), the second side the largest.
    """
    side = graph.sides[n]
    if side is None:
        return list(range(len(graph.options[n])))
    tied = _tops(side, values[n])
    if len(tied) == 1:
        return tied
    seconds = {i: _value(graph.options[n][i], known.d) for i in tied}
    target = min(seconds.values()) if side == 0 else max(seconds.values())
    return [i for i in tied if seconds[i] == target]


def _prefer(graph: _Graph, chosen: list[int], known: _Exact, values: list[_Near]) -> int:
    """Where an option equal on the first side's chance serves the tie order better, take it; how many changed."""
    changed = 0
    for n in range(len(graph.sides)):
        if graph.sides[n] is None:
            continue
        preferred = _secondary(graph, known, values, n)
        if chosen[n] not in preferred:
            chosen[n] = preferred[0]
            changed += 1
    return changed


def _respects_tie_order(graph: _Graph, chosen: Sequence[int], known: _Exact, values: list[_Near]) -> bool:
    """Whether every choice in `chosen` is among the options its side prefers exactly (a check, as the tests make)."""
    return all(graph.sides[n] is None or chosen[n] in _secondary(graph, known, values, n) for n in range(len(values)))


def _tied(graph: _Graph, known: _Exact, n: int, values: list[_Near] | None = None) -> list[int]:
    """The options at `n` exactly as good as the one chosen on both sides' chances (exact ties).

    `values`, where given, are [`_values`][battlebook.battle._values] of `known`, with the
    strategies proved: the option chosen is then best at `n`, and every option as good is among them.
    """
    options = graph.options[n]
    if values is None or graph.sides[n] is None:
        firsts = {i: _value(option, known.a) for i, option in enumerate(options)}
    else:
        firsts = values[n]
    return [i for i, a in firsts.items() if a == known.a[n] and _value(options[i], known.d) == known.d[n]]


#: The most tie-breakings compared exactly before the expected count is said to depend on ties without proof.
_TIE_TRIALS = 8


def _ties_change_count(graph: _Graph, chosen: Sequence[int], known: _Exact, values: list[_Near]) -> bool:
    """Whether another breaking of exact ties, still best play, gives another expected count from the start.

    The positions reachable from the start through tied options are searched. Where none has
    a tied option whose count one step on differs from the position's, the values solve the
    equations of every tie-breaking alike: the count is the same whichever (`False`). Each
    position that has one is a candidate. Reached under the strategies found, it changes the
    count from the start by itself (`True`), unless that option can never end the battle
    without coming back (then it is no best play). Reached only through other tied options,
    the strategies taking them, and that option there, are solved exactly and compared with
    best play's (the same chances from the start, and another count: `True`). Past
    `_TIE_TRIALS` such candidates none of which was confirmed, the count is said to depend
    on ties (it may).
    """
    if known.e[0] is None:
        return False
    came: dict[int, tuple[int, int] | None] = {0: None}
    work = deque([0])
    trials = 0
    while work:
        n = work.popleft()
        if n in graph.won:
            continue
        for i in _tied(graph, known, n, values):
            option = graph.options[n][i]
            counted = (
                None
                if any(known.e[t] is None for t, _, _ in option)
                else sum((p * (c + (known.e[t] or 0)) for t, p, c in option), Fraction(0))
            )
            if counted != known.e[n]:
                other = list(chosen)
                other[n] = i
                at = came[n]
                while at is not None:
                    other[at[0]] = at[1]
                    at = came[at[0]]
                if all(other[m] == chosen[m] for m in range(len(other)) if m != n):
                    # Only `n` changes its option: the chances stay (the option is tied) unless it can
                    # never leave `n` again, and the count changes by its chance of reaching `n`.
                    if counted is not None and _escapes(graph, chosen, n, i):
                        return True
                    continue
                if trials == _TIE_TRIALS:
                    return True
                trials += 1
                tried = _evaluate(graph, other)
                if (tried.a[0], tried.d[0]) == (known.a[0], known.d[0]) and tried.e[0] != known.e[0]:
                    return True
            for t, _, _ in option:
                if t not in came:
                    came[t] = (n, i)
                    work.append(t)
    return False


def _escapes(graph: _Graph, chosen: Sequence[int], n: int, option: int) -> bool:
    """Whether, taking `option` at `n` and `chosen` elsewhere, the battle can end without coming back to `n`."""
    seen = {n}
    work = [t for t, _, _ in graph.options[n][option]]
    while work:
        t = work.pop()
        if t in seen:
            continue
        if t in graph.won:
            return True
        seen.add(t)
        work.extend(u for u, _, _ in graph.options[t][chosen[t]])
    return False


def _first_decision(contest: Contest[P, S, A, O], graph: _Graph, chosen: Sequence[int]) -> tuple[int, str] | None:
    """Along the battle's certain steps from the start, the first position where a side has a choice.

    The option's words are asked of the contest again there (the graph keeps no words).
    """
    n, seen = 0, set()
    while n not in graph.won and n not in seen:
        seen.add(n)
        side = graph.sides[n]
        if side is not None:
            decision = contest.decide(graph.positions[n])
            assert isinstance(decision, Choice)
            return side, decision.options[chosen[n]][0]
        option = graph.options[n][chosen[n]]
        if len(option) != 1:
            return None
        n = option[0][0]
    return None


def solve_best(game: Play[S, A], contest: Contest[P, S, A, O], start: P, *, limit: int = MAX_POSITIONS) -> BestPlay[O]:
    """The battle from `start` under best play, solved and proved exactly (see the module's docstring).

    Raises `FightTooLarge` past `limit` positions, and [`NotProved`][battlebook.battle.NotProved]
    if the strategies cannot be proved optimal after many rounds of improvement. Python's cycle
    collector is held off meanwhile ([`without_cycle_collection`][battlebook.fight.without_cycle_collection]:
    the graph and the positions are many and none refers back to itself).
    """
    with without_cycle_collection():
        return _solve_best(game, contest, start, limit)


def _solve_best(game: Play[S, A], contest: Contest[P, S, A, O], start: P, limit: int) -> BestPlay[O]:
    graph = _explore(game, contest, start, limit)
    chosen = _iterate(graph)
    rounds = 0
    while True:
        known = _evaluate(graph, chosen)
        values = _values(graph, known.a, chosen)
        if not _improve(graph, chosen, known, values):
            break
        rounds += 1
        if rounds > 50:
            raise NotProved("the strategies found could not be proved optimal")
    deciding = [n for n in range(len(graph.sides)) if graph.sides[n] is not None]
    if not _respects_tie_order(graph, chosen, known, values):
        raise NotProved("the strategies found do not respect the order of preference between equal options")
    return BestPlay(
        known.a[0],
        known.d[0],
        1 - known.a[0] - known.d[0],
        known.e[0],
        _first_decision(contest, graph, chosen),
        _ties_change_count(graph, chosen, known, values),
        len(graph.sides),
        rounds,
        FrozenMap((graph.positions[n], chosen[n]) for n in deciding),
        FrozenMap((graph.positions[n], tuple(_tied(graph, known, n, values))) for n in deciding),
    )
