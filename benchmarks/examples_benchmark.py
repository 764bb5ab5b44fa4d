"""Benchmark: running every example against pytest's bare collection of them.

Prints both times and their ratio (target: running takes at most 1.5x collecting), then
where collection's time goes: interpreter and pytest start-up, the step library's import,
reading the feature files, and the same collection without the bytecode cache (what it
cost before the Makefile kept one: every module compiled again at every start).

Run with `.venv/bin/python benchmarks/examples_benchmark.py [runs]`.
"""

from __future__ import annotations

import sys

from timing import BIN, best_of, report, run_once

TARGET = 1.5


def main(argv: list[str]) -> int:
    """Time both commands, interleaved, best of `runs`; print the ratio and the breakdown."""
    runs = int(argv[0]) if argv else 3
    pytest = str(BIN / "pytest")
    python = str(BIN / "python")
    collect = [pytest, "tests/test_features.py", "-p", "no:hypothesispytest", "--collect-only", "-q"]
    run = [pytest, "tests/test_features.py", "-p", "no:hypothesispytest"]
    parts = {
        "python start-up": [python, "-c", "pass"],
        "pytest start-up with its other plugins and tests/conftest.py (no tests, no step library)": [
            pytest,
            "--collect-only",
            "-q",
            "-p",
            "no:battlebook.language.plugin",
            "-p",
            "no:hypothesispytest",
            "tests/__init__.py",
        ],
        "importing pytest, pytest-bdd and the step library": [
            python,
            "-c",
            "import importlib, pytest, pytest_bdd, battlebook.language.steps as s;"
            " [importlib.import_module(m) for m in s.step_modules()]",
        ],
        "reading and checking the feature files": [
            python,
            "-c",
            "from pathlib import Path; from battlebook.book.model import feature_paths as f, load_book as b;"
            " b(f([Path('features')]), Path('.'))",
        ],
        # Without the bytecode cache the Makefile keeps under .venv, every start compiles every module again.
        "the same collection, compiling every module again (PYTHONDONTWRITEBYTECODE=1)": [
            "env",
            "-u",
            "PYTHONPYCACHEPREFIX",
            "PYTHONDONTWRITEBYTECODE=1",
            *collect,
        ],
    }
    t_collect, t_run = best_of(runs, lambda: run_once(collect), lambda: run_once(run))
    holds = report("examples / collection", ("run the examples", t_run), ("collect them", t_collect), TARGET)
    print("where collection's time goes (each alone, best of the runs):")
    for name, command in parts.items():
        (took,) = best_of(runs, lambda command=command: run_once(command, ok=(0, 5)))  # type: ignore[misc]
        print(f"  {name}: {took:.2f} s")
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
