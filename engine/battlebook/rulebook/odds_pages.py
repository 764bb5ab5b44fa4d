"""MkDocs hooks that publish the odds pages, computed from the engine at every build.

`mkdocs.yml` loads this file under `hooks:`. It adds two generated pages, `odds/heroscape.md`
and `odds/homm.md`: tables of exact chances from [`battlebook.odds`][battlebook.odds], and the
formulas behind them written with sympy. No number on these pages is typed by hand.

Formulas are rendered as MathML by sympy's presentation printer: browsers draw MathML
natively, so the pages need no script and no download (the reader may be offline). The
LaTeX form of each formula, also printed by sympy, is given under it.
"""

from __future__ import annotations

import html
from fractions import Fraction

import sympy  # type: ignore[import-untyped]
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from sympy.printing.mathml import mathml  # type: ignore[import-untyped]

from battlebook.heroscape.dice import COMBAT_DIE, heroscape_formulas, heroscape_wounds
from battlebook.homm.ruleset import DieReading
from battlebook.odds import fraction_text, homm_formula, homm_hit, percent_text
from battlebook.pictures.chart import bar_chart, line_chart

HEROSCAPE_URI = "odds/heroscape.md"
HOMM_URI = "odds/homm.md"
#: Dice shown on the Heroscape tables (both sides).
DICE = range(1, 13)
#: Attack scores and defense scores shown on the HoMM tables.
SCORES = range(1, 13)
DEFENSES = range(4, 21)
#: Attack dice against defense dice drawn as wound distributions on the Heroscape page.
CHART_DICE = ((2, 4), (3, 4), (4, 2), (6, 3))
#: Attack scores along the HoMM chart, and the defenses it draws one line for.
CHART_SCORES = range(0, 21)
CHART_DEFENSES = (7, 10, 13, 16)
#: The wrapper that gives the wide tables their compact style.
TABLE_OPEN, TABLE_CLOSE = '<div class="bb-odds" markdown="1">\n', "</div>"


