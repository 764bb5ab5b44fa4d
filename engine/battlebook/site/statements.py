r"""The sources' statements, one by one, and the Examples that check each.

A section of a source text holds many statements (a rule, a number, a step of a worked
example). `features/statements.txt` lists every one of them, in Battlebook's own words, with
the Examples that check it, each named by its Rule's `@id` and its own name; or it says how
far Battlebook models the statement:

```text
001/swatting#2 | the number of cards is announced before the roll
    homm.swatting: A swat cannot name more cards than the target stack holds
004/special-powers#1 | powers may help a figure move, attack or defend | partly: movement is not modelled
    heroscape.special-powers: A defending special power adds a defense die
000/surrendering#3 | never from the Adventure Stack | not modelled: no Adventure Stack in a battle
000/swarming#7 | swarming stacks attract enemy fire | out of scope: advice on tactics, no rule
```

[`statement_problems`][battlebook.site.statements.statement_problems] is what stops a
strict site build: a statement checked by no Example and not marked, an Example that no
Rule of the book holds, a key naming no known source section, or given twice.

Examples:
    >>> rows = parse_statements("001/swatting#1 | a swat hits several cards\n    homm.swatting: Swatting two\n")
    >>> rows[0].section, rows[0].rules, rows[0].status.value
    ('001/swatting', ('homm.swatting',), 'checked')
"""

from __future__ import annotations

import difflib
import html
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from battlebook.book.links import feature_page
from battlebook.book.model import ExampleDoc, FeatureDoc, RuleDoc
from battlebook.book.sources import SECTIONS, SOURCES

#: Where the list lives, relative to the project root.
STATEMENTS_FILE = "features/statements.txt"


class Status(StrEnum):
    """How far the Examples check a statement."""

    CHECKED = "checked"
    PARTLY = "partly checked"
    NOT_MODELLED = "not modelled"
    OUT_OF_SCOPE = "out of scope"


#: The words that open a statement's third field, and the status each gives it.
MARKS = {"partly:": Status.PARTLY, "not modelled:": Status.NOT_MODELLED, "out of scope:": Status.OUT_OF_SCOPE}


@dataclass(frozen=True)
class ExampleRef:
    """An Example named in the statements file: its Rule's `@id`, its name, the file's line."""

    rule: str
    name: str
    line: int


@dataclass(frozen=True)
class Statement:
    """One statement of a source text.

    Attributes:
        key: `<source>/<section>#<n>`.
        gist: What it says, in Battlebook's words.
        examples: The Examples that check it.
        status: How far they check it.
        note: What is left out (`partly`), or why it is not modelled or out of scope.
        line: Its line in the statements file.
        misread: The third field when it opens with none of the known marks.
    """

    key: str
    gist: str
    examples: tuple[ExampleRef, ...] = ()
    status: Status = Status.CHECKED
    note: str | None = None
    line: int = 0
    misread: str | None = None

    @property
    def section(self) -> str:
        """The citation key of its section, `<source>/<section>`."""
        return self.key.partition("#")[0]

    @property
    def rules(self) -> tuple[str, ...]:
        """The `@id` of every Rule whose Examples check it, in the order first named."""
        return tuple(dict.fromkeys(ref.rule for ref in self.examples))

    @property
    def is_out_of_scope(self) -> bool:
        """Whether Battlebook deliberately leaves the statement aside."""
        return self.status is Status.OUT_OF_SCOPE

    @property
    def needs_examples(self) -> bool:
        """Whether the statement claims to be checked, in full or in part."""
        return self.status in (Status.CHECKED, Status.PARTLY)


def _statement(number: int, line: str) -> Statement:
    key, _, rest = (part.strip() for part in line.partition("|"))
    gist, _, third = (part.strip() for part in rest.partition("|"))
    if not third:
        return Statement(key, gist, line=number)
    for mark, status in MARKS.items():
        if third.lower().startswith(mark):
            return Statement(key, gist, (), status, third[len(mark) :].strip() or "no reason given", number)
    return Statement(key, gist, line=number, misread=third)


def parse_statements(text: str) -> list[Statement]:
    """The statements of a statements file's text; blank lines and `#` comments are skipped.

    An indented line names an Example that checks the statement above it. An indented line
    before any statement is kept as a statement with no key, so that it is reported.
    """
    out: list[Statement] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if raw[:1].isspace():
            rule, _, name = (part.strip() for part in line.partition(":"))
            ref = ExampleRef(rule, name, number)
            if not out:
                out.append(Statement("", "", (ref,), line=number))
                continue
            out[-1] = replace(out[-1], examples=(*out[-1].examples, ref))
            continue
        out.append(_statement(number, line))
    return out


def load_statements(root: Path) -> list[Statement]:
    """The statements listed in the project at `root` (none if the file is absent)."""
    path = root / STATEMENTS_FILE
    return parse_statements(path.read_text(encoding="utf-8")) if path.is_file() else []


def _rules_by_id(book: Iterable[FeatureDoc]) -> dict[str, tuple[FeatureDoc, RuleDoc]]:
    return {rule.id: (feature, rule) for feature in book for rule in feature.rules}


def find_example(rules: dict[str, tuple[FeatureDoc, RuleDoc]], ref: ExampleRef) -> ExampleDoc | None:
    """The Example `ref` names in the book whose Rules are `rules`, or `None`."""
    found = rules.get(ref.rule)
    if found is None:
        return None
    return next((example for example in found[1].examples if example.name == ref.name), None)


