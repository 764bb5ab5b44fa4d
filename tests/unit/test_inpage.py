"""The in-page runner ("Try it") on the project's Python: the same outcomes as `battlebook check`.

The page runs these very functions on Pyodide (tests/browser/test_try_it.py drives them
there); here they run on CPython, against the rulebook's own recorded results.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from battlebook.book.model import feature_paths, load_book, load_feature
from battlebook.errors import BattlebookError
from battlebook.heroscape.dice import heroscape_wounds
from battlebook.heroscape.ruleset import Edition, Ruleset
from battlebook.homm.dice import homm_hit
from battlebook.homm.ruleset import DieReading
from battlebook.language.recorder import known_steps
from battlebook.runners.check import PYTEST_OPTIONS, explain, format_report, run_check
from battlebook.runners.inpage import (
    IN_PAGE_OPTIONS,
    MAX_TEXT,
    book_examples,
    game_odds,
    run_scenario,
    scenario_text,
    step_catalogue,
)

ROOT = Path(__file__).resolve().parents[2]
BOOK = load_book(feature_paths([ROOT / "features"]), ROOT)

MIXED = """Feature: Mixed outcomes

  Background:
    Given a battle in the open field

  Example: Passes
    Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling 6
    Then the Behemoth stack has 0 cards left

  Example: Expects a wrong number
    Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling 6
    Then the Behemoth stack has 4 cards left

  Example: Refused
    Given the Aggressor has a stack of 3 Gold Golems on its Ranged Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling 6
    Then the attack kills the top card of the Behemoth

  Example: Misspelt
    Given the Agressor hsa a stack of 3 Gold Golems on its Melee Line
    Then the battle goes on
