"""The section of a ruling's page that says what its alternative reading is worth in battle.

For each alternative reading a ruling names (`Given the alternative reading: WORDS` in its
description), the section shows the battles of its game's fixed set
([`Calculators.reading_battles`][battlebook.calculator.Calculators]) whose outcome the
reading changes: each side's chance of winning under Battlebook's reading and under the
alternative, under the plan and, for the small battles, best play, as percentages with
their exact fractions (on hover, or all at once with the odds pages' "Show the exact
fractions" box). A reading that changes none of the battles says so. The
numbers are the checked-in answers of [`reading_worth`][battlebook.runners.reading_worth]
(`make worth` writes them); the whole set is listed on the page, each battle as the
command line asks it.

Examples:
    >>> readings_named("Chosen with `Given the alternative reading: swat from the top`.")
    ['swat from the top']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from battlebook.book.prose import html_text
from battlebook.pictures.odds_page import EXACT_TABLE_OPEN, TABLE_CLOSE, chance_cell
from battlebook.runners.reading_worth import BattleAnswers, GameWorth, parse_chances

__all__ = ["WORTH_ANCHOR", "readings_named", "worth_section"]

#: The section's anchor on a ruling's page.
WORTH_ANCHOR = "reading-worth"
#: How a ruling's description names one of its alternative readings (as the editions page reads it).
_NAMED = re.compile(r"the alternative reading: ([^`]+)`")
#: How the page names each way of playing a battle (any other is named by its option's value).
PLAY_WORDS = {"plain": "the plain plan", "focus": "the focus plan", "best": "best play"}


def readings_named(description: str) -> list[str]:
    """The alternative readings a ruling's description names, in order, each once."""
    found: list[str] = []
    for words in _NAMED.findall(" ".join(description.split())):
        if words not in found:
            found.append(words)
    return found


def _play(play: str) -> str:
    return PLAY_WORDS.get(play, f"--play {play}")


def _cell(before: Fraction, after: Fraction) -> str:
    return f"{chance_cell(before)} → {chance_cell(after)}"


def _reading_part(words: str, worth: GameWorth, shown: Sequence[int]) -> list[str]:
    """The table (or the sentence) of one reading."""
    changes = worth.readings.get(words)
    title = html_text(words)
    lines = [f'<h3 class="bb-worth-reading">The alternative: “{title}”</h3>', ""]
    if changes is None:
        return [*lines, "Not weighed: `make worth` has not worked this reading out.", ""]
    total = len(worth.battles)
    refused = worth.refused.get(words, {})
    names = [battle["name"] for battle in worth.battles]
    plays = {battle["name"]: battle["plays"] for battle in worth.battles}
    by_line: dict[str, list[str]] = {}
    for name in names:
        for play, line in refused.get(name, {}).items():
            whole = set(refused[name]) == set(plays[name])
            named = name if whole else f"{name} under {_play(play)}"
            if named not in by_line.setdefault(line, []):
                by_line[line].append(named)
    for line, battles in by_line.items():
        lines += [f"The battle calculator does not answer {', '.join(battles)} under it: {html_text(line)}.", ""]
    unanswered = [name for name in names if set(refused.get(name, {})) == set(plays[name])]
    if not changes:
        if not refused:
            return [*lines, f"It changes no one's chance of winning in any of the {total} battles of the set.", ""]
        if len(unanswered) == total:
            return lines
        return [*lines, "Where it is answered, it changes no one's chance of winning.", ""]
    kept = [name for name in names if name in changes]
    same = [name for name in names if name not in changes and name not in unanswered]
    lines += [
        f"It changes {len(kept)} of the {total} battles. Each cell reads Battlebook's reading → the alternative.",
        "",
    ]
    header = ["Battle", "Played with", *(worth.labels[index][:1].upper() + worth.labels[index][1:] for index in shown)]
    lines += [EXACT_TABLE_OPEN, "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name in kept:
        for play in (play for play in plays[name] if play in changes[name]):
            before = parse_chances(worth.default[name][play])
            after = parse_chances(changes[name][play])
            cells = [name, _play(play), *(_cell(before[index], after[index]) for index in shown)]
            lines.append("| " + " | ".join(cells) + " |")
    lines += ["", TABLE_CLOSE, ""]
    if same:
        lines += [f"Unchanged in {len(same)}: {', '.join(same)}.", ""]
    return lines


def _shown(worth: GameWorth, readings: Sequence[str]) -> list[int]:
    """The chances the tables show: who wins, and another only where a battle in a table gives it a chance."""
    answers: list[BattleAnswers] = []
    for words in readings:
        for name, changed in worth.readings.get(words, {}).items():
            answers += [worth.default[name], changed]
    return [
        index
        for index in range(len(worth.labels))
        if index < 2 or any(Fraction(texts[index]) != 0 for battle in answers for texts in battle.values())
    ]


def _battle_list(worth: GameWorth, title: str, command: str) -> list[str]:
    rows = []
    for battle in worth.battles:
        asked = " ".join(f"--{option} {value}" for option, value in battle["arguments"].items())
        plays = " and ".join(_play(play) for play in battle["plays"])
        rows.append(
            f"<tr><td>{html_text(battle['name'])}</td><td><code>{html_text(asked)}</code></td>"
            f"<td>{html_text(plays)}</td></tr>"
        )
    return [
        f'<details class="bb-worth-set"><summary>The {len(worth.battles)} battles of the {html_text(title)} '
        "set</summary>",
        f"<p>Each as <code>{html_text(command)}</code> asks it, with its options:</p>",
        "<table>",
        "<thead><tr><th>Battle</th><th>Armies</th><th>Played with</th></tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        "</details>",
    ]


def worth_section(readings: Sequence[str], worth: GameWorth, title: str, scope: str = "") -> str:
    """The Markdown section of a ruling's page: what each of `readings` is worth on the game's battle set.

    `title` is the game's full name; `scope` what every battle of the calculator is fought with
    ([`Calculators.battle_scope`][battlebook.calculator.Calculators]), said on the page when
    given. A ruling naming no reading of the set's game gets no section ("").
    """
    if not readings:
        return ""
    command = f"battlebook odds battle {worth.game}"
    total = len(worth.battles)
    small = sum(1 for battle in worth.battles if len(battle["plays"]) > 1)
    plan = worth.battles[0]["plays"][0]
    others = list(dict.fromkeys(play for battle in worth.battles for play in battle["plays"] if play != plan))
    lines = [
        f"## What the reading is worth in battle {{ #{WORTH_ANCHOR} }}",
        "",
        f"Each side's chance of winning the {total} battles of the {html_text(title)} set (listed below), "
        f"worked out exactly by the battle calculator (`{command} ... --reading WORDS`) under Battlebook's reading "
        f"and under the alternative: under {_play(plan)}, and under "
        f"{' and '.join(_play(p) for p in others) or 'nothing else'} for the {small} small battles. "
        "Percentages are rounded: hover over one for its exact fraction, or tick the box above a table "
        "to show them all.",
        "",
    ]
    if scope:
        lines += [
            f"Like every battle of the calculator, these are fought {html_text(scope)}: a reading about what "
            "they leave out cannot change any of them.",
            "",
        ]
    shown = _shown(worth, readings)
    for words in readings:
        lines += _reading_part(words, worth, shown)
    lines += _battle_list(worth, title, command)
    return "\n".join(lines) + "\n"