def formula_html(label: str, lhs: str, expr: sympy.Basic) -> list[str]:
    """A display formula as MathML, with its LaTeX source in a collapsed block under it.

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


def wound_charts() -> list[str]:
    """Bar charts of the wound distribution for the dice counts of `CHART_DICE`."""
    drawings = []
    for attack, defense in CHART_DICE:
        odds = heroscape_wounds(attack, defense)
        bars = [(str(k), p) for k, p in enumerate(odds.wounds)]
        title = f"Wounds from {attack} attack dice against {defense} defense dice"
        svg = bar_chart(title, bars, "wounds", f"chart-wounds-{attack}-{defense}")
        drawings.append((svg, f"{attack} against {defense}: at least one wound {percent_text(odds.at_least_one)}"))
    return figures(drawings)


def kill_charts() -> list[str]:
    """Line charts of the chance to kill across attack scores, one per die reading."""
    drawings = []
    scores = list(CHART_SCORES)
    for reading in DieReading:
        series = [
            (f"defense {defense}", [homm_hit(score, defense, reading).hit for score in scores])
            for defense in CHART_DEFENSES
        ]
        title = f"Chance to kill by attack score, die read {reading.value}"
        svg = line_chart(title, scores, series, "Attack score", f"chart-kill-{reading.value}")
        drawings.append((svg, f"Die read {reading.value}: one line per defense score"))
    return figures(drawings)


def heroscape_page() -> str:
    """The Markdown of the Heroscape odds page."""
    formulas = heroscape_formulas()
    example = heroscape_wounds(2, 4)
    head = "| A \\ D | " + " | ".join(str(d) for d in DICE) + " |"
    rule = "|---:|" + "---:|" * len(DICE)
    lines = [
        "# Heroscape odds",
        "",
        f"Every combat die has {COMBAT_DIE.sides} sides: {COMBAT_DIE.skulls} skulls, "
        f"{COMBAT_DIE.shields} shields and {COMBAT_DIE.blanks} blank (the sources do not list the sides: see "
        "the ruling on the combat die). The attacker counts skulls, the defender counts "
        "shields, and each shield cancels one skull; the skulls left over are wounds. So each attack die "
        f"scores with chance {fraction_text(COMBAT_DIE.skull_chance)} and each defense die blocks with "
        f"chance {fraction_text(COMBAT_DIE.shield_chance)}, and the number of wounds is "
        "the difference of two binomial counts, never below zero.",
        "",
        "The numbers below are computed exactly by the engine (`battlebook.heroscape.dice.heroscape_wounds`) each time "
        "the site is built. Hover over a cell to see the exact fraction; "
        "`battlebook odds heroscape --attack A --defense D` prints the whole distribution.",
        "",
        f"For instance, 2 attack dice against 4 defense dice wound at least once with chance "
        f"**{fraction_text(example.at_least_one)}** ({percent_text(example.at_least_one)}), and inflict "
        f"{fraction_text(example.expected)} wounds on average.",
        "",
        "## Wounds for a few rolls",
        "",
        "How likely each number of wounds is, for a few numbers of attack and defense dice "
        "(hover over a bar for its exact fraction).",
        *wound_charts(),
        "## Chance of at least one wound",
        "",
        "Rows: attack dice A. Columns: defense dice D.",
        "",
        TABLE_OPEN,
        head,
        rule,
    ]
    for a in DICE:
        cells = [chance_cell(heroscape_wounds(a, d).at_least_one) for d in DICE]
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    lines += ["", TABLE_CLOSE, "", "## Expected wounds", "", "Rows: attack dice A. Columns: defense dice D.", ""]
    lines += [TABLE_OPEN, head, rule]
    for a in DICE:
        cells = [
            f'<span title="{fraction_text(e)}">{float(e):.2f}</span>'
            for e in (heroscape_wounds(a, d).expected for d in DICE)
        ]
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    lines += [
        "",
        TABLE_CLOSE,
        "",
        "## The formulas",
        "",
        "With A attack dice and D defense dice, j counting the shields rolled, the chance of exactly "
        "w wounds, for w from 1 to A, is:",
        "",
        *formula_html("exactly w wounds", "P(W = w)", formulas["exactly"]),
        "No wound at all takes what is left:",
        "",
        *formula_html("no wound", "P(W = 0)", formulas["none"]),
        "and the expected number of wounds is:",
        "",
        *formula_html("the expected wounds", "E[W]", formulas["expected"]),
    ]
    return "\n".join(lines) + "\n"


def homm_page() -> str:
    """The Markdown of the Heroes of Might & Magic odds page."""
    expr, _ = homm_formula()
    lines = [
        "# Heroes of Might & Magic odds",
        "",
        "An attack kills when its score plus the roll of the die reaches the target's defense "
        '(for a swat, the sum of the swatted cards\' defenses). The rulebook says only "a die": Battlebook '
        "reads it as ten-sided, every face equally likely, so the chance is the number of faces that are "
        "enough, out of ten. Nor does the rulebook print the faces; the tables give both readings, 0-9 and "
        "1-10 (see the ruling on the die and its faces).",
        "",
        "The numbers are computed by the engine (`battlebook.odds.homm_hit`) each time the site is built; "
        "`battlebook odds homm --score S --defense D` answers for any numbers.",
        "",
        "## Chance to kill across attack scores",
        "",
        "Each line follows one defense score as the attack score grows, under each reading of the die "
        "(hover over a point for its exact fraction). Every line climbs by a tenth per point of score, "
        "from no chance at all to a certain kill.",
        *kill_charts(),
    ]
    for reading in DieReading:
        lines += [
            f"## Die read {reading.value}",
            "",
            "Rows: attack score S (bonuses included). Columns: defense D to reach.",
            "",
            TABLE_OPEN,
            "| S \\ D | " + " | ".join(str(d) for d in DEFENSES) + " |",
            "|---:|" + "---:|" * len(DEFENSES),
        ]
        for score in SCORES:
            cells = [fraction_text(homm_hit(score, defense, reading).hit) for defense in DEFENSES]
            lines.append(f"| **{score}** | " + " | ".join(cells) + " |")
        lines += ["", TABLE_CLOSE, ""]
    faces_note = ", ".join(f"{r.value}: lo = {r.faces[0]}, hi = {r.faces[-1]}" for r in DieReading)
    lines += [
        "## The formula",
        "",
        f"With attack score S, defense D, and the die's faces running from lo to hi ({faces_note}), "
        "the faces that kill run from the larger of lo and D − S up to hi, so:",
        "",
        *formula_html("the chance of a kill", "P(kill)", expr),
    ]
    return "\n".join(lines) + "\n"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated odds pages to the site."""
    files.append(File.generated(config, HEROSCAPE_URI, content=heroscape_page()))
    files.append(File.generated(config, HOMM_URI, content=homm_page()))
    return files
