"""The recorded outcome of running the examples, and how a page reads it.

Each run of the examples writes one record per example (per row, for an outline) into a
JSON file, `.battlebook/results.json` under the project's root (a run may name another). A record
keeps the SHA-256 of the feature file it ran, so a page never shows a result for text
that has changed since: such an example reads *not run*.

Examples:
    >>> book = ResultBook()
    >>> book.add(ScenarioResult("features/a.feature", "abc", 3, "An example", Status.PASSED))
    >>> book.badge("features/a.feature", "abc", 3)
    <Badge.VERIFIED: 'verified'>
    >>> book.badge("features/a.feature", "changed", 3)
    <Badge.NOT_RUN: 'not run'>
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from battlebook.bounds import MAX_FEATURE_BYTES
from battlebook.errors import ScenarioError

FORMAT = 1
#: The largest results file read, in bytes (the rulebook's own is well under a megabyte).
MAX_RESULTS_BYTES = 50_000_000
#: What to do about Battlebook's own results file when it cannot be read.
REGENERATE = "delete it and run the examples again (make examples) to record new results"
#: What to do about another file named as a results file: it is left alone.
NAME_ANOTHER = (
    "name a results file a run of the examples wrote (run the examples again, make examples, to record one "
    "in .battlebook/results.json)"
)


class ResultsFileError(ScenarioError):
    """A results file that cannot be read; the message names it and says what to do.

    Only Battlebook's own results file (`own`) is worth deleting; of any other file named as
    one (a feature file, `/dev/null`), the message says to name a results file instead.
    """

    def __init__(self, path: Path, reason: str, own: bool = True) -> None:
        super().__init__(f"{path}: {reason}; {REGENERATE if own else NAME_ANOTHER}")
        self.path = path
        self.reason = reason


def _read_results(path: Path, own: bool = True) -> dict[str, Any]:
    """The JSON object of a results file, checked to be a regular file of Battlebook's format."""
    try:
        info = path.stat()
    except OSError as error:
        raise ResultsFileError(path, f"cannot be read ({error.strerror or error})", own) from None
    if not stat.S_ISREG(info.st_mode):
        raise ResultsFileError(path, "is not a regular file (a folder, FIFO or device)", False)
    if path.suffix == ".feature":
        raise ResultsFileError(path, "is a feature file, not a results file", False)
    if info.st_size > MAX_RESULTS_BYTES:
        raise ResultsFileError(path, f"has {info.st_size} bytes, more than a results file ({MAX_RESULTS_BYTES})", own)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_RESULTS_BYTES + 1)
        data = json.loads(raw.decode("utf-8"))
    except OSError as error:
        raise ResultsFileError(path, f"cannot be read ({error.strerror or error})", own) from None
    except UnicodeDecodeError:
        raise ResultsFileError(path, "is not UTF-8 text", own) from None
    except (ValueError, RecursionError) as error:
        raise ResultsFileError(path, f"is not valid JSON ({str(error).splitlines()[0][:80]})", own) from None
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise ResultsFileError(path, "is not a Battlebook results file (no list of results)", own)
    if data.get("format") != FORMAT:
        raise ResultsFileError(path, f"is in format {str(data.get('format'))[:20]!r}, not {FORMAT}", own)
    return data


class Status(StrEnum):
    """What happened to one run of an example."""

    PASSED = "passed"
    FAILED = "failed"
    UNDEFINED = "undefined"
    SKIPPED = "skipped"


class Badge(StrEnum):
    """What a page shows beside an example."""

    VERIFIED = "verified"
    FAILING = "failing"
    UNDEFINED = "undefined"
    NOT_RUN = "not run"

    @property
    def is_published_problem(self) -> bool:
        """Whether a strict build must refuse to publish an example with this badge."""
        return self is not Badge.VERIFIED


@dataclass
class ScenarioResult:
    """One run of one example (one row of an outline)."""

    feature: str
    feature_sha256: str
    line: int
    scenario: str
    status: Status
    rule: str | None = None
    rule_id: str | None = None
    row: str | None = None
    step: str | None = None
    step_line: int | None = None
    message: str | None = None
    annotations: list[dict[str, str]] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, int, str | None]:
        """Where the run belongs: feature file, the example's line, and the outline row."""
        return (self.feature, self.line, self.row)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ScenarioResult:
        """Read a record written by [`to_json`][battlebook.book.results.ScenarioResult.to_json].

        Raises:
            ValueError: the record is not in that shape.
        """
        if not isinstance(data, dict):
            raise ValueError("a record is not an object")
        data = dict(data)
        data["status"] = Status(data["status"])
        result = cls(**data)
        texts = (result.feature, result.feature_sha256, result.scenario)
        optional_texts = (result.rule, result.rule_id, result.row, result.step, result.message)
        if (
            not all(isinstance(x, str) for x in texts)
            or type(result.line) is not int
            or not all(x is None or isinstance(x, str) for x in optional_texts)
            or not (result.step_line is None or type(result.step_line) is int)
        ):
            raise ValueError("a record's fields have the wrong types")
        if not isinstance(result.annotations, list) or not all(
            isinstance(a, dict) and isinstance(a.get("title"), str) and isinstance(a.get("markdown"), str)
            for a in result.annotations
        ):
            raise ValueError("a record's notes have the wrong shape")
        return result

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        data = asdict(self)
        data["status"] = self.status.value
        return data


