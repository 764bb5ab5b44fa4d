r"""The battlefield: spaces with levels and terrain, empty areas, glyphs, and its text map.

A [`Battlefield`][battlebook.heroscape.battlefield.Battlefield] is a set of hexagonal spaces.
Each [`Space`][battlebook.heroscape.battlefield.Space] has a level (how many layers of terrain
it stands on), a terrain kind (land or water) and possibly a glyph. Where the map has no
space there is an *empty area*: nothing stands there and nothing blocks a line of sight.

Scenarios draw battlefields as text, one map row per line (the format is documented on
the rulebook page *The battlefield*):

- each cell is separated by spaces; a cell is `.` for an empty area, or a level number
  (`1`, `12`) optionally followed by `~` for water, one lowercase letter for a glyph, and a
  figure key: a capital letter and optional letters or digits (`Z1`, `X`);
- rows 2, 4, 6, ... sit half a space to the right of the rows above and below them
  (indenting them makes the drawing look like the board, but is not required);
- a double-space figure writes its key on both of its spaces, which must touch and share a level;
- after the grid, legend lines give every key its meaning: `Z1 = Zettian Guards (Red)` puts a
  figure of that army card, belonging to the army Red; `a = glyph Astrid` names a glyph.

A malformed map raises a [`MapError`][battlebook.heroscape.battlefield.MapError] naming the
line and column of the mistake.

Examples:
    >>> parsed = parse_map('''
    ... 1 1 2Z1
    ...  1 . 3~
    ... Z1 = Zettian Guards (Red)
    ... ''')
    >>> field = parsed.battlefield
    >>> field.space(Hex.from_offset(0, 2)).level, field.has_space(Hex.from_offset(1, 1))
    (2, False)
    >>> field.space(Hex.from_offset(1, 2)).terrain
    <Terrain.WATER: 'water'>
    >>> parsed.placements[0].card, parsed.placements[0].army
    ('Zettian Guards', 'Red')
    >>> parse_map("1 1 x1")
    Traceback (most recent call last):
    ...
    battlebook.heroscape.battlefield.MapError: map line 1, column 5: cannot read the cell 'x1': ...
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from battlebook import bounds
from battlebook.errors import ScenarioError
from battlebook.frozen import FrozenMap
from battlebook.heroscape.hexes import Hex

_CELL = re.compile(r"^(?P<level>[0-9]+)(?P<water>~)?(?P<glyph>[a-z])?(?P<figure>[A-Z][A-Za-z0-9]*)?$")
_FIGURE_LEGEND = re.compile(r"^(?P<key>[A-Z][A-Za-z0-9]*)\s*=\s*(?P<card>[^()]+?)\s*\((?P<army>[^()]+)\)$")
_GLYPH_LEGEND = re.compile(r"^(?P<key>[a-z])\s*=\s*glyph\s+(?P<name>\S.*)$")
#: The largest level a space may have, and the most rows and cells in a row a map may have.
#: Battlebook's own bounds (the rules set none), which keep every map quick to read and every
#: line of sight quick to trace.
MAX_LEVEL = bounds.MAX_LEVEL
MAX_ROWS = bounds.MAX_MAP_ROWS
MAX_COLUMNS = bounds.MAX_MAP_COLUMNS
CELL_HELP = (
    "a cell is '.' (empty area) or a level such as 3, then optionally '~' (water), "
    "a lowercase glyph letter and a figure key such as Z1"
)


class MapError(ScenarioError):
    """A text map that cannot be read; the message names the map line and column."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"map line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.reason = message

    @property
    def docstring_line(self) -> int:
        """The line within the map: when the map is a step's doc string, the rulebook adds its feature-file line."""
        return self.line


class Terrain(StrEnum):
    """The kinds of terrain a space can be."""

    LAND = "land"
    WATER = "water"


@dataclass(frozen=True)
class Space:
    """One space: its level, its terrain and the name of the glyph on it, if any.

    A glyph or water never changes the level: the level is the height a figure stands at.
    """

    level: int
    terrain: Terrain = Terrain.LAND
    glyph: str | None = None


