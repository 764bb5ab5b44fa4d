"""The messages page shows each kind of message with the words a check really gives for its example."""

from __future__ import annotations

from battlebook.site.messages_page import SAMPLES, message_problems, messages_page, run_samples, sample_messages

REPORT = run_samples()


def test_every_sample_gives_its_kind_of_message() -> None:
    assert message_problems(REPORT) == []
    said = {kind: "\n".join(lines) for kind, lines in sample_messages(REPORT).items()}
    assert "actual:   the attack missed: 7 + 5 = 12 < 13" in said["expected and actual"]
    assert "refused under homm.melee-attack:" in said["refused under a rule"]
    short = said["allowed but not rolled"]
    assert "actual:   allowed but not rolled: the attack rolls 4 faces of the combat die" in short
    assert "(2 attack dice and 2 defense dice); the scenario states none" in short
    assert "refused for its roll: a d10 read 0-9 cannot show 10" in said["a roll refused"]
    assert said["the rules don't say"].startswith("open") and "the rules don't say:" in said["the rules don't say"]
    assert "no unit called 'Gold Dragons'" in said["the scenario cannot be played"]
    assert said["no step reads like this line"].startswith("undefined")


def test_the_page_counts_a_step_line_from_the_example_and_lists_every_kind() -> None:
    page = messages_page(REPORT)
    assert page.count("```gherkin") == len(SAMPLES)
    assert "step (line 6): Then the attack kills the top card of the Behemoth" in page


def test_a_sample_that_passes_is_a_problem() -> None:
    passing = SAMPLES[0].__class__("passes", "", SAMPLES[-1].steps.replace("hit in melee", "attack in melee"))
    assert message_problems(run_samples([passing]), [passing]) == [
        "reference/messages.md: the sample 'passes' gave no message (passed)"
    ]
