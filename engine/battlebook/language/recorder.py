"""A pytest plugin that records the result of every example pytest-bdd runs.

pytest-bdd's own cucumber JSON leaves out undefined steps and Rules, so Battlebook keeps
its own record through pytest-bdd's hooks: one
[`ScenarioResult`][battlebook.book.results.ScenarioResult] per example (and outline row),
with the Rule it belongs to, its status, and for a failure the step and message. An
undefined step is recorded as *undefined*, never as passed, and its failure report lists
the closest known steps.

Steps may attach notes to their example (an attack's odds, a drawing) through the
`scenario_record` fixture, and annotators (functions marked with
[`annotator`][battlebook.language.session.annotator] in a step module) after it passed;
the rulebook page shows them beside the example.
"""

from __future__ import annotations

import difflib
import gc
import json
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from battlebook.book.model import (
    ID_TAG,
    METADATA_PREFIXES,
    FeatureDoc,
    FeatureFileError,
    feature_paths,
    file_sha256,
    load_book,
)
from battlebook.book.prose import markdown_text
from battlebook.book.results import ExampleTrace, ResultBook, ResultsFileError, ScenarioResult, Status, default_path
from battlebook.bounds import MAX_HINT_TEXT
from battlebook.language.catalogue import bind_lines, load_step_modules
from battlebook.language.grammar import StepDefinition, step_definitions
from battlebook.language.patterns import readable_of, readable_pattern
from battlebook.language.run import Notes, example_tags, run_of
from battlebook.language.scope import current_game, scope_of
from battlebook.language.session import BddFeature, BddScenario, BddStep, RunState, run_state

RESULT = pytest.StashKey[ScenarioResult]()
BOOK = pytest.StashKey[ResultBook]()
TAGS = pytest.StashKey[frozenset[str]]()
RELATIVE = pytest.StashKey[dict[str, str]]()
FROZEN = pytest.StashKey[bool]()
#: When the running step started: the clock's time (ns since the epoch) and the performance counter's.
STEP_START = pytest.StashKey[tuple[int, int]]()


#: The trace of the running example.
TRACE = pytest.StashKey[ExampleTrace]()
#: The traces of this run's examples, by their results' keys.
TRACES = pytest.StashKey[dict[tuple[str, int, str | None], ExampleTrace]]()


def run_traces(config: pytest.Config) -> dict[tuple[str, int, str | None], ExampleTrace]:
    """The traces of the examples this run has finished, by their results' keys (`ScenarioResult.key`)."""
    return config.stash.setdefault(TRACES, {})


def _trace(node: pytest.Item) -> ExampleTrace:
    return node.stash.setdefault(TRACE, ExampleTrace())


@dataclass(frozen=True)
class KnownStep:
    """A step definition as a reader sees it: keyword, pattern, readable form and docstring."""

    type: str
    pattern: str
    doc: str
    module: str
    readable: str = ""
    #: The game the step is scoped to, or `None` for a step of every game.
    game: str | None = None

    def __str__(self) -> str:
        return f"{self.type.capitalize()} {self.readable or readable_pattern(self.pattern)}"


def known_steps(definitions: Sequence[StepDefinition] | None = None) -> list[KnownStep]:
    """Every step of `definitions` (by default, the step library's), sorted by keyword and pattern."""
    if definitions is None:
        definitions = step_definitions(load_step_modules())
    steps = {
        KnownStep(
            definition.type or "step",
            definition.parser.name,
            (definition.step_func.__doc__ or "").strip(),
            definition.step_func.__module__,
            readable_of(definition.parser),
            scope_of(definition.parser),
        )
        for definition in definitions
    }
    return sorted(steps, key=lambda s: (s.type, s.pattern))


#: The rulebook's own lines for each step, shipped with the package (`battlebook.language.steps/lines.json`),
#: so a misspelt line finds its step in any folder, with no rulebook at hand.
SHIPPED_LINES = "lines.json"
#: How many of the rulebook's lines are shipped per step.
SHIPPED_PER_STEP = 4


def lines_of(
    book: Sequence[FeatureDoc], definitions: Sequence[StepDefinition] | None = None
) -> dict[tuple[str, str], tuple[str, ...]]:
    """The lines of `book` credited to each step of `definitions` (by default, the library's), by (type, pattern)."""
    if definitions is None:
        definitions = step_definitions(load_step_modules())
    found: dict[tuple[str, str], list[str]] = {}
    for use, credited in bind_lines(book, definitions):
        for context in credited:
            found.setdefault((context.type or "step", context.parser.name), []).append(use.text)
    return {key: tuple(dict.fromkeys(texts)) for key, texts in found.items()}


