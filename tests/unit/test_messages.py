"""Cucumber Messages: a check run written as NDJSON keeps Rules and undefined steps."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from battlebook.cli import main

FEATURE = """Feature: A player's question
  Background:
    Given a battle in the open field

  @id:player.question @source:001/making-melee-attacks
  Rule: Score plus roll must reach the defense

    Example: Passing
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth

    Example: Undefined
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in mellee, rolling 6
      Then the attack kills the top card of the Behemoth
"""


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    feature = tmp_path / "question.feature"
    feature.write_text(FEATURE, encoding="utf-8")
    target = tmp_path / "run.ndjson"
    assert main(["check", str(feature), "--messages", str(target)]) == 1
    capsys.readouterr()
    return [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]


def test_the_messages_keep_the_rule_and_the_undefined_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    envelopes = run(tmp_path, capsys)
    kinds = Counter(next(iter(e)) for e in envelopes)
    assert kinds["meta"] == kinds["testRunStarted"] == kinds["testRunFinished"] == 1
    assert kinds["pickle"] == kinds["testCase"] == kinds["testCaseFinished"] == 2
    assert kinds["stepDefinition"] > 50
    feature = next(e["gherkinDocument"]["feature"] for e in envelopes if "gherkinDocument" in e)
    rules = [c["rule"] for c in feature["children"] if "rule" in c]
    assert [r["name"] for r in rules] == ["Score plus roll must reach the defense"]
    statuses = [e["testStepFinished"]["testStepResult"]["status"] for e in envelopes if "testStepFinished" in e]
    assert statuses == ["PASSED"] * 5 + ["PASSED"] * 3 + ["UNDEFINED", "SKIPPED"]
    cases = [e["testCase"] for e in envelopes if "testCase" in e]
    undefined_step = cases[1]["testSteps"][3]
    assert undefined_step["stepDefinitionIds"] == []
    assert all(step["stepDefinitionIds"] for step in cases[0]["testSteps"])
    assert envelopes[-1]["testRunFinished"]["success"] is False


def test_every_envelope_reads_as_the_official_types(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cucumber_messages import Envelope, message_converter

    for envelope in run(tmp_path, capsys):
        assert message_converter.to_dict(message_converter.from_dict(envelope, Envelope)) == envelope


def test_every_envelope_is_the_protocol_s_own_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from battlebook.language.messages import _checked

    envelopes = run(tmp_path, capsys)
    assert envelopes and all(_checked(envelope) == envelope for envelope in envelopes)


def test_steps_carry_their_real_durations_and_the_protocol_is_the_librarys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from importlib import metadata

    envelopes = run(tmp_path, capsys)
    assert envelopes[0]["meta"]["protocolVersion"] == metadata.version("cucumber-messages")
    finished = [e["testStepFinished"] for e in envelopes if "testStepFinished" in e]
    ran = [f["testStepResult"] for f in finished if f["testStepResult"]["status"] == "PASSED"]
    durations = [r["duration"]["seconds"] * 10**9 + r["duration"]["nanos"] for r in ran]
    assert all(d > 0 for d in durations), "a step that ran took no time"
    undefined = [f["testStepResult"] for f in finished if f["testStepResult"]["status"] != "PASSED"]
    assert [r["duration"] for r in undefined] == [{"seconds": 0, "nanos": 0}] * 2, "a step that never ran took time"
    started = {
        e["testStepStarted"]["testStepId"]: e["testStepStarted"]["timestamp"]
        for e in envelopes
        if "testStepStarted" in e
    }
    for f in finished:  # each step ends when it started plus its duration
        begin, took = started[f["testStepId"]], f["testStepResult"]["duration"]
        end = f["timestamp"]
        assert (end["seconds"] * 10**9 + end["nanos"]) - (begin["seconds"] * 10**9 + begin["nanos"]) == (
            took["seconds"] * 10**9 + took["nanos"]
        )


def test_the_closest_steps_are_a_suggestion_for_the_undefined_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    envelopes = run(tmp_path, capsys)
    suggestions = [e["suggestion"] for e in envelopes if "suggestion" in e]
    assert len(suggestions) == 1
    pickles = [e["pickle"] for e in envelopes if "pickle" in e]
    undefined = next(s for s in pickles[1]["steps"] if "mellee" in s["text"])
    assert suggestions[0]["pickleStepId"] == undefined["id"]
    codes = [snippet["code"] for snippet in suggestions[0]["snippets"]]
    assert codes and codes[0].startswith("When the {attacker} attack(s)"), codes
    assert {snippet["language"] for snippet in suggestions[0]["snippets"]} == {"gherkin"}


def test_the_drawings_are_svg_attachments_of_the_last_step_that_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import base64

    envelopes = run(tmp_path, capsys)
    attachments = [e["attachment"] for e in envelopes if "attachment" in e]
    assert attachments, "the passing example's drawing is attached"
    cases = {e["testCase"]["id"]: e["testCase"] for e in envelopes if "testCase" in e}
    started = {
        e["testCaseStarted"]["id"]: cases[e["testCaseStarted"]["testCaseId"]]
        for e in envelopes
        if "testCaseStarted" in e
    }
    for attachment in attachments:
        assert attachment["mediaType"] == "image/svg+xml" and attachment["contentEncoding"] == "BASE64"
        assert base64.b64decode(attachment["body"]).decode("utf-8").startswith("<svg")
        steps = started[attachment["testCaseStartedId"]]["testSteps"]
        assert attachment["testStepId"] == steps[-1]["id"], "the passing example's drawing goes with its last step"
