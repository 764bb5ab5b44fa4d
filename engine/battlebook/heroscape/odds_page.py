"""The Heroscape odds page: wound tables, charts and formulas, computed from the engine when the site is built.

Reached through [`HEROSCAPE.odds_page`][battlebook.heroscape.game.HeroscapeGame.odds_page];
no number on the page is typed by hand.
"""

from __future__ import annotations

from battlebook.heroscape.dice import COMBAT_DIE, heroscape_formulas, heroscape_wounds
from battlebook.heroscape.fight import MAX_DICE, MAX_LIFE, Fighter, duel_odds
from battlebook.heroscape.ruleset import Edition
from battlebook.odds import fraction_text, percent_text
from battlebook.pictures.chart import bar_chart
from battlebook.pictures.odds_page import (
    EXACT_TABLE_OPEN,
    FIGHT_SLOT,
    TABLE_CLOSE,
    calculators_lead,
    chance_cell,
    exact_cell,
    fight_heading,
    figures,
    formula_html,
)

#: Dice shown on the tables (both sides).
DICE = range(1, 13)
#: Attack dice against defense dice drawn as wound distributions.
CHART_DICE = ((2, 4), (3, 4), (4, 2), (6, 3))


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


#: Dice (attack and defense alike) and Life of the equal figures whose duels the page tabulates.
FIGHT_DICE = range(1, 5)
FIGHT_LIFE = range(1, 6)


def fight_section() -> list[str]:
    """Whole fights: what the calculator answers, and duels of equal figures, computed through the engine."""
    lines = [
        fight_heading(),
        "",
        "The chance of one attack is half the story; players ask who is left standing once two figures "
        "keep fighting. The fight calculator below (and `battlebook odds fight heroscape`) answers it exactly: "
        "the two figures take turns, the first attacking first, each attack resolved by the rules of the "
        "edition, until one is destroyed. It gives the chance each wins, the Life the winner has left (in the "
        "2024 edition: the 2004 game counts no Life), the "
        "chance that neither ever can (two figures that cannot harm each other), and how many attacks it takes "
        f"on average; or, for one figure taking a series of attacks, the chance each attack destroys it. Each "
        f"figure rolls 0 to {MAX_DICE} dice and has a Life of 1 to {MAX_LIFE}.",
        "",
        FIGHT_SLOT,
        "",
        "Between two equal figures, attacking first is an edge. The chance that the figure attacking first "
        "wins, in the 2024 edition, when both roll as many attack as defense dice (rows) and have the same "
        "Life (columns). In the 2004 game Life does not count: "
        "every column would read as the first.",
        "",
        EXACT_TABLE_OPEN,
        "| dice \\ Life | " + " | ".join(str(life) for life in FIGHT_LIFE) + " |",
        "|---:|" + "---:|" * len(FIGHT_LIFE),
    ]
    for dice in FIGHT_DICE:
        cells = [
            chance_cell(
                duel_odds(Fighter(dice, dice, life), Fighter(dice, dice, life), Edition.EDITION_2024).first_wins
            )
            for life in FIGHT_LIFE
        ]
        lines.append(f"| **{dice}** | " + " | ".join(cells) + " |")
    return [*lines, "", TABLE_CLOSE, ""]


def odds_page() -> str:
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
        "the site is built. Tick *Show the exact fractions* above a table (or hover over a cell) for each exact "
        "fraction; "
        "`battlebook odds heroscape --attack A --defense D` prints the whole distribution.",
        "",
        f"For instance, 2 attack dice against 4 defense dice wound at least once with chance "
        f"**{fraction_text(example.at_least_one)}** ({percent_text(example.at_least_one)}), and inflict "
        f"{fraction_text(example.expected)} wounds on average.",
        "",
        *calculators_lead("figures"),
        *fight_section(),
        "## Wounds for a few rolls",
        "",
        "How likely each number of wounds is, for a few numbers of attack and defense dice "
        "(with a mouse, rest the pointer on a bar for its exact fraction; the command below prints them all).",
        *wound_charts(),
        "## Chance of at least one wound",
        "",
        "Rows: attack dice A. Columns: defense dice D.",
        "",
        EXACT_TABLE_OPEN,
        head,
        rule,
    ]
    for a in DICE:
        cells = [chance_cell(heroscape_wounds(a, d).at_least_one) for d in DICE]
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    lines += ["", TABLE_CLOSE, "", "## Expected wounds", "", "Rows: attack dice A. Columns: defense dice D.", ""]
    lines += [EXACT_TABLE_OPEN, head, rule]
    for a in DICE:
        cells = [exact_cell(f"{float(e):.2f}", e) for e in (heroscape_wounds(a, d).expected for d in DICE)]
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