"""


def test_every_example_text_is_a_feature_file_holding_that_example_and_its_backgrounds(tmp_path: Path) -> None:
    count = 0
    for feature, anchor, text in book_examples(BOOK):
        path = tmp_path / "scenario.feature"
        path.write_text(text, encoding="utf-8")
        doc = load_feature(path, tmp_path)
        ((rule, example),) = list(doc.examples())
        original = next((r, e) for r, e in feature.examples() if e.anchor == anchor)
        assert example.name == original[1].name and example.tags == original[1].tags
        assert [(s.keyword, s.text, s.table, s.docstring) for s in example.steps] == [
            (s.keyword, s.text, s.table, s.docstring) for s in original[1].steps
        ]
        assert [s.text for s in doc.background] == [s.text for s in feature.background]
        assert doc.tags == feature.tags
        if original[0] is not None:
            assert rule is not None and rule.tags == original[0].tags
            assert [s.text for s in rule.background] == [s.text for s in original[0].background]
        count += 1
    assert count > 100


def test_a_sample_of_the_book_reads_as_in_the_rulebook_run() -> None:
    """Every seventh example of the book, run as the page runs it, has the outcome the rulebook's own run gives.

    The rulebook's run is made here, on the sampled chapters (the recorded results file may be
    stale or absent on a fresh clone), with the same step plugin as `make test`.
    """
    sample = list(book_examples(BOOK))[::7]
    assert len(sample) >= 15
    chapters = sorted({feature.path for feature, _, _ in sample})
    report = run_check([ROOT / path for path in chapters], root=ROOT)
    kinds = {
        (doc.path, checked.example.line): checked.kind for doc, examples in report.features for checked in examples
    }
    for feature, anchor, text in sample:
        example = next(e for _, e in feature.examples() if e.anchor == anchor)
        answer = run_scenario(text)
        (ran,) = answer["examples"]
        assert kinds[(feature.path, example.line)] == "passed", f"{feature.path}:{example.line} in the rulebook's run"
        assert ran["kind"] == "passed", f"{feature.path}:{example.line}: {ran['explanation']}"
        assert {s["status"] for s in ran["steps"]} == {"passed"}


def test_the_lean_options_change_no_outcome_and_no_explanation(tmp_path: Path) -> None:
    path = tmp_path / "mixed.feature"
    path.write_text(MIXED, encoding="utf-8")
    reports = [
        run_check([path], root=tmp_path, options=PYTEST_OPTIONS),
        run_check([path], root=tmp_path, options=IN_PAGE_OPTIONS),
    ]
    texts = [format_report(report).rsplit(" (ran in", 1)[0] for report in reports]
    assert texts[0] == texts[1]
    assert [[c.kind for c in examples] for _, examples in reports[0].features] == [
        ["passed", "failed", "failed", "undefined"]
    ]


def test_a_run_gives_each_step_its_status_and_the_checks_explanation() -> None:
    answer = run_scenario(MIXED)
    passes, wrong, refused, misspelt = answer["examples"]
    assert answer["summary"] == "4 examples: 1 passed, 2 failed, 1 undefined"
    assert [s["status"] for s in passes["steps"]] == ["passed"] * 5
    assert passes["chance"].startswith("The Gold Golems attacking the Behemoth in melee: 2/5")
    assert passes["drawings"] and "<svg" in passes["drawings"][0]["markup"]
    assert [s["status"] for s in wrong["steps"]] == ["passed"] * 4 + ["failed"]
    assert "expected: the Behemoth stack has 4 cards left" in wrong["explanation"]
    assert any(line.startswith("actual:") for line in wrong["explanation"])
    assert any("refused" in line and "homm.melee-attack" in line for line in refused["explanation"])
    assert [s["status"] for s in misspelt["steps"]] == ["passed", "undefined", "skipped"]
    assert "Given the {side} has {what}" in misspelt["explanation"][2]
    assert wrong["drawings"] == [] and wrong["chance"] is None


def test_the_explanations_are_those_of_battlebook_check(tmp_path: Path) -> None:
    path = tmp_path / "mixed.feature"
    path.write_text(MIXED, encoding="utf-8")
    report = run_check([path], root=tmp_path)
    expected = [[line for o in c.outcomes for line in explain(o)] for _, examples in report.features for c in examples]
    assert [e["explanation"] for e in run_scenario(MIXED)["examples"]] == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("garbage", "no 'Feature:' line"),
        (
            "Feature: F\n" + "  Example: A\n    Given a battle in the open field\n    Then the battle goes on\n" * 2,
            "two examples are called",
        ),
        ("x" * (MAX_TEXT + 1), "at most"),
    ],
)
def test_unreadable_text_is_reported_with_its_line_not_raised(text: str, reason: str) -> None:
    answer = run_scenario(text)
    assert answer["examples"] == [] and not answer["ok"]
    assert reason in answer["malformed"][0]["reason"]
    assert isinstance(answer["malformed"][0]["line"], int)


def test_an_example_with_no_then_runs_and_reads_checks_nothing() -> None:
    answer = run_scenario("Feature: F\n  Example: A\n    Given a battle in the open field\n")
    assert not answer["ok"] and answer["malformed"] == []
    assert [example["kind"] for example in answer["examples"]] == ["unchecked"]


def test_heroscape_odds_are_the_engines_with_the_editions_height_advantage() -> None:
    for edition, above, extra_attack, extra_defense in [
        ("2004", 0, 0, 0),
        ("2004", 12, 1, 0),
        ("2024", 12, 2, 0),
        ("2024", -3, 0, 1),
    ]:
        answer = game_odds("heroscape", [2, 3, above, edition])
        dice = (2 + extra_attack, 3 + extra_defense)
        assert (answer["attack_dice"], answer["defense_dice"]) == dice
        ruleset = Ruleset.for_edition(Edition(edition))
        odds = heroscape_wounds(*dice, ruleset.combat_die)
        assert [Fraction(w["fraction"]) for w in answer["wounds"]] == list(odds.wounds)
        assert Fraction(answer["at_least_one"]["fraction"]) == odds.at_least_one
    with pytest.raises(BattlebookError, match="2004 or 2024"):
        game_odds("heroscape", [1, 1, 0, "1999"])


def test_homm_odds_are_the_engines_for_one_defense_or_a_swat() -> None:
    answer = game_odds("homm", [7, [4, 4, 3], "1-10"])
    hit = homm_hit(7, [4, 4, 3], DieReading.ONE_TO_TEN)
    assert answer["defense"] == 11 and answer["winning_faces"] == list(hit.winning_faces)
    assert Fraction(answer["chance"]["fraction"]) == hit.hit
    with pytest.raises(BattlebookError, match="0-9 or 1-10"):
        game_odds("homm", [7, [4], "2-11"])


def test_the_catalogue_lists_every_step_with_its_game() -> None:
    from battlebook.language.steps import step_modules

    catalogue = step_catalogue()
    library = [step for step in known_steps() if step.module in step_modules()]
    # Every step of the library, and nothing else pytest-bdd knows of (its `trace`, once pytest has run).
    assert [(e["keyword"], e["text"]) for e in catalogue] == [(s.type.capitalize(), s.readable) for s in library]
    assert library == known_steps() and not any(e["text"] == "trace" for e in catalogue)
    assert {entry["game"] for entry in catalogue} <= {"homm", "heroscape", "any"}
    assert any(e["text"] == "a battle in the open field" and e["game"] == "homm" for e in catalogue)


def test_scenario_text_keeps_an_outline_and_its_table() -> None:
    outlines = [(f, r, e) for f in BOOK for r, e in f.examples() if e.outline_tables]
    if not outlines:
        pytest.skip("the rulebook has no Scenario Outline")
    feature, rule, example = outlines[0]
    assert "Examples:" in scenario_text(feature, rule, example)