@dataclass(frozen=True)
class Battlefield:
    """The spaces of a battlefield; a hex with no space is an empty area.

    Examples:
        >>> field = Battlefield({Hex(0, 0): Space(1), Hex(1, 0): Space(3)})
        >>> field.level(Hex(1, 0)), field.has_space(Hex(2, 0))
        (3, False)
    """

    spaces: Mapping[Hex, Space] = field(default_factory=FrozenMap)

    def __post_init__(self) -> None:
        # Held as a frozen mapping whatever the caller passed, so the battlefield (and every
        # state holding it) is a hashable value.
        if not isinstance(self.spaces, FrozenMap):
            object.__setattr__(self, "spaces", FrozenMap(self.spaces))

    def has_space(self, hex_: Hex) -> bool:
        """Whether the battlefield has a space at `hex_` (otherwise it is an empty area)."""
        return hex_ in self.spaces

    def space(self, hex_: Hex) -> Space:
        """The space at `hex_`; a scenario error if it is an empty area."""
        try:
            return self.spaces[hex_]
        except KeyError:
            raise ScenarioError(f"there is no space at {hex_}: it is an empty area") from None

    def level(self, hex_: Hex) -> int:
        """The level of the space at `hex_`."""
        return self.space(hex_).level

    def neighbours(self, hex_: Hex) -> tuple[Hex, ...]:
        """The spaces touching `hex_` (empty areas left out)."""
        return tuple(n for n in hex_.neighbours() if n in self.spaces)

    def counted_distance(self, sources: Iterable[Hex], targets: Iterable[Hex]) -> int | None:
        """The fewest steps from any of `sources` to any of `targets`, stepping only on spaces.

        Levels do not add to the count, and the count goes around empty areas. `None` when
        no path of spaces joins them.

        Examples:
            >>> field = parse_map("1 1 1 1").battlefield
            >>> field.counted_distance([Hex.from_offset(0, 0)], [Hex.from_offset(0, 3)])
            3
        """
        goal = set(targets)
        start = [h for h in sources if h in self.spaces]
        seen = set(start)
        queue = deque((h, 0) for h in start)
        while queue:
            here, steps = queue.popleft()
            if here in goal:
                return steps
            for step in self.neighbours(here):
                if step not in seen:
                    seen.add(step)
                    queue.append((step, steps + 1))
        return None

    def counted_path(self, sources: Iterable[Hex], targets: Iterable[Hex]) -> tuple[Hex, ...] | None:
        r"""One shortest path of spaces from any of `sources` to any of `targets`, both ends included.

        Its steps are the count of [`counted_distance`][battlebook.heroscape.battlefield.Battlefield.counted_distance]
        (the path has one space more than that count); `None` when no path of spaces joins them.

        Examples:
            >>> field = parse_map("1 . 1\n 1 1 1").battlefield
            >>> path = field.counted_path([Hex.from_offset(0, 0)], [Hex.from_offset(0, 2)])
            >>> print("; ".join(str(h) for h in path))
            row 1, column 1; row 2, column 1; row 2, column 2; row 1, column 3
        """
        goal = set(targets)
        start = [h for h in sources if h in self.spaces]
        came_from: dict[Hex, Hex | None] = dict.fromkeys(start)
        queue = deque(start)
        while queue:
            here = queue.popleft()
            if here in goal:
                path = [here]
                while (previous := came_from[path[-1]]) is not None:
                    path.append(previous)
                return tuple(reversed(path))
            for step in self.neighbours(here):
                if step not in came_from:
                    came_from[step] = here
                    queue.append(step)
        return None

    def with_space(self, hex_: Hex, space: Space) -> Battlefield:
        """This battlefield with a space added at `hex_`, or replaced there."""
        return Battlefield(FrozenMap({**self.spaces, hex_: space}))


@dataclass(frozen=True)
class Placement:
    """A figure drawn on the map: its key, army card name, army, spaces and where it was written."""

    key: str
    card: str
    army: str
    spaces: tuple[Hex, ...]
    line: int
    column: int


@dataclass(frozen=True)
class ParsedMap:
    """A text map read: the battlefield and the figures drawn on it."""

    battlefield: Battlefield
    placements: tuple[Placement, ...]


