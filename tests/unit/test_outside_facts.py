"""The page *Outside facts* names, for each illustrative card stat, the examples that rest on it.

Each illustrative stat of the known Heroscape army cards is changed, the examples naming
the card are run again in-process, and the examples whose result changed must be exactly
those the page lists in that stat's row (`make facts` writes the rows).

`make test` checks each card's first row (among them the Zettian Guards' Figures, on which
Example 9 rests); every other row is marked `full`, and the full tier (`make full`) checks
them all: each row runs the card's chapters up to four times.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from battlebook.runners.outside_facts import END, PAGE, START, card_row, illustrative_stats, mutations, resting_on
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
BOOK = rulebook()
TEXT = (ROOT / PAGE).read_text(encoding="utf-8")
TABLE = TEXT[TEXT.index(START) : TEXT.index(END)]
FACTS = list(illustrative_stats())
#: The rows `make test` checks, each card's first; the others are the full tier's.
SAMPLED = {card: (card, stat, value) for card, stat, value in reversed(FACTS)}.values()


def test_the_page_has_one_row_per_illustrative_stat_in_order() -> None:
    rows = [line.split(" | ")[:2] for line in TABLE.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert rows == [[f"| {card}", stat.capitalize()] for card, stat, _ in FACTS]


def test_the_stats_the_sources_give_are_not_listed() -> None:
    assert ("Zettian Guards", "range", 7) not in FACTS and ("Xenithrax the Vineweaver", "life", 8) not in FACTS


@pytest.mark.parametrize(
    ("card", "stat", "value"),
    [
        pytest.param(c, s, v, id=f"{c}:{s}", marks=[] if (c, s, v) in SAMPLED else [pytest.mark.full])
        for c, s, v in FACTS
    ],
)
def test_the_page_lists_the_examples_resting_on_each_stat(card: str, stat: str, value: int) -> None:
    assert mutations(stat, value)
    fact = resting_on(ROOT, card, stat, value, BOOK)
    row = card_row(fact)
    assert row in TABLE, f"{PAGE} is out of date (run `make facts`); the row should read:\n{row}"


def test_the_sample_holds_one_row_of_each_card_with_example_9s() -> None:
    assert sorted(card for card, _, _ in SAMPLED) == sorted({card for card, _, _ in FACTS})
    assert ("Zettian Guards", "figures", 2) in SAMPLED


def test_example_9_rests_on_two_zettian_guards() -> None:
    row = next(line for line in TABLE.splitlines() if line.startswith("| Zettian Guards | Figures |"))
    assert "Example 9" in row
