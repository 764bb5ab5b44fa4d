"""A game's examples run under each of its editions: the data the editions page shows.

For every registered game printed in more than one edition
([`Game.editions`][battlebook.game.Game.editions]; today Heroscape's 2004 basic game and 2024
edition), every example of the rulebook that declares that game
([`FeatureDoc.declared`][battlebook.book.model.FeatureDoc.declared]) is run by the engine
under each edition. Each run tells, in a player's words, the verdict, what the example's last
action did as the game tells it ([`Game.describe_result`][battlebook.game.Game.describe_result],
read from the run's journal by [`JournalWords`][battlebook.runners.editions.JournalWords]), and
where and why it stopped (a check that does not hold, or a setup this edition cannot play).

A run is [`run_check`][battlebook.runners.check.run_check] (one [`Run`][battlebook.language.run.Run]
handed to pytest, the journal words its observer) on the game's feature files, the run's
edition standing for every `@edition:` tag they hold (nothing is copied or rewritten). The answer is plain data
([`ExampleRuns`][battlebook.runners.editions.ExampleRuns]); the page
([`battlebook.site.editions_page`][battlebook.site.editions_page]) only renders it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from battlebook.book.model import ExampleDoc, FeatureDoc, RuleDoc, StepDoc
from battlebook.errors import RuleViolation
from battlebook.game import Game
from battlebook.games import GAMES
from battlebook.language.recorder import RESULT
from battlebook.language.steps import JournalEntry
from battlebook.runners.check import LEAN_OPTIONS, CheckedExample, explain, run_check

#: An `@edition:` tag, wherever it sits on a line of tags.
EDITION_TAG = re.compile(r"(?<!\S)@edition:\S+")
#: The runs' pytest options: a check's own, with plain tracebacks. The page shows the check's
#: explanation, never pytest's report, and pytest's own report of a failure (source lines,
#: syntax colours) was half the cost of the runs.
RUN_OPTIONS = (*LEAN_OPTIONS, "--tb=native")


def edited_games() -> list[Game[Any, Any]]:
    """The registered games printed in more than one edition, in the registry's order."""
    return [game for game in GAMES.values() if len(game.editions()) > 1]


def under_edition(text: str, edition: str) -> str:
    r"""A feature file's text with every `@edition:` tag naming `edition`; the rest of the text is kept.

    Only lines of tags change, so every example keeps its line number.

    Examples:
        >>> under_edition("@chapter:1 @edition:2004\nFeature: F\n  `@edition:2004` in prose\n", "2024")
        '@chapter:1 @edition:2024\nFeature: F\n  `@edition:2004` in prose\n'
    """
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.lstrip().startswith("@"):
            lines[index] = EDITION_TAG.sub(f"@edition:{edition}", line)
    return "".join(lines)


@dataclass(frozen=True)
class EditionRun:
    """How one example went under one edition, in words computed from the engine's run.

    Attributes:
        kind: The check's verdict (`passed`, `failed`, `undefined`, `open`, `unchecked`).
        events: What the example's actions did, in order, as the game tells it
            ([`Game.describe_result`][battlebook.game.Game.describe_result]); a refused action
            says why.
        step: The step the run stopped at (without its keyword), empty for a run that passed.
        setup: Whether it stopped while the example was still setting its battle up (a Given).
        check: Whether it stopped at a check that does not hold (rather than at a step that
            could not be carried out).
        problem: Why it stopped there, in words: what the engine found instead, or why the
            scenario cannot be played under this edition.
        explanation: The explanation `battlebook check` gives (for contributors' tools).
    """

    kind: str
    events: tuple[str, ...] = ()
    step: str = ""
    setup: bool = False
    check: bool = False
    problem: str = ""
    explanation: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExampleRuns:
    """One example of a game, the edition it is written for, and its run under each edition (by its name)."""

    game: str
    feature: FeatureDoc
    rule_id: str | None
    rule_name: str
    name: str
    anchor: str
    written_for: str
    runs: dict[str, EditionRun]
    #: The example's last step (without its keyword): what a run that passes has shown to hold.
    last_step: str = ""

    @property
    def differs(self) -> bool:
        """Whether the editions give the example different verdicts."""
        return len({run.kind for run in self.runs.values()}) > 1


def _written_for(tags: Sequence[str]) -> str:
    """The edition named by the nearest `@edition:` tag among `tags` (feature's, rule's, example's, in that order)."""
    for tag in reversed(tags):
        if tag.startswith("edition:"):
            return tag.removeprefix("edition:")
    return ""


#: A rule identifier as a refusal's message ends with it: " (rule heroscape.attack-outcome)".
RULE_SUFFIX = re.compile(r" \(rule [A-Za-z0-9_.:-]+\)")


def without_rule_ids(text: str) -> str:
    """`text` without the "(rule ID)" a refusal's message ends with (the page names rules by their place).

    Examples:
        >>> without_rule_ids("only enemies may be attacked (rule heroscape.attacking-friendly-figures)")
        'only enemies may be attacked'
    """
    return RULE_SUFFIX.sub("", text).strip()


def problem_words(exception: BaseException | None, kind: str) -> str:
    r"""Why a run stopped, in words: an assertion's own message, a refusal's reason, a scenario's problem.

    Examples:
        >>> problem_words(AssertionError("A1 is not out of the game\nassert False"), "failed")
        'A1 is not out of the game'
        >>> from battlebook.errors import RulesSilent
        >>> problem_words(RulesSilent("who moves first"), "open")
        "the rules don't say: who moves first"
    """
    if kind == "undefined":
        return "no step of the step language reads like this line"
    if exception is None:
        return ""
    if isinstance(exception, RuleViolation):
        return f"the engine refuses the action: {exception.reason}"
    if isinstance(exception, AssertionError):
        text = str(exception).strip().split("\nassert ", 1)[0].strip()
        return without_rule_ids(text) or "the check does not hold"
    return without_rule_ids(str(exception))


