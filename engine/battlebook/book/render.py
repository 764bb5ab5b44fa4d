"""A feature file and its recorded results, as a Markdown page of the rulebook.

Each Rule becomes a section anchored at its identifier, with the source sections it
restates; each Example becomes a subsection with a badge from the results (verified,
failing, undefined, not run), its Gherkin with keywords highlighted, and any notes its
steps attached.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from battlebook.book.model import ExampleDoc, FeatureDoc, RuleDoc, StepDoc, text_lines
from battlebook.book.prose import code_fence, html_text, markdown_text, outside_code, prose_block
from battlebook.book.results import Badge, ResultBook, ScenarioResult
from battlebook.book.sources import SECTIONS


@dataclass(frozen=True)
class Problem:
    """Something that must stop a strict build: an example that is not verified."""

    feature: str
    line: int
    example: str
    badge: Badge
    detail: str

    def __str__(self) -> str:
        return f"{self.feature}:{self.line}: example {self.example!r} is {self.badge.value}{self.detail}"


def table_cell(value: str) -> str:
    r"""A table cell's value as Gherkin writes it: `\`, `|` and line breaks escaped, so the row reads back the same.

    Examples:
        >>> print(table_cell("Cap|tain"), table_cell("a\\b"), table_cell("two\nlines"))
        Cap\|tain a\\b two\nlines
    """
    return value.replace("\\", "\\\\").replace("|", "\\|").replace("\n", "\\n")


def _table(rows: Sequence[Sequence[str]], indent: str) -> list[str]:
    cells = [[table_cell(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    return [
        indent + "| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) + " |" for row in cells
    ]


def docstring_lines(content: str, indent: str) -> list[str]:
    r'''A step's doc string as Gherkin lines: its delimiters, and its content reading back the same.

    The delimiter is three double quotes, or three backticks when the content holds three double
    quotes; content that holds both has its delimiter escaped with backslashes, as Gherkin reads
    it. (Content writing both escapes, backslash by backslash, has no Gherkin that reads it back.)

    Examples:
        >>> docstring_lines("1 1\n1 1", "  ")
        ['  """', '  1 1', '  1 1', '  """']
        >>> docstring_lines('say """hi"""', "")[0]
        '```'
    '''
    quotes, ticks = '"' * 3, "`" * 3

    def escaped(fence: str) -> str:
        return "\\" + "\\".join(fence)

    # Gherkin reads an escaped delimiter back as the delimiter: content that writes the escape
    # itself cannot go between those delimiters, and the plainest fitting pair is chosen.
    fitting = [fence for fence in (quotes, ticks) if escaped(fence) not in content]
    delimiter = next((fence for fence in fitting if fence not in content), fitting[0] if fitting else quotes)
    body = content.replace(delimiter, escaped(delimiter))
    return [indent + delimiter, *(indent + line for line in text_lines(body)), indent + delimiter]


def gherkin_lines(steps: Iterable[StepDoc], indent: str = "  ") -> list[str]:
    """Steps as Gherkin text, with their tables and doc strings.

    Examples:
        >>> gherkin_lines([StepDoc("Given", "a battle in the open field", 3)])
        ['  Given a battle in the open field']
    """
    lines: list[str] = []
    for step in steps:
        lines.append(f"{indent}{step.keyword} {step.text}")
        if step.table:
            lines += _table(step.table, indent + "  ")
        if step.docstring is not None:
            lines += docstring_lines(step.docstring, indent + "  ")
    return lines


def outline_lines(example: ExampleDoc, indent: str = "  ") -> list[str]:
    """The `Examples:` tables of a Scenario Outline as Gherkin text, each after a blank line (none for an example)."""
    lines: list[str] = []
    for table in example.outline_tables:
        lines += ["", f"{indent}Examples:", *_table(table, indent + "  ")]
    return lines


def example_gherkin(example: ExampleDoc) -> str:
    """The example as a fenced Gherkin block."""
    lines = [*(f"@{tag}" for tag in example.tags), f"{example.keyword}: {example.name}"]
    return _gherkin_block([*lines, *gherkin_lines(example.steps), *outline_lines(example)])


def example_steps_block(example: ExampleDoc) -> str:
    """The example's steps (and an outline's `Examples:` tables) as the page shows them: a fenced Gherkin block.

    The page's heading above the block already names the example and its edition, so the
    block leaves out the tags and the `Example:` line that [`example_gherkin`][battlebook.book.render.example_gherkin]
    writes; Try it and the Playground get the whole example.

    Examples:
        >>> from battlebook.book.model import ExampleDoc, StepDoc
        >>> step = StepDoc("Given", "a battle in the open field", 4)
        >>> example = ExampleDoc("Example", "A roll", 3, "", ("edition:2004",), (step,))
        >>> print(example_steps_block(example))
        ```gherkin
        Given a battle in the open field
        ```
    """
    return _gherkin_block([*gherkin_lines(example.steps, ""), *outline_lines(example, "")])


def _gherkin_block(lines: Sequence[str]) -> str:
    """`lines` as a fenced Gherkin block, its fence longer than any backtick run inside."""
    body = "\n".join(lines)
    fence = code_fence(body)
    return f"{fence}gherkin\n{body}\n{fence}"


def badge_html(badge: Badge) -> str:
    """The badge shown beside an example."""
    css = badge.value.replace(" ", "-")
    title = f"result of the last run: {badge.value}"
    return f'<span class="bb-badge bb-example bb-{css}" title="{title}">{badge.value}</span>'


def _notes(runs: Sequence[ScenarioResult]) -> list[str]:
    out: list[str] = []
    seen: set[tuple[str, str]] = set()
    for run in runs:
        for note in run.annotations:
            key = (note["title"], note["markdown"])
            if key in seen:
                continue
            seen.add(key)
            row = f" ({markdown_text(run.row)})" if run.row else ""
            out += ['<div class="bb-note" markdown="1">', f"**{note['title']}{row}.** {note['markdown']}", "</div>", ""]
    return out


def _failure(runs: Sequence[ScenarioResult], badge: Badge) -> tuple[list[str], str]:
    bad = next((r for r in runs if r.status.value in ("failed", "undefined")), None)
    if bad is None or badge not in (Badge.FAILING, Badge.UNDEFINED):
        return [], ""
    where = f"line {bad.step_line}: {bad.step}" if bad.step else "outside any step"
    message = (bad.message or "").replace("\n", " ")
    title = "Failing" if badge is Badge.FAILING else "Undefined step"
    # Raw HTML, every part escaped: the step and message are the feature file's own text.
    lines = [
        '<div class="admonition failure">',
        f'<p class="admonition-title">{html_text(title)} at {html_text(where)}</p>',
        f"<p>{html_text(message)}</p>",
        "</div>",
        "",
    ]
    return lines, f" at {where}: {message}"


def edition_label(tags: Sequence[str], href: str = "") -> str:
    """A visible label naming the edition an example plays under (the nearest `@edition:` tag wins), or "".

    Given `href` (the page of the editions side by side), the label is a link to it.

    Examples:
        >>> edition_label(["id:x", "edition:2004", "edition:2024"])
        '<span class="bb-edition" title="The edition this example plays under">2024 edition</span>'
        >>> edition_label(["edition:2004"], "../editions/")[:60]
        '<a class="bb-edition" href="../editions/" title="The edition'
    """
    editions = [t.split(":", 1)[1] for t in tags if t.startswith("edition:")]
    if not editions:
        return ""
    title = "The edition this example plays under"
    if href:
        return (
            f'<a class="bb-edition" href="{html.escape(href)}" title="{title}: both editions side by side">'
            f"{html.escape(editions[-1])} edition</a>"
        )
    return f'<span class="bb-edition" title="{title}">{html.escape(editions[-1])} edition</span>'


def render_example(
    feature: FeatureDoc,
    example: ExampleDoc,
    results: ResultBook,
    problems: list[Problem],
    level: str,
    rule: RuleDoc | None = None,
    prose: Callable[[str], str] = prose_block,
    editions_href: str = "",
) -> list[str]:
    """One example's section: heading, badge and edition, Gherkin, failure details and notes.

    `prose` makes a description into a block of the page (see `render_feature`); the edition's
    label links to `editions_href` when given.
    """
    runs = results.runs(feature.path, feature.sha256, example.line)
    badge = results.badge(feature.path, feature.sha256, example.line)
    failure, detail = _failure(runs, badge)
    if badge.is_published_problem:
        problems.append(Problem(feature.path, example.line, example.name, badge, detail))
    tag = f"h{len(level)}"
    name = html.escape(example.name)
    # A raw heading without an id: the example stays part of its rule's search section, so a
    # search for a rule's topic lists the rule itself first; the anchor sits on the link.
    heading = (
        f'<{tag} class="bb-example-title"><a class="bb-anchor" id="{example.anchor}" '
        f'href="#{example.anchor}" title="Link to this example" aria-label="Link to this example: {name}">#</a> '
        f"{name} {badge_html(badge)}"
        f"{edition_label([*feature.tags, *(rule.tags if rule else ()), *example.tags], editions_href)}"
        f"</{tag}>"
    )
    lines = [heading, ""]
    if example.description:
        lines += [prose(example.description), ""]
    lines += [example_steps_block(example), ""]
    return lines + failure + _notes(runs)


RULE_LINK = re.compile(r"(?P<open>\]\(\s*<?|^\s{0,3}\[[^\]\n]+\]:\s*<?)(?i:rule):(?P<id>[^\s)>]*)>?", re.MULTILINE)
"""A Markdown link to a rule by its identifier, as written in a feature file: `[text](rule:ruling.die-faces)`
(or a reference definition, `[die]: rule:ruling.die-faces`); the scheme in any case, as URL schemes are."""


def resolve_rule_hrefs(markdown: str, hrefs: Mapping[str, str]) -> tuple[str, list[str]]:
    """Turn `[text](rule:<id>)` links into links to `hrefs[id]`; an unknown identifier's link goes nowhere (`#`).

    Only text outside code is read: a name, a step or code that writes the link syntax is
    shown as written. Returns the Markdown and the unknown identifiers, which the build refuses.

    Examples:
        >>> resolve_rule_hrefs("[die](rule:ruling.die-faces) [x](RULE:no.such)", {"ruling.die-faces": "../d/#r"})
        ('[die](../d/#r) [x](#)', ['no.such'])
        >>> resolve_rule_hrefs("not `[y](rule:no.such)`", {})
        ('not `[y](rule:no.such)`', [])
    """
    unknown: list[str] = []

    def link(match: re.Match[str]) -> str:
        rule_id = match["id"]
        opening = match["open"].rstrip("<")
        href = hrefs.get(rule_id)
        if href is None:
            unknown.append(rule_id)
            return f"{opening}#"
        return f"{opening}{href}"

    return outside_code(markdown, lambda text: RULE_LINK.sub(link, text)), unknown


def resolve_rule_links(markdown: str, page: str, rule_pages: Mapping[str, str]) -> tuple[str, list[str]]:
    r"""Turn `[text](rule:<id>)` links in Markdown written for `page` into links to the rule's page and anchor.

    `rule_pages` maps each rule identifier to the page holding it (site paths such as
    `rulebook/homm/melee.md`); see `resolve_rule_hrefs`. A link to an identifier no rule has
    (misspelt, a path, another scheme) is not resolved: its text stays, its target is dropped
    (so the page links nowhere), and its identifier is returned so the build can refuse it.

    Examples:
        >>> pages = {"ruling.die-faces": "rulebook/rulings/die-faces.md"}
        >>> resolve_rule_links("see [the die](rule:ruling.die-faces)", "rulebook/homm/melee.md", pages)
        ('see [the die](../rulings/die-faces.md#ruling.die-faces)', [])
        >>> resolve_rule_links("[x](rule:javascript:alert(1))", "rulebook/homm/melee.md", pages)[1]
        ['javascript:alert(1']
    """
    here = posixpath.dirname(page)
    hrefs = {
        rule_id: ("" if target == page else posixpath.relpath(target, here or ".")) + f"#{rule_id}"
        for rule_id, target in rule_pages.items()
    }
    return resolve_rule_hrefs(markdown, hrefs)


def rule_title(rule: RuleDoc) -> str:
    """A rule's short title, from its identifier; the Rule's own line is its full statement.

    Short titles keep the table of contents readable and let a search for a rule's topic
    rank the rule itself above the examples that mention it.

    Examples:
        >>> rule_title(RuleDoc("homm.melee-attack", "A melee attack kills...", 1, "", (), (), (), ()))
        'Melee attack'
    """
    words = rule.id.split(".", 1)[-1].replace("-", " ")
    return words[:1].upper() + words[1:]


def _sources(rule: RuleDoc) -> str:
    cited = "; ".join(SECTIONS[key].citation() for key in rule.sources) or "no source section cited"
    return f'<p class="bb-source">Source: {html.escape(cited)}. Rule <code>{html_text(rule.id)}</code>.</p>'


def _summary(feature: FeatureDoc, results: ResultBook) -> str:
    counts = Counter(results.badge(feature.path, feature.sha256, ex.line) for _, ex in feature.examples())
    total = sum(counts.values())
    parts = [f"{counts[b]} {b.value}" for b in Badge if counts[b]]
    return f'<p class="bb-summary">{total} examples: {", ".join(parts) or "none"}.</p>'


def render_feature(
    feature: FeatureDoc,
    results: ResultBook,
    prose: Callable[[str], str] = prose_block,
    *,
    top: str = "",
    editions_href: str = "",
) -> tuple[str, list[Problem]]:
    """The Markdown page of `feature`, and the examples that must stop a strict build.

    `prose` makes each description (the feature's, a rule's, an example's) into a block of
    the page: by default [`prose_block`][battlebook.book.prose.prose_block], its sanitized HTML.
    `top` is a block put under the chapter's summary (the site's links to its reference pages);
    each example's edition label links to `editions_href` when given.
    """
    problems: list[Problem] = []
    lines = [f"# {markdown_text(feature.name)}", "", _summary(feature, results), ""]
    if top:
        lines += [top, ""]
    if feature.description:
        lines += [prose(feature.description), ""]
    if feature.background:
        steps = gherkin_lines(feature.background, "")
        fence = code_fence("\n".join(steps))
        lines += ['!!! abstract "Every example in this chapter starts from"', ""]
        lines += [f"    {fence}gherkin", *("    " + x for x in steps), f"    {fence}", ""]
    for _, example in ((r, e) for r, e in feature.examples() if r is None):
        lines += render_example(feature, example, results, problems, "##", prose=prose, editions_href=editions_href)
    for rule in feature.rules:
        statement = html.escape(rule.name.rstrip(".")) + "."
        lines += [f"## {rule_title(rule)} {{ #{rule.id} }}", "", f'<p class="bb-rule">{statement}</p>', ""]
        lines += [_sources(rule), ""]
        if rule.description:
            lines += [prose(rule.description), ""]
        if rule.background:
            steps = ["Background:", *gherkin_lines(rule.background)]
            fence = code_fence("\n".join(steps))
            lines += [f"{fence}gherkin", *steps, fence, ""]
        for example in rule.examples:
            lines += render_example(feature, example, results, problems, "###", rule, prose, editions_href)
    lines.append(f'<p class="bb-file">Feature file: <code>{html_text(feature.path)}</code></p>')
    return "\n".join(lines) + "\n", problems
