"""Range and line of sight, measured on the battlefield.

**Range** is counted in spaces, stepping from space to space: levels never add to the
count, a count that would cross an empty area goes around it along the spaces, and a
double-space figure counts from whichever of its spaces is nearer.

**Line of sight** is a geometric test in three dimensions. The model:

- the plane: neighbouring space centres are 1 unit apart (see [`hexes`][battlebook.heroscape.hexes]);
- one level of terrain is [`LEVEL_HEIGHT`][battlebook.heroscape.sight.LEVEL_HEIGHT] = 0.25
  units tall; the space at level *n* is a solid hexagonal column from far below up to
  *n* x 0.25. An empty area has no column at all;
- a figure of Height *h* on a space of level *n* is an upright body over the centre of
  its space, [`FIGURE_RADIUS`][battlebook.heroscape.sight.FIGURE_RADIUS] = 0.25 units wide on
  each side, from its base at *n* x 0.25 up to its head at (*n* + *h*) x 0.25;
- the sight line starts at the attacker's **head**: the top of its body, over the centre
  of its space (over either space of a double-space figure). The sources let it end at
  any part of the target; the engine **samples 35 points** of the target's body over
  each of its spaces (its centre line and six points round its rim, at each of the five
  heights of `BODY_HEIGHTS`; 70 points for a double-space figure), and the target is
  seen when the line to one of them is clear;
- a terrain column blocks a sight line if the line passes through the column's inside
  below its top: a ledge higher than the line blocks, a line that only grazes a top, a
  side or a corner does not. Other figures block too, as columns as tall as their Height,
  unless the ruleset says they never do.

These measurements are Battlebook's model of the table (the sources ask the player to
look from behind the figure's head); they are fixed here so that every example
measures the same way.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from battlebook.errors import RulesSilent, ScenarioError
from battlebook.heroscape.battlefield import Battlefield
from battlebook.heroscape.hexes import Hex, clip_to_hex
from battlebook.heroscape.ruleset import TargetSpace
from battlebook.heroscape.state import BattleState, Figure


@dataclass(frozen=True)
class Measured:
    """A range count (`counts`) or line of sight (`sees`) a scenario checked, from one figure to another.

    What a drawing of the battlefield shows over the map (see
    [`HeroscapeGame.draw`][battlebook.heroscape.game.HeroscapeGame.draw]).
    """

    attacker: str
    target: str
    counts: bool
    sees: bool


LEVEL_HEIGHT = 0.25
"""Height of one level of terrain, in units of the distance between neighbouring space centres."""
FIGURE_RADIUS = 0.25
"""Half the width of a figure's body, in the same units."""
#: Fractions of a figure's height at which its body is sampled (just above its base to its head).
BODY_HEIGHTS = (0.02, 0.25, 0.5, 0.75, 1.0)
_EPS = 1e-9
#: How many ranges and lines of sight stay kept, each for its battlefield and figures: a
#: fight measures the same two figures again at every attack.
SIGHT_CACHE_SIZE = 4096

Point = tuple[float, float, float]


@dataclass(frozen=True)
class Column:
    """A solid upright hexagonal column that can block a sight line.

    Attributes:
        centre: Its centre in the plane.
        apothem: Distance from the centre to its flat sides (0.5 for a whole space).
        bottom: The height of its bottom (minus infinity for terrain).
        top: The height of its top.
    """

    centre: tuple[float, float]
    apothem: float
    bottom: float
    top: float

    def blocks(self, start: Point, end: Point) -> bool:
        """Whether the segment from `start` to `end` passes through the inside of this column.

        A line below the top blocks; a line exactly at the top only grazes it.

        Examples:
            >>> ledge = Column((1.0, 0.0), 0.5, -math.inf, 1.0)
            >>> ledge.blocks((0.0, 0.0, 0.9), (2.0, 0.0, 0.9)), ledge.blocks((0.0, 0.0, 1.0), (2.0, 0.0, 1.0))
            (True, False)
        """
        scale = self.apothem / 0.5
        cx, cy = self.centre

        def local(p: Point) -> tuple[float, float]:
            return ((p[0] - cx) / scale, (p[1] - cy) / scale)

        inside = clip_to_hex((0.0, 0.0), local(start), local(end))
        if inside is None:
            return False
        z0 = start[2] + inside[0] * (end[2] - start[2])
        z1 = start[2] + inside[1] * (end[2] - start[2])
        return min(z0, z1) < self.top - _EPS and max(z0, z1) > self.bottom + _EPS