def shipped_lines_json(book: Sequence[FeatureDoc]) -> str:
    """The text of the shipped lines file for the rulebook `book` (a few lines per step, sorted)."""
    rows = [
        [kind, pattern, list(texts[:SHIPPED_PER_STEP])] for (kind, pattern), texts in sorted(lines_of(book).items())
    ]
    return json.dumps(rows, indent=1, ensure_ascii=False) + "\n"


def write_shipped_lines(features: Path) -> Path:
    """Regenerate the shipped lines file from the rulebook in the folder `features` (`make lines`)."""
    target = Path(str(resources.files("battlebook.language.steps").joinpath(SHIPPED_LINES)))
    target.write_text(shipped_lines_json(load_book(feature_paths([features]), features.parent)), encoding="utf-8")
    return target


def shipped_lines() -> dict[tuple[str, str], tuple[str, ...]]:
    """The rulebook's lines per step as shipped with the package (empty if the file is absent)."""
    try:
        text = resources.files("battlebook.language.steps").joinpath(SHIPPED_LINES).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return {(kind, pattern): tuple(texts) for kind, pattern, texts in json.loads(text)}


def example_lines(
    files: Sequence[str], definitions: Sequence[StepDefinition], root: Path | None = None
) -> dict[tuple[str, str], tuple[str, ...]]:
    """Real lines credited to each step of `definitions`, by (type, pattern): the shipped ones and those of `files`.

    A file that cannot be read adds no line.
    """
    book = []
    for name in files:
        try:
            book.append(load_book([Path(name)], root, strict=False)[0])
        except (FeatureFileError, IndexError):
            continue
    lines = dict(shipped_lines())
    for step, texts in lines_of(book, definitions).items():
        lines[step] = tuple(dict.fromkeys((*lines.get(step, ()), *texts)))
    return lines


#: The most characters of a line that the closest-step hint compares (the one bound of
#: [`battlebook.bounds`][battlebook.bounds]). The longest step reads under 150 characters: a
#: line far longer reads like none of them, and comparing all of it would cost time in
#: proportion to its length for every step (minutes, for a megabyte line).
HINT_CHARS = MAX_HINT_TEXT
#: The most undefined lines of one run that get the closest steps worked out; the others are
#: reported undefined without them (fix the first ones, and run again).
HINT_LINES = 40


def session_lines(state: RunState, root: Path | None = None) -> dict[tuple[str, str], tuple[str, ...]]:
    """The session's [`example_lines`][battlebook.language.recorder.example_lines]: for the files it ran, read once."""
    files = tuple(state.files)
    if state.lines is None or state.lines[0] != files:
        state.lines = (files, example_lines(files, state.definitions, root))
    return state.lines[1]


def closest_steps(
    text: str,
    count: int = 3,
    step_type: str | None = None,
    game: str | None = None,
    state: RunState | None = None,
) -> list[KnownStep]:
    """The `count` known steps that read most like `text`, steps of `step_type` first among equals.

    Only steps of `game` (by default, the game of the file being run) and shared steps are
    offered: a HoMM line is never told to read like a Heroscape step. The steps are those of
    the session `state` (by default, the step library's).

    A step's likeness is the best of how `text` compares with its readable pattern and with
    the real feature lines that use it (the shipped lines, and those of the files the session
    ran): a loose pattern such as `{attacker} attacks {defender}` reads little like a full
    line, but its uses in the features do.

    The work is bounded: only the first `HINT_CHARS` characters of `text` are compared, so a
    hint costs the same for a line of a megabyte as for one of a few words; and against a text
    less than half its length, only the line's beginning, twice that text's length: a line
    that opens like a step and runs on still finds it. This is the one closest-step hint, used
    by the recorder, `battlebook check` and the page alike.

    Examples:
        >>> str(closest_steps("a batle in the open feld", 1, game="homm")[0])
        'Given a battle in the open field'
    """
    lowered = text[:HINT_CHARS].lower()
    if state is None:
        state = RunState.of_modules(load_step_modules())
    used = session_lines(state)

    def similarity(other: str) -> float:
        matcher = difflib.SequenceMatcher(None, lowered[: 2 * len(other) + 20], other.lower())
        return matcher.ratio() if matcher.quick_ratio() > 0.5 else 0.0

    def likeness(step: KnownStep) -> float:
        texts = dict.fromkeys((step.readable, *used.get((step.type, step.pattern), ())))
        return max(similarity(t) for t in texts) + (0.05 if step.type == step_type else 0.0)

    game = game or current_game()
    candidates = [step for step in known_steps(state.definitions) if game is None or step.game in (None, game)]
    return sorted(candidates, key=likeness, reverse=True)[:count]


