"""The `battlebook` command.

Each subcommand lives in its own module of this package and is listed in
[`SUBCOMMANDS`][battlebook.cli.SUBCOMMANDS]: a module exposes `register(subparsers)`, which
adds its parser and sets `handler` to a function taking the parsed arguments and
returning the exit status. Bad arguments exit with status 2 and a one-line message.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from battlebook import __version__
from battlebook.visible import visible

#: `typing` is read by type checkers only: the command's start-up does without its import.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import NoReturn, TextIO

SUBCOMMANDS: tuple[str, ...] = ("results", "check", "steps", "odds", "site")
"""Modules of `battlebook.cli` that each add one subcommand."""


def say(text: str = "", *, file: TextIO | None = None, end: str = "\n", flush: bool = False) -> None:
    """Print text that may come from strangers (names from files, file names, arguments) to the terminal.

    Every command prints through this: control characters and bidirectional overrides are
    shown as escapes (see [`visible`][battlebook.visible.visible]), never sent raw, so no name
    can move the cursor, hide the rest of a report, write the clipboard or turn text around.
    """
    print(visible(text), file=sys.stdout if file is None else file, end=end, flush=flush)


def path_argument(text: str) -> Path:
    """A path given on the command line; an empty one (`''`) names nothing and is refused (not read as `.`)."""
    from pathlib import Path

    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file or folder")
    return Path(text)


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on standard error, with exit status 2.

    Each parser names itself as the default `command_parser` of what it parses: a
    subcommand's defaults override its parent's, so after parsing, `command_parser` is the
    innermost (sub)command parser the command line went through.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.set_defaults(command_parser=self)

    def error(self, message: str) -> NoReturn:
        """Print `prog: error: message` (no usage block) and exit with status 2."""
        self.exit(2, visible(f"{self.prog}: error: {' '.join(message.split())} (see --help)") + "\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered; every parser's errors are one line.

    With `only`, the name of a subcommand, only that one is registered: a command line that
    names it is read the same way, without importing the other subcommands' modules.
    """
    parser = OneLineParser(
        prog="battlebook",
        description="Battlebook: an executable rulebook for tabletop combat.",
    )
    parser.add_argument("--version", action="version", version=f"battlebook {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=OneLineParser)
    for name in SUBCOMMANDS if only is None else [only]:
        importlib.import_module(f"battlebook.cli.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return its exit status.

    Examples:
        >>> main(["--version"])
        Traceback (most recent call last):
        ...
        SystemExit: 0
    """
    for stream in (sys.stdout, sys.stderr):
        # A file name that is not valid UTF-8 is shown with escapes, never as a UnicodeEncodeError.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    given = list(sys.argv[1:] if argv is None else argv)
    # The subcommand named first is the only one a command line can reach (anything else gets them all).
    parser = build_parser(given[0] if given and given[0] in SUBCOMMANDS else None)
    args, leftovers = parser.parse_known_args(given)
    if leftovers:
        subcommand_parser(parser, args).error(f"unrecognized arguments: {' '.join(leftovers)}")
    status: int = args.handler(args)
    return status


def command() -> int:
    """The `battlebook` console script: [`main`][battlebook.cli.main] on the process's arguments.

    The command's work is done when `main` returns, and the process ends: its objects are
    frozen first, so that the interpreter's exit does not search them all for garbage again
    (about a sixth of the processor time of a `battlebook check` run).
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader of the output went away (`battlebook ... | head -1`): as Python's
        # documentation of SIGPIPE advises, the rest of the output goes nowhere, with no traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    gc.freeze()
    return status


def subcommand_parser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The innermost (sub)command parser `args` went through, so its own error format is used.

    Examples:
        >>> top = build_parser()
        >>> subcommand_parser(top, top.parse_args(["odds", "homm", "--score", "1", "--defense", "2"])).prog
        'battlebook odds homm'
    """
    chosen = getattr(args, "command_parser", None)
    return chosen if isinstance(chosen, argparse.ArgumentParser) else parser


if __name__ == "__main__":  # pragma: no cover
    sys.exit(command())
