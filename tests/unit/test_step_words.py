"""Every word of a step is checked: a rulebook line with a word added or changed is refused.

For each step definition of the step language, the first line of the rulebook it reads is
taken as a valid line. Hypothesis then adds a word to it, or puts a word in place of one
of its words, and the line must be refused: either no step reads it any more (the line is
undefined, and `battlebook check` names the closest steps), or its example, run by
`battlebook check` with that one line changed, stops with a clear error (a check that does
not hold, a scenario error, a refusal naming a rule), never passing as if the word were not
there and never with a stray exception. The words put in are none of the step language's
own, so no change can turn one valid line into another.
"""

from __future__ import annotations

import functools
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlebook.book.model import ExampleDoc, FeatureDoc, RuleDoc, StepDoc, feature_paths, load_feature
from battlebook.errors import BattlebookError
from battlebook.language.grammar import Phrase, StepDefinition, step_definitions
from battlebook.language.steps import load_step_modules
from battlebook.runners.check import run_check

ROOT = Path(__file__).resolve().parents[2]
#: Words no step pattern holds and no example names: none can make a line valid again.
STRANGE_WORDS = ("banana", "Banana", "zorp", "Q9", "hastily")


@dataclass(frozen=True)
class Sample:
    """A rulebook line a step definition reads, with the text of the smallest file that runs its example."""

    definition: int
    kind: str
    text: str
    step_line: int
    source: str


def _kind(steps: tuple[StepDoc, ...], step: StepDoc) -> str:
    """Whether `step` is a given, a when or a then (an `And` or `But` is of the step before it)."""
    kind = "given"
    for other in steps:
        if other.keyword.strip() not in ("And", "But", "*"):
            kind = other.keyword.strip().lower()
        if other is step:
            return kind
    return kind


def _block_start(lines: list[str], line: int) -> int:
    """The 0-based index where the block whose keyword is on 1-based `line` starts: its tags above it."""
    index = line - 1
    while index > 0 and lines[index - 1].strip().startswith("@"):
        index -= 1
    return index


def _one_example_file(
    feature: FeatureDoc, rule: RuleDoc | None, example: ExampleDoc, lines: list[str], step: StepDoc
) -> tuple[list[str], int]:
    """The lines that run `example` alone (the file's header, its Rule's, the example), and where `step` is."""
    blocks = [rule.line for rule in feature.rules] + [e.line for _, e in feature.examples()]
    starts = sorted(_block_start(lines, line) for line in blocks)
    mine = _block_start(lines, example.line)
    end = next((start for start in starts if start > mine), len(lines))
    kept = lines[: starts[0]]
    if rule is not None:
        kept += lines[_block_start(lines, rule.line) : _block_start(lines, rule.examples[0].line)]
    return [*kept, *lines[mine:end]], len(kept) + step.line - 1 - mine


@functools.cache
def samples() -> tuple[tuple[StepDefinition, ...], tuple[Sample, ...]]:
    """Every step definition, and for each one the rulebook reads, its first line there."""
    definitions = tuple(step_definitions(load_step_modules()))
    found: dict[int, Sample] = {}
    for path in feature_paths([ROOT / "features"]):
        feature = load_feature(path, ROOT)
        lines = path.read_text(encoding="utf-8").splitlines()
        for rule, example in feature.examples():
            for step in example.steps:
                kind = _kind(example.steps, step)
                for index, definition in enumerate(definitions):
                    if index in found or definition.type != kind or not definition.parser.reads(step.text):
                        continue
                    kept, step_line = _one_example_file(feature, rule, example, lines, step)
                    found[index] = Sample(index, kind, step.text, step_line, "\n".join(kept) + "\n")
    return definitions, tuple(found[index] for index in sorted(found))


def _altered(text: str, position: int, word: str, replace: bool) -> str:
    words = text.split(" ")
    position %= len(words) + (0 if replace else 1)
    if replace:
        words[position] = word
    else:
        words.insert(position, word)
    return " ".join(words)


def _read_by(definitions: tuple[StepDefinition, ...], kind: str, game: str | None, text: str) -> bool:
    """Whether a step of the line's kind, of its game or of none, reads `text`."""
    return any(
        d.type == kind and isinstance(d.parser, Phrase) and d.parser.game in (None, game) and d.parser.reads(text)
        for d in definitions
    )


