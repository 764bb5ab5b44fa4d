"""`battlebook steps [WORD]`: the step catalogue in the terminal, filtered by a word."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from battlebook.cli.extras import missing_extra


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
    parser.add_argument(
        "--features",
        type=Path,
        default=None,
        metavar="DIR",
        help="a folder of feature files to take example lines from (default: ./features when present)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the (filtered) catalogue; exit 1 when no step mentions the word.

    Example lines come from the rulebook in `--features` (by default `features/` in the working
    folder, when there is one); without a rulebook the catalogue lists the steps alone.
    """
    problem = missing_extra("check")
    if problem:
        print(f"battlebook steps: {problem}", file=sys.stderr)
        return 2
    from battlebook.book.model import FeatureDoc, FeatureFileError, feature_paths, load_book
    from battlebook.language.catalogue import build_catalogue, format_catalogue
    from battlebook.language.steps import load_step_modules

    folder: Path | None = args.features
    if folder is None and Path("features").is_dir():
        folder = Path("features")
    book: list[FeatureDoc] = []
    if folder is not None:
        if not folder.is_dir():
            print(f"battlebook steps: --features {folder}: no such folder", file=sys.stderr)
            return 2
        try:
            book = load_book(feature_paths([folder]), folder.resolve().parent)
        except FeatureFileError as error:
            print(f"battlebook steps: examples left out, a feature file is malformed: {error}", file=sys.stderr)
    text = format_catalogue(build_catalogue(book, load_step_modules()), args.word)
    if not text:
        print(f"no step mentions {args.word!r}; run battlebook steps without a word to list them all")
        return 1
    print(text, end="")
    return 0
