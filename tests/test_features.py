"""Runs every example of every feature file under `features/` (or `$BATTLEBOOK_FEATURES`).

A new feature file needs no change here. The step definitions come from the installed
`battlebook` package's pytest plugin (`battlebook.language.plugin`).
"""

from __future__ import annotations

from pathlib import Path

from pytest_bdd import scenarios

from battlebook.language.runner import checked_feature_files

ROOT = Path(__file__).resolve().parent.parent

scenarios(*checked_feature_files([ROOT / "features"], ROOT))
