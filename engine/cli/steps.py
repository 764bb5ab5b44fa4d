"""`battlebook steps [WORD]`: the step catalogue in the terminal, filtered by a word."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    """Add the `steps` subcommand."""
    parser = subparsers.add_parser(
        "steps",
        help="list the steps a scenario may use, optionally only those mentioning a word",
        description=(
            "Print the step catalogue: every step a scenario may use, by domain, with what it does, "
            "an example line from a feature file and the features that use it. With WORD, only the "
            "steps whose pattern, description, domain or example mention it (ignoring case)."
        ),
    )
    parser.add_argument("word", nargs="?", default=None, metavar="WORD", help="keep only steps mentioning WORD")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the (filtered) catalogue; exit 1 when no step mentions the word."""
    from engine.rulebook.catalogue import build_catalogue, format_catalogue, load_step_modules, project_root
    from engine.rulebook.model import FeatureDoc, FeatureFileError, feature_paths, load_book

    root = project_root()
    if not (root / "tests" / "steps").is_dir():
        print(f"battlebook steps: {root} holds no tests/steps: the catalogue needs the repository", file=sys.stderr)
        return 2
    book: list[FeatureDoc] = []
    try:
        book = load_book(feature_paths([root / "features"]), root)
    except FeatureFileError as error:
        print(f"battlebook steps: examples left out, a feature file is malformed: {error}", file=sys.stderr)
    text = format_catalogue(build_catalogue(book, load_step_modules(root)), args.word)
    if not text:
        print(f"no step mentions {args.word!r}; run battlebook steps without a word to list them all")
        return 1
    print(text, end="")
    return 0
