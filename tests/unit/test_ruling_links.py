"""Every ruling is linked from a rule chapter that applies it (issue: rulings link both ways)."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlebook.book.model import FeatureDoc, feature_paths, load_book

ROOT = Path(__file__).resolve().parents[2]
BOOK = load_book(feature_paths([ROOT / "features"]), ROOT)
RULINGS = [f for f in BOOK if f.path.startswith("features/rulings/")]
CHAPTER_TEXT = "\n".join(
    (ROOT / f.path).read_text(encoding="utf-8") for f in BOOK if not f.path.startswith("features/rulings/")
)


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda f: Path(f.path).stem)
def test_a_rule_chapter_links_to_the_ruling(ruling: FeatureDoc) -> None:
    page = Path(ruling.path).stem
    ids = [rule.id for rule in ruling.rules]
    linked = any(f"(rule:{rule_id})" in CHAPTER_TEXT for rule_id in ids) or f"rulings/{page}.md" in CHAPTER_TEXT
    assert linked, f"no rule chapter links to {ruling.path} (write [text](rule:{ids[0]}) where it applies)"
