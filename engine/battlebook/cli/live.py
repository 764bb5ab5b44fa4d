"""`make docs`'s loop: serve the rulebook and re-run a feature file's examples whenever it is saved.

`python -m battlebook.cli.live --port 8000 [--builder B] [--api] -- COMMAND...` starts
`battlebook site serve` ([`battlebook.site.serve`][battlebook.site.serve]) and watches
`features/`. When files under it change (a burst of saves counts as one change), it runs
COMMAND, the run of the examples (`pytest tests/test_features.py`), with its options
`--battlebook-features` naming only the feature files that changed (see
[`Run.from_options`][battlebook.language.run.Run.from_options]): their results are merged
into the results file, which the server watches (such a run writes no Cucumber Messages,
`--battlebook-messages ""`: `.battlebook/messages.ndjson` stays the last full run's). It
rebuilds the site, and the reader's browser reloads the page, now showing the examples'
verdicts on the text just saved.

A feature file removed, or another file of the book changed (the glossary, say), needs no
example run: the results file is written anew (without the removed file's results), which
rebuilds the site just the same.

The server started here does not watch `features/` itself (`--results-only`, see
`results_only` of [`Project`][battlebook.site.serve.Project]): it would build each
save twice, once before its examples ran and once after.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from pathlib import Path

from battlebook.book.results import ResultBook, ResultsFileError, default_path, results_lock
from battlebook.cli import say
from battlebook.language.run import FEATURES_OPTION, MESSAGES_OPTION

#: How long the folder must stay quiet before a change is acted on, in milliseconds: an
#: editor's save is often several events (a temporary file written, then renamed over the original).
QUIET_MS = 200
#: The longest a burst of changes is gathered before it is acted on, in milliseconds.
BURST_MS = 1_600


@dataclass(frozen=True)
class Plan:
    """What a change under `features/` calls for.

    Attributes:
        rerun: The feature files whose examples run again (changed or new, and still there).
        refresh: Whether the results file is written anew without running anything (a file
            removed, or a file of the book that is not a feature file changed).
    """

    rerun: tuple[Path, ...]
    refresh: bool


def is_scratch(path: Path) -> bool:
    """Whether `path` is an editor's scratch file (hidden, a backup, a swap file), which changes nothing.

    Examples:
        >>> [is_scratch(Path(p)) for p in ("a/.melee.feature.swp", "a/melee.feature~", "a/#x#", "a/melee.feature")]
        [True, True, True, False]
    """
    name = path.name
    return name.startswith((".", "#")) or name.endswith(("~", ".swp", ".swx", ".tmp"))


def plan(changed: set[Path]) -> Plan:
    """What to do about the paths that changed under `features/` (each as it is now on disk).

    Examples:
        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "melee.feature").write_text("Feature: M")
        >>> plan({folder / "melee.feature", folder / ".melee.feature.swp"}).rerun == (folder / "melee.feature",)
        True
        >>> plan({folder / "gone.feature"}), plan({folder / "glossary.yml"}).refresh
        (Plan(rerun=(), refresh=True), True)
    """
    meant = {path for path in changed if not is_scratch(path)}
    rerun = tuple(sorted(path for path in meant if path.suffix == ".feature" and path.is_file()))
    others = {path for path in meant if path not in rerun and not path.is_dir()}
    return Plan(rerun, refresh=bool(others) and not rerun)


def refresh_results(root: Path) -> str:
    """Write the results file anew, without the results of feature files that are gone; say what was done."""
    path = default_path(root)
    with results_lock(path):
        try:
            book = ResultBook.load(path)
        except ResultsFileError as error:
            return f"the results file cannot be read ({error.reason}): run the examples (make examples)"
        book.without_missing(root).save(path)
    return f"results refreshed in {path}"


def bursts(folder: Path, stop: threading.Event, timeout_ms: int | None = None) -> Generator[set[Path]]:
    """The paths changed under `folder`, one set per burst of changes, until `stop` is set.

    watchfiles (the watcher `battlebook site serve` uses too) gathers a burst: changes less than
    `QUIET_MS` apart, for at most `BURST_MS`. With `timeout_ms`, an empty set comes after
    that long without a change. Changes made while the caller acts on a burst are kept for the next.
    """
    import watchfiles  # imported here: only make docs's loop watches files

    for changes in watchfiles.watch(
        folder,
        debounce=BURST_MS,
        step=QUIET_MS,
        stop_event=stop,
        rust_timeout=timeout_ms or 5_000,
        yield_on_timeout=timeout_ms is not None,
    ):
        yield {Path(path) for _, path in changes}


def shown(path: Path, root: Path) -> str:
    """`path` as the contributor wrote it: relative to the project's root where it is under it."""
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)


def act(change: Plan, root: Path, command: Sequence[str]) -> None:
    """Run the examples of the changed feature files, or refresh the results file; report in one line."""
    if change.rerun:
        names = ", ".join(
            path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path) for path in change.rerun
        )
        say(f"battlebook: {names} saved: running its examples", flush=True)
        start = time.perf_counter()
        # Only the saved files' examples run, and they write no Cucumber Messages: the results file
        # is then written once, and last (its change rebuilds the site); the messages stay the last
        # full run's.
        options = [f"{FEATURES_OPTION}={path}" for path in change.rerun]
        done = subprocess.run([*command, *options, f"{MESSAGES_OPTION}="], cwd=root, check=False)
        outcome = "ran" if done.returncode in (0, 1) else f"stopped (exit {done.returncode})"
        say(f"battlebook: examples {outcome} in {time.perf_counter() - start:.1f} s", flush=True)
    elif change.refresh:
        say(f"battlebook: {refresh_results(root)}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the rulebook (`battlebook site serve`) and re-run the examples of each saved feature file, till stopped."""
    parser = argparse.ArgumentParser(prog="python -m battlebook.cli.live", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--features", type=Path, default=Path("features"), help="the folder watched")
    parser.add_argument("--builder", default="mkdocs", help="the site's builder (mkdocs or properdocs)")
    parser.add_argument("--api", action="store_true", help="build the Engine API's module pages too")
    parser.add_argument("command", nargs="+", help="the run of the examples, after --")
    args = parser.parse_args(argv)
    root = Path.cwd()
    features = args.features.resolve()
    site = [sys.executable, "-m", "battlebook", "site", "serve", "--port", str(args.port), "--builder", args.builder]
    serve = subprocess.Popen([*site, "--results-only", *(["--api"] if args.api else [])])
    stop = threading.Event()  # set when the server ends: the watching ends with it

    def stop_with_the_server() -> None:
        serve.wait()
        stop.set()

    threading.Thread(target=stop_with_the_server, daemon=True).start()
    try:
        for changed in bursts(features, stop):
            act(plan(changed), root, args.command)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        if serve.poll() is None:
            serve.terminate()
        serve.wait()
    return 0 if serve.returncode in (0, -2, -15) else serve.returncode


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
