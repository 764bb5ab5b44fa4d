r"""An SVG drawing of a Heroscape battlefield, seen from above.

Each space is a hexagon shaded by its level (the higher, the darker) with the level written
at its top; water spaces are tinted and marked `~`; a glyph is a small diamond with its
initial; an empty area inside the map's outline is a dashed hexagon with nothing in it.
Each figure is a token with its map key (a double-space figure one token over both of its
spaces), outlined in its army's colour; the legend under the map names every figure.

For a range or line-of-sight check, a [`Measure`][battlebook.heroscape.picture.Measure] adds
the counted path (a line through the spaces the count steps on, each numbered) and the
sight line: solid when clear, dashed when blocked, with the blocking spaces outlined and
a sentence saying which it is; a side view under the map shows the terrain the sight
line crosses, both figures' bodies and the line, with heights to scale. Both come from the engine
([`range_path`][battlebook.heroscape.sight.range_path],
[`sight_line`][battlebook.heroscape.sight.sight_line]), so the drawing shows exactly what the
rules measured.

Examples:
    >>> from battlebook.heroscape.battlefield import parse_map
    >>> from battlebook.heroscape.cards import KNOWN_CARDS
    >>> from battlebook.heroscape.setup import setup_battle
    >>> parsed = parse_map("2Z1 1 . 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)")
    >>> state = setup_battle(parsed, KNOWN_CARDS.get)
    >>> svg = draw_battlefield(state, "The battlefield", measures=[measure(state, "Z1", "A1")])
    >>> svg.startswith("<svg") and "Zettian Guard" in svg and "Line of sight from Z1 to A1: clear" in svg
    True
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from dataclasses import dataclass

from battlebook.heroscape.battlefield import Terrain
from battlebook.heroscape.hexes import Hex, clip_to_hex
from battlebook.heroscape.sight import FIGURE_RADIUS, LEVEL_HEIGHT, Measured, SightLine, range_path, sight_line
from battlebook.heroscape.state import BattleState, Figure
from battlebook.pictures.svg import attrs, element, svg_document, text

#: Pixels per unit (the distance between the centres of touching spaces).
SCALE = 48.0
#: From a space's centre to its corners, in units (pointy-top hexagons, flat sides 1/2 from the centre).
CORNER = 0.5 / math.cos(math.radians(30))
MARGIN = 10.0
#: The narrowest drawing with a side view under its map: room for the side view's heading. A map
#: alone is as wide as its spaces, so that a phone shows it at its own size rather than shrunk.
PROFILE_MIN_WIDTH = 300.0
#: Sizes of the numbers inside a map (a space's level, a range count's steps), in user units: at the
#: drawing's own size these are pixels.
NUMBER_SIZE = 11
LINE_H = 15.0
CHAR_W = 6.0


@dataclass(frozen=True)
class Measure:
    """A range count and a line of sight from one figure to another, as drawn.

    Attributes:
        attacker: The measuring figure's key.
        target: The target's key.
        path: The spaces the range count steps on (attacker's space first), `None` when no
            path of spaces joins them; left out (`()`) when the example does not count range.
        sight: The line of sight shown, or `None` when the example does not check sight.
    """

    attacker: str
    target: str
    path: tuple[Hex, ...] | None = ()
    sight: SightLine | None = None

    @property
    def shows_range(self) -> bool:
        """Whether the drawing shows a range count (possibly that no path exists)."""
        return self.path != ()


def measure(state: BattleState, attacker: str, target: str, *, counts: bool = True, sees: bool = True) -> Measure:
    """The range path (if `counts`) and sight line (if `sees`) from figure `attacker` to `target` in `state`."""
    a, t = state.figure(attacker), state.figure(target)
    return Measure(
        attacker,
        target,
        range_path(state, a, t) if counts else (),
        sight_line(state, a, t) if sees else None,
    )


def measures(state: BattleState, checks: Iterable[Measured]) -> list[Measure]:
    """The range paths and sight lines to draw on `state` for `checks`: one per pair of figures, in the order checked.

    Checks of a figure no longer on the battlefield are left out.
    """
    merged: dict[tuple[str, str], tuple[bool, bool]] = {}
    for check in checks:
        if state.has_figure(check.attacker) and state.has_figure(check.target):
            counts, sees = merged.get((check.attacker, check.target), (False, False))
            merged[(check.attacker, check.target)] = (counts or check.counts, sees or check.sees)
    return [measure(state, a, t, counts=c, sees=s) for (a, t), (c, s) in merged.items()]


def _point(hex_: Hex) -> tuple[float, float]:
    x, y = hex_.centre()
    return (MARGIN + SCALE * (x + 0.5), MARGIN + SCALE * (y + CORNER))


def _plane(x: float, y: float) -> tuple[float, float]:
    return (MARGIN + SCALE * (x + 0.5), MARGIN + SCALE * (y + CORNER))


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _hexagon(hex_: Hex, css: str, shrink: float = 1.0, **values: str | float) -> str:
    cx, cy = _point(hex_)
    r = SCALE * CORNER * shrink
    corners = " ".join(
        f"{_num(cx + r * math.cos(math.radians(30 + 60 * k)))},{_num(cy + r * math.sin(math.radians(30 + 60 * k)))}"
        for k in range(6)
    )
    return f"<polygon{attrs({'points': corners, 'class_': css, **values})}/>"


def _figure_name(state: BattleState, figure: Figure) -> str:
    return state.card_of(figure).figure


def _outline(state: BattleState) -> list[Hex]:
    """Every position inside the map's rectangle of rows and columns, spaces or not."""
    hexes = list(state.battlefield.spaces)
    rows = max(h.row for h in hexes) + 1
    columns = max(h.column for h in hexes) + 1
    return [Hex.from_offset(r, c) for r in range(rows) for c in range(columns)]


def _armies(state: BattleState) -> list[str]:
    armies: list[str] = []
    for army in [c.army for c in state.cards] + [f.army for f in state.figures]:
        if army not in armies:
            armies.append(army)
    return armies


def _space_words(state: BattleState, hex_: Hex) -> str:
    if not state.battlefield.has_space(hex_):
        return "empty area"
    space = state.battlefield.space(hex_)
    words = f"water at level {space.level}" if space.terrain is Terrain.WATER else f"level {space.level}"
    if space.glyph:
        words += f" with the glyph {space.glyph}"
    figure = state.figure_at(hex_)
    if figure is not None:
        words += f" with {_figure_name(state, figure)} {figure.key} ({figure.army})"
    return words


def _wounds(state: BattleState, figure: Figure) -> str:
    count = state.wounds_of(figure)
    return f", {count} wound{'' if count == 1 else 's'}" if count else ""


def _figure_line(state: BattleState, figure: Figure) -> str:
    card = state.card_of(figure)
    height = f", Height {card.height}" if card.height is not None else ""
    where = " and ".join(str(h) for h in figure.spaces)
    level = state.base_level(figure)
    return f"{figure.key}: {card.figure} of {figure.army}{height}, level {level}, {where}{_wounds(state, figure)}"


def _range_sentence(item: Measure) -> str:
    if item.path is None:
        return f"Range from {item.attacker} to {item.target}: no path of spaces joins them."
    steps = len(item.path) - 1
    return (
        f"Range from {item.attacker} to {item.target}: {steps} space{'' if steps == 1 else 's'}, "
        "counted along the numbered spaces."
    )


def _sight_sentence(item: Measure, sight: SightLine) -> str:
    if sight.is_clear:
        return f"Line of sight from {item.attacker} to {item.target}: clear (solid line)."
    if sight.blockers:
        by = "; ".join(str(h) for h in sight.blockers)
        return f"Line of sight from {item.attacker} to {item.target}: blocked (dashed line) by the terrain at {by}."
    return f"Line of sight from {item.attacker} to {item.target}: blocked (dashed line)."


def legend(state: BattleState, measures: Iterable[Measure] = ()) -> list[str]:
    """The sentences written under the map: the figures, the glyphs, then each range count and sight line."""
    lines = [_figure_line(state, f) for f in state.figures]
    glyphs = sorted((h, s.glyph) for h, s in state.battlefield.spaces.items() if s.glyph)
    lines += [f"◆{glyph[0].upper()}: the glyph {glyph}, {hex_}" for hex_, glyph in glyphs]
    for item in measures:
        if item.shows_range:
            lines.append(_range_sentence(item))
        if item.sight is not None:
            lines.append(_sight_sentence(item, item.sight))
    return lines


def describe(state: BattleState, measures: Iterable[Measure] = ()) -> str:
    r"""The drawing in words: its text alternative.

    Examples:
        >>> from battlebook.heroscape.battlefield import parse_map
        >>> from battlebook.heroscape.cards import KNOWN_CARDS
        >>> from battlebook.heroscape.setup import setup_battle
        >>> state = setup_battle(parse_map("2Z1 . 3~\nZ1 = Zettian Guards (Red)"), KNOWN_CARDS.get)
        >>> print(describe(state).replace("; ", ";\n"))
        A battlefield of 1 row seen from above. Row 1: level 2 with Zettian Guard Z1 (Red);
        empty area;
        water at level 3. Z1: Zettian Guard of Red, Height 5, level 2, row 1, column 1.
    """
    outline = _outline(state)
    rows = max(h.row for h in outline) + 1
    sentences = [f"A battlefield of {rows} row{'' if rows == 1 else 's'} seen from above."]
    for row in range(rows):
        cells = [_space_words(state, h) for h in outline if h.row == row]
        shifted = " (set half a space to the right)" if row % 2 else ""
        sentences.append(f"Row {row + 1}{shifted}: {'; '.join(cells)}.")
    sentences += [line if line.endswith(".") else line + "." for line in legend(state, measures)]
    return " ".join(sentences)


def _space(state: BattleState, hex_: Hex, low: int, high: int) -> str:
    space = state.battlefield.space(hex_)
    shade = 0.06 + 0.3 * ((space.level - low) / (high - low) if high > low else 0.5)
    water = space.terrain is Terrain.WATER
    cx, cy = _point(hex_)
    parts = [_hexagon(hex_, "bb-pic-space", fill="currentColor", fill_opacity=round(shade, 2), stroke="currentColor")]
    if water:
        parts.append(_hexagon(hex_, "bb-pic-water"))
        parts.append(text(cx - SCALE * 0.22, cy + SCALE * 0.38, "~", "bb-pic-text bb-pic-water-mark", "middle", 13))
    parts.append(text(cx, cy - SCALE * 0.3, str(space.level), "bb-pic-text bb-pic-level", "middle", NUMBER_SIZE))
    if space.glyph:
        gx, gy = cx - SCALE * 0.24, cy + SCALE * 0.3
        d = SCALE * 0.15
        parts.append(
            element(
                "polygon",
                points=f"{gx:.1f},{gy - d:.1f} {gx + d:.1f},{gy:.1f} {gx:.1f},{gy + d:.1f} {gx - d:.1f},{gy:.1f}",
                class_="bb-pic-glyph",
                fill="none",
                stroke="currentColor",
            )
        )
        parts.append(text(gx, gy + 3, space.glyph[0].upper(), "bb-pic-text bb-pic-glyph-mark", "middle", 8))
    return element("g", parts, class_="bb-pic-water-space") if water else "".join(parts)


#: Army names that are colours: their figures are drawn in that colour.
ARMY_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "black", "white")