def counted_range(state: BattleState, attacker: Figure, target: Figure) -> int | None:
    r"""Spaces from `attacker` to `target`, counted along the battlefield (`None` if unreachable).

    Examples:
        >>> from battlebook.heroscape.battlefield import parse_map
        >>> from battlebook.heroscape.hexes import Hex
        >>> field = parse_map("1 1 . 1\n 1 1 1 1").battlefield
        >>> a, b = Figure("A", "c", "Red", (Hex.from_offset(0, 0),)), Figure("B", "c", "Blue", (Hex.from_offset(0, 3),))
        >>> counted_range(BattleState(battlefield=field), a, b)
        4

    The count runs from whichever space of a double-space attacker is nearer, as the sources
    say, and to the nearer space of a double-space target, as Battlebook reads them; under the
    alternative reading (`TargetSpace.FARTHER`) it runs to the target's farther space.
    """
    _measurable(state, "how far a target is")
    if state.ruleset.target_space is TargetSpace.FARTHER and len(target.spaces) > 1:
        counts = [_counted(state.battlefield, attacker.spaces, (space,)) for space in target.spaces]
        return None if None in counts else max(c for c in counts if c is not None)
    return _counted(state.battlefield, attacker.spaces, target.spaces)


@lru_cache(maxsize=SIGHT_CACHE_SIZE)
def _counted(battlefield: Battlefield, sources: tuple[Hex, ...], targets: tuple[Hex, ...]) -> int | None:
    """The battlefield's `counted_distance`, kept for the same battlefield and spaces."""
    return battlefield.counted_distance(sources, targets)


def _measurable(state: BattleState, question: str) -> None:
    """Raise `RulesSilent` when the ruleset reads that the rules do not say how to measure (2024 alternative)."""
    if not state.ruleset.measures_as_2004:
        raise RulesSilent(
            f"{question}: under this reading the 2024 text measures range and line of sight in a way it does not state"
        )


def straight_distance(attacker: Figure, target: Figure) -> int:
    """The straight hex distance between the nearest spaces of two figures, ignoring empty areas."""
    return min(a.distance(b) for a in attacker.spaces for b in target.spaces)


def _height(state: BattleState, figure: Figure) -> int:
    return state.card_of(figure).stat("height")


def heads(state: BattleState, figure: Figure) -> tuple[Point, ...]:
    """Where the figure's head may be: the top of its body over each of its spaces.

    Under the ruleset's `head_space_named` reading, a double-space figure's head is over
    the one space the scenario names, and nowhere else.
    """
    top = (state.base_level(figure) + _height(state, figure)) * LEVEL_HEIGHT
    spaces = figure.spaces
    if state.ruleset.head_space_named and len(spaces) > 1:
        if figure.head is None:
            raise ScenarioError(f"name the space {figure.key}'s head is over: this ruleset looks from that space only")
        spaces = (figure.head,)
    return tuple((*hex_.centre(), top) for hex_ in spaces)


def body_points(state: BattleState, figure: Figure) -> tuple[tuple[float, Point], ...]:
    """Sample points of the figure's body, each with its fraction of the figure's height."""
    base = state.base_level(figure) * LEVEL_HEIGHT
    tall = _height(state, figure) * LEVEL_HEIGHT
    rim = FIGURE_RADIUS * 0.999
    offsets = [(0.0, 0.0)] + [
        (rim * math.cos(math.radians(30 + 60 * k)), rim * math.sin(math.radians(30 + 60 * k))) for k in range(6)
    ]
    points: list[tuple[float, Point]] = []
    for hex_ in figure.spaces:
        x, y = hex_.centre()
        for fraction in BODY_HEIGHTS:
            points += [(fraction, (x + dx, y + dy, base + fraction * tall)) for dx, dy in offsets]
    return tuple(points)


