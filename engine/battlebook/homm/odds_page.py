"""The Heroes of Might & Magic odds page: kill tables, charts and the formula, computed from the engine at build time.

Reached through [`HOMM.odds_page`][battlebook.homm.game.HommGame.odds_page]; no number on the
page is typed by hand.
"""

from __future__ import annotations

from battlebook.homm.dice import homm_formula, homm_hit
from battlebook.homm.fight import MAX_CARDS, StackOf, fight_odds, ruleset_for
from battlebook.homm.ruleset import DieReading
from battlebook.homm.units import KNOWN_UNITS
from battlebook.odds import fraction_text
from battlebook.pictures.chart import line_chart
from battlebook.pictures.odds_page import (
    EXACT_TABLE_OPEN,
    FIGHT_SLOT,
    TABLE_CLOSE,
    TABLE_OPEN,
    calculators_lead,
    chance_cell,
    fight_heading,
    figures,
    formula_html,
)

#: Attack scores and defense scores shown on the tables.
SCORES = range(1, 13)
DEFENSES = range(4, 21)
#: Attack scores along the chart, and the defenses it draws one line for.
CHART_SCORES = range(0, 21)
CHART_DEFENSES = (7, 10, 13, 16)


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


#: Cards of Gold Golems on each side of the fights the page tabulates.
FIGHT_CARDS = range(1, 5)


def fight_section() -> list[str]:
    """Whole fights: what the calculator answers, and Gold Golems against Gold Golems, computed through the engine."""
    golem = KNOWN_UNITS["Gold Golem"]
    level, melee, defense, phase = (golem.stat(s) for s in ("level", "melee", "defense", "phase"))
    lines = [
        fight_heading(),
        "",
        "Players also ask who is left standing once two stacks keep fighting. The fight calculator below (and "
        "`battlebook odds fight homm`) answers it exactly for two stacks, each of one unit: round after round, "
        "each attacks the other in its phase (the Aggressor first when they share one), a stack that survives "
        "an attack answers it once a round, and neither side withdraws or surrenders. It gives the chance each "
        "stack wins, the cards it has left, the chance that neither ever can, and how many rounds the battle "
        f"lasts on average, under the readings of the die and of the retaliation chain you choose. Each stack "
        f"holds 1 to {MAX_CARDS} cards.",
        "",
        FIGHT_SLOT,
        "",
        f"Gold Golems against Gold Golems (level {level}, melee {melee}, defense {defense}, phase {phase}, the "
        "sources' numbers): the chance that the Aggressor's stack wins, by its cards (rows) and the Defender's "
        "(columns), under each reading of the die. Both attack in the same phase, so the Aggressor strikes "
        "first.",
        "",
    ]
    for reading in DieReading:
        ruleset = ruleset_for(reading.value)
        lines += [
            f"### Die read {reading.value}",
            "",
            EXACT_TABLE_OPEN,
            "| cards | " + " | ".join(str(n) for n in FIGHT_CARDS) + " |",
            "|---:|" + "---:|" * len(FIGHT_CARDS),
        ]
        for mine in FIGHT_CARDS:
            cells = [
                chance_cell(
                    fight_odds(
                        StackOf(mine, level, melee, defense, phase),
                        StackOf(theirs, level, melee, defense, phase),
                        ruleset,
                    ).aggressor_wins
                )
                for theirs in FIGHT_CARDS
            ]
            lines.append(f"| **{mine}** | " + " | ".join(cells) + " |")
        lines += ["", TABLE_CLOSE, ""]
    return lines


def odds_page() -> str:
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
        "The numbers are computed by the engine (`battlebook.homm.dice.homm_hit`) each time the site is built; "
        "`battlebook odds homm --score S --defense D` answers for any numbers.",
        "",
        *calculators_lead("stacks"),
        *fight_section(),
        "## Chance to kill across attack scores",
        "",
        "Each line follows one defense score as the attack score grows, under each reading of the die "
        "(with a mouse, rest the pointer on a point for its exact fraction). Every line climbs by a tenth "
        "per point of score, "
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