def army_class(army: str, index: int) -> str:
    """The CSS classes of an army's figures: its place among the armies, and its colour when its name is one.

    Examples:
        >>> army_class("Red", 0), army_class("Knights", 2)
        ('bb-pic-army-0 bb-pic-army-red', 'bb-pic-army-2')
    """
    colour = army.strip().lower()
    return f"bb-pic-army-{min(index, 3)}" + (f" bb-pic-army-{colour}" if colour in ARMY_COLOURS else "")


def _token(state: BattleState, figure: Figure, army: int) -> str:
    points = [_point(h) for h in figure.spaces]
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    radius = SCALE * 0.25
    if len(points) == 2:
        (x1, y1), (x2, y2) = points
        body = [  # a rim, then the token over it, as for a single-space figure's two circles
            element(
                "line",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                class_=css,
                stroke="currentColor",
                stroke_width=width,
                stroke_linecap="round",
            )
            for css, width in (("bb-pic-token-edge", radius * 2 + 3), ("bb-pic-token", radius * 2 - 1))
        ]
    else:
        body = [
            element("circle", cx=x, cy=y, r=radius + 1.5, class_="bb-pic-token-edge", fill="currentColor"),
            element("circle", cx=x, cy=y, r=radius - 0.5, class_="bb-pic-token", fill="currentColor"),
        ]
    label = figure.key + ("*" * min(state.wounds_of(figure), 3))
    body.append(text(x, y + 4, label, "bb-pic-text bb-pic-name", "middle", 11))
    return element("g", body, class_=f"bb-pic-figure {army_class(figure.army, army)}")


