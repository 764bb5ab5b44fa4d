"""Charts of chances, as inline SVG: a bar chart of a distribution, a line chart of series.

The charts take plain numbers (exact fractions from any odds module) and draw them with the
shared [`svg`][battlebook.pictures.svg] writer, so they follow its habits: colours from CSS
classes (`bb-chart-*`, see `docs/stylesheets/charts.css`) and `currentColor`, a `<title>`
and a `<desc>` that reads out every value, `role="img"`. Each bar and each point also
carries its exact fraction in a `<title>` of its own (shown on hover). The series of a line
chart differ by dash pattern and marker as well as by colour, so they stay apart in print.

Examples:
    >>> from fractions import Fraction
    >>> svg = bar_chart("Two outcomes", [("no", Fraction(2, 3)), ("yes", Fraction(1, 3))], "Outcome", "demo")
    >>> svg.startswith("<svg") and 'role="img"' in svg and "2/3" in svg
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from battlebook.odds import fraction_text, percent_text
from battlebook.pictures.svg import element, svg_document, text

#: Plot area margins: left (for the chance axis), right, top, bottom (for the outcome axis).
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 14, 44
#: Marker shapes of the series of a line chart, in order (they repeat after the last).
MARKERS = ("circle", "square", "diamond", "triangle")


def _y(value: Fraction, height: float) -> float:
    """The vertical position of a chance (0 at the bottom of the plot, 1 at its top)."""
    return TOP + (1 - float(value)) * height


def _chance_axis(width: float, height: float) -> list[str]:
    """Horizontal grid lines and labels at 0%, 25%, 50%, 75% and 100%."""
    parts = []
    for step in range(5):
        value = Fraction(step, 4)
        y = _y(value, height)
        parts.append(element("line", x1=LEFT, x2=LEFT + width, y1=y, y2=y, class_="bb-chart-grid"))
        parts.append(text(LEFT - 6, y + 4, percent_text(value), "bb-pic-text bb-pic-label", "end", 10))
    return parts


def _name(value: Fraction) -> str:
    return f"{fraction_text(value)} ({percent_text(value)})"


def bar_chart(title: str, bars: Sequence[tuple[str, Fraction]], axis: str, ident: str, width: float = 240) -> str:
    """A bar chart of chances, one bar per outcome, its percentage above it.

    Args:
        title: What the chart shows (its accessible name, also drawn as its heading).
        bars: (outcome label, exact chance) in the order drawn.
        axis: The name of the outcome axis, drawn under the labels.
        ident: A prefix for the chart's ids, unique on the page.
        width: The width of the plot area, shared by the bars (so charts of different
            sizes print their text at the same size).
    """
    height = 150.0
    bar_width = width / max(len(bars), 1)
    body = _chance_axis(width, height)
    for index, (label, value) in enumerate(bars):
        x = LEFT + index * bar_width
        top = _y(value, height)
        tip = element("title", [f"{label}: {_name(value)}"])
        body.append(
            element(
                "rect",
                [tip],
                x=x + bar_width * 0.12,
                y=top,
                width=bar_width * 0.76,
                height=TOP + height - top,
                class_="bb-chart-bar",
            )
        )
        body.append(
            text(x + bar_width / 2, top - 3, percent_text(value, 0), "bb-pic-text bb-chart-value", "middle", 10)
        )
        body.append(text(x + bar_width / 2, TOP + height + 14, label, "bb-pic-text", "middle", 11))
    body.append(text(LEFT + width / 2, TOP + height + 34, axis, "bb-pic-text bb-pic-label", "middle", 11))
    desc = f"{title}. " + "; ".join(f"{label}: {_name(value)}" for label, value in bars) + "."
    return svg_document(LEFT + width + RIGHT, TOP + height + BOTTOM, title, desc, body, ident)


def _marker(shape: str, x: float, y: float, tip: str) -> str:
    title = element("title", [tip])
    if shape == "square":
        return element("rect", [title], x=x - 3, y=y - 3, width=6, height=6, class_="bb-chart-point")
    if shape == "diamond":
        points = f"{x:.1f},{y - 4:.1f} {x + 4:.1f},{y:.1f} {x:.1f},{y + 4:.1f} {x - 4:.1f},{y:.1f}"
        return element("polygon", [title], points=points, class_="bb-chart-point")
    if shape == "triangle":
        points = f"{x:.1f},{y - 4:.1f} {x + 4:.1f},{y + 3:.1f} {x - 4:.1f},{y + 3:.1f}"
        return element("polygon", [title], points=points, class_="bb-chart-point")
    return element("circle", [title], cx=x, cy=y, r=3, class_="bb-chart-point")


def line_chart(
    title: str,
    xs: Sequence[int],
    series: Sequence[tuple[str, Sequence[Fraction]]],
    axis: str,
    ident: str,
    step: float = 18,
) -> str:
    """A line chart of chances: one line per series over the whole numbers `xs`.

    Args:
        title: What the chart shows (its accessible name).
        xs: The values along the horizontal axis.
        series: (name, one chance per x) for each line; drawn with the CSS classes
            `bb-chart-series bb-chart-series-<i>`.
        axis: The name of the horizontal axis.
        ident: A prefix for the chart's ids, unique on the page.
        step: The distance between two consecutive xs.
    """
    height = 150.0
    width = step * max(len(xs) - 1, 1)
    body = _chance_axis(width, height)
    for index, x_value in enumerate(xs):
        body.append(text(LEFT + index * step, TOP + height + 14, str(x_value), "bb-pic-text", "middle", 10))
    body.append(text(LEFT + width / 2, TOP + height + 32, axis, "bb-pic-text bb-pic-label", "middle", 11))
    legend_y = TOP + height + BOTTOM + 4
    described = []
    for number, (name, values) in enumerate(series):
        if len(values) != len(xs):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(xs)} points")
        css = f"bb-chart-series bb-chart-series-{number}"
        points = [(LEFT + index * step, _y(value, height)) for index, value in enumerate(values)]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        shape = MARKERS[number % len(MARKERS)]
        marks = [
            _marker(shape, x, y, f"{name}, {axis.lower()} {x_value}: {_name(value)}")
            for (x, y), x_value, value in zip(points, xs, values, strict=True)
        ]
        body.append(element("g", [element("polyline", points=path, class_="bb-chart-line"), *marks], class_=css))
        key_y = legend_y + number * 16
        body.append(
            element(
                "g",
                [
                    element("line", x1=LEFT, x2=LEFT + 24, y1=key_y, y2=key_y, class_="bb-chart-line"),
                    _marker(shape, LEFT + 12, key_y, name),
                ],
                class_=css,
            )
        )
        body.append(text(LEFT + 32, key_y + 4, name, "bb-pic-text", "start", 11))
        described.append(f"{name}: " + ", ".join(f"{x} {_name(v)}" for x, v in zip(xs, values, strict=True)))
    desc = f"{title}. " + "; ".join(described) + "."
    total_height = legend_y + 16 * len(series)
    return svg_document(LEFT + width + RIGHT, total_height, title, desc, body, ident)