@dataclass
class ScenarioRecord:
    """What a step can learn about, and add to, the example it runs in."""

    tags: frozenset[str]
    result: ScenarioResult

    def annotate(self, title: str, text: str) -> None:
        """Attach a note of plain text that the rulebook page shows under the example.

        The text is escaped: the names in it (stacks, units, figures) come from the feature
        file, so nothing in them may become markup on the page.
        """
        self.annotate_markup(title, markdown_text(text))

    def annotate_markup(self, title: str, markdown: str) -> None:
        """Attach a note of Markdown or HTML made by the engine itself, such as a drawing.

        Every name from the feature file in `markdown` must already be escaped (the
        drawings escape every text they draw).
        """
        self.result.annotations.append({"title": title, "markdown": markdown})


#: A function called after every example that passed, with its request and record, to attach notes
#: (odds, drawings) computed from the example's final fixtures; marked with
#: [`annotator`][battlebook.language.session.annotator] in a step module.
Annotator = Callable[[pytest.FixtureRequest, ScenarioRecord], None]


@pytest.fixture
def scenario_record(request: pytest.FixtureRequest) -> ScenarioRecord:
    """The record of the running example: its tags, and a place for notes."""
    result = request.node.stash.get(RESULT, None)
    if result is None:
        raise RuntimeError("scenario_record is only available inside a pytest-bdd example")
    tags: frozenset[str] = request.node.stash.get(TAGS, frozenset())
    return ScenarioRecord(tags, result)


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: BddFeature, scenario: BddScenario) -> None:
    """Let every annotator of the session's step modules add its notes to an example that passed.

    The run says which examples get notes ([`Run.notes`][battlebook.language.run.Run]): none
    (a plain `battlebook check`), those that passed, or all (a run in the page): an example that
    failed or stopped at an undefined step then gets them too, its drawing showing the battle
    as it stood when the example stopped. Such a battle may be half set up; an annotator that
    cannot read it adds nothing.
    """
    result = request.node.stash.get(RESULT, None)
    setting = run_of(request.config).notes
    if result is None or setting is Notes.NONE:
        return
    passed = result.status is Status.PASSED
    if not passed and setting is not Notes.ALL:
        return
    record = ScenarioRecord(request.node.stash.get(TAGS, frozenset()), result)
    for func in run_state(request.config).annotators:
        if passed:
            func(request, record)
            continue
        try:
            func(request, record)
        except Exception:  # a half-built battle may have no drawing; the failure is reported already
            continue


def pytest_configure(config: pytest.Config) -> None:
    """Start an empty book for this run."""
    config.stash[BOOK] = ResultBook()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Set everything collection made aside from the garbage collector's passes, until the session ends.

    The collected tests, the parsed features and the loaded modules live until the run ends:
    frozen, the garbage collector no longer walks them again at each of its passes while the
    examples run. They are handed back when the session ends (`pytest_unconfigure`).
    """
    if run_of(session.config).freeze:
        gc.freeze()
        session.config.stash[FROZEN] = True


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Hand what collection froze back to the garbage collector, before pytest's own last collections.

    A process that runs pytest more than once (a check in the page, an editions run inside a
    site build) frees the garbage of each run, and pytest's search for exceptions raised by
    finalizers at the end of the session sees every object again.
    """
    if config.stash.get(FROZEN, False):
        gc.unfreeze()
        config.stash[FROZEN] = False


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Callable[..., object]) -> bool | None:
    """A rulebook metadata tag (`@id:`, `@source:`, `@chapter:`, `@edition:`, `@game:`) becomes no pytest marker.

    The rulebook model reads those tags; as markers they would only be unknown ones (a
    warning, or under `--strict-markers` an error stopping the whole file). Any other tag
    is left to pytest-bdd, which makes it a marker as usual (`None`: not handled here), so
    a project's own tags select its tests with `-m` as they always did.

    Examples:
        >>> pytest_bdd_apply_tag("id:homm.melee-attack", print), pytest_bdd_apply_tag("slow", print)
        (True, None)
    """
    return True if tag.startswith(METADATA_PREFIXES) else None


