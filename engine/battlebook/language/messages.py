"""A run's results as Cucumber Messages (NDJSON), for Cucumber's own tools to read.

pytest-bdd writes no Cucumber Messages, and its cucumber JSON drops undefined steps and
`Rule:`. This module writes them from Battlebook's own record of a run: for each feature
file, its `source`, `gherkinDocument` (Rules included) and `pickle`s, as the official
Gherkin parser makes them; a `stepDefinition` for every registered step; then one
`testCase` per pickle with its steps and their results: each step's real start and duration
(from the run's traces, `battlebook.language.recorder.ExampleTrace`), the example's drawings
as `attachment`s (SVG images) on the last step it ran, and for a step nothing matches, the
closest known steps as a `suggestion`. A step nothing matches is a test step with no step
definition and the status `UNDEFINED`, as the protocol has it. The envelopes follow the
protocol version of the installed official `cucumber-messages` package, whose types check them.

A run writes them to `messages.ndjson` beside the results file (`.battlebook/`), and
`battlebook check --messages FILE` for the checked files; Cucumber's HTML formatter, for one,
reads that file.
"""

from __future__ import annotations

import base64
import inspect
import json
import os
import platform
import re
import stat
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from gherkin.ast_builder import AstBuilder
from gherkin.errors import CompositeParserException, ParserError
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler
from gherkin.stream.gherkin_events import GherkinEvents
from gherkin.stream.id_generator import IdGenerator
from pytest_bdd import parsers

from battlebook import __version__
from battlebook.book.model import gherkin_ast
from battlebook.book.results import ExampleTrace, ResultBook, ScenarioResult, Status
from battlebook.errors import ScenarioError
from battlebook.language.grammar import StepDefinition

#: The distribution whose version is the protocol's: the official types the envelopes are checked with.
PROTOCOL_PACKAGE = "cucumber-messages"

#: Keyword types of a pickle step, as pytest-bdd's step types.
_PICKLE_TYPES = {"Context": "given", "Action": "when", "Outcome": "then"}
_STATUS = {
    Status.PASSED: "PASSED",
    Status.FAILED: "FAILED",
    Status.UNDEFINED: "UNDEFINED",
    Status.SKIPPED: "SKIPPED",
}


def protocol_version() -> str:
    """The Cucumber Messages protocol version the envelopes follow: that of the installed `cucumber-messages`.

    Raises:
        MessagesTargetError: `cucumber-messages` is not installed (it comes with `battlebook[check]`).
    """
    try:
        return metadata.version(PROTOCOL_PACKAGE)
    except metadata.PackageNotFoundError:
        raise MessagesTargetError(
            f"{PROTOCOL_PACKAGE} is not installed: pip install 'battlebook[check]' to write Cucumber Messages"
        ) from None