def _ref_problem(rules: dict[str, tuple[FeatureDoc, RuleDoc]], key: str, ref: ExampleRef) -> str | None:
    where = f"{STATEMENTS_FILE}:{ref.line}"
    if not ref.rule or not ref.name:
        return f"{where}: write an Example that checks {key or 'the statement'} as '<rule id>: <Example name>'"
    found = rules.get(ref.rule)
    if found is None:
        return f"{where}: the statement {key} names {ref.rule!r}, which no Rule carries"
    if find_example(rules, ref) is None:
        names = [example.name for example in found[1].examples]
        close = difflib.get_close_matches(ref.name, names, n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"{where}: the Rule {ref.rule} has no Example called {ref.name!r}{hint}"
    return None


def statement_problems(statements: Sequence[Statement], book: Iterable[FeatureDoc]) -> list[str]:
    """What must stop a strict build in the statements list (see the module's description)."""
    rules = _rules_by_id(book)
    where = STATEMENTS_FILE
    problems: list[str] = []
    if not statements:
        problems.append(f"{where}: no statement of the sources is listed")
    seen = Counter(s.key for s in statements if s.key)
    problems += [f"{where}: the statement {key} is listed {n} times" for key, n in seen.items() if n > 1]
    for s in statements:
        if not s.key:
            problems.append(f"{where}:{s.line}: an Example line with no statement above it")
            continue
        if "#" not in s.key or s.section not in SECTIONS:
            problems.append(f"{where}:{s.line}: {s.key!r} names no known source section (see sources.py)")
        if not s.gist:
            problems.append(f"{where}:{s.line}: the statement {s.key} says nothing")
        if s.misread is not None:
            problems.append(
                f"{where}:{s.line}: the statement {s.key}'s third field opens with none of "
                f"{', '.join(MARKS)} ({s.misread!r}); its Examples go on indented lines below it"
            )
        elif s.needs_examples and not s.examples:
            problems.append(
                f"{where}:{s.line}: no Example checks the statement {s.key}: list the Examples that check it "
                "on indented lines below it, or mark it 'not modelled:' or 'out of scope:'"
            )
        elif not s.needs_examples and s.examples:
            problems.append(f"{where}:{s.line}: the statement {s.key} is {s.status.value} yet lists Examples")
    problems += [p for s in statements for ref in s.examples if (p := _ref_problem(rules, s.key, ref)) is not None]
    return problems


def statement_counts(statements: Sequence[Statement]) -> dict[str, int]:
    r"""How many statements each source has, per status.

    Examples:
        >>> text = "000/swarming#1 | a\n    homm.swarming: x\n000/swarming#2 | b | out of scope: advice\n"
        >>> rows = parse_statements(text)
        >>> statement_counts(rows)
        {'000 checked': 1, '000 out of scope': 1}
    """
    counts: Counter[str] = Counter()
    for s in statements:
        counts[f"{s.key.partition('/')[0]} {s.status.value}"] += 1
    return dict(counts)


def _examples_cell(s: Statement, rules: dict[str, tuple[FeatureDoc, RuleDoc]]) -> str:
    links = []
    for ref in s.examples:
        example = find_example(rules, ref)
        if example is None:
            links.append(f"<code>{html.escape(ref.rule)}</code>: {html.escape(ref.name)} (missing)")
            continue
        page = feature_page(rules[ref.rule][0].path)
        links.append(f"[`{ref.rule}`]({page}#{ref.rule}): [{html.escape(ref.name)}]({page}#{example.anchor})")
    return "<br>".join(links) or "\u2014"


def _status_cell(s: Statement) -> str:
    if s.status is Status.CHECKED:
        return "checked"
    return f"{s.status.value}: {html.escape(s.note or '')}"


def render_statements(statements: Sequence[Statement], book: Iterable[FeatureDoc]) -> str:
    """The statements part of the coverage page: the counts, then one table per source text."""
    rules = _rules_by_id(book)
    broken = {s.key for s in statements for ref in s.examples if find_example(rules, ref) is None}
    unchecked = [s for s in statements if (s.needs_examples and not s.examples) or s.key in broken]
    status = Counter(s.status for s in statements if s not in unchecked)
    lines = [
        f'<p class="bb-summary">{len(statements)} statements of the sources: '
        f"{status[Status.CHECKED]} checked by the Examples listed beside them, "
        f"{status[Status.PARTLY]} partly checked, {status[Status.NOT_MODELLED]} not modelled, "
        f"{status[Status.OUT_OF_SCOPE]} out of scope, {len(unchecked)} unmapped.</p>",
        "",
        "Every statement of every source text is listed in `features/statements.txt`, in",
        "Battlebook's own words, with the worked Examples that check it. A statement no Example",
        "checks fails the build, unless it says why: the engine does not model it, or",
        "Battlebook leaves it aside on purpose. A statement its Examples check only in part says",
        "what they leave out.",
        "",
    ]
    for source in SOURCES.values():
        rows = [s for s in statements if s.key.startswith(f"{source.code}/")]
        if not rows:
            continue
        lines += [f"### Statements of source {source.code} {{ #statements-{source.code} }}", ""]
        lines += ["| Statement | Checked by | Status |", "| --- | --- | --- |"]
        for s in rows:
            lines.append(
                f"| <code>{s.key}</code> {html.escape(s.gist)} | {_examples_cell(s, rules)} | {_status_cell(s)} |"
            )
        lines.append("")
    return "\n".join(lines) + "\n"
