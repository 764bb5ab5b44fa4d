"""The editions page runs the Heroscape examples under both editions: outcomes told from the engine, names escaped."""

from __future__ import annotations

import re
from dataclasses import fields, replace
from pathlib import Path

import pytest

from battlebook.book.model import FeatureDoc, feature_paths, load_feature
from battlebook.book.prose import markdown_text
from battlebook.heroscape.ruleset import Edition, Harm, Ruleset
from battlebook.runners.editions import ExampleRuns, run_editions, under_edition
from battlebook.runners.inpage import run_scenario, scenario_text
from battlebook.site.editions_page import EDITIONS_PAGE, editions_page
from battlebook.site.pages import page_uri

ROOT = Path(__file__).resolve().parents[2]
ATTACKING = "features/heroscape/attacking.feature"
EXTRA_DICE = "features/heroscape/extra-dice.feature"
TWELVE_LEVELS = "In the 2004 game twelve levels up still earn only one extra die"
XENITHRAX = "In the 2004 game two skulls against one shield destroy even Xenithrax"
EXAMPLE_9 = "Example 9: two Zettian Guards attack one Airborne Elite"


def _row(page: str, words: str) -> list[str]:
    """The cells of the page's table row whose example link holds `words` (escaped as the page escapes them)."""
    escaped = words.replace(":", "&#58;")
    line = next(line for line in page.splitlines() if line.startswith("| [" + escaped))
    return [cell.strip() for cell in line.strip("|").split(" | ")]


def _visible(markdown: str) -> str:
    """The page's text as a reader sees it: no link targets, attribute lists, tags or tooltips."""
    text = re.sub(r"\]\([^)]*\)", "]", markdown)
    text = re.sub(r"\{#[^}]*\}", "", text)
    return re.sub(r"<[^>]*>", "", text)


@pytest.fixture(scope="module")
def attacking() -> tuple[FeatureDoc, list[ExampleRuns]]:
    feature = load_feature(ROOT / ATTACKING, ROOT)
    return feature, run_editions([feature], ROOT)


@pytest.fixture(scope="module")
def extra_dice() -> tuple[FeatureDoc, list[ExampleRuns]]:
    feature = load_feature(ROOT / EXTRA_DICE, ROOT)
    return feature, run_editions([feature], ROOT)


def test_an_example_whose_outcome_differs_shows_both_editions_outcomes(
    extra_dice: tuple[FeatureDoc, list[ExampleRuns]],
) -> None:
    feature, entries = extra_dice
    assert len(entries) == sum(1 for _ in feature.examples())
    entry = next(e for e in entries if e.name == TWELVE_LEVELS)
    assert entry.written_for == "2004"
    assert entry.differs
    assert entry.runs[Edition.BASIC_2004].kind == "passed"
    later = entry.runs[Edition.EDITION_2024]
    assert later.kind == "failed" and later.check and not later.setup
    assert "+2 attack" in later.problem
    # The same example, run on its own by the in-page runner under each edition, agrees.
    rule, example = next((r, e) for r, e in feature.examples() if e.name == TWELVE_LEVELS)
    text = scenario_text(feature, rule, example)
    for edition, kind in ((Edition.BASIC_2004, "passed"), (Edition.EDITION_2024, "failed")):
        assert run_scenario(under_edition(text, edition))["examples"][0]["kind"] == kind

    page = editions_page(entries, {feature.path: page_uri(feature)}, EDITIONS_PAGE)
    link, earlier_cell, later_cell = _row(page, TWELVE_LEVELS)
    assert earlier_cell.startswith("**As written.**")  # 2004's column comes first
    assert later_cell.startswith("**Ends otherwise.**")
    assert "rolls 4 attack dice against 2 defense dice" in later_cell and "&#43;2 attack" in later_cell
    anchor = "in-the-2004-game-twelve-levels-up-still-earn-only-one-extra-die"
    assert f"(../rulebook/heroscape/extra-dice.md#{anchor}){{#{anchor}}}" in link
    assert "written for 2004" in link
    # The tables are by page, each with an anchor the line above them links to.
    title = markdown_text(feature.name)
    assert f"By page: [{title}](#in-extra-dice) &#40;" in page
    assert f"### [{title}](../rulebook/heroscape/extra-dice.md) {{#in-extra-dice}}" in page