def _timestamp(ns: int | None = None) -> dict[str, int]:
    """A protocol timestamp: `ns` nanoseconds since the epoch, or now."""
    now = time.time_ns() if ns is None else ns
    return {"seconds": now // 1_000_000_000, "nanos": now % 1_000_000_000}


def _duration(ns: int) -> dict[str, int]:
    """A protocol duration of `ns` nanoseconds.

    Examples:
        >>> _duration(1_500_000_000)
        {'seconds': 1, 'nanos': 500000000}
    """
    return {"seconds": ns // 1_000_000_000, "nanos": ns % 1_000_000_000}


_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)


def drawings(run: ScenarioResult) -> list[str]:
    """The drawings (SVG) among an example's notes, in order.

    Examples:
        >>> run = ScenarioResult("f", "0", 3, "E", Status.PASSED, annotations=[
        ...     {"title": "Drawing", "markdown": "<figure><svg viewBox='0 0 1 1'></svg></figure>"},
        ...     {"title": "Odds", "markdown": "1/2"}])
        >>> drawings(run)
        ["<svg viewBox='0 0 1 1'></svg>"]
    """
    return [svg for note in run.annotations for svg in _SVG.findall(note["markdown"])]


def _checked(envelope: dict[str, Any]) -> dict[str, Any]:
    """The envelope as the protocol's JSON, after a round trip through the official types."""
    from cucumber_messages import Envelope, message_converter  # only to check: its types take long to import

    typed = message_converter.from_dict(envelope, Envelope)
    data: dict[str, Any] = message_converter.to_dict(typed)
    return data


def envelopes(
    features: Sequence[tuple[str, str]],
    book: ResultBook,
    contexts: Sequence[StepDefinition],
    traces: Mapping[tuple[str, int, str | None], ExampleTrace] | None = None,
) -> Iterator[dict[str, Any]]:
    """Every envelope of a run, in protocol order.

    `features` pairs each feature's path as recorded (its `uri`) with its text; `book` holds the
    run's results; `contexts` are the registered step definitions; `traces` how each example
    ran (by its result's key): a step with no trace took no time.
    """
    traces = traces or {}
    yield {
        "meta": {
            "protocolVersion": protocol_version(),
            "implementation": {"name": "battlebook", "version": __version__},
            "runtime": {"name": platform.python_implementation(), "version": platform.python_version()},
            "os": {"name": platform.system()},
            "cpu": {"name": platform.machine() or "unknown"},
        }
    }
    pickles: list[tuple[str, dict[str, Any]]] = []
    lines: dict[str, int] = {}  # the line of every scenario and step, by AST node id
    for data in _gherkin_envelopes(features):
        if "gherkinDocument" in data:
            lines.update(_node_lines(data["gherkinDocument"].get("feature") or {}))
        if "pickle" in data:
            pickles.append((data["pickle"]["uri"], data["pickle"]))
        yield data
    ids = IdGenerator()
    definitions = [(ids.get_next_id(), context) for context in contexts]
    for sid, context in definitions:
        file, line = _source_of(context)
        kind = "REGULAR_EXPRESSION" if isinstance(context.parser, parsers.re) else "CUCUMBER_EXPRESSION"
        yield {
            "stepDefinition": {
                "id": sid,
                "pattern": {"source": context.parser.name, "type": kind},
                "sourceReference": {"uri": file, "location": {"line": line}},
            }
        }
    run_id = ids.get_next_id()
    # The run began with its first step, and ended with its last (the messages are written after it).
    times = [(start, start + took) for trace in traces.values() for start, took in trace.steps.values()]
    now = time.time_ns()
    yield {"testRunStarted": {"id": run_id, "timestamp": _timestamp(min((a for a, _ in times), default=now))}}
    runs: dict[tuple[str, int], list[ScenarioResult]] = {}
    for result in sorted(book, key=lambda r: (r.feature, r.line, r.row or "")):
        runs.setdefault((result.feature, result.line), []).append(result)
    success = True
    matches: dict[tuple[str | None, str], list[str]] = {}  # the same lines recur: each is matched once
    for uri, pickle in pickles:
        scenario_line = lines.get(pickle["astNodeIds"][0], 0)
        queue = runs.get((uri, scenario_line), [])
        if not queue:
            continue  # not run (left out by a filter): a pickle with no test case, as Cucumber has it
        run = queue.pop(0)  # the rows of an outline run in the order of their pickles
        case_id, started_id = ids.get_next_id(), ids.get_next_id()
        steps = []
        for pickle_step in pickle["steps"]:
            step_type = _PICKLE_TYPES.get(pickle_step.get("type", ""))
            text = pickle_step["text"]
            if (step_type, text) not in matches:
                matches[step_type, text] = [
                    sid
                    for sid, context in definitions
                    if (context.type is None or step_type is None or context.type == step_type)
                    and context.parser.is_matching(text)
                ]
            matching = list(matches[step_type, text])
            steps.append((ids.get_next_id(), pickle_step, matching, lines.get(pickle_step["astNodeIds"][0], 0)))
        yield {
            "testCase": {
                "id": case_id,
                "pickleId": pickle["id"],
                "testRunStartedId": run_id,
                "testSteps": [
                    {"id": tid, "pickleStepId": ps["id"], "stepDefinitionIds": matching, "stepMatchArgumentsLists": []}
                    for tid, ps, matching, _ in steps
                ],
            }
        }
        trace = traces.get(run.key, ExampleTrace())
        clock = min((start for start, _ in trace.steps.values()), default=time.time_ns())
        yield {
            "testCaseStarted": {"id": started_id, "testCaseId": case_id, "attempt": 0, "timestamp": _timestamp(clock)}
        }
        statuses = step_statuses(run, [line for *_, line in steps])
        success = success and run.status is Status.PASSED
        # The drawings show the battle as the example left it: they go with the last step that ran.
        ran = [index for index, (status, _) in enumerate(statuses) if status not in ("SKIPPED", "UNKNOWN")]
        for index, ((tid, pickle_step, _, line), (status, message)) in enumerate(zip(steps, statuses, strict=True)):
            start, took = trace.steps.get(line, (clock, 0))
            clock = start + took
            yield {
                "testStepStarted": {"testCaseStartedId": started_id, "testStepId": tid, "timestamp": _timestamp(start)}
            }
            outcome: dict[str, Any] = {"status": status, "duration": _duration(took)}
            if message:
                outcome["message"] = message
            yield {
                "testStepFinished": {
                    "testCaseStartedId": started_id,
                    "testStepId": tid,
                    "testStepResult": outcome,
                    "timestamp": _timestamp(clock),
                }
            }
            if status == "UNDEFINED" and trace.closest:
                snippets = [{"code": closest, "language": "gherkin"} for closest in trace.closest]
                yield {"suggestion": {"id": ids.get_next_id(), "pickleStepId": pickle_step["id"], "snippets": snippets}}
            if ran and index == ran[-1]:
                for number, svg in enumerate(drawings(run), start=1):
                    yield {
                        "attachment": {
                            "body": base64.b64encode(svg.encode("utf-8")).decode("ascii"),
                            "contentEncoding": "BASE64",
                            "mediaType": "image/svg+xml",
                            "fileName": f"drawing-{number}.svg",
                            "testCaseStartedId": started_id,
                            "testStepId": tid,
                            "timestamp": _timestamp(clock),
                        }
                    }
        yield {
            "testCaseFinished": {
                "testCaseStartedId": started_id,
                "timestamp": _timestamp(clock),
                "willBeRetried": False,
            }
        }
    ended = _timestamp(max((b for _, b in times), default=now))
    yield {"testRunFinished": {"testRunStartedId": run_id, "success": success, "timestamp": ended}}


def _gherkin_envelopes(features: Sequence[tuple[str, str]]) -> Iterator[dict[str, Any]]:
    """The `source`, `gherkinDocument` and `pickle` envelopes of each feature, as `GherkinEvents` makes them.

    Each file's document is the parse the rulebook model already made
    ([`gherkin_ast`][battlebook.book.reading.gherkin_ast]), its node ids renumbered to follow
    on from the previous file's, as one parser for the whole run would have numbered them;
    its pickles are compiled with the same run of ids. A file that does not parse goes
    through the official `GherkinEvents`, which reports its errors as envelopes.
    """
    ids = IdGenerator()
    compiler = Compiler(ids)
    events = GherkinEvents(GherkinEvents.Options(print_source=True, print_ast=True, print_pickles=True))
    events.id_generator, events.parser, events.compiler = ids, Parser(AstBuilder(ids)), compiler
    for uri, text in features:
        source = {"source": {"uri": uri, "data": text, "mediaType": "text/x.cucumber.gherkin+plain"}}
        try:
            document, used = gherkin_ast(text)
        except (CompositeParserException, ParserError):
            yield from (dict(event) for event in events.enum(source))  # type: ignore[arg-type]
            continue
        taken = [ids.get_next_id() for _ in range(used)]  # the ids this file's parse takes in the run's numbering
        start = int(taken[0]) if taken else 0
        with_uri = {**_renumbered(document, start), "uri": uri}
        yield source
        yield {"gherkinDocument": with_uri}
        for pickle in compiler.compile(with_uri):  # type: ignore[arg-type]
            yield {"pickle": pickle}


def _renumbered(node: Any, start: int) -> Any:
    """A copy of a Gherkin document (or part of one) with every node id moved on by `start`.

    Examples:
        >>> _renumbered({"id": "2", "steps": [{"id": "0", "text": "a"}]}, 5)
        {'id': '7', 'steps': [{'id': '5', 'text': 'a'}]}
    """
    if isinstance(node, dict):
        return {
            key: str(int(value) + start) if key == "id" and isinstance(value, str) else _renumbered(value, start)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_renumbered(value, start) for value in node]
    return node


def _source_of(context: StepDefinition) -> tuple[str, int]:
    """The file and line where a step is defined (for a decorated function, its first decorator's line)."""
    func = inspect.unwrap(context.step_func)
    code = getattr(func, "__code__", None)
    try:
        file = inspect.getsourcefile(func) or ""
        return file, code.co_firstlineno if code is not None else inspect.getsourcelines(func)[1]
    except (OSError, TypeError):
        return "", 0


def _node_lines(node: dict[str, Any]) -> Iterator[tuple[str, int]]:
    """(AST node id, line) for every scenario, background and step under a feature or rule node."""
    for child in node.get("children", []):
        for kind in ("scenario", "background"):
            if kind in child:
                yield child[kind]["id"], child[kind]["location"]["line"]
                for step in child[kind].get("steps", []):
                    yield step["id"], step["location"]["line"]
        if "rule" in child:
            yield from _node_lines(child["rule"])


def step_statuses(run: ScenarioResult | None, step_lines: Sequence[int]) -> list[tuple[str, str | None]]:
    """Each step's status and message, from a run's recorded result.

    Steps pass up to the step the run stopped at, which failed or is undefined, and are skipped
    after it. A run that was not recorded leaves every step unknown.

    Examples:
        >>> failed = ScenarioResult("f", "0", 3, "E", Status.UNDEFINED, step_line=5, message="no step matches")
        >>> step_statuses(failed, [4, 5, 6])
        [('PASSED', None), ('UNDEFINED', 'no step matches'), ('SKIPPED', None)]
        >>> step_statuses(None, [4])
        [('UNKNOWN', None)]
    """
    if run is None:
        return [("UNKNOWN", None)] * len(step_lines)
    if run.status is Status.PASSED:
        return [("PASSED", None)] * len(step_lines)
    statuses: list[tuple[str, str | None]] = []
    stopped = False
    for line in step_lines:
        if stopped:
            statuses.append(("SKIPPED", None))
        elif line == run.step_line:
            statuses.append((_STATUS[run.status], run.message))
            stopped = True
        else:
            statuses.append(("PASSED", None))
    if run.step_line is None and statuses:  # failed outside any step: after the last one
        statuses[-1] = (_STATUS[run.status], run.message)
    return statuses


#: One line of NDJSON per envelope: compact, not escaped to ASCII (made once: every envelope uses it).
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


class MessagesTargetError(ScenarioError):
    """A place the Cucumber Messages may not be written to; the message is one line."""


def messages_target_problem(path: Path, inputs: Iterable[Path] = ()) -> str | None:
    """Why the messages may not be written to `path`, or `None` when they may.

    The messages never replace an input: a feature file (one of `inputs`, the same file under
    another name, or any file named `*.feature`), a folder, a FIFO or a device (a FIFO would
    block the run until something reads it; `/dev/full` would fail it).

    Examples:
        >>> messages_target_problem(Path("ok.feature"))
        'ok.feature is a feature file: the messages are never written over one (name a .ndjson file)'
        >>> messages_target_problem(Path("/dev/full"))
        '/dev/full is not a regular file (a FIFO or device): name a file to write the messages to'
    """
    if not str(path) or str(path) == ".":
        return "an empty path names no file: name a file to write the messages to"
    try:
        info = path.stat()
    except OSError:
        info = None
    if info is not None and stat.S_ISDIR(info.st_mode):
        return f"{path} is a folder: name a file to write the messages to"
    if info is not None and not stat.S_ISREG(info.st_mode):
        return f"{path} is not a regular file (a FIFO or device): name a file to write the messages to"
    if ".feature" in (path.suffix, Path(os.path.realpath(path)).suffix):
        return f"{path} is a feature file: the messages are never written over one (name a .ndjson file)"
    for given in inputs:
        try:
            same = info is not None and os.path.samefile(path, given)
        except OSError:
            same = False
        if same:
            return f"{path} is the checked file {given}: the messages are never written over an input"
    if not path.parent.is_dir():
        return f"no such folder: {path.parent} (the messages go to {path})"
    return None


def write_messages(
    path: Path,
    root: Path,
    book: ResultBook,
    contexts: Sequence[StepDefinition],
    check_types: bool = False,
    *,
    traces: Mapping[tuple[str, int, str | None], ExampleTrace] | None = None,
) -> Path:
    """Write the run in `book` as Cucumber Messages NDJSON to `path`; feature paths are relative to `root`.

    `traces` says how each example ran (`battlebook.language.recorder.run_traces`): its steps'
    times, its closest steps; without them every step took no time.

    The envelopes are built as the protocol's JSON; `check_types` also passes each through the
    official types first (slow: the tests do it, see `tests/unit/test_messages.py`). They are
    written to a new file beside `path`, which then replaces it: a run that fails half way (a
    full disk) leaves what was there.

    Raises:
        MessagesTargetError: `path` may not be written to (see `messages_target_problem`).
        OSError: the file could not be written.
    """
    features = []
    files = []
    for uri in sorted({r.feature for r in book}):
        file = Path(uri) if Path(uri).is_absolute() else root / uri
        files.append(file)
        try:
            features.append((uri, file.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError):
            continue
    path.parent.mkdir(parents=True, exist_ok=True)
    problem = messages_target_problem(path, files)
    if problem is not None:
        raise MessagesTargetError(problem)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        with partial.open("w", encoding="utf-8") as out:
            for envelope in envelopes(features, book, contexts, traces):
                data = _checked(envelope) if check_types else envelope
                out.write(_ENCODER.encode(data) + "\n")
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)
    return path
