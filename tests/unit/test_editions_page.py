"""The editions page runs the Heroscape examples under both editions: outcomes from the engine, names escaped."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlebook.book.model import load_feature
from battlebook.heroscape.ruleset import Edition
from battlebook.runners.inpage import run_scenario, scenario_text
from battlebook.site.chapters import page_uri
from battlebook.site.editions_page import EDITIONS_PAGE, editions_page, run_editions, under_edition

ROOT = Path(__file__).resolve().parents[2]
ATTACKING = "features/heroscape/attacking.feature"
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
    assert "(../rulebook/heroscape/attacking.md#in-the-2004-game-twelve-levels-up-still-earn-only-one-extra-die)" in row
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


def test_kept_runs_are_reused_only_for_the_same_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build cache gives back what a new run would give, and a changed file is run again."""
    from battlebook.site import editions_page as module
    from battlebook.site.build_cache import BuildCache

    path = tmp_path / "features" / "heroscape" / "attacking.feature"
    path.parent.mkdir(parents=True)
    path.write_bytes((ROOT / ATTACKING).read_bytes())
    cache = BuildCache(tmp_path / ".battlebook")
    runs: list[int] = []
    real = module._run_copies

    def counted(copies: dict[str, dict[str, str]]) -> dict[tuple[str, int, str], module.Run]:
        runs.append(1)
        return real(copies)

    monkeypatch.setattr(module, "_run_copies", counted)
    first = run_editions([load_feature(path, tmp_path)], tmp_path, cache)
    kept = run_editions([load_feature(path, tmp_path)], tmp_path, cache)
    assert (len(runs), kept) == (1, first)
    # The twelve-levels example, changed to expect the 2024 bonus, is run again and now fails under 2004.
    text = path.read_text(encoding="utf-8")
    head, tail = text.split(TWELVE_LEVELS, 1)
    changed = head + TWELVE_LEVELS + tail.replace("A1 with 3 dice against 2\n", "A1 with 4 dice against 2\n", 1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    again = run_editions([load_feature(path, tmp_path)], tmp_path, cache)
    assert len(runs) == 2
    entry = next(e for e in again if e.name == TWELVE_LEVELS)
    assert (entry.runs[Edition.BASIC_2004].kind, entry.runs[Edition.EDITION_2024].kind) == ("failed", "passed")
    path.write_text(text, encoding="utf-8")
    (tmp_path / ".battlebook" / "editions.json").write_text("{not json", encoding="utf-8")
    assert run_editions([load_feature(path, tmp_path)], tmp_path, cache) == first
    assert len(runs) == 3