def _entry_words(game: Game[Any, Any], entry: JournalEntry[Any, Any]) -> str:
    """One journal entry in words: what the action did, or why the engine refused it."""
    if entry.resolution is not None:
        return game.describe_result(entry.before, entry.action, entry.resolution)
    attempted = game.describe_action(entry.before, entry.action)
    if isinstance(entry.refusal, RuleViolation):
        return f"{attempted}: refused, {entry.refusal.reason}"
    return f"{attempted}: the engine allows it, but {without_rule_ids(str(entry.refusal))}"


class JournalWords:
    """A pytest plugin for a run of one game's examples: each example's actions in words, by its result's key.

    After each example (passed or not) it reads the game's world fixture (named after the
    game) and tells every action of its journal as the game describes it.
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.events: dict[tuple[str, int, str | None], tuple[str, ...]] = {}

    def pytest_bdd_after_scenario(self, request: pytest.FixtureRequest) -> None:
        """Keep the example's actions in words (pytest-bdd calls this once the steps are over)."""
        result = request.node.stash.get(RESULT, None)
        if result is None or self.game.name not in request.fixturenames:
            return
        try:
            world = request.getfixturevalue(self.game.name)
        except Exception:  # a world that could not be set up: the run's verdict says why
            return
        words = []
        for entry in getattr(world, "journal", ()):
            try:
                words.append(_entry_words(self.game, entry))
            except Exception:  # a half-built battle the game cannot name: the verdict still says how it went
                continue
        self.events[result.key] = tuple(words)


def _run(checked: CheckedExample, journals: JournalWords) -> EditionRun:
    lines = [line.strip() for outcome in checked.outcomes for line in explain(outcome)]
    stopped = next((outcome for outcome in checked.outcomes if outcome.kind != "passed"), None)
    first = stopped or (checked.outcomes[0] if checked.outcomes else None)
    events = journals.events.get(first.result.key, ()) if first is not None else ()
    if stopped is None:
        return EditionRun(checked.kind, events, explanation=tuple(line for line in lines if line))
    _, _, step = (stopped.result.step or "").partition(" ")
    setup = _step_kind(checked.example.steps, stopped.result.step_line) == "Given"
    return EditionRun(
        checked.kind,
        events,
        step,
        setup,
        isinstance(stopped.exception, AssertionError),
        problem_words(stopped.exception, stopped.kind),
        tuple(line for line in lines if line),
    )


def _step_kind(steps: Sequence[StepDoc], line: int | None) -> str:
    """Whether the step at `line` is a Given, a When or a Then (an `And` or `But` is of the step before it)."""
    kind = ""
    for step in steps:
        if step.keyword.strip() not in ("And", "But", "*"):
            kind = step.keyword.strip()
        if step.line == line:
            return kind
    return ""


RunKey = tuple[str, int, str]


def _run_editions(game: Game[Any, Any], files: Sequence[Path], root: Path) -> dict[RunKey, EditionRun]:
    """Run the game's files with `run_check` once per edition, telling each example's actions in words."""
    runs: dict[RunKey, EditionRun] = {}
    for edition in (edition.name for edition in game.editions()):
        journals = JournalWords(game)
        report = run_check(files, root=root, options=RUN_OPTIONS, plugins=[journals], edition=edition)
        for doc, examples in report.features:
            for checked in examples:
                runs[(doc.path, checked.example.line, edition)] = _run(checked, journals)
    return runs


def run_editions(book: Sequence[FeatureDoc], root: Path) -> list[ExampleRuns]:
    """Every example of `book` (files under `root`) of a game with editions, run under each, in book order."""
    out = []
    for game in edited_games():
        editions = [edition.name for edition in game.editions()]
        features = [f for f in book if any(_game(f, rule, example) == game.name for rule, example in f.examples())]
        # Only files inside the rulebook run; one gone since the book was read shows its examples as not run.
        inside = [root / f.path for f in features if ".." not in Path(f.path).parts and not Path(f.path).is_absolute()]
        runs = _run_editions(game, [path for path in inside if path.is_file()], root) if inside else {}
        out += _example_runs(game, features, editions, runs)
    return out


def _game(feature: FeatureDoc, rule: RuleDoc | None, example: ExampleDoc) -> str | None:
    return feature.declared(rule, example).game


def _example_runs(
    game: Game[Any, Any],
    features: Sequence[FeatureDoc],
    editions: Sequence[str],
    runs: dict[RunKey, EditionRun],
) -> list[ExampleRuns]:
    out = []
    for feature in features:
        for rule, example in feature.examples():
            if _game(feature, rule, example) != game.name:
                continue
            tags = (*feature.tags, *(rule.tags if rule else ()), *example.tags)
            out.append(
                ExampleRuns(
                    game.name,
                    feature,
                    rule.id if rule else None,
                    rule.name if rule else feature.name,
                    example.name,
                    example.anchor,
                    _written_for(tags),
                    {
                        edition: runs[(feature.path, example.line, edition)]
                        for edition in editions
                        if (feature.path, example.line, edition) in runs
                    },
                    example.steps[-1].text if example.steps else "",
                )
            )
    return out
