"""The editions page runs the Heroscape examples under both editions: outcomes from the engine, names escaped."""

from __future__ import annotations

from pathlib import Path

from battlebook.book.model import load_feature
from battlebook.heroscape.ruleset import Edition
from battlebook.runners.inpage import run_scenario, scenario_text
from battlebook.site.editions_page import EDITIONS_PAGE, editions_page, run_editions, under_edition
from battlebook.site.pages import page_uri

ROOT = Path(__file__).resolve().parents[2]
ATTACKING = "features/heroscape/extra-dice.feature"
TWELVE_LEVELS = "In the 2004 game twelve levels up still earn only one extra die"


def test_an_example_whose_outcome_differs_shows_both_editions_outcomes() -> None:
    feature = load_feature(ROOT / ATTACKING, ROOT)
    entries = run_editions([feature], ROOT)
    assert len(entries) == sum(1 for _ in feature.examples())
    entry = next(e for e in entries if e.name == TWELVE_LEVELS)
    assert entry.written_for == "2004"
    assert entry.differs
    assert entry.runs[Edition.BASIC_2004].kind == "passed"
    later = entry.runs[Edition.EDITION_2024]
    assert later.kind == "failed"
    assert any("+2 attack" in line for line in later.explanation)
    # The same example, run on its own by the in-page runner under each edition, agrees.
    rule, example = next((r, e) for r, e in feature.examples() if e.name == TWELVE_LEVELS)
    text = scenario_text(feature, rule, example)
    for edition, kind in ((Edition.BASIC_2004, "passed"), (Edition.EDITION_2024, "failed")):
        assert run_scenario(under_edition(text, edition))["examples"][0]["kind"] == kind

    page = editions_page(entries, {feature.path: page_uri(feature)}, EDITIONS_PAGE)
    row = next(line for line in page.splitlines() if "twelve levels up still earn" in line)
    assert "(differs)" in row
    assert row.count("**passed**") == 1 and row.count("**failed**") == 1
    assert row.index("**passed**") < row.index("**failed**")  # 2004's column comes first
    assert "&#43;2 attack" in row
    anchor = "in-the-2004-game-twelve-levels-up-still-earn-only-one-extra-die"
    assert f"(../rulebook/heroscape/extra-dice.md#{anchor})" in row
    # The settings table is read from the rulesets.
    assert "| **`friendly_fire`** |" in page
    assert "+1 die from 1 level higher, +2 dice from 10 levels higher" in page


def test_names_from_a_feature_file_are_escaped_and_a_failing_file_is_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "features" / "heroscape" / "evil.feature"
    path.parent.mkdir(parents=True)
    path.write_text(
        "@game:heroscape @edition:2004\nFeature: F<script>alert(1)</script>\n"
        "  Rule: R <img src=x onerror=alert(1)>\n"
        "    Example: E [link](javascript:alert(1))\n"
        "      Given a step nobody defined\n"
        "      Then the battle goes on\n",
        encoding="utf-8",
    )
    feature = load_feature(path, tmp_path, strict=False)
    entries = run_editions([feature], tmp_path)
    assert [entry.runs[Edition.EDITION_2024].kind for entry in entries] == ["undefined"]
    page = editions_page(entries, {feature.path: page_uri(feature)})
    assert "<script" not in page and "<img" not in page and "](javascript" not in page
    assert "alert&#40;1&#41;" in page
