"""Runs every example of every feature file under `features/` (or `$BATTLEBOOK_FEATURES`).

A new feature file needs no change here. Before pytest-bdd sees the files, each is read
by the rulebook model, so a malformed file or two examples with one name stop the run
with a message naming the file and lines.
"""

from __future__ import annotations

import os
from pathlib import Path

from pytest_bdd import scenarios

from engine.rulebook.model import feature_paths, load_book

ROOT = Path(__file__).resolve().parent.parent


def _feature_roots() -> list[Path]:
    named = os.environ.get("BATTLEBOOK_FEATURES")
    if named:
        return [Path(p).resolve() for p in named.split(os.pathsep) if p]
    return [ROOT / "features"]


FEATURE_FILES = feature_paths(_feature_roots())
load_book(FEATURE_FILES, ROOT)
scenarios(*(str(path) for path in FEATURE_FILES))
