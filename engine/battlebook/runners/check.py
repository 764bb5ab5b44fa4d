"""Run a player's feature files against the engine and explain every example's outcome.

This is the machinery behind `battlebook check`. It reads each file with the rulebook
model first (a malformed file is reported with its file, line and the parser's message,
and is not run), then runs the others in-process with pytest and pytest-bdd, with the
same step definitions and recorder as the rulebook's own run (the `battlebook.language.steps`
plugin), through the package's test module
[`battlebook.runners.feature_tests`][battlebook.runners.feature_tests], handed one
[`Run`][battlebook.language.run.Run] naming only the given files and a temporary results
file, so no recorded results are touched. It needs no repository: it works in any folder
where `battlebook[check]` is installed.

A small observer of its own keeps, for each example, the exception a step raised (to tell
a scenario that cannot be set up, such as an unknown unit or a missing stack, from an
expectation the engine did not meet) and, for an undefined step, the three closest steps
of the catalogue.

A player's file that declares no game (`@game:` on its Feature) still runs: each of its
examples is read as the game its lines show, and the report says which, and how to declare it.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from battlebook.book.model import (
    ID_TAG,
    RULE_ID,
    ExampleDoc,
    FeatureDoc,
    FeatureFileError,
    FeatureReader,
    RuleDoc,
    UnreadableFolderError,
    feature_paths,
    load_feature,
    with_id_clashes,
)
from battlebook.book.results import ExampleTrace, ResultBook, ScenarioResult, Status
from battlebook.errors import (
    MissingStatError,
    RulesSilent,
    RuleViolation,
    ScenarioError,
    UnknownUnitError,
    UnstatedRoll,
    refusal_words,
)
from battlebook.games import GAMES
from battlebook.language.grammar import StepDefinition
from battlebook.language.messages import MessagesTargetError, messages_target_problem, write_messages
from battlebook.language.recorder import (
    BOOK,
    CLOSEST,
    HINT_LINES,
    RESULT,
    KnownStep,
    feature_line_note,
    registered_steps,
    run_traces,
)
from battlebook.language.run import Notes, Run, declared_games
from battlebook.language.scope import GameChoice
from battlebook.language.session import run_state

#: pytest options for a check run: quiet, no cache, and of the installed plugins only pytest-bdd
#: (by its entry point's name) and Battlebook's step language (plugin autoloading is switched
#: off with pytest's own option: scanning every installed package for plugins, and loading
#: Hypothesis's, would take longer than running a small file, and another project's plugins
#: have no say in a check). A player's own tags are markers pytest does not know: the check
#: reports them itself.
PYTEST_OPTIONS = (
    "-q",
    "--disable-plugin-autoload",
    "-p",
    "no:cacheprovider",
    "-p",
    "no:hypothesispytest",
    "-p",
    "pytest-bdd",
    "-p",
    "battlebook.language.plugin",
    "-W",
    "ignore::pytest.PytestUnknownMarkWarning",
    "--no-header",
)
#: pytest's built-in plugins a check run never needs. Each costs time at every run (the
#: unraisable-exception plugin alone collects garbage twice per run), and none takes part in
#: running an example: a check shows its own report, never pytest's warnings, logs or traces.
UNNEEDED_PLUGINS = (
    "unraisableexception",
    "threadexception",
    "logging",
    "junitxml",
    "doctest",
    "pastebin",
    "legacypath",
    "unittest",
    "faulthandler",
    "stepwise",
    "setuponly",
    "setupplan",
    "python_path",
    "debugging",
)
#: The options `battlebook check` and the in-page runner use: `PYTEST_OPTIONS` without the
#: plugins a check never needs (tests/unit/test_inpage.py shows that they change nothing).
LEAN_OPTIONS: tuple[str, ...] = (*PYTEST_OPTIONS, *(arg for name in UNNEEDED_PLUGINS for arg in ("-p", f"no:{name}")))
#: The test module a check run hands to pytest: the run fills it with the examples of its files.
TEST_MODULE = "battlebook.runners.feature_tests"


class CheckUsageError(ScenarioError):
    """The paths given to `battlebook check` are not feature files or folders holding some."""


@dataclass
class Outcome:
    """How one run of one example went, with what the check learned beyond the recorded result."""

    result: ScenarioResult
    exception: BaseException | None = None
    closest: tuple[KnownStep, ...] = ()
    #: The game the example was read as, and why (for an undefined step).
    read_as: GameChoice | None = None

    @property
    def kind(self) -> str:
        """`passed`, `failed`, `undefined`, or `open` when the sources do not settle the case.

        A skipped example counts as failed.
        """
        if self.result.status is Status.PASSED:
            return "passed"
        if self.result.status is Status.UNDEFINED:
            return "undefined"
        return "open" if isinstance(self.exception, RulesSilent) else "failed"


@dataclass
class CheckedExample:
    """One example of a checked feature and its runs (one per outline row)."""

    rule: RuleDoc | None
    example: ExampleDoc
    outcomes: list[Outcome]

    @property
    def kind(self) -> str:
        """The example's overall status; an example that did not run at all counts as failed."""
        kinds = {o.kind for o in self.outcomes}
        if not kinds or "failed" in kinds:
            return "failed"
        kind = next((kind for kind in ("undefined", "open") if kind in kinds), "passed")
        return "unchecked" if kind == "passed" and not self.example.checks_something else kind


