"""A few functions that write SVG markup, shared by every game's drawings.

The drawings are meant to sit inline in a rulebook page, so they follow three habits:

- colours come from CSS classes (`bb-pic-*`) and `currentColor`, never fixed colours, so
  the page's light, dark and print styles restyle them;
- every drawing has a `<title>` and `<desc>` and `role="img"` with an `aria-label`, so a
  screen reader announces what it shows;
- the markup is one line with no blank lines, so Markdown passes it through unchanged.

Examples:
    >>> svg_document(120, 40, "A box", "One empty box.", [rect(10, 10, 100, 20, "bb-pic-card")])[:60]
    '<svg xmlns="http://www.w3.org/2000/svg" class="bb-pic" viewB'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping

#: Attribute values are numbers or text; `None` leaves the attribute out.
AttrValue = str | int | float | None


def _fmt(value: str | int | float) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def attrs(values: Mapping[str, AttrValue]) -> str:
    """Attributes as SVG markup: underscores in names become dashes, values are escaped.

    Examples:
        >>> attrs({"class_": "a", "font_size": 12, "x": 1.50, "title": None})
        ' class="a" font-size="12" x="1.5"'
    """
    parts = []
    for name, value in values.items():
        if value is None:
            continue
        key = _KEYS.get(name)
        if key is None:
            key = _KEYS[name] = name.rstrip("_").replace("_", "-")
        parts.append(f' {key}="{_value(value)}"')
    return "".join(parts)


def _value(value: str | int | float) -> str:
    """An attribute's value as markup: a number as `_fmt` writes it, text escaped (only if it needs it)."""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, int):
        return str(value)  # digits (or True/False): nothing to escape
    shown = str(value)
    return html.escape(shown, quote=True) if _NEEDS_ESCAPE.search(shown) else shown


#: Attribute names as written in SVG, by keyword argument name (`class_` -> `class`).
_KEYS: dict[str, str] = {}
#: The characters `html.escape` changes in an attribute value.
_NEEDS_ESCAPE = re.compile("[&<>\"']")


def element(tag: str, children: Iterable[str] = (), **values: AttrValue) -> str:
    """An element with `values` as attributes and `children` (markup) inside.

    Examples:
        >>> element("g", [element("circle", r=2)], class_="x")
        '<g class="x"><circle r="2"/></g>'
    """
    inner = "".join(children)
    return f"<{tag}{attrs(values)}>{inner}</{tag}>" if inner else f"<{tag}{attrs(values)}/>"


def rect(x: float, y: float, width: float, height: float, css: str, radius: float = 4) -> str:
    """A rounded rectangle drawn with the CSS class `css` (outlined in `currentColor` by default)."""
    # What `element` writes for these attributes, in this order (the most frequent element: written directly).
    return (
        f'<rect x="{_value(x)}" y="{_value(y)}" width="{_value(width)}" height="{_value(height)}" '
        f'rx="{_value(radius)}" class="{_value(css)}" fill="none" stroke="currentColor"/>'
    )


def text(x: float, y: float, content: str, css: str = "bb-pic-text", anchor: str = "start", size: float = 12) -> str:
    """A line of text, escaped, in `currentColor` unless its CSS class says otherwise.

    Examples:
        >>> text(0, 10, "A & B")
        '<text x="0" y="10" class="bb-pic-text" text-anchor="start" font-size="12" fill="currentColor">A &amp; B</text>'
    """
    return (
        f'<text x="{_value(x)}" y="{_value(y)}" class="{_value(css)}" text-anchor="{_value(anchor)}" '
        f'font-size="{_value(size)}" fill="currentColor">{html.escape(content, quote=False)}</text>'
    )


def fit(label: str, limit: int) -> str:
    """`label` cut to `limit` characters, with an ellipsis when cut.

    Examples:
        >>> fit("Gold Golem", 20), fit("A very long unit name", 10)
        ('Gold Golem', 'A very lo…')
    """
    return label if len(label) <= limit else label[: limit - 1].rstrip() + "…"


def _slug(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or "picture"


def svg_document(width: float, height: float, title: str, desc: str, body: Iterable[str], ident: str = "") -> str:
    """A complete, accessible inline SVG drawing, on one line.

    Args:
        width: The drawing's width in user units (it scales to the page's width).
        height: Its height in user units.
        title: A short name of what is drawn, read first by screen readers.
        desc: A full description in words of everything the drawing shows.
        body: The drawing's elements, as markup.
        ident: A prefix for the ids of the title and description, unique on the page.
    """
    base = _slug(ident or title)
    title_id, desc_id = f"{base}-title", f"{base}-desc"
    head = element("title", [html.escape(title, quote=False)], id=title_id) + element(
        "desc", [html.escape(desc, quote=False)], id=desc_id
    )
    markup = element(
        "svg",
        [head, *body],
        xmlns="http://www.w3.org/2000/svg",
        class_="bb-pic",
        viewBox=f"0 0 {_fmt(width)} {_fmt(height)}",
        width=_fmt(width),
        height=_fmt(height),
        role="img",
        aria_label=title,
        aria_labelledby=title_id,
        aria_describedby=desc_id,
        font_family="sans-serif",
    )
    return markup.replace("\n", " ")
