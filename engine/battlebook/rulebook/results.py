"""The recorded outcome of running the examples, and how a page reads it.

Each run of the examples writes one record per example (per row, for an outline) into a
JSON file, `.battlebook/results.json` unless `BATTLEBOOK_RESULTS` names another. A record
keeps the SHA-256 of the feature file it ran, so a page never shows a result for text
that has changed since: such an example reads *not run*.

>>> book = ResultBook()
>>> book.add(ScenarioResult("features/a.feature", "abc", 3, "An example", Status.PASSED))
>>> book.badge("features/a.feature", "abc", 3)
<Badge.VERIFIED: 'verified'>
>>> book.badge("features/a.feature", "changed", 3)
<Badge.NOT_RUN: 'not run'>
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

FORMAT = 1


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
        """Read a record written by [`to_json`][battlebook.rulebook.results.ScenarioResult.to_json]."""
        data = dict(data)
        data["status"] = Status(data["status"])
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        data = asdict(self)
        data["status"] = self.status.value
        return data


#: The folder under the project root that keeps the recorded results (not `build/`, which is
#: setuptools' own working folder).
RESULTS_FOLDER = ".battlebook"


def default_path(root: Path) -> Path:
    """Where results are kept: `$BATTLEBOOK_RESULTS`, or `.battlebook/results.json` under `root`."""
    named = os.environ.get("BATTLEBOOK_RESULTS")
    return Path(named) if named else root / RESULTS_FOLDER / "results.json"


class ResultBook:
    """Every recorded result, keyed by feature, example line and outline row."""

    def __init__(self, results: Iterable[ScenarioResult] = ()) -> None:
        self._results: dict[tuple[str, int, str | None], ScenarioResult] = {}
        for result in results:
            self.add(result)

    def add(self, result: ScenarioResult) -> None:
        """Record `result`, replacing any earlier run of the same example and row."""
        self._results[result.key] = result

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
        for result in newer:
            self.add(result)

    def runs(self, feature: str, sha256: str, line: int) -> list[ScenarioResult]:
        """The current runs of the example at `line` (several for an outline)."""
        return [
            r for r in self._results.values() if r.feature == feature and r.line == line and r.feature_sha256 == sha256
        ]

    def badge(self, feature: str, sha256: str, line: int) -> Badge:
        """The badge of the example at `line`, from its runs on this exact file content."""
        return badge_of(self.runs(feature, sha256, line))

    @classmethod
    def load(cls, path: Path) -> ResultBook:
        """Read a results file; a missing file is an empty book."""
        if not path.exists():
            return cls()
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            return cls()
        return cls(ScenarioResult.from_json(item) for item in data["results"])

    def save(self, path: Path) -> None:
        """Write the book as JSON, creating the folder if needed."""
        path.parent.mkdir(parents=True, exist_ok=True)
        ordered = sorted(self._results.values(), key=lambda r: (r.feature, r.line, r.row or ""))
        payload = {"format": FORMAT, "results": [r.to_json() for r in ordered]}
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp.replace(path)


def badge_of(runs: list[ScenarioResult]) -> Badge:
    """Combine the runs of one example: any failure fails it, any undefined step leaves it undefined.

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