@dataclass
class CheckReport:
    """Everything `battlebook check` found."""

    malformed: list[FeatureFileError] = field(default_factory=list)
    features: list[tuple[FeatureDoc, list[CheckedExample]]] = field(default_factory=list)
    seconds: float = 0.0
    pytest_output: str = ""
    pytest_status: int = 0
    root: Path = field(default_factory=Path.cwd)
    clashes: list[tuple[str, int, str, str]] = field(default_factory=list)
    #: Why examples did not run at all (their file could not be collected), in one line.
    not_run: str = ""
    #: The examples whose file declares no game, with the game each was read as: (path, line, guess).
    guesses: list[tuple[str, int, GameChoice]] = field(default_factory=list)

    def shown(self, feature_path: str) -> str:
        """A checked file's path as the reader's shell would name it: relative to the working folder if inside it."""
        path = Path(feature_path)
        path = path if path.is_absolute() else self.root / path
        try:
            return path.relative_to(Path.cwd().resolve()).as_posix()
        except ValueError:
            return str(path)

    def counts(self) -> dict[str, int]:
        """How many examples passed, failed, have an undefined step, are open, or check nothing."""
        out = {"passed": 0, "failed": 0, "undefined": 0, "open": 0, "unchecked": 0}
        for _, examples in self.features:
            for checked in examples:
                out[checked.kind] += 1
        return out

    @property
    def problems(self) -> list[FeatureFileError]:
        """The broken conventions of the files that ran (a bad tag, a clashing rule identifier, ...)."""
        return [problem for doc, _ in self.features for problem in doc.problems]

    @property
    def ok(self) -> bool:
        """Every file read and kept the conventions, and every example, of at least one, passed."""
        counts = self.counts()
        clean = not self.malformed and not self.problems
        return clean and counts["passed"] > 0 and counts["passed"] == sum(counts.values())


def check_paths(paths: Sequence[Path]) -> list[Path]:
    """The feature files named by `paths` (folders searched recursively), made absolute.

    Links are not resolved: a link, FIFO or device named `*.feature` is listed, and then
    refused with one line when it is read (only regular files are read).

    Raises:
        CheckUsageError: a path does not exist, is not a `.feature` file, or a folder holds none.
    """
    found: list[Path] = []
    for path in paths:
        try:
            path.lstat()
        except FileNotFoundError:
            pass
        except OSError as error:
            shown = str(path) if len(str(path)) <= 80 else str(path)[:77] + "..."
            raise CheckUsageError(f"{shown}: {error.strerror or error}") from None
        if path.is_dir() and not path.is_symlink():
            try:
                inside = feature_paths([path])
            except UnreadableFolderError as error:
                raise CheckUsageError(str(error)) from None
            if not inside:
                raise CheckUsageError(f"no .feature file under {path}")
            found += inside
        elif path.is_symlink() or path.exists():
            if path.suffix != ".feature":
                raise CheckUsageError(f"{path} is not a feature file (its name must end in .feature)")
            found.append(path)
        else:
            raise CheckUsageError(f"no such file or folder: {path}")
    return list(dict.fromkeys(Path(os.path.abspath(p)) for p in found))


