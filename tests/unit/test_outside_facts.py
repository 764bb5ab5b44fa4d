"""The page *Outside facts* names, for each illustrative card stat, the examples that rest on it.

Each illustrative stat of the known Heroscape army cards is changed, the examples naming
the card are run again in-process, and the examples whose result changed must be exactly
those the page lists in that stat's row (`make facts` writes the rows).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from battlebook.book.model import feature_paths, load_book
from battlebook.runners.outside_facts import END, PAGE, START, card_row, illustrative_stats, mutations, resting_on

ROOT = Path(__file__).resolve().parents[2]
BOOK = load_book(feature_paths([ROOT / "features"]), ROOT)
TEXT = (ROOT / PAGE).read_text(encoding="utf-8")
TABLE = TEXT[TEXT.index(START) : TEXT.index(END)]
FACTS = list(illustrative_stats())


def test_the_page_has_one_row_per_illustrative_stat_in_order() -> None:
    rows = [line.split(" | ")[:2] for line in TABLE.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert rows == [[f"| {card}", stat.capitalize()] for card, stat, _ in FACTS]


def test_the_stats_the_sources_give_are_not_listed() -> None:
    assert ("Zettian Guards", "range", 7) not in FACTS and ("Xenithrax the Vineweaver", "life", 8) not in FACTS


@pytest.mark.parametrize(("card", "stat", "value"), FACTS, ids=[f"{c}:{s}" for c, s, _ in FACTS])
def test_the_page_lists_the_examples_resting_on_each_stat(card: str, stat: str, value: int) -> None:
    assert mutations(stat, value)
    fact = resting_on(ROOT, card, stat, value, BOOK)
    row = card_row(fact)
    assert row in TABLE, f"{PAGE} is out of date (run `make facts`); the row should read:\n{row}"


def test_example_9_rests_on_two_zettian_guards() -> None:
    row = next(line for line in TABLE.splitlines() if line.startswith("| Zettian Guards | Figures |"))
    assert "Example 9" in row