def obstacles(state: BattleState, ignore: Iterable[Figure] = ()) -> tuple[Column, ...]:
    """Every column that can block a sight line: the terrain, and figures if the ruleset says so."""
    columns = [
        Column(hex_.centre(), 0.5, -math.inf, space.level * LEVEL_HEIGHT)
        for hex_, space in state.battlefield.spaces.items()
    ]
    if state.ruleset.figures_block_sight:
        skip = {f.key for f in ignore}
        for figure in state.figures:
            if figure.key in skip:
                continue
            base = state.base_level(figure) * LEVEL_HEIGHT
            top = base + _height(state, figure) * LEVEL_HEIGHT
            columns += [Column(h.centre(), FIGURE_RADIUS, base, top) for h in figure.spaces]
    return tuple(columns)


def is_clear(start: Point, end: Point, columns: Iterable[Column]) -> bool:
    """Whether no column blocks the straight segment from `start` to `end`."""
    low_x, high_x = min(start[0], end[0]) - 0.6, max(start[0], end[0]) + 0.6
    low_y, high_y = min(start[1], end[1]) - 0.6, max(start[1], end[1]) + 0.6
    return not any(
        low_x <= c.centre[0] <= high_x and low_y <= c.centre[1] <= high_y and c.blocks(start, end) for c in columns
    )


def visible_heights(state: BattleState, attacker: Figure, target: Figure) -> tuple[float, ...]:
    """The fractions of the target's height at which the attacker's head sees some point of it.

    An empty tuple means no line of sight.
    """
    _measurable(state, "whether the attacker sees the target")
    columns = obstacles(state, ignore=(attacker, target))
    seen: set[float] = set()
    for fraction, point in body_points(state, target):
        if fraction in seen:
            continue
        if any(is_clear(head, point, columns) for head in heads(state, attacker)):
            seen.add(fraction)
    return tuple(sorted(seen))


def has_line_of_sight(state: BattleState, attacker: Figure, target: Figure) -> bool:
    """Whether some straight line from the attacker's head reaches some part of the target unblocked.

    The answer depends only on the battle's geometry (the spaces, where the figures stand and
    how tall they are, and the ruleset's two sight readings), so it is kept for that
    geometry: a battle that only changed its wounds or its turn is not measured again.
    """
    _measurable(state, "whether the attacker sees the target")
    return _sight(_Sighting(_geometry(state, attacker, target), state, attacker, target))


def _line_of_sight(state: BattleState, attacker: Figure, target: Figure) -> bool:
    columns = obstacles(state, ignore=(attacker, target))
    return any(
        is_clear(head, point, columns) for _, point in body_points(state, target) for head in heads(state, attacker)
    )


def _geometry(state: BattleState, attacker: Figure, target: Figure) -> Hashable:
    """Everything a line of sight from `attacker` to `target` depends on, as one value."""
    rules = state.ruleset
    others: tuple[object, ...] = ()
    if rules.figures_block_sight:
        skip = {attacker.key, target.key}
        others = tuple((f.spaces, _height(state, f)) for f in state.figures if f.key not in skip)
    return (
        state.battlefield,
        rules.figures_block_sight,
        rules.head_space_named,
        others,
        (target.spaces, _height(state, target)),
        (attacker.spaces, attacker.head, attacker.key, _height(state, attacker)),
    )


@dataclass(frozen=True)
class _Sighting:
    """A line of sight to measure, known by its geometry alone (the state and figures it is measured on ride along)."""

    geometry: Hashable
    state: BattleState = field(compare=False)
    attacker: Figure = field(compare=False)
    target: Figure = field(compare=False)


@lru_cache(maxsize=SIGHT_CACHE_SIZE)
def _sight(sighting: _Sighting) -> bool:
    return _line_of_sight(sighting.state, sighting.attacker, sighting.target)


