"""Fuzzing `battlebook check`'s parse-and-report path: no input ends in an uncaught exception.

Hypothesis writes feature files from Gherkin-ish fragments (keywords, tags, tables, doc
strings, descriptions, misspellings, odd whitespace and characters) and from random
bytes; each is read by the rulebook model as `battlebook check` reads it, then reported
as `check` reports it and rendered as the site renders it. Reading may refuse the file,
but only with a one-line `FeatureFileError` naming the file and line. The run is bounded
(a fixed number of examples under the derandomized profile of `tests/conftest.py`).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from battlebook.book.model import FeatureFileError, load_feature
from battlebook.book.render import render_feature
from battlebook.book.results import ResultBook
from battlebook.runners.check import CheckedExample, CheckReport, format_report

KEYWORDS = [
    "Feature:", "Rule:", "Background:", "Example:", "Scenario:", "Scenario Outline:", "Examples:",
    "Given", "When", "Then", "And", "But", "*", "Exmaple:", "Feature", "Rule", "@id:x.y", "@id:", "@wip",
    "@source:001/making-melee-attacks", "@chapter:3", "@edition:2024", "#", "# language: fr", "|", '"""', "```",
]  # fmt: skip
WORDS = [
    "a battle in the open field", "the Aggressor has a stack of 3 Gold Golems on its Melee Line",
    "the Defender has a Behemoth on its Melee Line", "the Gold Golems attack the Behemoth in melee, rolling 6",
    "the attack kills the top card of the Behemoth", "<script>alert(1)</script>", "[x](javascript:alert(1))",
    "::: math", "{ onclick=x }", "| a | b |", "<x>", "\u202e", "\ufeff", "\x00", "\r", "\t", "é", "٣", "",
]  # fmt: skip

fragment = st.one_of(st.sampled_from(KEYWORDS), st.sampled_from(WORDS), st.text(max_size=12))
line = st.builds(
    lambda indent, parts: " " * indent + " ".join(parts), st.integers(0, 8), st.lists(fragment, max_size=5)
)
gherkin_text = st.lists(line, max_size=25).map("\n".join)
as_bytes = st.one_of(gherkin_text.map(lambda text: text.encode("utf-8", "surrogatepass")), st.binary(max_size=300))


def check_and_report(data: bytes) -> str:
    """Read `data` as a feature file the way `battlebook check` does, and format the report."""
    with tempfile.TemporaryDirectory(prefix="battlebook-fuzz-") as tmp:
        path = Path(tmp) / "fuzz.feature"
        path.write_bytes(data)
        report = CheckReport(root=Path(tmp))
        try:
            doc = load_feature(path, Path(tmp))
        except FeatureFileError as error:
            assert "\n" not in str(error), f"a refusal must be one line: {error!r}"
            assert str(error).startswith("fuzz.feature:"), f"a refusal must name the file and line: {error!r}"
            report.malformed.append(error)
        else:
            report.features.append((doc, [CheckedExample(rule, example, []) for rule, example in doc.examples()]))
            render_feature(doc, ResultBook())
        return format_report(report)


@settings(max_examples=300)
@given(as_bytes)
def test_check_reads_and_reports_anything(data: bytes) -> None:
    assert check_and_report(data).endswith("\n")


@settings(max_examples=100)
@given(st.lists(line, min_size=1, max_size=20).map("\n".join))
def test_a_feature_line_first_gets_past_the_first_check(body: str) -> None:
    text = "Feature: Fuzzed\n" + body
    assert check_and_report(text.encode("utf-8", "surrogatepass")).endswith("\n")
