"""`battlebook results`: what the last run of the examples recorded."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from battlebook.book.results import ResultBook, ResultsFileError, Status, default_path
from battlebook.cli import path_argument, say


def register(subparsers: Any) -> None:
    """Add the `results` subcommand."""
    parser = subparsers.add_parser(
        "results",
        help="list the recorded result of every example",
        description="List the result recorded for every example by the last run (make test or make examples).",
    )
    parser.add_argument("--problems", action="store_true", help="list only examples that did not pass")
    parser.add_argument(
        "--file", type=path_argument, default=None, help="results file (default: .battlebook/results.json)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print one line per recorded example of the feature files as they are now; exit 1 when any did not pass.

    A missing or unreadable results file is a bad argument: one line on standard error, exit 2.
    Everything a record holds is printed through [`say`][battlebook.cli.say]: a name cannot act on the terminal.
    """
    root = Path.cwd()
    path: Path = args.file or default_path(root)
    if not path.exists() and not path.is_symlink():
        say(f"battlebook results: no results at {path}: run the examples first (make examples)", file=sys.stderr)
        return 2
    try:
        book, stale = ResultBook.load(path, own=args.file is None).current(root)
    except ResultsFileError as error:
        say(f"battlebook results: {error}", file=sys.stderr)
        return 2
    bad = 0
    for result in sorted(book, key=lambda r: (r.feature, r.line, r.row or "")):
        ok = result.status is Status.PASSED
        bad += not ok
        if args.problems and ok:
            continue
        row = f" [{result.row}]" if result.row else ""
        say(f"{result.status.value:9} {result.feature}:{result.line} {result.scenario}{row}")
        if result.message and not ok:
            say(f"          {result.step or ''}: {result.message}")
    summary = f"{len(book)} examples recorded, {len(book) - bad} passed, {bad} not passed"
    if stale:
        summary += f" ({stale} older results left out: their feature files have changed or are gone)"
    say(summary)
    return 1 if bad else 0