def _path(path: tuple[Hex, ...]) -> str:
    points = [_point(h) for h in path]
    parts = [
        element(
            "polyline",
            points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points),
            class_="bb-pic-path",
            fill="none",
            stroke="currentColor",
            stroke_width=2.5,
            stroke_linejoin="round",
        )
    ]
    for step, (x, y) in enumerate(points[1:], start=1):
        parts.append(element("circle", cx=x + SCALE * 0.22, cy=y + SCALE * 0.3, r=8, class_="bb-pic-step-dot"))
        step_y = y + SCALE * 0.3 + 4
        parts.append(text(x + SCALE * 0.22, step_y, str(step), "bb-pic-text bb-pic-step", "middle", NUMBER_SIZE - 1))
    return element("g", parts, class_="bb-pic-range")


def _sight(sight: SightLine) -> str:
    x1, y1 = _plane(sight.start[0], sight.start[1])
    x2, y2 = _plane(sight.end[0], sight.end[1])
    kind = "clear" if sight.is_clear else "blocked"
    parts = [_hexagon(h, "bb-pic-blocker", 0.92, fill="none", stroke="currentColor") for h in sight.blockers]
    parts.append(
        element(
            "line",
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            class_="bb-pic-sight-line",
            stroke="currentColor",
            stroke_width=2.5,
            stroke_dasharray=None if sight.is_clear else "7 5",
            stroke_linecap="round",
        )
    )
    return element("g", parts, class_=f"bb-pic-sight bb-pic-sight-{kind}")


