"""Markup shared by every game's odds page: formulas as MathML, chance cells, chart figures, wide tables.

Each game writes its own odds page next to its rules (`odds_page` in the game's package,
reached through [`Game.odds_page`][battlebook.game.Game.odds_page]); the site's page
generator [`battlebook.site.pages`][battlebook.site.pages] publishes one page per
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
#: The wrapper of a table of rounded chances ([`exact_cell`][battlebook.pictures.odds_page.exact_cell]): a
#: checkbox above it shows every cell's exact fraction, for readers with no mouse to hover with
#: (the stylesheet does it; no script). Closed by `TABLE_CLOSE`.
EXACT_TABLE_OPEN = (
    '<div class="bb-odds bb-odds-exact" markdown="1">\n'
    '<label class="bb-exact-toggle"><input type="checkbox"> Show the exact fractions</label>\n'
)


#: Where a page's odds calculator and fight calculator go: the in-page runtime fills them, and the
#: site's search ranks the sections holding them as calculators (`battlebook.site.search`).
ODDS_SLOT = '<div class="bb-odds-slot" data-bb-odds="" data-search-exclude=""></div>'
FIGHT_SLOT = '<div class="bb-fight-slot" data-bb-fight="" data-search-exclude=""></div>'
#: The anchor of an odds page's fight calculator section.
FIGHT_ANCHOR = "fight-calculator"


def calculators_lead(fighters: str) -> list[str]:
    """An odds page's first lines under its title: what its two calculators answer, then the odds calculator.

    `fighters` names what fights in the game ("figures", "stacks").

    Examples:
        >>> calculators_lead("stacks")[2] == ODDS_SLOT
        True
    """
    return [
        "Two calculators answer for numbers of your own, worked out exactly by the rules engine in your "
        "browser: the **odds calculator**, just below, gives the chance of one attack; the **fight "
        f"calculator** ([who wins a fight](#{FIGHT_ANCHOR})) plays a whole battle of two {fighters} out to "
        "the end.",
        "",
        ODDS_SLOT,
        "",
    ]


def fight_heading() -> str:
    """The heading of an odds page's fight calculator section, with its anchor."""
    return f"## Who wins a fight or battle: the fight calculator {{#{FIGHT_ANCHOR}}}"


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


def exact_cell(shown: str, value: Fraction) -> str:
    """A table cell showing `shown` (a rounded number) and, on request, the exact fraction it rounds.

    The fraction shows on hover and, in a table opened by `EXACT_TABLE_OPEN`, beside the number once
    the reader ticks "Show the exact fractions". It is page text (hidden until asked for, but read by
    screen readers), not only a tooltip.

    Examples:
        >>> exact_cell("66.7%", Fraction(2, 3))
        '<span class="bb-chance" title="2/3">66.7%<span class="bb-exact"> (2/3)</span></span>'
    """
    exact = fraction_text(value)
    fraction = f'<span class="bb-exact"> ({exact})</span>'
    return f'<span class="bb-chance" title="{exact}">{html.escape(shown)}{fraction}</span>'


def chance_cell(value: Fraction) -> str:
    """A table cell showing a chance as a percentage, with its exact fraction (see `exact_cell`)."""
    return exact_cell(percent_text(value, 1), value)


def figures(drawings: list[tuple[str, str]]) -> list[str]:
    """Charts as a Markdown block: one `<figure>` per (SVG, caption), kept out of the search index."""
    inner = "".join(
        f'<figure class="bb-picture bb-chart">{svg}<figcaption>{html.escape(caption)}</figcaption></figure>'
        for svg, caption in drawings
    )
    return ["", f'<div class="bb-pictures bb-charts" data-search-exclude="">{inner}</div>', ""]