def test_every_step_definition_has_a_rulebook_line_to_alter() -> None:
    definitions, found = samples()
    assert len(found) >= len(definitions) * 3 // 4, "most steps should be read by some line of the rulebook"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    choice=st.integers(min_value=0),
    position=st.integers(min_value=0, max_value=40),
    word=st.sampled_from(STRANGE_WORDS),
    replace=st.booleans(),
)
def test_a_line_with_a_word_added_or_changed_is_refused(choice: int, position: int, word: str, replace: bool) -> None:
    definitions, found = samples()
    sample = found[choice % len(found)]
    altered = _altered(sample.text, position, word, replace)
    definition = definitions[sample.definition]
    game = definition.parser.game if isinstance(definition.parser, Phrase) else None
    if not _read_by(definitions, sample.kind, game, altered):
        return  # undefined: no step reads the line
    lines = sample.source.splitlines()
    original = lines[sample.step_line]
    lines[sample.step_line] = original.replace(sample.text, altered, 1)
    with tempfile.TemporaryDirectory(prefix="battlebook-step-words-") as folder:
        path = Path(folder) / "altered.feature"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        report = run_check([path], Path(folder))
    assert not report.malformed, report.malformed
    outcomes = [o for _, examples in report.features for checked in examples for o in checked.outcomes]
    assert outcomes, f"the example did not run: {report.not_run}"
    for outcome in outcomes:
        assert outcome.kind != "passed", f"{altered!r} was accepted as {sample.text!r}"
        if outcome.kind == "failed":
            assert isinstance(outcome.exception, (AssertionError, BattlebookError)), (
                f"{altered!r} ended in a stray {type(outcome.exception).__name__}: {outcome.exception}"
            )


def test_the_original_lines_pass_as_written() -> None:
    """The samples themselves run: the property test alters lines that work."""
    _, found = samples()
    sample = found[0]
    with tempfile.TemporaryDirectory(prefix="battlebook-step-words-") as folder:
        path = Path(folder) / "original.feature"
        path.write_text(sample.source, encoding="utf-8")
        assert run_check([path], Path(folder)).ok


def test_an_overlooked_banana_is_no_extra() -> None:
    definitions, _ = samples()
    line = "the Zettian Guard Z1 attacks the Airborne Elite A1, overlooking {}, rolling skull against blank"
    assert _read_by(definitions, "when", "heroscape", line.format("its height advantage"))
    assert _read_by(definitions, "when", "heroscape", line.format('the power "Stone Skin"'))
    for strange in ("a banana", "the defender's height advantage", "its height advantage and a banana"):
        assert not _read_by(definitions, "when", "heroscape", line.format(strange)), strange


def test_an_order_marker_is_one_of_an_armys_labels() -> None:
    definitions, _ = samples()
    assert _read_by(definitions, "when", "heroscape", "Blue reveals their order marker X")
    assert not _read_by(definitions, "when", "heroscape", "Blue reveals their order marker banana")


HELD_BY = '''@game:heroscape
Feature: Powers held by nothing
  @edition:2024
  Example: A power's holder is named
    Given these powers, defined for this example only:
      | power      | kind          | holder   | attack dice | defense dice |
      | Stone Skin | {kind} | {holder} | 0           | 1            |
    And the battlefield:
      """
      1Z1 1 1 1aA1
      Z1 = Zettian Guards (Red)
      A1 = Airborne Elite (Blue)
      a = glyph Astrid
      """
    Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 3
'''


def _check_text(text: str) -> list[str]:
    """Each outcome of the one example in `text`, with the error it stopped at."""
    with tempfile.TemporaryDirectory(prefix="battlebook-step-words-") as folder:
        path = Path(folder) / "powers.feature"
        path.write_text(text, encoding="utf-8")
        report = run_check([path], Path(folder))
    return [f"{o.kind}: {o.exception}" for _, examples in report.features for c in examples for o in c.outcomes]


def test_a_power_held_by_no_card_or_glyph_is_a_scenario_error() -> None:
    assert _check_text(HELD_BY.format(kind="special power", holder="Airborne Elite")) == ["passed: None"]
    assert _check_text(HELD_BY.format(kind="glyph        ", holder="Astrid        ")) == ["passed: None"]
    (card,) = _check_text(HELD_BY.format(kind="special power", holder="Banana Elite"))
    assert card.startswith("failed: no army card called 'Banana Elite'"), card
    (glyph,) = _check_text(HELD_BY.format(kind="glyph        ", holder="Banana        "))
    assert glyph.startswith("failed: ") and "no glyph 'Banana' lies on the battlefield" in glyph, glyph
