"""The rulebook's own feature files, read once per test process.

Many test modules read the whole book (`features/`), several of them while pytest collects
(to parametrize over it), and under pytest-xdist every worker collects every module: each
read parsed the same files again. The parsed book is frozen (frozen dataclasses), and a test
run never changes `features/`, so one read serves every module of the process. A test that
checks reading itself, or reads another folder, calls `load_book` as before, and so do the
ruling tests that `test_proposed_ruling_in_ci.py` copies into another project (they read the
`features/` beside them there, and import nothing from this one's `tests`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from battlebook.book.model import FeatureDoc, feature_paths, load_book

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def rulebook() -> tuple[FeatureDoc, ...]:
    """Every feature file under the project's `features/`, as `load_book` reads them (strictly)."""
    return tuple(load_book(feature_paths([ROOT / "features"]), ROOT))
