"""The statement-level coverage: every statement of the sources maps to the Examples that check it."""

from __future__ import annotations

from pathlib import Path

from battlebook.book.results import ResultBook
from battlebook.site.coverage import render_coverage, section_coverage
from battlebook.site.statements import Status, load_statements, parse_statements, statement_problems
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
BOOK = rulebook()
SWAT = "Swatting two Gold Golems takes 7 + 7 = 14, and a roll of 7 gets there"


def test_every_statement_of_the_sources_maps_to_examples_that_exist() -> None:
    statements = load_statements(ROOT)
    assert len(statements) >= 200
    assert statement_problems(statements, BOOK) == []
    assert {s.key.partition("/")[0] for s in statements} == {"000", "001", "002", "003", "004"}


def test_the_statements_the_engine_does_not_model_say_so() -> None:
    status = {s.key: s.status for s in load_statements(ROOT)}
    assert status["000/surrendering#3"] is Status.NOT_MODELLED
    assert status["004/squads-and-life#7"] is Status.PARTLY
    assert status["003/ending-the-battle#1"] is Status.PARTLY
    assert status["004/special-powers#1"] is Status.PARTLY


def test_a_battlebook_inference_is_not_mapped_as_a_source_statement() -> None:
    statements = {s.key: s for s in load_statements(ROOT)}
    assert "ruling.guard-withdrawal" not in statements["000/withdrawing-heroes#4"].rules
    assert [ref.name for ref in statements["000/protecting#6"].examples] == [
        "Protecting turns the Gold Golems' cards to show the word"
    ]


def test_a_statement_that_holds_by_construction_says_so_and_names_no_example() -> None:
    statements = {s.key: s for s in load_statements(ROOT)}
    for key in ("001/swatting#2", "003/attacking#4", "004/setting-up-the-attack#1"):
        assert statements[key].status is Status.BY_CONSTRUCTION and not statements[key].examples
    text = f"003/attacking#4 | named | by construction: an attack names both\n    homm.swatting: {SWAT}\n"
    rows = parse_statements(text)
    assert any("is by construction yet lists Examples" in p for p in statement_problems(rows, BOOK))
    page = render_coverage(section_coverage(BOOK, ResultBook()), BOOK, rows[:1])
    assert "1 holding by construction" in page and "by construction: an attack names both" in page


def test_an_unmapped_or_misnamed_statement_is_a_problem() -> None:
    rows = parse_statements(
        "001/swatting#1 | a swat hits several cards\n"
        "001/swatting#2 | a number is announced\n"
        "    homm.no-such-rule: Anything\n"
        "    homm.swatting: Swatting two Gold Golems\n"
        "009/nowhere#1 | nothing\n"
        f"    homm.swatting: {SWAT}\n"
        "001/swatting#1 | again | homm.swatting\n"
        "001/swatting#3 | aside | out of scope: tactics\n"
        f"    homm.swatting: {SWAT}\n"
    )
    problems = statement_problems(rows, BOOK)
    assert any("no Example checks the statement 001/swatting#1" in p for p in problems)
    assert any("'homm.no-such-rule', which no Rule carries" in p for p in problems)
    assert any("has no Example called 'Swatting two Gold Golems' (did you mean" in p for p in problems)
    assert any("'009/nowhere#1' names no known source section" in p for p in problems)
    assert any("listed 2 times" in p for p in problems)
    assert any("opens with none of" in p for p in problems)
    assert any("001/swatting#3 is out of scope yet lists Examples" in p for p in problems)


def test_the_page_shows_each_statement_with_its_examples_and_what_is_left_out() -> None:
    rows = parse_statements(
        "000/swarming#7 | advice | out of scope: tactics\n"
        "000/surrendering#3 | no Adventure Stack | not modelled: no such stack\n"
        f"001/swatting#1 | 7 + 7\n    homm.swatting: {SWAT}\n"
        f"001/swatting#2 | half of it | partly: the rest\n    homm.swatting: {SWAT}\n"
    )
    assert statement_problems(rows, BOOK) == []
    page = render_coverage(section_coverage(BOOK, ResultBook()), BOOK, rows)
    assert (
        "4 statements of the sources: 1 checked by the Examples listed beside them, 1 partly checked, "
        "1 not modelled, 1 out of scope, 0 holding by construction, 0 unmapped" in page
    )
    assert "out of scope: tactics" in page and "not modelled: no such stack" in page
    assert "partly checked: the rest" in page
    assert f"[{SWAT}](homm/swatting.md#swatting-two-gold-golems-takes-7-7-14-and-a-roll-of-7-gets-there)" in page