class _Recorder:
    """The check's own pytest plugin: exceptions and closest steps, and the results book."""

    def __init__(self) -> None:
        self.exceptions: dict[tuple[str, int, str | None], BaseException] = {}
        self.closest: dict[tuple[str, int, str | None], tuple[KnownStep, ...]] = {}
        self.book = ResultBook()
        self.steps: list[StepDefinition] = []
        self.traces: dict[tuple[str, int, str | None], ExampleTrace] = {}
        #: Why examples did not run at all (collection failed), in one line; "" when they ran.
        self.not_run = ""

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed and not self.not_run:
            self.not_run = one_line_reason(report.longreprtext)

    def pytest_bdd_step_error(self, request: pytest.FixtureRequest, exception: Exception) -> None:
        result = request.node.stash.get(RESULT, None)
        if result is not None:
            self.exceptions.setdefault(result.key, exception)

    @pytest.hookimpl(trylast=True)
    def pytest_bdd_step_func_lookup_error(self, request: pytest.FixtureRequest) -> None:
        """The closest steps the step library's recorder worked out (after it: `trylast`)."""
        result = request.node.stash.get(RESULT, None)
        if result is not None:
            self.closest.setdefault(result.key, request.node.stash.get(CLOSEST, ()))

    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> None:
        result = item.stash.get(RESULT, None)
        if result is not None and call.excinfo is not None:
            self.exceptions.setdefault(result.key, call.excinfo.value)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.book = session.config.stash.get(BOOK, ResultBook())
        self.steps = registered_steps(run_state(session.config))
        self.traces = run_traces(session.config)


def _notes_setting(notes: bool, failed_notes: bool) -> Notes:
    """Which examples of a check run get notes (see [`Run.notes`][battlebook.language.run.Run])."""
    if not notes:
        return Notes.NONE
    return Notes.ALL if failed_notes else Notes.PASSED


