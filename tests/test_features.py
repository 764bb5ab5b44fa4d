"""Runs every example of every feature file under `features/` (or `$BATTLEBOOK_FEATURES`).

A new feature file needs no change here. The step definitions come from the step
language's pytest plugin (`battlebook.language.plugin`), which the project's pytest
configuration loads (`-p battlebook.language.plugin` in `addopts`).
"""

from __future__ import annotations

from pathlib import Path

from battlebook.language.runner import example_tests

ROOT = Path(__file__).resolve().parent.parent

globals().update(example_tests([ROOT / "features"], ROOT))
