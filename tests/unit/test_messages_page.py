"""The messages page shows each kind of message with the words a check really gives for its example."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlebook.runners.check import CheckReport
from battlebook.site.messages_page import message_problems, messages_page, run_samples, sample_messages

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def report() -> CheckReport:
    """The check of the page's sample file, run once for the module when a test of it runs (not at collection)."""
    return run_samples(ROOT)


def test_every_example_gives_its_kind_of_message(report: CheckReport) -> None:
    assert message_problems(report) == []
    said = {kind: "\n".join(lines) for kind, lines in sample_messages(report).items()}
    assert "actual:   the attack missed: 7 + 5 = 12 < 13" in said["expected and actual"]
    assert "refused under homm.melee-attack:" in said["refused under a rule"]
    short = said["allowed but not rolled"]
    assert "actual:   allowed but not rolled: the attack rolls 4 faces of the combat die" in short
    assert "(2 attack dice and 2 defense dice); the scenario states none" in short
    assert "refused for its roll: a d10 read 0-9 cannot show 10" in said["a roll refused"]
    assert said["the rules don't say"].startswith("open") and "the rules don't say:" in said["the rules don't say"]
    assert "no unit called 'Gold Dragons'" in said["the scenario cannot be played"]
    assert said["no step reads like this line"].startswith("undefined")


def test_the_page_counts_a_step_line_from_the_example_and_lists_every_kind(report: CheckReport) -> None:
    page = messages_page(report)
    assert page.count("```gherkin") == len(sample_messages(report)) == 7
    assert "step (line 7): Then the attack kills the top card of the Behemoth" in page
    assert "## Allowed but not rolled" in page and "This is not a" in page
    assert "<code>actual:</code>" in page


def test_an_example_that_passes_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "messages.feature"
    path.write_text(
        "Feature: Messages\n\n  @game:homm\n  Example: passes\n    Given a battle in the open field\n"
        "    And the Aggressor has a stack of 3 Gold Golems on its Melee Line\n"
        "    Then the Gold Golems attack in melee with a score of 7\n",
        encoding="utf-8",
    )
    (problem,) = message_problems(run_samples(tmp_path, path))
    assert "the Example 'passes' gave no message (passed)" in problem
