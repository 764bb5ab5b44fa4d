"""The page of the messages a player can meet when checking a scenario: `reference/messages.md`.

Each kind of message comes with a small scenario that provokes it. The scenarios are run
through [`run_check`][battlebook.runners.check.run_check] when the site is built, and the
page shows what `battlebook check` (and the rulebook page's own run) printed for each, word
for word: the page cannot describe a message the engine no longer gives.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from battlebook.runners.check import CheckReport, explain, run_check

#: Where the page goes in the site.
MESSAGES_PAGE = "reference/messages.md"


@dataclass(frozen=True)
class Sample:
    """One kind of message: its name, what it means and what to do, and an Example that shows it."""

    kind: str
    meaning: str
    steps: str


_HOMM = "Given a battle in the open field\n      "

#: The messages, in the order a player tends to meet them. Every Example is HoMM or Heroscape
#: as its steps say; Heroscape's carry their edition.
SAMPLES: tuple[Sample, ...] = (
    Sample(
        "expected and actual",
        "A Then step stated an outcome the engine does not reach: the rules, as Battlebook "
        "reads them, give the outcome on the `actual:` line.",
        _HOMM + "And the Aggressor has a stack of 3 Gold Golems on its Melee Line\n"
        "      And the Defender has a Behemoth on its Melee Line\n"
        "      When the Gold Golems attack the Behemoth in melee, rolling 5\n"
        "      Then the attack kills the top card of the Behemoth",
    ),
    Sample(
        "refused under a rule",
        "The action breaks a rule; the message names the rule's identifier (its section of the "
        "rulebook). Write `try to` in the When step and `Then the action is refused under the "
        "rule ...` if the refusal is what the scenario means to show.",
        _HOMM + "And the Aggressor has a stack of 3 Gold Golems on its Ranged Line\n"
        "      And the Defender has a Behemoth on its Melee Line\n"
        "      When the Gold Golems attack the Behemoth in melee, rolling 6\n"
        "      Then the attack kills the top card of the Behemoth",
    ),
    Sample(
        "allowed but not rolled",
        "No rule refuses the action, but the scenario states fewer rolls than it needs; the "
        "message says how many faces the attack rolls and how many were stated. This is not a "
        "refusal: a Then step expecting one fails with this message.",
        "Given the battlefield:\n"
        '        """\n'
        "        1Z1 1 1 1A1\n"
        "        Z1 = Zettian Guards (Red)\n"
        "        A1 = Airborne Elite (Blue)\n"
        '        """\n'
        "      When the Zettian Guard Z1 tries to attack the Airborne Elite A1\n"
        "      Then the attack is refused under the rule heroscape.line-of-sight",
    ),
    Sample(
        "a roll refused",
        "A stated roll is a face the die cannot show under the reading in force.",
        _HOMM + "And the Aggressor has a stack of 3 Gold Golems on its Melee Line\n"
        "      And the Defender has a Behemoth on its Melee Line\n"
        "      When the Gold Golems attack the Behemoth in melee, rolling 10\n"
        "      Then the attack kills the top card of the Behemoth",
    ),
    Sample(
        "the rules don't say",
        "The sources leave the case open and no ruling settles it under the readings chosen: "
        "not a mistake in the scenario. The example counts as open, not failed.",
        "Given the alternative reading: the 2024 edition states no way to win a battle\n"
        "      And the battlefield:\n"
        '        """\n'
        "        3Z1 1 1A1\n"
        "        Z1 = Zettian Guards (Red)\n"
        "        A1 = Airborne Elite (Blue)\n"
        '        """\n'
        "      When the Zettian Guard Z1 attacks the Airborne Elite A1, "
        "rolling skull, skull, skull against shield, blank\n"
        "      Then Red has won the battle",
    ),
    Sample(
        "the scenario cannot be played",
        "The scenario's own setup is wrong (here a unit the sources do not define); the message "
        "names the line, and how to define a unit in the scenario.",
        _HOMM + "And the Aggressor has a stack of 3 Gold Dragons on its Melee Line\n"
        "      Then the Gold Dragons attack in melee with a score of 7",
    ),
    Sample(
        "no step reads like this line",
        "A line matches no step of the language; the closest steps are listed.",
        _HOMM + "And the Aggressor has a stack of 3 Gold Golems on its Melee Line\n"
        "      Then the Gold Golems hit in melee with a score of 7",
    ),
)

#: The game (and, for Heroscape, the edition) each sample declares; the others are HoMM's.
_TAGS = {
    "allowed but not rolled": "@game:heroscape @edition:2004",
    "the rules don't say": "@game:heroscape @edition:2024",
}


def _feature(samples: Sequence[Sample]) -> str:
    lines = ["Feature: The messages a check can give", ""]
    for sample in samples:
        tag = _TAGS.get(sample.kind, "@game:homm")
        lines += [f"  {tag}", f"  Example: {sample.kind}", f"      {sample.steps}", ""]
    return "\n".join(lines)


def run_samples(samples: Sequence[Sample] = SAMPLES) -> CheckReport:
    """Check the samples' Examples, as `battlebook check` checks a player's file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "messages.feature"
        path.write_text(_feature(samples), encoding="utf-8")
        return run_check([path], Path(folder))


def sample_messages(report: CheckReport) -> dict[str, list[str]]:
    """The lines the check printed for each sample's Example, by the sample's kind.

    A step's line is counted from the Example's own first line, as the page shows the Example alone.
    """
    out: dict[str, list[str]] = {}
    for _, examples in report.features:
        for checked in examples:
            first = checked.example.line

            def local(match: re.Match[str], first: int = first) -> str:
                return f"(line {int(match.group(1)) - first + 1})"

            lines = [checked.kind]
            for outcome in checked.outcomes:
                lines += [re.sub(r"\(line (\d+)\)", local, line) for line in explain(outcome, "  ")]
            out[checked.example.name] = lines
    return out


def messages_page(report: CheckReport, samples: Sequence[Sample] = SAMPLES) -> str:
    """The Markdown of the page: each message, what it means, the Example and the check's words."""
    found = sample_messages(report)
    lines = [
        "# Messages of a check",
        "",
        "What `battlebook check` says (and the rulebook page's *Try it* shows) when an example does",
        "not pass. Each message below comes with a small example that provokes it; the words under",
        "it are the check's own, produced from that example when this page was built (a step's line",
        "is counted from the example's first line).",
        "",
    ]
    for sample in samples:
        said = found.get(sample.kind, ["the example did not run"])
        example = f"Example: {sample.kind}\n  " + sample.steps.replace("\n      ", "\n  ")
        lines += [
            f"## {sample.kind[0].upper()}{sample.kind[1:]}",
            "",
            sample.meaning,
            "",
            "```gherkin",
            example,
            "```",
            "",
            "```text",
            *said,
            "```",
            "",
        ]
    return "\n".join(lines)


def message_problems(report: CheckReport, samples: Sequence[Sample] = SAMPLES) -> list[str]:
    """Samples that did not give a message: each must fail (or be open) with something to say."""
    found = sample_messages(report)
    return [
        f"{MESSAGES_PAGE}: the sample {sample.kind!r} gave no message ({found.get(sample.kind, ['not run'])[0]})"
        for sample in samples
        if len(found.get(sample.kind, [])) < 2
    ]
