"""The in-page runner ("Try it") on the project's Python: the same outcomes as `battlebook check`.

The page runs these very functions on Pyodide (tests/browser/test_try_it.py drives them
there); here they run on CPython, against the rulebook's own recorded results.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from battlebook.book.model import load_feature
from battlebook.errors import BattlebookError
from battlebook.games import GAMES
from battlebook.heroscape.dice import heroscape_wounds
from battlebook.heroscape.ruleset import Edition, Ruleset
from battlebook.homm.dice import homm_hit
from battlebook.homm.ruleset import DieReading
from battlebook.language.recorder import known_steps
from battlebook.runners.check import PYTEST_OPTIONS, STEPS_HINT, explain, format_report, run_check
from battlebook.runners.inpage import (
    IN_PAGE_OPTIONS,
    MAX_TEXT,
    book_examples,
    game_odds,
    propose_ruling,
    run_scenario,
    scenario_text,
    step_catalogue,
)
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
BOOK = rulebook()

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
    """Every seventh example of the book, run as the page runs it, has the outcome the rulebook's own run gives: passed.

    Every example of the rulebook passes in its own run (`tests/test_features.py`, the
    examples `make test` runs first), so the page's run of each must pass too; running the
    sampled chapters again here would repeat that run.
    """
    sample = list(book_examples(BOOK))[::7]
    assert len(sample) >= 15
    for feature, anchor, text in sample:
        example = next(e for _, e in feature.examples() if e.anchor == anchor)
        answer = run_scenario(text)
        (ran,) = answer["examples"]
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
    assert misspelt["undefined"]["line"] == 25 and misspelt["undefined"]["text"].startswith("the Agressor hsa")
    closest = misspelt["undefined"]["closest"][0]
    assert closest == {"keyword": "Given", "text": 'the {side} has {what} [called "{name}"] on its {line} Line'}
    assert wrong["undefined"] is None


def test_an_example_that_fails_is_drawn_as_the_battle_stood_when_it_stopped() -> None:
    _, wrong, refused, _ = run_scenario(MIXED)["examples"]
    (drawing,) = wrong["drawings"]
    assert drawing["at_line"] == 16 and "<svg" in drawing["markup"]  # its failing Then
    assert "Before" in drawing["intro"] or "before" in drawing["intro"]
    (drawing,) = refused["drawings"]
    assert drawing["at_line"] == 22 and "refused" in drawing["intro"]
    passes = run_scenario(MIXED)["examples"][0]
    assert passes["drawings"][0]["at_line"] is None


def test_the_explanations_are_those_of_battlebook_check_but_the_terminal_advice(tmp_path: Path) -> None:
    path = tmp_path / "mixed.feature"
    path.write_text(MIXED, encoding="utf-8")
    report = run_check([path], root=tmp_path)
    expected = [[line for o in c.outcomes for line in explain(o)] for _, examples in report.features for c in examples]
    assert STEPS_HINT in expected[3]  # the terminal says where to look: `battlebook steps WORD`
    expected[3].remove(STEPS_HINT)  # the page offers its own search of the steps instead
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
    assert len(answer["problems"]) == 1 and answer["problems"][0].startswith("scenario.feature:")


def test_a_mistyped_keyword_reaches_the_page_as_the_check_words_it_without_pytests_output() -> None:
    text = (
        "Feature: F\n  Background:\n    Given a battle in the open field\n  Exampel: A\n    Then the battle goes on\n"
    )
    answer = run_scenario(text)
    assert not answer["ok"]
    typo = [line for line in answer["problems"] if "scenario.feature:4: " in line and "'Example:'?" in line]
    assert typo, answer["problems"]
    assert all(line in answer["report"] for line in answer["problems"])
    assert "output" not in answer and "warnings summary" not in str(answer)


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
    assert {entry["game"] for entry in catalogue} <= {*GAMES, "any"}
    assert any(e["text"] == "a battle in the open field" and e["game"] == "homm" for e in catalogue)


def test_scenario_text_keeps_an_outline_and_its_table() -> None:
    outlines = [(f, r, e) for f in BOOK for r, e in f.examples() if e.outline_tables]
    if not outlines:
        pytest.skip("the rulebook has no Scenario Outline")
    feature, rule, example = outlines[0]
    assert "Examples:" in scenario_text(feature, rule, example)


PROPOSED = {
    "title": "Is reaching the defense exactly enough?",
    "slug": "reaching-the-defense",
    "sources": ["001/making-melee-attacks"],
    # Words chosen so that wrapping would start lines with keywords: none may.
    "question": " ".join(["Given", "Then", "Example:", "And", "Rule:", "@id:x", "| a |", "#", "When"] * 12),
    "reading": "Yes. Reaching the defense is enough.",
    "alternative": "The total must exceed the defense.",
    "rule": "A melee attack kills when score plus roll reaches the defense",
    "chapter": 60,
}


def test_a_proposed_ruling_follows_the_book_and_passes_the_check(tmp_path: Path) -> None:
    from battlebook.book.rulings import KEYWORD_START, read_ruling, ruling_problems

    scenario = MIXED.replace("Feature: Mixed outcomes", "@edition:2004\nFeature: Mine")
    scenario = scenario.split("  Example: Expects a wrong number")[0]  # the passing example only
    answer = propose_ruling(scenario, PROPOSED)
    assert answer["problems"] == [] and answer["conventions"] == [] and answer["ok"], answer
    assert answer["file"] == "features/rulings/reaching-the-defense.feature"
    text = answer["text"]
    assert text.splitlines()[0] == "@chapter:60 @edition:2004"
    description = text.split("  Background:")[0].splitlines()[2:]
    assert description and not [line for line in description if KEYWORD_START.match(line.strip())]
    path = tmp_path / "features" / "rulings" / "reaching-the-defense.feature"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    doc = load_feature(path, tmp_path)  # strict: the rulebook's own reading
    assert ruling_problems([read_ruling(doc)]) == []
    assert [rule.id for rule in doc.rules] == ["ruling.reaching-the-defense"]
    assert doc.rules[0].sources == ("001/making-melee-attacks",)
    report = run_check([path], root=tmp_path)
    assert report.ok and report.counts()["passed"] == 1


def test_a_proposal_names_what_is_missing_before_writing_anything() -> None:
    answer = propose_ruling("Feature: F\n", {"slug": "Bad Name", "sources": ["999/nowhere"]})
    assert not answer["ok"] and "text" not in answer
    problems = "\n".join(answer["problems"])
    for expected in ("title", "lowercase words", "999/nowhere", "**The question.**", "one sentence", "no Example"):
        assert expected in problems, expected


def test_a_proposal_keeps_outlines_and_rule_backgrounds() -> None:
    scenario = """Feature: F
  Rule: R
    Background:
      Given a battle in the open field
    Scenario Outline: Rolls
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling <roll>
      Then the Behemoth stack has 0 cards left

      Examples:
        | roll |
        | 6    |
        | 9    |
"""
    answer = propose_ruling(scenario, PROPOSED)
    assert answer["ok"], answer
    assert "      Given a battle in the open field\n      Given the Aggressor" in answer["text"]
    assert answer["check"]["summary"].startswith("1 example")
    assert "        | roll |" in answer["text"]
