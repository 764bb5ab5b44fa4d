"""Which feature files a run of the examples collects, read and checked before pytest-bdd sees them.

A test module that runs examples takes its tests from
[`example_tests`][battlebook.language.runner.example_tests]: the repository's
`tests/test_features.py` for the rulebook, and
[`battlebook.runners.feature_tests`][battlebook.runners.feature_tests] for `battlebook check`.
Each file is first read by the rulebook model, so a malformed file or two examples with one
name stop the run with a message naming the file and lines; then each of its examples
becomes one test through pytest-bdd's public `scenario`.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from pytest_bdd import scenario

from battlebook.book.model import feature_paths, load_book

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


def checked_feature_files(default: Sequence[Path], root: Path | None = None, *, strict: bool = True) -> list[str]:
    """The feature files a run collects, each read and checked first (see the module's docstring).

    Read leniently (`strict=False`, as `battlebook check` does), a broken convention such as a
    bad tag does not stop the file: the check reports it and runs the rest.
    """
    files = feature_paths(feature_roots(default))
    load_book(files, root, strict=strict)
    return [str(path) for path in files]


def test_name(name: str, taken: set[str]) -> str:
    """A test function's name for the example `name`, unlike any in `taken` (which it joins).

    Spaces become underscores, other characters that are not a word's are dropped, and so
    are leading digits (as pytest-bdd's `scenarios` names its tests, so `-k` selects alike).

    Examples:
        >>> taken = set()
        >>> test_name("Three Gold Golems attack: 3+2+2", taken), test_name("Three gold golems attack 322", taken)
        ('test_three_gold_golems_attack_322', 'test_three_gold_golems_attack_322_1')
    """
    base = "test_" + re.sub(r"^\d+_*", "", re.sub(r"\W", "", name.replace(" ", "_"))).lower()
    found, count = base, 0
    while found in taken:
        count += 1
        found = f"{base}_{count}"
    taken.add(found)
    return found


def example_tests(
    default: Sequence[Path], root: Path | None = None, *, strict: bool = True
) -> dict[str, Callable[..., object]]:
    """One pytest-bdd test per example of the files a run collects, by test function name.

    A test module puts them in its namespace (`globals().update(example_tests(...))`). Each
    file is read and checked first (see
    [`checked_feature_files`][battlebook.language.runner.checked_feature_files]); pytest-bdd
    then reads it as UTF-8 with a leading byte-order mark dropped, as the model does.
    """
    files = feature_paths(feature_roots(default))
    tests: dict[str, Callable[..., object]] = {}
    taken: set[str] = set()
    # `load_book` reads the files in this same (sorted) order, one feature each.
    for path, feature in zip(files, load_book(files, root, strict=strict), strict=True):
        for _, example in feature.examples():
            bound = scenario(path.name, example.name, encoding=FEATURE_ENCODING, features_base_dir=str(path.parent))

            def run_example() -> None:
                """Run one example of a feature file: its steps are the test."""

            tests[test_name(example.name, taken)] = bound(run_example)
    return tests