def test_each_outcome_is_told_from_the_battle_the_engine_left(attacking: tuple[FeatureDoc, list[ExampleRuns]]) -> None:
    feature, entries = attacking
    page = editions_page(entries, {feature.path: page_uri(feature)})
    _, earlier, later = _row(page, EXAMPLE_9)
    assert "The Zettian Guard Z2 destroys the Airborne Elite A1" in earlier and "it is out of the game" in earlier
    assert "it goes on the army card Airborne Elite" in later
    assert "does not hold: A1 is not out of the game" in later
    _, earlier, later = _row(page, XENITHRAX)
    assert "destroys Xenithrax the Vineweaver X" in earlier
    assert "Xenithrax the Vineweaver X takes 1 wound" in later


def test_flipping_an_edition_setting_changes_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the 2024 ruleset made to destroy on any successful attack, the page says so: nothing is typed."""
    made = Ruleset.for_edition.__func__  # type: ignore[attr-defined]

    def destroying(cls: type[Ruleset], edition: Edition, /, **options: object) -> Ruleset:
        ruleset: Ruleset = made(cls, edition, **options)
        return replace(ruleset, harm=Harm.DESTROY)

    feature = load_feature(ROOT / ATTACKING, ROOT)
    monkeypatch.setattr(Ruleset, "for_edition", classmethod(destroying))
    entries = run_editions([feature], ROOT)
    page = editions_page(entries, {feature.path: page_uri(feature)})
    _, earlier, later = _row(page, XENITHRAX)
    assert "destroys Xenithrax the Vineweaver X" in earlier
    assert "destroys Xenithrax the Vineweaver X" in later and "wound" not in later
    # The setting now agrees: it leaves the table of settings that differ for the shared ones.
    assert "destroyed by any successful attack | destroyed by any successful attack |" in page


def test_no_engine_identifier_value_or_test_log_is_visible() -> None:
    book = [load_feature(path, ROOT) for path in feature_paths([ROOT / "features"])]
    entries = run_editions(book, ROOT)
    page = editions_page(entries, {feature.path: page_uri(feature) for feature in book}, EDITIONS_PAGE, book)
    shown = _visible(page)
    for item in fields(Ruleset):
        if "_" in item.name:
            assert item.name not in shown, item.name
    for word in ("False", "None", "True", "expected:", "actual:", "step (line", "&#42;"):
        assert word not in shown, word
    assert "[Figures and line of sight](../rulebook/rulings/heroscape-sight.md)" in page
    assert 'title="Ruleset setting: friendly_fire"' in page
    # Examples that end the same stay out of the tables, in one collapsed list, each with its anchor.
    differing = [entry for entry in entries if entry.differs]
    same = [entry for entry in entries if not entry.differs]
    assert differing and same
    rows = [line.strip() for line in page.splitlines() if line.strip().startswith("| [")]
    assert len(rows) == len(differing)
    # A ruling's examples that end differently are folded under its heading; a chapter's are not.
    folded = [line for line in page.splitlines() if line.startswith("    | [")]
    assert folded and all("rulebook/rulings/" in line.split("](", 1)[1].split(")", 1)[0] for line in folded)
    assert any("rulebook/heroscape/" in line for line in rows if line not in {f.strip() for f in folded})
    assert f'??? note "The {len(same)} examples that end the same under both editions"' in page
    assert all("{#" + entry.anchor for entry in entries)
    setup = [entry for entry in differing if any(run.setup for run in entry.runs.values())]
    assert setup, "some example chooses a reading of one edition only"
    assert "cannot be set up under this edition" in page


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


def test_each_difference_says_whether_the_texts_or_a_ruling_decide_it_and_links_there() -> None:
    book = [load_feature(path, ROOT) for path in sorted((ROOT / "features").rglob("*.feature"))]
    page = editions_page([], {feature.path: page_uri(feature) for feature in book}, book=book)
    rows = {
        re.search(r'title="Ruleset setting: (\w+)"', line)[1]: line.rsplit(" | ", 1)[1]  # type: ignore[index]
        for line in page.split("## What the editions set differently", 1)[1].split("???", 1)[0].splitlines()
        if "Ruleset setting:" in line
    }
    assert {"harm", "height", "friendly_fire", "destroyed_to_card"} <= set(rows)
    assert all(cell.startswith("The texts") or "a ruling, [" in cell for cell in rows.values()), rows
    ruled = rows["friendly_fire"]
    assert (
        "2004: a ruling, [No friendly fire in the 2004 game](../rulebook/rulings/heroscape-friendly-fire-2004.md)"
        in ruled
    )
    assert "2024: the texts ([Set up the attack" in ruled and "(004)](../rulebook/coverage.md#source-004)" in ruled
    for setting in ("harm", "height", "destroyed_to_card"):
        assert rows[setting].startswith("The texts ([") and "a ruling" not in rows[setting], setting
    assert "<code>003/" not in page and "<code>004/" not in page