def run_check(
    paths: Sequence[Path],
    root: Path | None = None,
    messages: Path | None = None,
    options: Sequence[str] = LEAN_OPTIONS,
    notes: bool = False,
    failed_notes: bool = False,
    plugins: Sequence[object] = (),
    readings: Sequence[str] = (),
    card_changes: Sequence[str] = (),
    edition: str | None = None,
) -> CheckReport:
    """Check the feature files under `paths` against the engine; paths are shown relative to `root`.

    `root` is the working folder by default. When it holds a rulebook (a `features/` folder),
    rule identifiers the checked files share with it are reported as notes. With `messages`,
    the run is also written there as Cucumber Messages (NDJSON). `options` are the pytest
    options of the run (by default, those of pytest's plugins a check needs). With `notes`,
    passing examples get their notes (drawings, odds) as on the rulebook's pages; a plain check
    report shows none, so they are not made by default. With `failed_notes` as well, examples
    that did not pass get them too, from the battle as it stood when they stopped (the page
    draws it). `plugins` are more pytest plugins (objects) that observe the run. With
    `readings`, every example is played as if these alternative readings of the rulings were
    Battlebook's own; with `card_changes` (`CARD:STAT=VALUE`), with those stats of known cards
    changed; with `edition`, every example that names an edition plays this one instead.

    Raises:
        CheckUsageError: bad paths (see [`check_paths`][battlebook.runners.check.check_paths]), or a
            place the messages may not be written to (a folder, FIFO or device, or a checked file:
            see [`messages_target_problem`][battlebook.language.messages.messages_target_problem]),
            or one they could not be written to.
    """
    root = Path.cwd() if root is None else root
    files = check_paths(paths)
    if messages is not None:
        problem = messages_target_problem(messages, files)
        if problem is not None:
            raise CheckUsageError(problem)
    report = CheckReport(root=root)
    reader = FeatureReader()
    docs: list[FeatureDoc] = []
    readable: list[Path] = []
    for path in files:
        try:
            docs.append(load_feature(path, root, strict=False, reader=reader))
        except FeatureFileError as error:
            report.malformed.append(error)
        else:
            readable.append(path)
    docs = with_id_clashes(docs)
    if not docs:
        return report
    start = time.perf_counter()
    recorder = _Recorder()
    output = io.StringIO()
    with tempfile.TemporaryDirectory(prefix="battlebook-check-") as tmp:
        run = Run(
            features=readable,
            root=root,
            results=Path(tmp) / "results.json",
            write_messages=False,  # the check writes them itself, once the run is over
            notes=_notes_setting(notes, failed_notes),  # a report alone shows no drawings, no odds notes
            readings=tuple(readings),
            card_changes=tuple(card_changes),
            edition=edition,
            strict=False,
            reader=reader,  # the files just read are not parsed again
            # Only the step libraries of the games the files declare (every game's for a file that
            # declares none, or for card changes, which every game's library checks before the run).
            step_games=None if card_changes else declared_games(docs),
        )
        for observer in (recorder, *plugins):
            run.observe(observer)
        # An empty configuration of its own: the player's folder may hold a pytest setup of its own.
        config = Path(tmp) / "pytest.ini"
        config.write_text("[pytest]\n", encoding="utf-8")
        args = ["-c", str(config), "--rootdir", str(root), *options, "--pyargs", TEST_MODULE]
        with contextlib.redirect_stdout(output):
            report.pytest_status = int(pytest.main(args, plugins=[run]))
    report.seconds = time.perf_counter() - start
    report.pytest_output = output.getvalue()
    report.not_run = recorder.not_run
    if messages is not None:
        try:
            write_messages(messages, root, recorder.book, recorder.steps, traces=recorder.traces)
        except (MessagesTargetError, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise CheckUsageError(f"the messages could not be written to {messages}: {reason}") from None
    report.clashes += clashing_ids(docs, root)
    for doc, path in zip(docs, readable, strict=True):
        examples = []
        for owner, example in doc.examples():
            runs = recorder.book.runs(doc.path, doc.sha256, example.line)
            read_as = run.games.get((os.path.abspath(path), example.line))
            if read_as is not None and read_as.guessed:
                report.guesses.append((doc.path, example.line, read_as))
            outcomes = [
                Outcome(r, recorder.exceptions.get(r.key), recorder.closest.get(r.key, ()), read_as) for r in runs
            ]
            examples.append(CheckedExample(owner, example, outcomes))
        report.features.append((doc, examples))
    return report


def clashing_ids(docs: Sequence[FeatureDoc], root: Path) -> list[tuple[str, int, str, str]]:
    """Rule identifiers the checked files share with another file of the rulebook.

    Each clash is `(checked file, line, identifier, where the rulebook uses it)`.

    Such a file runs, but could not join the rulebook until its identifiers are made unique.
    """
    owners: dict[str, str] = {}
    rulebook = root / "features"
    wanted = {rule.id for doc in docs for rule in doc.rules}
    # A rule's identifier comes from its `@id:` tag, so a file whose text holds none of the wanted
    # tags cannot own one of them, and is not read as a feature at all (unless some checked rule
    # has no identifier tag: it is then known by its line, which any file may share).
    tagged = all(RULE_ID.match(rule_id) and not rule_id.startswith("line-") for rule_id in wanted)
    try:
        rulebook_files = feature_paths([rulebook]) if rulebook.is_dir() and wanted else []
    except UnreadableFolderError:
        rulebook_files = []  # the rulebook cannot be read: it shares no identifier the check could name
    for path in rulebook_files:
        if tagged and not _may_hold_ids(path, wanted):
            continue
        try:
            feature = load_feature(path, root)
        except FeatureFileError:
            continue
        for rule in feature.rules:
            owners.setdefault(rule.id, f"{feature.path}:{rule.line}")
    return [
        (doc.path, rule.line, rule.id, owners[rule.id])
        for doc in docs
        for rule in doc.rules
        if rule.id in owners and not owners[rule.id].startswith(f"{doc.path}:")
    ]


def _may_hold_ids(path: Path, ids: set[str]) -> bool:
    """Whether the text of the file at `path` may tag a Rule with one of `ids` (true if it cannot be read)."""
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return True
    return any(f"{ID_TAG}{rule_id}" in text for rule_id in ids)


def one_line_reason(text: str) -> str:
    r"""The reason pytest's long report of an error gives, on one line: its first `E` line, else its last line.

    Examples:
        >>> one_line_reason("trace\nE   ValueError: bad\nE   Line: 3\n\nfile.py:3: ValueError")
        'ValueError: bad'
        >>> one_line_reason("")
        ''
    """
    lines = [line for line in text.splitlines() if line.strip()]
    errors = [line[1:].strip() for line in lines if line.startswith("E ")]
    chosen = errors[0] if errors else (lines[-1].strip() if lines else "")
    return chosen if len(chosen) <= 300 else chosen[:297] + "..."


def _assertion_text(exception: BaseException) -> str:
    """An assertion's own message, without pytest's rewritten `assert ...` explanation."""
    text = str(exception).strip()
    return text.split("\nassert ", 1)[0].strip() or "the check failed"


#: The last line explaining an undefined step: where to look for the right one (the page offers its own search).
STEPS_HINT = "(battlebook steps WORD lists every step that mentions WORD)"


def read_as_note(choice: GameChoice) -> str:
    """The line that says which game an example with an undefined step was read as, and how to change it.

    Examples:
        >>> note = read_as_note(GameChoice("homm", "its Feature is tagged @game:homm"))
        >>> print(note)  # doctest: +NORMALIZE_WHITESPACE
        (the example was read as Heroes of Might & Magic IV: its Feature is tagged @game:homm;
        tag it or its Rule @game:heroscape to read it as Heroscape)
    """
    guessed = "guessed, " if choice.guessed else ""
    if choice.game is None:
        return (
            f"(the example was read as no game in particular: {guessed}{choice.reason}; "
            "declare its game with @game:<game> on the line above `Feature:`)"
        )
    others = " or ".join(f"@game:{name}" for name in GAMES if name != choice.game)
    title = GAMES[choice.game].title
    other_titles = " or ".join(GAMES[name].title for name in GAMES if name != choice.game)
    return (
        f"(the example was read as {title}: {guessed}{choice.reason}; "
        f"tag it or its Rule {others} to read it as {other_titles})"
    )


def guess_note(guesses: Sequence[tuple[str, int, GameChoice]]) -> str:
    """What the check guessed of a file that declares no game, and how to declare it (one line).

    `guesses` are the file's examples as `(path, line, choice)`.

    Examples:
        >>> note = guess_note([("mine.feature", 3, GameChoice("heroscape", "most of its lines...", True))])
        >>> print(note)  # doctest: +NORMALIZE_WHITESPACE
        the file declares no game: its examples were read as Heroscape, guessed from their lines;
        declare it with @game:heroscape on the line above `Feature:`
    """
    games = list(dict.fromkeys(choice.game for _, _, choice in guesses))
    if len(games) == 1 and games[0] is not None:
        title = GAMES[games[0]].title
        return (
            f"the file declares no game: its examples were read as {title}, guessed from their lines; "
            f"declare it with @game:{games[0]} on the line above `Feature:`"
        )
    parts = []
    for game in games:
        lines = ", ".join(str(line) for _, line, choice in guesses if choice.game == game)
        parts.append(f"{GAMES[game].title if game is not None else 'no game'} (line {lines})")
    return (
        f"the file declares no game: its examples were read as {' and '.join(parts)}, guessed from their lines; "
        "declare the file's game with @game:<game> on the line above `Feature:`, and tag a Rule or Example "
        "of another game with its own"
    )


def explain(outcome: Outcome, indent: str = "") -> list[str]:
    """Lines explaining a run that did not pass: the step, expected and actual, the rule concerned."""
    lines = _explain(outcome, indent)
    return [line.replace("\n", "\n" + indent + "  ") for line in lines]


def _explain(outcome: Outcome, indent: str) -> list[str]:
    result = outcome.result
    if outcome.kind == "passed":
        return []
    step_text = result.step or ""
    lines = [f"{indent}step (line {result.step_line}): {step_text}"] if result.step else []
    error = outcome.exception
    if outcome.kind == "undefined":
        if outcome.closest:
            lines.append(f"{indent}no step definition reads like this line; the closest steps are:")
            lines += [f"{indent}  {step}" for step in outcome.closest]
        else:
            lines.append(f"{indent}no step definition reads like this line")
            lines.append(
                f"{indent}(the closest steps are worked out for the first {HINT_LINES} undefined lines of a run)"
            )
        if outcome.read_as is not None:
            lines.append(f"{indent}{read_as_note(outcome.read_as)}")
        lines.append(f"{indent}{STEPS_HINT}")
        return lines
    if isinstance(error, RulesSilent):
        lines.append(f"{indent}the rules don't say: {error.question}")
        lines.append(f"{indent}(not a mistake in the scenario: the sources leave this open; a ruling can settle it)")
    elif isinstance(error, UnstatedRoll):
        lines.append(f"{indent}{error}")
        lines.append(f"{indent}(no rule refuses the action: state its rolls in the step, or expect it refused)")
    elif isinstance(error, ScenarioError):
        where = feature_line_note(error, result.step_line) if result.step_line is not None else ""
        lines.append(f"{indent}the scenario cannot be played: {error}{where}")
        if isinstance(error, UnknownUnitError | MissingStatError):
            lines.append(f"{indent}(a scenario may define its own units in a table: battlebook steps units)")
    elif isinstance(error, RuleViolation):
        lines.append(f"{indent}the engine {refusal_words(error)}")
    elif isinstance(error, AssertionError) and not result.step:
        lines.append(f"{indent}after the last step: {_assertion_text(error)}")
    elif isinstance(error, AssertionError):
        expected = step_text.split(" ", 1)[1] if " " in step_text else step_text
        lines.append(f"{indent}expected: {expected}")
        lines.append(f"{indent}actual:   {_assertion_text(error)}")
    elif error is not None:
        lines.append(f"{indent}error: {type(error).__name__}: {error}")
    elif result.status is Status.SKIPPED:
        lines.append(f"{indent}the example was skipped")
    else:
        where = "after the last step" if not result.step else "at this step"
        lines.append(f"{indent}{where}: {(result.message or 'failed').removeprefix('AssertionError: ')}")
    if result.rule_id:
        lines.append(f"{indent}rule:     {result.rule_id} ({result.rule})")
    return lines


def malformed_lines(report: CheckReport) -> list[str]:
    """One line per file that could not be read, naming file and line, as the report words it."""
    return [
        f"{report.shown(error.path)}:{error.line}: malformed feature file: {error.reason}" for error in report.malformed
    ]


def problem_lines(report: CheckReport, doc: FeatureDoc) -> list[str]:
    """One line per convention the file `doc` breaks, naming file and line, as the report words it."""
    return [f"problem: {report.shown(p.path)}:{p.line}: {p.reason}" for p in doc.problems]


def file_lines(report: CheckReport, doc: FeatureDoc) -> list[str]:
    """What the report says of the file `doc` before its examples: the game it was guessed to be, and its problems."""
    guessed = [guess for guess in report.guesses if guess[0] == doc.path]
    note = [f"note: {guess_note(guessed)}"] if guessed else []
    return note + problem_lines(report, doc)


def not_run_line(report: CheckReport) -> str:
    """What the report says of an example that did not run at all."""
    why = f": {report.not_run}" if report.not_run else " (pytest collected no test for it)"
    return f"the example did not run{why}"


def format_report(report: CheckReport) -> str:
    """The report as terminal text: per feature, Rule and Example, then a summary line."""
    lines: list[str] = malformed_lines(report)
    for doc, examples in report.features:
        lines += ["", f"{report.shown(doc.path)}: {doc.name}"]
        lines += [f"  {line}" for line in file_lines(report, doc)]
        current: object = object()
        for checked in examples:
            if checked.rule is not current:
                current = checked.rule
                title = f"Rule {checked.rule.id}: {checked.rule.name}" if checked.rule else "Examples outside any Rule"
                lines.append(f"  {title}")
            shown = "checks nothing" if checked.kind == "unchecked" else checked.kind
            lines.append(f"    {shown:<9}  line {checked.example.line}: {checked.example.name}")
            if checked.kind == "unchecked":
                lines.append("               it ran, but has no Then step: add one stating the outcome to check")
            if not checked.outcomes:
                lines.append(f"               {not_run_line(report)}")
            for outcome in checked.outcomes:
                if outcome.kind == "passed":
                    continue
                if outcome.result.row and len(checked.outcomes) > 1:
                    lines.append(f"               row {outcome.result.row}: {outcome.kind}")
                lines += explain(outcome, "               ")
    counts = report.counts()
    total = sum(counts.values())
    noun = "example" if total == 1 else "examples"
    summary = f"{total} {noun}: {counts['passed']} passed, {counts['failed']} failed, {counts['undefined']} undefined"
    if counts["open"]:
        summary += f", {counts['open']} the rules don't say"
    if counts["unchecked"]:
        summary += f", {counts['unchecked']} checking nothing"
    if report.problems:
        summary += f"; {len(report.problems)} problem(s) to fix (listed under their file)"
    if report.malformed:
        summary += f"; {len(report.malformed)} malformed file(s)"
    if report.features and total == 0:
        summary += " (the files hold no Example to check)"
    lines.append("")
    listed = {(p.path, p.line) for p in report.problems}
    lines += [
        f"note: {report.shown(path)}:{line}: the rule identifier {rule_id!r} is already used at {owner}; "
        "give the Rule an identifier of its own before adding the file to the rulebook"
        for path, line, rule_id, owner in report.clashes
        if (path, line) not in listed
    ]
    lines.append(f"{summary} (ran in {report.seconds:.2f} s)")
    return "\n".join(lines).lstrip("\n") + "\n"