def parse_map(text: str) -> ParsedMap:
    """Read a text map (grid, then legend); see the module description for the format.

    Raises:
        MapError: the map is malformed; the message names the line and column.
    """
    spaces: dict[Hex, Space] = {}
    figure_cells: dict[str, list[tuple[Hex, int, int]]] = {}
    glyph_cells: dict[str, tuple[int, int]] = {}
    glyph_at: dict[Hex, str] = {}
    figures: dict[str, tuple[str, str]] = {}
    glyph_names: dict[str, str] = {}
    glyph_lines: dict[str, tuple[int, int]] = {}
    row = 0
    in_legend = False
    last_line = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        last_line = number
        column = len(line) - len(line.lstrip()) + 1
        if "=" in line or in_legend:
            in_legend = True
            _read_legend(line.strip(), number, column, figures, glyph_names)
            glyph_lines.update({key: (number, column) for key in glyph_names if key not in glyph_lines})
            continue
        if row >= MAX_ROWS:
            raise MapError(number, column, f"the map has more than {MAX_ROWS} rows, the most Battlebook reads")
        for index, match in enumerate(re.finditer(r"\S+", line)):
            cell, col = match.group(), match.start() + 1
            if index >= MAX_COLUMNS:
                raise MapError(number, col, f"the row has more than {MAX_COLUMNS} cells, the most Battlebook reads")
            hex_ = Hex.from_offset(row, index)
            if cell == ".":
                continue
            found = _CELL.match(cell)
            if not found:
                raise MapError(number, col, f"cannot read the cell {cell[:20]!r}: {CELL_HELP}")
            level = int(found["level"]) if len(found["level"]) <= 3 else MAX_LEVEL + 1
            if level > MAX_LEVEL:
                raise MapError(
                    number, col, f"the level {found['level'][:10]!r} is too high: levels go from 0 to {MAX_LEVEL}"
                )
            glyph = found["glyph"]
            if glyph:
                glyph_at[hex_] = glyph
                glyph_cells.setdefault(glyph, (number, col))
            spaces[hex_] = Space(level, Terrain.WATER if found["water"] else Terrain.LAND, glyph)
            if found["figure"]:
                figure_cells.setdefault(found["figure"], []).append((hex_, number, col))
        row += 1
    if not spaces:
        raise MapError(max(last_line, 1), 1, "the map has no spaces")
    for glyph, (line_no, col) in glyph_cells.items():
        if glyph not in glyph_names:
            raise MapError(line_no, col, f"the glyph {glyph!r} has no legend line such as '{glyph} = glyph Astrid'")
    for hex_, glyph in glyph_at.items():
        spaces[hex_] = Space(spaces[hex_].level, spaces[hex_].terrain, glyph_names[glyph])
    placements: list[Placement] = []
    for key, cells in figure_cells.items():
        hex0, line_no, col = cells[0]
        if key not in figures:
            raise MapError(
                line_no, col, f"the figure {key!r} has no legend line such as '{key} = Zettian Guards (Red)'"
            )
        if len(cells) > 2:
            raise MapError(cells[2][1], cells[2][2], f"the figure {key!r} is drawn on more than two spaces")
        if len(cells) == 2:
            hex1, line1, col1 = cells[1]
            if hex1 not in hex0.neighbours():
                raise MapError(line1, col1, f"the two spaces of the figure {key!r} do not touch")
            if spaces[hex0].level != spaces[hex1].level:
                raise MapError(line1, col1, f"the two spaces of the figure {key!r} must be on the same level")
        card, army = figures[key]
        placements.append(Placement(key, card, army, tuple(c[0] for c in cells), line_no, col))
    unused_glyphs = [key for key in glyph_names if key not in glyph_cells]
    if unused_glyphs:
        line_no, col = glyph_lines[unused_glyphs[0]]
        raise MapError(line_no, col, f"the legend names the glyph {unused_glyphs[0]!r}, which the map never places")
    unused = [key for key in figures if key not in figure_cells]
    if unused:
        raise MapError(max(last_line, 1), 1, f"the legend names the figure {unused[0]!r}, which the map never places")
    return ParsedMap(Battlefield(spaces), tuple(placements))


def _read_legend(
    line: str, number: int, column: int, figures: dict[str, tuple[str, str]], glyphs: dict[str, str]
) -> None:
    figure = _FIGURE_LEGEND.match(line)
    glyph = _GLYPH_LEGEND.match(line)
    if figure:
        if figure["key"] in figures:
            raise MapError(number, column, f"the figure {figure['key']!r} is given two legend lines")
        figures[figure["key"]] = (figure["card"].strip(), figure["army"].strip())
    elif glyph:
        if glyph["key"] in glyphs:
            raise MapError(number, column, f"the glyph {glyph['key']!r} is given two legend lines")
        glyphs[glyph["key"]] = glyph["name"].strip()
    else:
        raise MapError(
            number,
            column,
            f"cannot read the legend line {line!r}: write 'Z1 = Zettian Guards (Red)' for a figure "
            "or 'a = glyph Astrid' for a glyph (and draw the grid before the legend)",
        )
