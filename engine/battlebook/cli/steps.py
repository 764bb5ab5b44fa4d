"""`battlebook steps [WORD]`: the step catalogue in the terminal, filtered by a word."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from battlebook.cli import path_argument, say
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
        type=path_argument,
        default=None,
        metavar="PATH",
        help="a feature file, or a folder of them, to take example lines from (default: ./features when present)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the (filtered) catalogue; exit 1 when no step mentions the word.

    Example lines come from the rulebook in `--features` (by default `features/` in the working
    folder, when there is one); without a rulebook the catalogue lists the steps alone.
    """
    problem = missing_extra("check")
    if problem:
        say(f"battlebook steps: {problem}", file=sys.stderr)
        return 2
    from battlebook.book.model import FeatureDoc, FeatureFileError, feature_paths, load_book
    from battlebook.language.catalogue import build_catalogue, format_catalogue
    from battlebook.language.steps import load_step_modules

    given: Path | None = args.features
    if given is None and Path("features").is_dir():
        given = Path("features")
    book: list[FeatureDoc] = []
    if given is not None:
        if given.is_dir() and not given.is_symlink():
            root = given.resolve().parent
        elif given.suffix == ".feature" and (given.exists() or given.is_symlink()):
            root = given.parent.resolve()  # one file: read (or refused) as a check reads it
        else:
            what = "is not a feature file" if given.exists() else "no such file or folder"
            say(f"battlebook steps: --features {given}: {what}", file=sys.stderr)
            return 2
        try:
            book = load_book(feature_paths([given]), root)
        except FeatureFileError as error:
            say(f"battlebook steps: examples left out, a feature file is malformed: {error}", file=sys.stderr)
    text = format_catalogue(build_catalogue(book, load_step_modules()), args.word)
    if not text:
        say(f"no step mentions {args.word!r}; run battlebook steps without a word to list them all")
        return 1
    say(text, end="")
    return 0