def _relative(config: pytest.Config, filename: str) -> str:
    """`filename` as recorded: relative to the run's root folder if under it (worked out once per file and run)."""
    known = config.stash.setdefault(RELATIVE, {})
    shown = known.get(filename)
    if shown is None:
        path = Path(filename).resolve()
        try:
            shown = path.relative_to(config.rootpath.resolve()).as_posix()
        except ValueError:
            shown = str(path)
        known[filename] = shown
    return shown


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: BddFeature, scenario: BddScenario) -> None:
    """Open a record for the example, provisionally passed.

    First of every plugin's: an example another plugin then refuses to start (a file naming an
    unknown game, say) is recorded as failed with that plugin's message, not lost.
    """
    rule = scenario.rule
    rule_tags = rule.tags if rule else set()
    rule_id = next((t[len(ID_TAG) :] for t in rule_tags if t.startswith(ID_TAG)), None)
    callspec = getattr(request.node, "callspec", None)
    request.node.stash[RESULT] = ScenarioResult(
        feature=_relative(request.config, feature.filename),
        feature_sha256=file_sha256(Path(feature.filename)),
        line=scenario.line_number,
        scenario=scenario.name,
        status=Status.PASSED,
        rule=rule.name if rule else None,
        rule_id=rule_id,
        row=callspec.id if callspec is not None else None,
    )
    request.node.stash[TAGS] = example_tags(run_of(request.config), scenario.tags | feature.tags | rule_tags)


def pytest_bdd_before_step(
    request: pytest.FixtureRequest, feature: BddFeature, scenario: BddScenario, step: BddStep, step_func: object
) -> None:
    """Note when the step starts (its arguments not read yet)."""
    request.node.stash[STEP_START] = (time.time_ns(), time.perf_counter_ns())


def _step_done(request: pytest.FixtureRequest, step: BddStep) -> None:
    """Record how long the step that just ended, or raised, took."""
    started = request.node.stash.get(STEP_START, None)
    if started is not None:
        _trace(request.node).steps[step.line_number] = (started[0], time.perf_counter_ns() - started[1])


def pytest_bdd_after_step(
    request: pytest.FixtureRequest,
    feature: BddFeature,
    scenario: BddScenario,
    step: BddStep,
    step_func: object,
    step_func_args: dict[str, object],
) -> None:
    """The step passed: record its time."""
    _step_done(request, step)


def _fail(request: pytest.FixtureRequest, status: Status, step: BddStep, message: str) -> None:
    result = request.node.stash.get(RESULT, None)
    if result is not None and result.status is Status.PASSED:
        result.status = status
        result.step = f"{step.keyword} {step.name}"
        result.step_line = step.line_number
        result.message = message


def pytest_bdd_step_error(
    request: pytest.FixtureRequest,
    feature: BddFeature,
    scenario: BddScenario,
    step: BddStep,
    step_func: Callable[..., object],
    step_func_args: dict[str, object],
    exception: Exception,
) -> None:
    """A step raised: the example failed at that step.

    An error about the step's doc string (a malformed map) may name the line within it as
    `docstring_line`; the message then adds that line's number in the feature file.
    """
    _step_done(request, step)
    message = str(exception).strip() or type(exception).__name__
    if step.docstring is not None:
        message += feature_line_note(exception, step.line_number)
    _fail(request, Status.FAILED, step, message)


def feature_line_note(exception: BaseException, step_line: int) -> str:
    """` (line N of the feature file)` for an error naming a line of its step's doc string, else "".

    Examples:
        >>> class Bad(Exception):
        ...     docstring_line = 2
        >>> feature_line_note(Bad(), 7), feature_line_note(ValueError(), 7)
        (' (line 10 of the feature file)', '')
    """
    inner = getattr(exception, "docstring_line", None)
    return f" (line {step_line + 1 + inner} of the feature file)" if isinstance(inner, int) else ""


#: The closest steps worked out for an undefined step of an example (`battlebook check` reads them).
CLOSEST = pytest.StashKey[tuple[KnownStep, ...]]()
#: The closest steps worked out in this run, by line and keyword (each line once per run).
HINTS = pytest.StashKey[dict[tuple[str, str], tuple[KnownStep, ...]]]()