def _profile(state: BattleState, item: Measure, sight: SightLine, top: float) -> tuple[list[str], float]:
    """A side view along the sight line: the terrain it crosses, both figures, and the line; with its height."""
    (x0, y0, z0), (x1, y1, z1) = sight.start, sight.end
    length = math.hypot(x1 - x0, y1 - y0)
    attacker, target = state.figure(item.attacker), state.figure(item.target)
    bodies = [
        (0.0, state.base_level(attacker) * LEVEL_HEIGHT, z0),
        (length, state.base_level(target) * LEVEL_HEIGHT, state.base_level(target) * LEVEL_HEIGHT),
    ]
    height = state.card_of(target).height
    if height is not None:
        bodies[1] = (length, bodies[1][1], bodies[1][1] + height * LEVEL_HEIGHT)
    crossed = []
    for hex_, space in state.battlefield.spaces.items():
        inside = clip_to_hex(hex_.centre(), (x0, y0), (x1, y1))
        if inside is not None:
            crossed.append((inside, space.level * LEVEL_HEIGHT, hex_ in sight.blockers))
    highest = max([z0, z1, *(b[2] for b in bodies), *(c[1] for c in crossed)])
    left = MARGIN + SCALE * FIGURE_RADIUS + 2
    ground = top + 34 + highest * SCALE

    def at(t: float, z: float) -> tuple[float, float]:
        return (left + t * length * SCALE, ground - z * SCALE)

    parts = [
        text(
            MARGIN,
            top + 12,
            f"Side view along the line from {item.attacker} to {item.target}",
            "bb-pic-text bb-pic-label",
            size=10,
        )
    ]
    for (t0, t1), z, blocks in sorted(crossed):
        (a, b), (c, _) = at(t0, z), at(t1, 0)
        css = "bb-pic-ground bb-pic-ground-blocker" if blocks else "bb-pic-ground"
        parts.append(
            element(
                "rect",
                x=a,
                y=b,
                width=max(c - a, 0.5),
                height=ground - b,
                class_=css,
                fill="currentColor",
                fill_opacity=0.25,
                stroke="currentColor",
            )
        )
    armies = _armies(state)
    for key, (t, base, head) in zip((item.attacker, item.target), bodies, strict=True):
        army = army_class(state.figure(key).army, armies.index(state.figure(key).army))
        (cx, low), (_, high) = at(t / length if length else 0, base), at(t / length if length else 0, head)
        width = SCALE * FIGURE_RADIUS * 2
        parts.append(
            element(
                "rect",
                x=cx - width / 2,
                y=high,
                width=width,
                height=max(low - high, 1),
                rx=3,
                class_=f"bb-pic-body {army}",
                fill="none",
                stroke="currentColor",
            )
        )
        parts.append(text(cx, high - 4, key, "bb-pic-text bb-pic-name", "middle", 10))
    (sx, sy), (ex, ey) = at(0, z0), at(1, z1)
    kind = "clear" if sight.is_clear else "blocked"
    line = element(
        "line",
        x1=sx,
        y1=sy,
        x2=ex,
        y2=ey,
        class_="bb-pic-sight-line",
        stroke="currentColor",
        stroke_width=2,
        stroke_dasharray=None if sight.is_clear else "7 5",
    )
    parts.append(element("g", [line], class_=f"bb-pic-sight bb-pic-sight-{kind}"))
    return [element("g", parts, class_="bb-pic-profile")], ground + 6 - top


