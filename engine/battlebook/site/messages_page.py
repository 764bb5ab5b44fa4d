"""The page of the messages a player can meet when checking a scenario: `reference/messages.md`.

Each kind of message comes with a small Example that provokes it, in `docs/files/messages.feature`
(the Example's name is the kind, its description what the message means; each declares its
game). The Examples are run through [`run_check`][battlebook.runners.check.run_check] when
the site is built, and the page shows what `battlebook check` (and the rulebook page's own run)
printed for each, word for word: the page cannot describe a message the engine no longer gives.
"""

from __future__ import annotations

import re
from pathlib import Path

from battlebook.book.model import ExampleDoc
from battlebook.book.prose import code_fence, markdown_text, prose_block
from battlebook.book.render import gherkin_lines
from battlebook.runners.check import CheckReport, explain, run_check

#: Where the page goes in the site.
MESSAGES_PAGE = "reference/messages.md"
#: The Examples that provoke the messages, relative to the project root.
MESSAGES_FEATURE = "docs/files/messages.feature"


def run_samples(root: Path, path: Path | None = None) -> CheckReport:
    """Check the messages' Examples (`path`, by default the project's), as `battlebook check` checks a player's file."""
    return run_check([path or root / MESSAGES_FEATURE], root)


def sample_messages(report: CheckReport) -> dict[str, list[str]]:
    """The lines the check printed for each Example, by its name: its verdict, then the explanation.

    A step's line is counted from the Example's own first line, as the page shows the Example alone.
    """
    out: dict[str, list[str]] = {}
    for _, examples in report.features:
        for checked in examples:
            shown = _shown_lines(checked.example)

            def local(match: re.Match[str], shown: dict[int, int] = shown) -> str:
                line = int(match.group(1))
                return f"(line {shown.get(line, line)})"

            lines = [checked.kind]
            for outcome in checked.outcomes:
                lines += [re.sub(r"\(line (\d+)\)", local, line) for line in explain(outcome, "  ")]
            out[checked.example.name] = lines
    return out


def _block(example: ExampleDoc) -> list[str]:
    """The Example as the page shows it: its tags, its `Example:` line, its steps."""
    return [" ".join(f"@{tag}" for tag in example.tags), f"{example.keyword}: {example.name}"]


def _shown_lines(example: ExampleDoc) -> dict[int, int]:
    """Each step's line in the file, by its line in the block the page shows (counted from 1)."""
    shown, at = {}, len(_block(example))
    for step in example.steps:
        shown[step.line] = at + 1
        at += len(gherkin_lines([step], ""))
    return shown


def _gherkin(example: ExampleDoc) -> str:
    body = "\n".join([*_block(example), *gherkin_lines(example.steps)])
    fence = code_fence(body)
    return f"{fence}gherkin\n{body}\n{fence}"


def _examples(report: CheckReport) -> list[ExampleDoc]:
    return [checked.example for _, examples in report.features for checked in examples]


def messages_page(report: CheckReport) -> str:
    """The Markdown of the page: each message, what it means, the Example and the check's words."""
    found = sample_messages(report)
    lines = [
        "# Messages of a check",
        "",
        "What `battlebook check` says (and the rulebook page's *Try it* shows) when an example does",
        "not pass. Each message below comes with a small example that provokes it; the words under",
        "it are the check's own, produced from that example when this page was built (a step's line",
        "is counted from the top of the example as shown).",
        "",
    ]
    for example in _examples(report):
        kind = example.name
        lines += [
            f"## {markdown_text(kind[:1].upper() + kind[1:])}",
            "",
            prose_block(example.description),
            "",
            _gherkin(example),
            "",
            "```text",
            *found.get(kind, ["the example did not run"]),
            "```",
            "",
        ]
    return "\n".join(lines)


def message_problems(report: CheckReport) -> list[str]:
    """Examples that gave no message: each must fail (or be open) with something to say."""
    found = sample_messages(report)
    problems = [f"{MESSAGES_FEATURE}: {error.reason}" for error in report.malformed]
    problems += [
        f"{MESSAGES_FEATURE}:{example.line}: the Example {example.name!r} gave no message ({found[example.name][0]})"
        for example in _examples(report)
        if len(found.get(example.name, [])) < 2
    ]
    if not _examples(report):
        problems.append(f"{MESSAGES_FEATURE}: no Example was run")
    return problems
