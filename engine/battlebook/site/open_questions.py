r"""The open questions: every case where the engine answers "the rules don't say".

Where the sources leave a case open and Battlebook has adopted no reading, the engine
neither allows nor refuses: it raises [`RulesSilent`][battlebook.errors.RulesSilent], and a
report shows the example as *the rules don't say*. The rulebook states each such case in a
worked Example whose `Then` begins with the words of
[`OPEN_WORDS`][battlebook.site.open_questions.OPEN_WORDS], and says in the Example's
description how a table could rule. An alternative reading of a ruling can open a question
too (the 2024 edition's text states no objective, say); its Example chooses that reading.

[`open_questions`][battlebook.site.open_questions.open_questions] finds them in the book,
[`render_open_questions`][battlebook.site.open_questions.render_open_questions] writes the
page, and [`open_question_problems`][battlebook.site.open_questions.open_question_problems]
stops a strict build when a question open under Battlebook's readings does not say how a
table could rule.

Examples:
    >>> is_open_step("the rules don't say who has won"), is_open_step("Blue has won the battle")
    (True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from battlebook.book.links import feature_page
from battlebook.book.model import ExampleDoc, FeatureDoc, RuleDoc
from battlebook.book.prose import markdown_text, prose_block

#: The words a `Then` step opens with when it states that the engine answers "the rules don't say".
OPEN_WORDS = "the rules don't say"
#: The words of the step that chooses a ruling's alternative reading.
ALTERNATIVE_WORDS = "the alternative reading:"


def is_open_step(text: str) -> bool:
    """Whether a step's text states that the rules don't say."""
    return text.strip().lower().startswith(OPEN_WORDS)


@dataclass(frozen=True)
class OpenQuestion:
    """One Example stating a case the rules leave open.

    Attributes:
        feature: Its feature file.
        rule: Its Rule.
        example: The Example itself; its description says how a table could rule.
        alternative: The alternative reading it chooses, when the question is open only under one.
    """

    feature: FeatureDoc
    rule: RuleDoc
    example: ExampleDoc
    alternative: str | None

    @property
    def link(self) -> str:
        """The Example's page and anchor, relative to `rulebook/`."""
        return f"{feature_page(self.feature.path)}#{self.example.anchor}"


def open_questions(book: Iterable[FeatureDoc]) -> list[OpenQuestion]:
    """Every Example of the book with a `Then` stating that the rules don't say, in book order."""
    found = []
    for feature in book:
        for rule in feature.rules:
            for example in rule.examples:
                steps = (*feature.background, *rule.background, *example.steps)
                if not any(step.keyword in ("Then", "And", "But") and is_open_step(step.text) for step in steps):
                    continue
                chosen = [s.text.split(":", 1)[1].strip() for s in steps if s.text.startswith(ALTERNATIVE_WORDS)]
                found.append(OpenQuestion(feature, rule, example, chosen[0] if chosen else None))
    return found


def open_question_problems(questions: Sequence[OpenQuestion]) -> list[str]:
    """A question open under Battlebook's readings whose Example does not say how a table could rule."""
    return [
        f"{q.feature.path}:{q.example.line}: the Example {q.example.name!r} states that the rules don't say: "
        "its description must say how a table could rule"
        for q in questions
        if q.alternative is None and not q.example.description.strip()
    ]


def render_open_questions(questions: Sequence[OpenQuestion]) -> str:
    """The Markdown page `rulebook/open-questions.md`."""
    open_now = [q for q in questions if q.alternative is None]
    by_reading = [q for q in questions if q.alternative is not None]
    lines = [
        "# Open questions",
        "",
        "Where the source texts leave a case open and Battlebook has adopted no reading, the",
        "engine neither allows nor refuses: it answers **the rules don't say**, and",
        "`battlebook check` reports such an example as *open* (the rules don't say) rather than",
        "as a failure. Each case is stated by a worked example, listed here with the ways a",
        "table could rule. A ruling can settle any of them: see [Contributing](../contributing.md).",
        "",
        f'<p class="bb-summary">Open under Battlebook\'s readings: {len(open_now)}; '
        f"open only under an alternative reading: {len(by_reading)}.</p>",
        "",
        "## Open under Battlebook's readings { #open }",
        "",
    ]
    if not open_now:
        lines += ["None.", ""]
    for q in open_now:
        lines += [f"### [{markdown_text(q.example.name)}]({q.link})", ""]
        lines += [f"Rule [`{q.rule.id}`]({feature_page(q.feature.path)}#{q.rule.id})", ""]
        case = " ".join(q.example.description.split())
        lines += [prose_block(f"**The case, and how a table could rule.** {case}"), ""]
    lines += [
        "## Open only under an alternative reading { #by-reading }",
        "",
        "These cases are settled by Battlebook's reading of a ruling; a table playing that",
        "ruling's alternative finds the rules silent on them.",
        "",
    ]
    if not by_reading:
        lines += ["None.", ""]
    for q in by_reading:
        rule = f"[`{q.rule.id}`]({feature_page(q.feature.path)}#{q.rule.id})"
        lines.append(
            f"- [{markdown_text(q.example.name)}]({q.link}): under the alternative "
            f"*{markdown_text(q.alternative or '')}*; Battlebook's reading, {rule}, settles it."
        )
    lines.append("")
    return "\n".join(lines) + "\n"