def run_hint(config: pytest.Config, text: str, step_type: str) -> tuple[KnownStep, ...] | None:
    """The closest steps to the undefined line `text`, or `None` once `HINT_LINES` lines of this run had theirs."""
    given = config.stash.setdefault(HINTS, {})
    found = given.get((text, step_type))
    if found is None and len(given) < HINT_LINES:
        found = given[(text, step_type)] = tuple(closest_steps(text, step_type=step_type, state=run_state(config)))
    return found


def pytest_bdd_step_func_lookup_error(
    request: pytest.FixtureRequest, feature: BddFeature, scenario: BddScenario, step: BddStep, exception: Exception
) -> None:
    """No definition matches a step: the example is undefined, with the closest steps named."""
    found = run_hint(request.config, step.name, step.type)
    request.node.stash[CLOSEST] = found or ()
    _trace(request.node).closest = tuple(str(known) for known in found or ())
    choice = run_of(request.config).game_of(feature.filename, scenario.line_number, request.config)
    read_as = f" (the example is read as {choice})"
    if found is None:
        why = f"no step matches {step.name!r}{read_as} (closest steps: for the first {HINT_LINES} lines of a run)"
    else:
        why = f"no step matches {step.name!r}{read_as}; the closest known steps are " + "; ".join(
            f'"{s}"' for s in found
        )
    _fail(request, Status.UNDEFINED, step, why)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Close the record: failures outside steps, skips, and the undefined-step hint."""
    report: pytest.TestReport = yield
    result = item.stash.get(RESULT, None)
    if result is None:
        return report
    if report.skipped and report.when in ("setup", "call"):
        result.status = Status.SKIPPED
    elif report.failed and result.status is Status.PASSED:
        result.status = Status.FAILED
        result.message = report.longreprtext.strip().splitlines()[-1] if report.longreprtext else "failed"
    if report.failed and result.status is Status.UNDEFINED and result.message:
        report.sections.append(("Battlebook: undefined step", result.message))
    if report.when == "teardown":
        item.config.stash[BOOK].add(result)
        run_traces(item.config)[result.key] = item.stash.get(TRACE, ExampleTrace())
    return report


#: Where a pytest-xdist worker hands its results, and its examples' traces, to the controlling process.
WORKER_RESULTS = "battlebook_results"
WORKER_TRACES = "battlebook_traces"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Merge this run's results into the results file, and write the run as Cucumber Messages beside it.

    Under pytest-xdist a worker only hands its results to the controlling process (see
    `pytest_testnodedown`), which writes them all at the end of the run.

    Results of feature files that no longer exist are dropped; a results file that cannot
    be read is replaced by this run's results.
    """
    book = session.config.stash.get(BOOK, None)
    if book is None or not len(book):
        return
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput[WORKER_RESULTS] = [result.to_json() for result in book]
        workeroutput[WORKER_TRACES] = [[*key, trace.to_json()] for key, trace in run_traces(session.config).items()]
        return
    run = run_of(session.config)
    path = run.results or default_path(session.config.rootpath)
    try:
        stored = ResultBook.load(path).without_missing(session.config.rootpath)
    except ResultsFileError as error:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"battlebook: {error.path} {error.reason}: replaced by this run's results")
        stored = ResultBook()
    stored.merge(book)
    stored.save(path)
    if not run.write_messages:
        return
    from battlebook.language.messages import MessagesTargetError, write_messages  # only a run that recorded needs it

    target = run.messages or path.with_name(MESSAGES_FILE)
    try:
        steps = registered_steps(run_state(session.config))
        write_messages(target, session.config.rootpath, book, steps, traces=run_traces(session.config))
    except (MessagesTargetError, OSError) as error:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"battlebook: the Cucumber Messages were not written: {error}")


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """Under pytest-xdist: take a finished worker's results into the controlling process's book."""
    output = getattr(node, "workeroutput", {})
    book = node.config.stash.get(BOOK, None)
    if book is not None:
        for item in output.get(WORKER_RESULTS, ()):
            book.add(ScenarioResult.from_json(item))
        traces = run_traces(node.config)
        for feature, line, row, trace in output.get(WORKER_TRACES, ()):
            traces[feature, line, row] = ExampleTrace.from_json(trace)


#: The Cucumber Messages of the last run, beside the results file.
MESSAGES_FILE = "messages.ndjson"


def registered_steps(state: RunState) -> list[StepDefinition]:
    """Every step definition of the session, in a stable order."""
    return sorted(state.definitions, key=lambda d: (d.type or "", d.parser.name))
