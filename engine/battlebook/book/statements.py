r"""The sources' statements, one by one, and the Rules whose examples check each.

A section of a source text holds many statements (a rule, a number, a step of a worked
example). `features/statements.txt` lists every one of them, in Battlebook's own words,
with the `@id` of each Rule that checks it, or says that it is out of scope and why:

```text
001/swatting#2 | the number of cards is announced before the roll | homm.swatting
000/swarming#7 | swarming stacks attract enemy fire | out of scope: advice on tactics, no rule
```

[`statement_problems`][battlebook.book.statements.statement_problems] is what stops a
strict site build: a statement mapped to nothing, to a Rule the book does not hold, or to
a Rule without examples; a key naming no known source section, or given twice.

Examples:
    >>> rows = parse_statements("001/swatting#1 | a swat hits several cards | homm.swatting\n")
    >>> rows[0].section, rows[0].rules, rows[0].is_out_of_scope
    ('001/swatting', ('homm.swatting',), False)
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from battlebook.book.links import feature_page
from battlebook.book.model import FeatureDoc, RuleDoc
from battlebook.book.sources import SECTIONS, SOURCES

#: Where the list lives, relative to the project root.
STATEMENTS_FILE = "features/statements.txt"
OUT_OF_SCOPE = "out of scope:"


@dataclass(frozen=True)
class Statement:
    """One statement of a source text.

    Attributes:
        key: `<source>/<section>#<n>`.
        gist: What it says, in Battlebook's words.
        rules: The `@id` of each Rule whose examples check it (empty when out of scope).
        out_of_scope: Why Battlebook leaves it aside, or `None`.
        line: Its line in the statements file.
    """

    key: str
    gist: str
    rules: tuple[str, ...]
    out_of_scope: str | None
    line: int

    @property
    def section(self) -> str:
        """The citation key of its section, `<source>/<section>`."""
        return self.key.partition("#")[0]

    @property
    def is_out_of_scope(self) -> bool:
        """Whether Battlebook deliberately leaves the statement aside."""
        return self.out_of_scope is not None


def parse_statements(text: str) -> list[Statement]:
    """The statements of a statements file's text; blank lines and `#` comments are skipped.

    A line that is not three `|`-separated fields is kept with no rules, so that it is
    reported as unmapped rather than lost.
    """
    out: list[Statement] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = (part.strip() for part in line.partition("|"))
        gist, _, mapped = (part.strip() for part in rest.partition("|"))
        if mapped.lower().startswith(OUT_OF_SCOPE):
            reason = mapped[len(OUT_OF_SCOPE) :].strip()
            out.append(Statement(key, gist, (), reason or "no reason given", number))
            continue
        rules = tuple(r.strip() for r in mapped.split(",") if r.strip())
        out.append(Statement(key, gist, rules, None, number))
    return out


def load_statements(root: Path) -> list[Statement]:
    """The statements listed in the project at `root` (none if the file is absent)."""
    path = root / STATEMENTS_FILE
    return parse_statements(path.read_text(encoding="utf-8")) if path.is_file() else []


def _rules_by_id(book: Iterable[FeatureDoc]) -> dict[str, tuple[FeatureDoc, RuleDoc]]:
    return {rule.id: (feature, rule) for feature in book for rule in feature.rules}


def statement_problems(statements: Sequence[Statement], book: Iterable[FeatureDoc]) -> list[str]:
    """What must stop a strict build in the statements list (see the module's description)."""
    rules = _rules_by_id(book)
    where = STATEMENTS_FILE
    problems: list[str] = []
    if not statements:
        problems.append(f"{where}: no statement of the sources is listed")
    seen = Counter(s.key for s in statements)
    problems += [f"{where}: the statement {key} is listed {n} times" for key, n in seen.items() if n > 1]
    for s in statements:
        if "#" not in s.key or s.section not in SECTIONS:
            problems.append(f"{where}:{s.line}: {s.key!r} names no known source section (see sources.py)")
        if not s.gist:
            problems.append(f"{where}:{s.line}: the statement {s.key} says nothing")
        if not s.rules and not s.is_out_of_scope:
            problems.append(f"{where}:{s.line}: the statement {s.key} maps to no Rule and is not out of scope")
        for rule_id in s.rules:
            found = rules.get(rule_id)
            if found is None:
                problems.append(f"{where}:{s.line}: the statement {s.key} names {rule_id!r}, which no Rule carries")
            elif not found[1].examples:
                problems.append(f"{where}:{s.line}: the statement {s.key} names {rule_id}, which has no example")
    return problems


def statement_counts(statements: Sequence[Statement]) -> dict[str, int]:
    r"""How many statements are checked by examples, and how many are out of scope, per source code.

    Examples:
        >>> rows = parse_statements("000/swarming#1 | a | homm.swarming\n000/swarming#2 | b | out of scope: advice\n")
        >>> statement_counts(rows)
        {'000 checked': 1, '000 out of scope': 1}
    """
    counts: Counter[str] = Counter()
    for s in statements:
        code = s.key.partition("/")[0]
        counts[f"{code} {'out of scope' if s.is_out_of_scope else 'checked'}"] += 1
    return dict(counts)


def render_statements(statements: Sequence[Statement], book: Iterable[FeatureDoc]) -> str:
    """The statements part of the coverage page: a count, then one table per source text."""
    rules = _rules_by_id(book)
    checked = [s for s in statements if not s.is_out_of_scope]
    unmapped = [s for s in checked if not s.rules or any(r not in rules for r in s.rules)]
    lines = [
        f'<p class="bb-summary">{len(statements)} statements of the sources: '
        f"{len(checked) - len(unmapped)} checked by the examples of the rules they map to, "
        f"{len(statements) - len(checked)} out of scope, {len(unmapped)} unmapped.</p>",
        "",
        "Every statement of every source text is listed in `features/statements.txt`, in",
        "Battlebook's own words, with the rules whose worked examples check it. A statement",
        "that maps to nothing fails the build; one Battlebook leaves aside on purpose says why.",
        "",
    ]
    for source in SOURCES.values():
        rows = [s for s in statements if s.key.startswith(f"{source.code}/")]
        if not rows:
            continue
        lines += [f"### Statements of source {source.code} {{ #statements-{source.code} }}", ""]
        lines += ["| Statement | Checked by | Examples |", "| --- | --- | --- |"]
        for s in rows:
            if s.is_out_of_scope:
                cell, count = f"out of scope: {html.escape(s.out_of_scope or '')}", "\u2014"
            else:
                found = [rules[r] for r in s.rules if r in rules]
                cell = ", ".join(f"[`{rule.id}`]({feature_page(f.path)}#{rule.id})" for f, rule in found) or "\u2014"
                count = str(sum(len(rule.examples) for _, rule in found))
            lines.append(f"| <code>{s.key}</code> {html.escape(s.gist)} | {cell} | {count} |")
        lines.append("")
    return "\n".join(lines) + "\n"