@dataclass
class ExampleTrace:
    """How one example ran, for its Cucumber Messages (`battlebook.language.messages`); kept beside its result.

    Attributes:
        steps: Each step that ran, by its line: when it started (ns since the epoch) and how
            long it took (ns, from before its arguments were read to its end or its error).
        closest: For a step nothing matched, the closest known steps, as a reader writes them.
    """

    steps: dict[int, tuple[int, int]] = field(default_factory=dict)
    closest: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The trace as JSON-ready data (a pytest-xdist worker hands it over so)."""
        return {"steps": [[line, *times] for line, times in self.steps.items()], "closest": list(self.closest)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ExampleTrace:
        """Read what `to_json` wrote.

        Examples:
            >>> ExampleTrace.from_json(ExampleTrace({4: (1, 2)}, ("Given x",)).to_json())
            ExampleTrace(steps={4: (1, 2)}, closest=('Given x',))
        """
        return cls({int(line): (int(start), int(took)) for line, start, took in data["steps"]}, tuple(data["closest"]))


#: The folder under the project root that keeps the recorded results (not `build/`, which is
#: setuptools' own working folder).
RESULTS_FOLDER = ".battlebook"


def default_path(root: Path) -> Path:
    """Where the results of the project at `root` are kept: `.battlebook/results.json` under it.

    >>> default_path(Path("/book")).as_posix()
    '/book/.battlebook/results.json'
    """
    return root / RESULTS_FOLDER / "results.json"


class ResultBook:
    """Every recorded result, keyed by feature, example line and outline row."""

    def __init__(self, results: Iterable[ScenarioResult] = ()) -> None:
        self._results: dict[tuple[str, int, str | None], ScenarioResult] = {}
        self._by_example: dict[tuple[str, int], list[ScenarioResult]] | None = None
        for result in results:
            self.add(result)

    def add(self, result: ScenarioResult) -> None:
        """Record `result`, replacing any earlier run of the same example and row."""
        self._results[result.key] = result
        self._by_example = None

    def __iter__(self) -> Any:
        return iter(self._results.values())

    def __len__(self) -> int:
        return len(self._results)

    def merge(self, newer: ResultBook) -> None:
        """Take every result of `newer`; drop older ones of a feature whose content changed."""
        changed = {(r.feature, r.feature_sha256) for r in newer}
        features = {feature for feature, _ in changed}
        for key, result in list(self._results.items()):
            if result.feature in features and (result.feature, result.feature_sha256) not in changed:
                del self._results[key]
        self._by_example = None
        for result in newer:
            self.add(result)

    def runs(self, feature: str, sha256: str, line: int) -> list[ScenarioResult]:
        """The current runs of the example at `line` (several for an outline)."""
        if self._by_example is None:
            self._by_example = {}
            for result in self._results.values():
                self._by_example.setdefault((result.feature, result.line), []).append(result)
        return [r for r in self._by_example.get((feature, line), ()) if r.feature_sha256 == sha256]

    def badge(self, feature: str, sha256: str, line: int) -> Badge:
        """The badge of the example at `line`, from its runs on this exact file content."""
        return badge_of(self.runs(feature, sha256, line))

    @classmethod
    def load(cls, path: Path, own: bool = True) -> ResultBook:
        """Read a results file; a missing file is an empty book.

        `own` says the file is Battlebook's own results file (not one a reader named), which a
        message may then advise deleting.

        Raises:
            ResultsFileError: the path is not a regular file, is too large, or does not hold
                results in Battlebook's format; the message says how to make a new one.
        """
        if not path.exists() and not path.is_symlink():
            return cls()
        data = _read_results(path, own)
        try:
            return cls(ScenarioResult.from_json(item) for item in data["results"])
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ResultsFileError(
                path, f"a record is not in the expected shape ({type(error).__name__})", own
            ) from None

    def current(self, root: Path) -> tuple[ResultBook, int]:
        """The results of the feature files as they are now under `root`, and how many others were left out.

        A result is left out when its feature file is gone or its text has changed since it ran.
        """
        digests: dict[str, str | None] = {}
        kept = ResultBook()
        stale = 0
        for result in self:
            if result.feature not in digests:
                digests[result.feature] = _bounded_sha256(root / result.feature)
            if digests[result.feature] == result.feature_sha256:
                kept.add(result)
            else:
                stale += 1
        return kept, stale

    def without_missing(self, root: Path) -> ResultBook:
        """The book without the results of feature files that no longer exist under `root`."""
        present: dict[str, bool] = {}
        kept = ResultBook()
        for result in self:
            if result.feature not in present:
                present[result.feature] = (root / result.feature).is_file()
            if present[result.feature]:
                kept.add(result)
        return kept

    def save(self, path: Path) -> None:
        """Write the book as JSON, creating the folder if needed.

        The JSON goes to a new file of a name no other run uses, beside `path`, which then
        replaces `path` in one step: a reader never sees half a file, and two runs writing at
        once never write into each other's file (see `merge_into` for keeping both runs' results).
        """
        path.parent.mkdir(parents=True, exist_ok=True)
        ordered = sorted(self._results.values(), key=lambda r: (r.feature, r.line, r.row or ""))
        payload = {"format": FORMAT, "results": [r.to_json() for r in ordered]}
        write_atomically(path, json.dumps(payload, indent=1, ensure_ascii=False) + "\n")

    def merge_into(self, path: Path, root: Path) -> str | None:
        """Merge this book into the results file `path` (results of feature files gone from `root` dropped).

        The file is read, merged and written while a lock beside it (`path` + `.lock`) is held,
        so two runs ending at once each keep the other's results. A results file that cannot
        be read is replaced by this book; the reason is returned, to be told.

        Examples:
            >>> import tempfile
            >>> folder = Path(tempfile.mkdtemp())
            >>> (folder / "a.feature").write_text("Feature: a")
            10
            >>> one, two = ResultBook(), ResultBook()
            >>> one.add(ScenarioResult("a.feature", "x", 3, "One", Status.PASSED))
            >>> two.add(ScenarioResult("a.feature", "x", 9, "Two", Status.FAILED))
            >>> one.merge_into(folder / "r.json", folder), two.merge_into(folder / "r.json", folder)
            (None, None)
            >>> len(ResultBook.load(folder / "r.json"))
            2
        """
        path.parent.mkdir(parents=True, exist_ok=True)
        with results_lock(path):
            told = None
            try:
                stored = ResultBook.load(path).without_missing(root)
            except ResultsFileError as error:
                told = f"{error.path} {error.reason}: replaced by this run's results"
                stored = ResultBook()
            stored.merge(self)
            stored.save(path)
        return told


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` in one step: into a new file of a unique name beside it, which then replaces it.

    A run that fails half way (a full disk) leaves what was there; no two writers share a temporary file.
    """
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, file_mode(path))
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def file_mode(path: Path) -> int:
    """The permissions a file written over `path` gets: those it has, else `0o644` (a temporary file has `0o600`)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o644


@contextlib.contextmanager
def results_lock(path: Path) -> Iterator[None]:
    """Hold the lock of the results file `path` (a file `path` + `.lock` beside it) while the block runs.

    Every run that reads, merges and writes the results holds it, so none loses another's
    results. Where the system has no `fcntl` (Windows, a browser's Python) runs are not
    locked: there one run at a time is assumed.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no POSIX file locks here
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "a", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _bounded_sha256(file: Path) -> str | None:
    """The SHA-256 of a feature file a record names, or `None` when it is gone, unreadable, or no feature file.

    Only a regular file of at most `MAX_FEATURE_BYTES` can have been run (a larger one is
    refused before it runs): a record naming a 3 GB file, a FIFO or a device is stale, and the
    file is never read.
    """
    try:
        info = file.stat()
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FEATURE_BYTES:
            return None
        with file.open("rb") as handle:
            return hashlib.sha256(handle.read(MAX_FEATURE_BYTES + 1)).hexdigest()
    except OSError:
        return None


def badge_of(runs: list[ScenarioResult]) -> Badge:
    """Combine the runs of one example: any failure fails it, any undefined step leaves it undefined.

    Examples:
        >>> badge_of([]) is Badge.NOT_RUN
        True
    """
    statuses = {r.status for r in runs}
    if not runs or Status.SKIPPED in statuses:
        return Badge.NOT_RUN
    if Status.FAILED in statuses:
        return Badge.FAILING
    if Status.UNDEFINED in statuses:
        return Badge.UNDEFINED
    return Badge.VERIFIED