def range_path(state: BattleState, attacker: Figure, target: Figure) -> tuple[Hex, ...] | None:
    r"""The spaces a range count steps on, from the attacker's space to the target's (`None` if unreachable).

    The path has [`counted_range`][battlebook.heroscape.sight.counted_range] + 1 spaces: the
    attacker's own space is its first and is not counted.

    Examples:
        >>> from battlebook.heroscape.battlefield import parse_map
        >>> field = parse_map("1 1 . 1\n 1 1 1 1").battlefield
        >>> a, b = Figure("A", "c", "Red", (Hex.from_offset(0, 0),)), Figure("B", "c", "Blue", (Hex.from_offset(0, 3),))
        >>> len(range_path(BattleState(battlefield=field), a, b) or ()) - 1
        4
    """
    return state.battlefield.counted_path(attacker.spaces, target.spaces)


@dataclass(frozen=True)
class SightLine:
    """One line from the attacker's head to the target, as a drawing shows it.

    Attributes:
        start: The attacker's head the line starts from.
        end: The point of the target's body it ends at.
        is_clear: Whether nothing blocks it (then the attacker has line of sight).
        blockers: The spaces whose terrain (or figures, if the ruleset says figures block) it passes through.
    """

    start: Point
    end: Point
    is_clear: bool
    blockers: tuple[Hex, ...] = ()


def blocking_spaces(state: BattleState, start: Point, end: Point, ignore: Iterable[Figure] = ()) -> tuple[Hex, ...]:
    """The spaces whose terrain column, or blocking figure, the segment from `start` to `end` passes through."""
    found: list[Hex] = []
    for hex_, space in sorted(state.battlefield.spaces.items()):
        if Column(hex_.centre(), 0.5, -math.inf, space.level * LEVEL_HEIGHT).blocks(start, end):
            found.append(hex_)
    if state.ruleset.figures_block_sight:
        skip = {f.key for f in ignore}
        for figure in state.figures:
            if figure.key in skip:
                continue
            base = state.base_level(figure) * LEVEL_HEIGHT
            top = base + _height(state, figure) * LEVEL_HEIGHT
            found += [
                h
                for h in figure.spaces
                if h not in found and Column(h.centre(), FIGURE_RADIUS, base, top).blocks(start, end)
            ]
    return tuple(found)


def sight_line(state: BattleState, attacker: Figure, target: Figure) -> SightLine:
    r"""A line that shows whether the attacker sees the target.

    With line of sight, it is a clear line, aimed as high and as near the middle of the
    target as any clear line is. Without, it is the line from the attacker's head to the
    target's head, with the spaces that block it.

    Examples:
        >>> from battlebook.heroscape.battlefield import parse_map
        >>> from battlebook.heroscape.cards import KNOWN_CARDS
        >>> from battlebook.heroscape.setup import setup_battle
        >>> parsed = parse_map("1Z1 1 1 8 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)")
        >>> state = setup_battle(parsed, KNOWN_CARDS.get)
        >>> line = sight_line(state, state.figure("Z1"), state.figure("A1"))
        >>> line.is_clear, [str(h) for h in line.blockers]
        (False, ['row 1, column 4'])
    """
    columns = obstacles(state, ignore=(attacker, target))
    centres = {h: h.centre() for h in target.spaces}

    def aim(item: tuple[float, Point]) -> tuple[bool, float]:
        fraction, point = item
        on_axis = any(abs(point[0] - x) < _EPS and abs(point[1] - y) < _EPS for x, y in centres.values())
        return (not on_axis, -fraction)

    for _, point in sorted(body_points(state, target), key=aim):
        for head in heads(state, attacker):
            if is_clear(head, point, columns):
                return SightLine(head, point, True)
    start = heads(state, attacker)[0]
    end = heads(state, target)[0]
    return SightLine(start, end, False, blocking_spaces(state, start, end, ignore=(attacker, target)))


def clear_caches() -> None:
    """Empty the kept ranges and lines of sight (the benchmarks start from empty ones)."""
    _sight.cache_clear()
    _counted.cache_clear()
