"""Every sentence of the prose that says what a source says is checked by a statement mapping, or is a reading."""

from __future__ import annotations

from pathlib import Path

from battlebook.book.model import load_feature
from battlebook.site.claims import (
    Claim,
    book_claims,
    claim_problems,
    claim_sentences,
    load_claims,
    parse_claims,
)
from battlebook.site.glossary import load_glossary
from battlebook.site.statements import load_statements
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
BOOK = rulebook()
STATEMENTS = load_statements(ROOT)

CHAPTER = """Feature: Ending a battle
  Play goes on until a player meets the scenario's objective. The 2004 text says the
  objective is to destroy every opposing figure.

  **Battlebook's reading.** The 2004 text gives 3 objectives.

  @id:probe.ending @source:003/ending-the-battle
  Rule: The battle ends at the objective
    The later edition says a battle lasts 12 rounds. Battlebook plays 12 rounds.

    Example: A probe
      Then the combat die has 3 skull faces, 2 shield faces and 1 blank face
"""


def test_every_claim_of_the_book_and_the_glossary_is_checked_or_a_reading() -> None:
    claims = book_claims(BOOK, load_glossary(ROOT))
    assert len(claims) > 50
    assert claim_problems(claims, load_claims(ROOT), STATEMENTS, BOOK) == []


def test_a_claim_of_what_a_text_says_that_nothing_checks_is_found(tmp_path: Path) -> None:
    path = tmp_path / "ending.feature"
    path.write_text(CHAPTER, encoding="utf-8")
    feature = load_feature(path, tmp_path)
    claims = book_claims([feature])
    found = [claim.sentence for claim in claims]
    assert found == [
        "The 2004 text says the objective is to destroy every opposing figure.",
        "The later edition says a battle lasts 12 rounds.",
    ]
    problems = claim_problems(claims, [], STATEMENTS, [feature])
    assert len(problems) == 2 and all("nothing checks it" in p for p in problems)


def test_a_listed_claim_needs_checked_statements_that_give_its_numbers() -> None:
    path = "features/probe.feature"
    lines = parse_claims(
        f"{path}: The later edition says | 004/height-advantage#3\n"
        f"{path}: No such sentence | 004/height-advantage#3\n"
        f"{path}: The 2004 text says | 000/surrendering#3, 009/none#1\n"
    )
    claims = [
        Claim(path, "The later edition says a battle lasts 12 rounds."),
        Claim(path, "The 2004 text says the objective is to destroy every opposing figure."),
    ]
    problems = claim_problems(claims, lines, STATEMENTS, BOOK)
    assert any("do not give 12" in p for p in problems)
    assert any("'No such sentence' opens no claim" in p for p in problems)
    assert any("000/surrendering#3 is not modelled: it checks nothing" in p for p in problems)
    assert any("'009/none#1' is no statement" in p for p in problems)


def test_a_reading_a_question_or_code_is_no_claim() -> None:
    text = (
        "Battlebook reads it as 7. Is a hero 4 spaces away within 4 spaces? The map writes `1A1`.\n\n"
        "**The alternative.** The texts say 3 here, under the other reading.\n\n"
        "A swat must reach the sum."
    )
    assert list(claim_sentences(text)) == ["A swat must reach the sum."]
