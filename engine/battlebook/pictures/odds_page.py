"""Markup shared by every game's odds page: formulas as MathML, chance cells, chart figures, wide tables.

Each game writes its own odds page next to its rules (`odds_page` in the game's package,
reached through [`Game.odds_page`][battlebook.game.Game.odds_page]); the site's hook
[`battlebook.site.odds_pages`][battlebook.site.odds_pages] publishes one page per
registered game. Formulas are rendered as MathML by sympy's presentation printer: browsers
draw MathML natively, so the pages need no script and no download (the reader may be
offline). The LaTeX form of each formula, also printed by sympy, is given under it.
"""

from __future__ import annotations

import html
from fractions import Fraction

import sympy  # type: ignore[import-untyped]
from sympy.printing.mathml import mathml  # type: ignore[import-untyped]

from battlebook.odds import fraction_text, percent_text

#: The wrapper that gives the wide tables their compact style.
TABLE_OPEN, TABLE_CLOSE = '<div class="bb-odds" markdown="1">\n', "</div>"


def formula_html(label: str, lhs: str, expr: sympy.Basic) -> list[str]:
    """A display formula as MathML, with its LaTeX source in a collapsed block under it.

    Examples:
        >>> lines = formula_html("demo", "P", sympy.Rational(1, 2))
        >>> lines[1].startswith('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">')
        True
    """
    body = mathml(expr, printer="presentation")
    lhs_ml = f"<mrow><mi>{html.escape(lhs)}</mi><mo>=</mo></mrow>"
    return [
        f'<div class="bb-formula" role="math" aria-label="{html.escape(label)}">',
        f'<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mrow>{lhs_ml}{body}</mrow></math>',
        "</div>",
        "",
        f'??? note "LaTeX of {label}"',
        "    ```latex",
        f"    {lhs} = {sympy.latex(expr)}",
        "    ```",
        "",
    ]


def chance_cell(value: Fraction) -> str:
    """A table cell showing a chance as a percentage, its exact fraction on hover."""
    return f'<span title="{fraction_text(value)}">{percent_text(value, 1)}</span>'


def figures(drawings: list[tuple[str, str]]) -> list[str]:
    """Charts as a Markdown block: one `<figure>` per (SVG, caption), kept out of the search index."""
    inner = "".join(
        f'<figure class="bb-picture bb-chart">{svg}<figcaption>{html.escape(caption)}</figcaption></figure>'
        for svg, caption in drawings
    )
    return ["", f'<div class="bb-pictures bb-charts" data-search-exclude="">{inner}</div>', ""]
