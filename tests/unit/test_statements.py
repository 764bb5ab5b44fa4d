"""The statement-level coverage: every statement of the sources maps to Rules with examples."""

from __future__ import annotations

from pathlib import Path

from battlebook.book.coverage import render_coverage, section_coverage
from battlebook.book.model import feature_paths, load_book
from battlebook.book.results import ResultBook
from battlebook.book.statements import load_statements, parse_statements, statement_problems

ROOT = Path(__file__).resolve().parents[2]
BOOK = load_book(feature_paths([ROOT / "features"]), ROOT)


def test_every_statement_of_the_sources_maps_to_rules_with_examples() -> None:
    statements = load_statements(ROOT)
    assert len(statements) >= 200
    assert statement_problems(statements, BOOK) == []
    assert {s.key.partition("/")[0] for s in statements} == {"000", "001", "002", "003", "004"}


def test_an_unmapped_or_misnamed_statement_is_a_problem() -> None:
    rows = parse_statements(
        "001/swatting#1 | a swat hits several cards |\n"
        "001/swatting#2 | a number is announced | homm.no-such-rule\n"
        "009/nowhere#1 | nothing | homm.swatting\n"
        "001/swatting#1 | again | homm.swatting\n"
    )
    problems = statement_problems(rows, BOOK)
    assert any("001/swatting#1 maps to no Rule" in p for p in problems)
    assert any("'homm.no-such-rule', which no Rule carries" in p for p in problems)
    assert any("'009/nowhere#1' names no known source section" in p for p in problems)
    assert any("listed 2 times" in p for p in problems)


def test_out_of_scope_needs_no_rule_and_is_counted_apart() -> None:
    rows = parse_statements(
        "000/swarming#7 | advice | out of scope: tactics\n000/swarming#1 | 7 vs 13 | homm.swarming\n"
    )
    assert statement_problems(rows, BOOK) == []
    page = render_coverage(section_coverage(BOOK, ResultBook()), BOOK, rows)
    assert "2 statements of the sources: 1 checked by the examples of the rules they map to, 1 out of scope" in page
    assert "out of scope: tactics" in page
