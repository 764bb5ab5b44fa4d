"""`battlebook results`: what the last run of the examples recorded."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from battlebook.rulebook.results import ResultBook, Status, default_path


def register(subparsers: Any) -> None:
    """Add the `results` subcommand."""
    parser = subparsers.add_parser(
        "results",
        help="list the recorded result of every example",
        description="List the result recorded for every example by the last run (make test or make examples).",
    )
    parser.add_argument("--problems", action="store_true", help="list only examples that did not pass")
    parser.add_argument("--file", type=Path, default=None, help="results file (default: .battlebook/results.json)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print one line per recorded example; exit 1 when any did not pass."""
    path: Path = args.file or default_path(Path.cwd())
    if not path.exists():
        print(f"battlebook: no results at {path}: run the examples first (make examples)")
        return 1
    book = ResultBook.load(path)
    bad = 0
    for result in sorted(book, key=lambda r: (r.feature, r.line, r.row or "")):
        ok = result.status is Status.PASSED
        bad += not ok
        if args.problems and ok:
            continue
        row = f" [{result.row}]" if result.row else ""
        print(f"{result.status.value:9} {result.feature}:{result.line} {result.scenario}{row}")
        if result.message and not ok:
            print(f"          {result.step or ''}: {result.message}")
    print(f"{len(book)} examples recorded, {len(book) - bad} passed, {bad} not passed")
    return 1 if bad else 0
