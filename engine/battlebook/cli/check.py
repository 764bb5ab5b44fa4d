"""`battlebook check PATH...`: run feature files of your own against the engine."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from battlebook.cli import path_argument, say
from battlebook.cli.extras import missing_extra


def register(subparsers: Any) -> None:
    """Add the `check` subcommand."""
    parser = subparsers.add_parser(
        "check",
        help="run feature files (or folders of them) against the engine and explain each example",
        description=(
            "Run the examples of the given feature files (folders are searched for *.feature) against "
            "the engine, and print per Rule and Example whether it passed, failed or has an undefined "
            "step, with the reason. The repository's recorded results are left untouched. Exit status: "
            "0 when every example passed, 1 otherwise, 2 for bad arguments."
        ),
    )
    parser.add_argument("paths", nargs="+", type=path_argument, metavar="PATH", help="a .feature file or a folder")
    parser.add_argument(
        "--messages",
        type=path_argument,
        default=None,
        metavar="FILE",
        help="also write the run as Cucumber Messages (NDJSON) to FILE, for Cucumber's tools",
    )
    parser.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="WORDS",
        help=(
            "play every example as if this alternative reading of a ruling were Battlebook's own "
            "(the words of 'Given the alternative reading: WORDS'); repeatable"
        ),
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Check the files and print the report; 0 only when every example passed."""
    problem = missing_extra("check")
    if problem:
        say(f"battlebook check: {problem}", file=sys.stderr)
        return 2
    from battlebook.language.run import unknown_readings
    from battlebook.runners.check import CheckUsageError, format_report, run_check  # pytest is slow to import

    unknown = unknown_readings(args.reading)
    if unknown:
        say(f"battlebook check: no ruling has the alternative reading {unknown[0]!r}", file=sys.stderr)
        return 2
    try:
        # The messages carry the examples' drawings (attachments): a run that writes them makes its notes.
        report = run_check(args.paths, messages=args.messages, readings=args.reading, notes=args.messages is not None)
    except CheckUsageError as error:
        say(f"battlebook check: {error}", file=sys.stderr)
        return 2
    if report.pytest_status not in (0, 1) and report.features and not report.not_run:
        say(report.pytest_output, file=sys.stderr)  # an error the report cannot name: pytest's own account
    say(format_report(report), end="")
    return 0 if report.ok else 1
