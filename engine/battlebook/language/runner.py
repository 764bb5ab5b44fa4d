"""Which feature files a run of the examples collects, read and checked before pytest-bdd sees them.

A test module that runs examples calls pytest-bdd's `scenarios` with the files this module
names: the repository's `tests/test_features.py` for the rulebook, and
[`battlebook.runners.feature_tests`][battlebook.runners.feature_tests] for `battlebook check`.
Each file is first read by the rulebook model, so a malformed file or two examples with one
name stop the run with a message naming the file and lines.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from pytest_bdd.exceptions import GherkinParseError
from pytest_bdd.feature import get_feature
from pytest_bdd.parser import Feature

from battlebook.book.model import FeatureDoc, FeatureFileError, feature_paths, load_book

#: How pytest-bdd must read the feature files: UTF-8, with a leading byte-order mark dropped
#: (the rulebook model reads them so too).
FEATURE_ENCODING = "utf-8-sig"
#: The environment variable naming one feature file or folder a run collects (the whole value is the path).
FEATURES_VARIABLE = "BATTLEBOOK_FEATURES"
#: The environment variable naming several, as a JSON list of paths: no separator that a file
#: name may hold (`:`, a space, a line break) splits a name.
FEATURE_LIST_VARIABLE = "BATTLEBOOK_FEATURE_LIST"


def feature_roots(default: Sequence[Path]) -> list[Path]:
    """The files or folders named by `$BATTLEBOOK_FEATURE_LIST` or `$BATTLEBOOK_FEATURES`, else `default`.

    Examples:
        >>> import os
        >>> os.environ.pop(FEATURE_LIST_VARIABLE, None) and None
        >>> os.environ.pop(FEATURES_VARIABLE, None) and None
        >>> feature_roots([Path("features")])
        [PosixPath('features')]
        >>> os.environ[FEATURE_LIST_VARIABLE] = feature_list([Path("/tmp/a:b.feature")])
        >>> feature_roots([])
        [PosixPath('/tmp/a:b.feature')]
        >>> del os.environ[FEATURE_LIST_VARIABLE]
    """
    listed = os.environ.get(FEATURE_LIST_VARIABLE)
    if listed:
        return [Path(p).resolve() for p in json.loads(listed)]
    named = os.environ.get(FEATURES_VARIABLE)
    if named:
        return [Path(named).resolve()]
    return list(default)


def feature_list(paths: Sequence[Path]) -> str:
    """The value of `$BATTLEBOOK_FEATURE_LIST` naming `paths`."""
    return json.dumps([str(path) for path in paths])


def pytest_bdd_feature(path: Path, shown: str) -> Feature:
    """The feature pytest-bdd reads from `path`; what its parser refuses is refused in one line naming `shown`.

    Raises:
        FeatureFileError: pytest-bdd's own parser refused the file (a rule the rulebook model does
            not check itself); its message and line, on one line.
    """
    try:
        return get_feature(str(path.parent), path.name, encoding=FEATURE_ENCODING)
    except GherkinParseError as error:
        raise FeatureFileError(shown, error.line or 1, " ".join(error.message.split())) from None


def checked_feature_files(default: Sequence[Path], root: Path | None = None, *, strict: bool = True) -> list[str]:
    """The feature files a run collects, each read and checked first (see the module's docstring).

    Read leniently (`strict=False`, as `battlebook check` does), a broken convention such as a
    bad tag does not stop the file: the check reports it and runs the rest.
    """
    files = feature_paths(feature_roots(default))
    _LOADED[:] = load_book(files, root, strict=strict)
    for path, feature in zip(files, _LOADED, strict=True):
        # pytest-bdd's `scenarios` reads files as plain UTF-8 (it does not pass its `encoding`
        # on), so a file opening with a byte-order mark would not parse; parsed here first,
        # the feature is in pytest-bdd's cache when `scenarios` asks for it.
        pytest_bdd_feature(path, feature.path)
    return [str(path) for path in files]


_LOADED: list[FeatureDoc] = []


def loaded_book() -> list[FeatureDoc]:
    """The features the current run collected (empty before any was collected).

    Their lines show which real sentences each step reads, so a misspelt line can be matched
    against them as well as against the steps' patterns.
    """
    return list(_LOADED)