def legend_html(state: BattleState, measures: Iterable[Measure] = ()) -> str:
    r"""The legend of a drawing as page text: the figures, glyphs, range counts and sight lines, then the key.

    The key says which way the shading goes in both colour schemes (the shade is the
    text's colour: dark on a light page, light on a dark one); the page shows the right one.

    Examples:
        >>> from battlebook.heroscape.battlefield import parse_map
        >>> from battlebook.heroscape.cards import KNOWN_CARDS
        >>> from battlebook.heroscape.setup import setup_battle
        >>> html_ = legend_html(setup_battle(parse_map("2Z1 1\nZ1 = Zettian Guards (Red)"), KNOWN_CARDS.get))
        >>> "Z1: Zettian Guard of Red" in html_ and "bb-key-dark" in html_
        True
    """
    # Inline elements only (shown as lines by the stylesheet): the page's Markdown keeps
    # the note's raw HTML as it is only when no block-level tag is nested in it.
    items = []
    for line in legend(state, measures):
        css = "bb-legend-line"
        if line.startswith("Line of sight"):
            css += " bb-sight-" + ("clear" if ": clear" in line else "blocked")
        items.append(f'<span class="{css}">{html.escape(line)}</span>')
    key = (
        '<span class="bb-legend-line bb-legend-key">Shading and the number at the top of a space: its level '
        '(<span class="bb-key-light">the darker, the higher</span>'
        '<span class="bb-key-dark">the lighter, the higher</span>). '
        "Dashed outline: no space. ~: water.</span>"
    )
    return f'<span class="bb-legend">{"".join(items)}{key}</span>'


def draw_battlefield(state: BattleState, title: str, ident: str = "", measures: Iterable[Measure] = ()) -> str:
    """Draw the battlefield of `state` as one line of accessible SVG titled `title`.

    The legend is not drawn: [`legend_html`][battlebook.heroscape.picture.legend_html] gives
    it as page text, and the drawing's text alternative holds it too.

    Args:
        state: The battle whose battlefield and figures are drawn.
        title: A short name of the drawing.
        ident: A prefix keeping the drawing's ids unique on a page.
        measures: Range counts and sight lines to draw over the map.
    """
    measures = tuple(measures)
    outline = _outline(state)
    levels = [s.level for s in state.battlefield.spaces.values()]
    low, high = min(levels), max(levels)
    map_w = max(_point(h)[0] for h in outline) + SCALE * 0.5 + MARGIN
    map_h = max(_point(h)[1] for h in outline) + SCALE * CORNER + MARGIN
    width = max(map_w, PROFILE_MIN_WIDTH) if any(m.sight is not None for m in measures) else map_w
    body: list[str] = []
    for hex_ in outline:
        if state.battlefield.has_space(hex_):
            body.append(_space(state, hex_, low, high))
        else:
            body.append(_hexagon(hex_, "bb-pic-void", 0.9, fill="none", stroke="currentColor", stroke_dasharray="3 3"))
    for item in measures:
        if item.path:
            body.append(_path(item.path))
    for item in measures:
        if item.sight is not None:
            body.append(_sight(item.sight))
    armies = _armies(state)
    body += [_token(state, f, armies.index(f.army)) for f in state.figures]
    y = map_h + 4
    for item in measures:
        if item.sight is not None:
            panel, tall = _profile(state, item, item.sight, y)
            body += panel
            y += tall
    return svg_document(width, y + MARGIN, title, describe(state, measures), body, ident)
