"""What the whole-fight calculators answer: a report the command line prints and the page shows.

Each game asks its own questions of a fight (see [`battlebook.fight`][battlebook.fight]) and
answers one as a [`FightReport`][battlebook.fight_report.FightReport]: the question in words,
the readings of the rules it took, the main chances, the distributions behind them and the
expected length of the fight, and the whole answer as one JSON object with exact fractions.
[`report_table`][battlebook.fight_report.report_table] writes it as text (`battlebook odds
fight`), [`report_page`][battlebook.fight_report.report_page] as the data the page's
calculator draws.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from battlebook.odds import OddsError, fraction_text, percent_text

__all__ = ["FightArgumentError", "FightReport", "FightTooLarge", "Spread", "report_page", "report_table"]


class FightTooLarge(OddsError):
    """A fight reaches more positions than the calculator's bound."""


class FightArgumentError(OddsError):
    """A fight the calculator cannot be asked about: a number out of its bounds, a malformed value."""


@dataclass(frozen=True)
class Spread:
    """A distribution over whole numbers (the Life a winner has left, the wounds taken), drawn as a chart.

    Attributes:
        title: What the distribution is of ("The first figure wins with this much Life left").
        unit: What the numbers count ("Life left").
        bars: Each number with its chance, in order.
    """

    title: str
    unit: str
    bars: tuple[tuple[int, Fraction], ...]


@dataclass(frozen=True)
class FightReport:
    """One answer of a game's fight calculator, ready to print or to show.

    Attributes:
        title: The question, in words.
        readings: The readings of the rules the answer took, in words, each naming its ruling.
        chances: The main chances (who wins, whether it ends), each with its label.
        spreads: The distributions behind them (the Life or cards left to the winner...).
        expected: The expected count (attacks, rounds) with its label, `None` as its value
            when the fight may go on for ever; `None` when the question has none.
        data: The answer as one JSON object (exact fractions as `"p/q"` strings), as text.
        chart: Whether the text table draws the main chances as bars too.
    """

    title: str
    readings: tuple[str, ...]
    chances: tuple[tuple[str, Fraction], ...]
    spreads: tuple[Spread, ...]
    expected: tuple[str, Fraction | None] | None
    data: str
    chart: bool = False

    def json(self) -> dict[str, Any]:
        """The answer as a JSON object (a fresh `dict`)."""
        value: dict[str, Any] = json.loads(self.data)
        return value


#: The width of the longest bar of a text chart, in characters.
BAR_WIDTH = 30


def _text_bar(chance: Fraction, most: Fraction) -> str:
    """A bar of `#` as long as `chance` is against the largest one, never empty for a chance above 0."""
    if most == 0 or chance == 0:
        return ""
    return "#" * max(1, round(BAR_WIDTH * chance / most))


def report_table(report: FightReport) -> str:
    """A report as readable text: the chances as percentages and exact fractions, and a text chart per spread.

    Examples:
        >>> report = FightReport("A toss", (), (("heads", Fraction(1, 2)),),
        ...     (Spread("Heads with", "points", ((1, Fraction(1, 4)), (2, Fraction(1, 4)))),), None, "{}")
        >>> print(report_table(report))
        A toss
          heads  50%  1/2
        <BLANKLINE>
        Heads with (points: chance)
          1  ##############################  25%  1/4
          2  ##############################  25%  1/4
    """
    lines = [report.title]
    lines += [f"reading: {reading}" for reading in report.readings]
    width = max((len(label) for label, _ in report.chances), default=0)
    percents = [percent_text(chance) for _, chance in report.chances]
    pwidth = max((len(p) for p in percents), default=0)
    most = max((chance for _, chance in report.chances), default=Fraction(0))
    bars = [_text_bar(chance, most) if report.chart else "" for _, chance in report.chances]
    bwidth = max((len(b) for b in bars), default=0)
    for (label, chance), percent, bar in zip(report.chances, percents, bars, strict=True):
        drawn = f"  {bar.ljust(bwidth)}" if report.chart else ""
        lines.append(f"  {label.ljust(width)}{drawn}  {percent.rjust(pwidth)}  {fraction_text(chance)}")
    if report.expected is not None:
        label, value = report.expected
        if value is None:
            lines.append(f"{label}: none (the fight may go on for ever)")
        else:
            lines.append(f"{label}: {fraction_text(value)} (about {float(value):.3f})")
    for spread in report.spreads:
        lines += ["", f"{spread.title} ({spread.unit}: chance)"]
        most = max((chance for _, chance in spread.bars), default=Fraction(0))
        nwidth = max((len(str(n)) for n, _ in spread.bars), default=1)
        bars = [_text_bar(chance, most) for _, chance in spread.bars]
        bwidth = max((len(b) for b in bars), default=0)
        shown = [percent_text(chance) for _, chance in spread.bars]
        swidth = max((len(p) for p in shown), default=0)
        for (number, chance), bar, percent in zip(spread.bars, bars, shown, strict=True):
            lines.append(
                f"  {str(number).rjust(nwidth)}  {bar.ljust(bwidth)}  {percent.rjust(swidth)}  {fraction_text(chance)}"
            )
    return "\n".join(lines)


def _shown(chance: Fraction) -> dict[str, Any]:
    return {"fraction": fraction_text(chance), "percent": percent_text(chance), "value": float(chance)}


def report_page(report: FightReport) -> dict[str, Any]:
    """A report as the page's calculator shows it: every chance as its fraction, percentage and value.

    Examples:
        >>> page = report_page(FightReport("A toss", (), (("heads", Fraction(1, 2)),), (), ("tosses", None), "{}"))
        >>> page["chances"][0]["percent"], page["expected"]
        ('50%', {'label': 'tosses', 'value': None})
    """
    expected: dict[str, Any] | None = None
    if report.expected is not None:
        label, value = report.expected
        expected = {
            "label": label,
            "value": None if value is None else {**_shown(value), "decimal": f"{float(value):.3f}"},
        }
    return {
        "title": report.title,
        "readings": list(report.readings),
        "chances": [{"label": label, **_shown(chance)} for label, chance in report.chances],
        "spreads": [
            {
                "title": spread.title,
                "unit": spread.unit,
                "bars": [{"number": number, **_shown(chance)} for number, chance in spread.bars],
            }
            for spread in report.spreads
        ],
        "expected": expected,
        "data": report.json(),
    }
