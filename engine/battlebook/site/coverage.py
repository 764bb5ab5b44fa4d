"""Traceability: which Rules restate each section of the source texts, and how their examples fare.

Every section in [`SECTIONS`][battlebook.book.sources.SECTIONS] appears on the coverage
page with the Rules that cite it (`@source:` tags), linked by their permanent `@id`, the
number of examples under those Rules, and the examples' badges. A section no Rule cites
is a *gap* and fails the strict site build, unless it is listed in
[`PENDING`][battlebook.site.pending.PENDING] with the issue that will cover it.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from battlebook.book.links import feature_page
from battlebook.book.model import FeatureDoc, RuleDoc
from battlebook.book.prose import markdown_text
from battlebook.book.results import Badge, ResultBook
from battlebook.book.sources import SECTIONS, SOURCES, Section
from battlebook.site.pending import PENDING
from battlebook.site.statements import Statement, render_statements


@dataclass(frozen=True)
class SectionCoverage:
    """One source section: the Rules citing it, their examples' badges, and any pending note."""

    section: Section
    rules: tuple[tuple[FeatureDoc, RuleDoc], ...]
    badges: Mapping[Badge, int]
    pending: str | None

    @property
    def examples(self) -> int:
        """How many examples the citing Rules hold."""
        return sum(self.badges.values())

    @property
    def is_gap(self) -> bool:
        """No Rule restates the section and none is promised: the strict build fails."""
        return not self.rules and self.pending is None

    @property
    def status(self) -> str:
        """`covered`, `pending` or `gap`."""
        return "covered" if self.rules else "pending" if self.pending is not None else "gap"


def section_coverage(
    book: Iterable[FeatureDoc], results: ResultBook, pending: Mapping[str, str] | None = None
) -> list[SectionCoverage]:
    """The coverage of every section, in the order of the sources (`pending` defaults to `PENDING`)."""
    pending = PENDING if pending is None else pending
    citing: dict[str, list[tuple[FeatureDoc, RuleDoc]]] = {}
    for feature in book:
        for rule in feature.rules:
            for key in rule.sources:
                citing.setdefault(key, []).append((feature, rule))
    out = []
    for key, section in SECTIONS.items():
        rules = tuple(citing.get(key, ()))
        badges = Counter(
            results.badge(feature.path, feature.sha256, example.line)
            for feature, rule in rules
            for example in rule.examples
        )
        out.append(SectionCoverage(section, rules, badges, pending.get(key)))
    return out


def coverage_problems(coverage: Sequence[SectionCoverage], pending: Mapping[str, str] | None = None) -> list[str]:
    """What must stop a strict build: gaps, and pending entries that are wrong or out of date."""
    pending = PENDING if pending is None else pending
    problems = [
        f"coverage gap: no Rule restates {c.section.citation()}; cite it with @source:{c.section.key} "
        f"or list it in engine/battlebook/site/pending.py"
        for c in coverage
        if c.is_gap
    ]
    problems += [
        f"coverage: {c.section.key} is restated by "
        + ", ".join(rule.id for _, rule in c.rules)
        + " but still listed as pending in engine/battlebook/site/pending.py: remove it there"
        for c in coverage
        if c.rules and c.pending is not None
    ]
    problems += [
        f"coverage: engine/battlebook/site/pending.py names {key!r}, which is no known source section"
        for key in pending
        if key not in SECTIONS
    ]
    return problems


def _status_cell(c: SectionCoverage) -> str:
    if c.status == "gap":
        return '<span class="bb-badge bb-failing">gap</span>'
    if c.status == "pending":
        return f'<span class="bb-badge bb-not-run">pending</span> {html.escape(c.pending or "")}'
    parts = [f"{c.badges[b]} {b.value}" for b in Badge if c.badges.get(b)]
    badge = "bb-verified" if set(c.badges) <= {Badge.VERIFIED} else "bb-undefined"
    return f'<span class="bb-badge {badge}">covered</span> ' + (", ".join(parts) or "no examples")


def render_coverage(
    coverage: Sequence[SectionCoverage], book: Iterable[FeatureDoc] = (), statements: Sequence[Statement] = ()
) -> str:
    """The Markdown page `rulebook/coverage.md`; rules of `book` citing no section are listed at the end.

    With `statements`, the page opens with the count of the sources' statements and lists
    each with the Examples that check it (or why none does), before the sections.
    """
    book = list(book)
    counts = Counter(c.status for c in coverage)
    lines = ["# Coverage of the sources", ""]
    if statements:
        lines += [
            "## Statements { #statements }",
            "",
            render_statements(statements, book),
            "## Sections { #sections }",
            "",
        ]
    lines += [
        f'<p class="bb-summary">{len(coverage)} source sections: {counts["covered"]} restated by a rule, '
        f"{counts['pending']} pending, {counts['gap']} gaps.</p>",
        "",
        "Every section of every source text, with the rules that restate it (each linked by its",
        "permanent identifier), the number of worked examples under those rules and how their last",
        "run went. A section no rule restates is a **gap**, and the site is not published with a",
        "gap; a section whose chapter is still being written is shown as **pending**, with the",
        "issue that will cover it.",
        "",
    ]
    for source in SOURCES.values():
        rows = [c for c in coverage if c.section.source is source]
        if not rows:
            continue
        lines += [f"### {source.title} (source {source.code}) {{ #source-{source.code} }}", ""]
        lines += [f'<p class="bb-file">{source.game} \u00b7 file <code>{source.filename}</code></p>', ""]
        lines += ["| Section | Restated by | Examples | Status |", "| --- | --- | --- | --- |"]
        for c in rows:
            rules = ", ".join(f"[`{rule.id}`]({feature_page(f.path)}#{rule.id})" for f, rule in c.rules) or "\u2014"
            examples = str(c.examples) if c.rules else "\u2014"
            title = html.escape(c.section.title)
            lines.append(f"| {title} <br><code>{c.section.key}</code> | {rules} | {examples} | {_status_cell(c)} |")
        lines.append("")
    uncited = [(f, rule) for f in book for rule in f.rules if not rule.sources]
    if uncited:
        lines += ["### Rules that cite no source section { #uncited }", ""]
        lines += [
            "These rules restate no particular section (a ruling may settle a question no section",
            "raises directly):",
            "",
        ]
        lines += [
            f"- [`{rule.id}`]({feature_page(f.path)}#{rule.id}): {markdown_text(rule.name)}" for f, rule in uncited
        ]
        lines.append("")
    return "\n".join(lines) + "\n"
