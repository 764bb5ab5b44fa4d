"""Which feature files a run of the examples collects, read and checked before pytest-bdd sees them.

A test module that runs examples calls pytest-bdd's `scenarios` with the files this module
names: the repository's `tests/test_features.py` for the rulebook, and
[`battlebook.rulebook.feature_tests`][battlebook.rulebook.feature_tests] for `battlebook check`.
Each file is first read by the rulebook model, so a malformed file or two examples with one
name stop the run with a message naming the file and lines.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from battlebook.rulebook.model import FeatureDoc, feature_paths, load_book

#: The environment variable naming the feature files or folders a run collects (`os.pathsep`-separated).
FEATURES_VARIABLE = "BATTLEBOOK_FEATURES"


def feature_roots(default: Sequence[Path]) -> list[Path]:
    """The files or folders named by `$BATTLEBOOK_FEATURES`, else `default`.

    >>> import os
    >>> os.environ.pop(FEATURES_VARIABLE, None) and None
    >>> feature_roots([Path("features")])
    [PosixPath('features')]
    """
    named = os.environ.get(FEATURES_VARIABLE)
    if named:
        return [Path(p).resolve() for p in named.split(os.pathsep) if p]
    return list(default)


def checked_feature_files(default: Sequence[Path], root: Path | None = None) -> list[str]:
    """The feature files a run collects, each read and checked first (see the module's docstring)."""
    files = feature_paths(feature_roots(default))
    _LOADED[:] = load_book(files, root)
    return [str(path) for path in files]


_LOADED: list[FeatureDoc] = []


def loaded_book() -> list[FeatureDoc]:
    """The features the current run collected (empty before any was collected).

    Their lines show which real sentences each step reads, so a misspelt line can be matched
    against them as well as against the steps' patterns.
    """
    return list(_LOADED)
