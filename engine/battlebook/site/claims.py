r"""Sentences of the prose that claim what a source says, and what checks each.

A feature's description, a Rule's description and a glossary definition are prose: nothing
runs them. A sentence of that prose that says what a source says ("the 2004 text says ...",
"the sources give ..."), states a number, or says what a player *must* do is a claim about
the sources, and a wrong one misleads a reader who trusts the page. Each such sentence must
be one of:

- Battlebook's reading, in so many words (it names Battlebook, a ruling, a reading, the
  alternative, the engine, the examples, best play, or values chosen for them), or a question;
- in a Rule's description (or the glossary definition of a term the Rule defines), when
  the Rule's Examples are mapped from a statement of the sources (`features/statements.txt`)
  and every number of the sentence appears in those Examples: the mapping checks it;
- listed in `features/claims.txt`, with the statements of the sources that say it (each
  checked by Examples, in part, or by construction), every number of the sentence in their
  gists or their Examples.

```text
features/homm/retaliation.feature: To **retaliate** it must survive the attack | 000/retaliations#2, 000/retaliations#3
```

Examples:
    >>> [s for s in claim_sentences("Battlebook reads 7. The text gives 7. It is red.")]
    ['The text gives 7.']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from battlebook.book.model import FeatureDoc, RuleDoc
from battlebook.site.glossary import Glossary
from battlebook.site.statements import STATEMENTS_FILE, ExampleRef, Statement, Status, find_example

#: Where the claims of the prose are mapped, relative to the project root.
CLAIMS_FILE = "features/claims.txt"

_ATTRIBUTION = re.compile(
    r"\b(?:texts?|sources?|rulebook|2004 game|2024 edition|later edition)\b[^.;:]*?"
    r"\b(?:say|says|said|state|states|give|gives|print|prints|name|names|call|calls|speak|speaks|show|shows|"
    r"ask|asks|let|lets|describe|describes|has|have)\b|\bthe sources'|\bthe texts'",
    re.IGNORECASE,
)
_MUST = re.compile(r"\bmust\b", re.IGNORECASE)
_CODE = re.compile(r"`[^`]*`")
_NUMBER = re.compile(r"(?<![\w/#.])\d+(?![\w/])")
_READING = re.compile(
    r"\bBattlebook|\bruling|\breading|\balternative|\bthe engine\b|\bchosen for\b|\bthe examples?\b|\bbest play\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(\[`\"])")


def _plain(text: str) -> str:
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return re.sub(r"\s+", " ", text).strip()


def sentences(text: str) -> list[str]:
    """The sentences of a piece of prose, its spaces and line breaks made single spaces (link targets dropped)."""
    return [s for s in _SENTENCE_END.split(_plain(text)) if s]


#: Numbers that name an edition, not a value.
_EDITIONS = {"2004", "2024"}


def numbers(sentence: str) -> list[str]:
    """The numbers a sentence states, outside code (an edition's year is a name, not one of them).

    Examples:
        >>> numbers("In the 2024 edition a roll of 6 beats `1A1` with 7 + 2; phase 10.")
        ['6', '7', '2', '10']
    """
    return [n for n in _NUMBER.findall(_CODE.sub("", sentence)) if n not in _EDITIONS]


def is_claim(sentence: str) -> bool:
    """Whether a sentence claims what a source says: an attribution, a number or a must, outside code."""
    bare = _CODE.sub("", sentence)
    return bool(_ATTRIBUTION.search(bare) or _MUST.search(bare) or numbers(sentence))


def is_reading(sentence: str) -> bool:
    """Whether a sentence is Battlebook's reading in so many words, or a question."""
    return bool(_READING.search(_CODE.sub("", sentence))) or sentence.rstrip("*").endswith("?")


#: How a paragraph that gives Battlebook's reading, or its alternative, opens (a ruling's parts).
_READING_PARAGRAPH = re.compile(r"^\*\*(?:Battlebook's reading|The alternative)\b")


def claim_sentences(text: str) -> Iterator[str]:
    """The sentences of `text` that claim what a source says and are not Battlebook's reading.

    A ruling's paragraphs that open with **Battlebook's reading.** or **The alternative.**
    are its reading throughout.
    """
    for paragraph in re.split(r"\n\s*\n", text):
        if _READING_PARAGRAPH.match(paragraph.strip()):
            continue
        for sentence in sentences(paragraph):
            if is_claim(sentence) and not is_reading(sentence):
                yield sentence


@dataclass(frozen=True)
class Claim:
    """A claim of the prose: where it is, the Rule whose description holds it (if any), and the sentence."""

    where: str
    sentence: str
    rule: RuleDoc | None = None


def book_claims(book: Iterable[FeatureDoc], glossary: Glossary | None = None) -> list[Claim]:
    """Every claim of the book's descriptions and the glossary's definitions (see the module).

    A glossary definition's claims belong to the Rule the term names, as a Rule description's do.
    """
    book = list(book)
    found: list[Claim] = []
    for feature in book:
        found += [Claim(feature.path, s) for s in claim_sentences(feature.description)]
        for rule in feature.rules:
            found += [Claim(feature.path, s, rule) for s in claim_sentences(rule.description)]
    rules = {rule.id: rule for feature in book for rule in feature.rules}
    for term in glossary.terms if glossary else ():
        found += [Claim(f"glossary:{term.term}", s, rules.get(term.rule)) for s in claim_sentences(term.definition)]
    return found


@dataclass(frozen=True)
class ClaimLine:
    """One line of the claims file: where the sentence is, how it opens, and the statements that say it."""

    where: str
    opening: str
    keys: tuple[str, ...]
    line: int


def parse_claims(text: str) -> list[ClaimLine]:
    """The lines of a claims file: `<where>: <opening of the sentence> | <key>, <key>`; `#` comments skipped."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, _, keys = line.rpartition("|")
        where, _, opening = head.partition(": ")
        out.append(ClaimLine(where.strip(), opening.strip(), tuple(k.strip() for k in keys.split(",") if k), number))
    return out


def load_claims(root: Path) -> list[ClaimLine]:
    """The claims file of the project at `root` (none if absent)."""
    path = root / CLAIMS_FILE
    return parse_claims(path.read_text(encoding="utf-8")) if path.is_file() else []


def _examples_text(refs: Iterable[ExampleRef], rules: dict[str, tuple[FeatureDoc, RuleDoc]]) -> str:
    parts = []
    for ref in refs:
        example = find_example(rules, ref)
        if example is not None:
            parts.append(example.name)
            parts += [f"{s.text} {s.docstring or ''} {s.table or ''}" for s in example.steps]
    return " ".join(parts)


def _has_numbers(sentence: str, text: str) -> list[str]:
    found = set(re.findall(r"\d+", text))
    return [n for n in numbers(sentence) if n not in found]


def claim_problems(
    claims: Sequence[Claim], lines: Sequence[ClaimLine], statements: Sequence[Statement], book: Iterable[FeatureDoc]
) -> list[str]:
    """Claims no mapping checks, claims file lines naming no claim or no checked statement (see the module)."""
    book = list(book)
    rules = {rule.id: (feature, rule) for feature in book for rule in feature.rules}
    by_key = {s.key: s for s in statements}
    mapped: dict[str, list[ExampleRef]] = {}
    for s in statements:
        if s.needs_examples:
            for ref in s.examples:
                mapped.setdefault(ref.rule, []).append(ref)
    problems: list[str] = []
    used: set[int] = set()
    for claim in claims:
        listed = next(
            (c for c in lines if c.where == claim.where and claim.sentence.startswith(c.opening) and c.opening), None
        )
        if listed is not None:
            used.add(listed.line)
            known = [by_key[k] for k in listed.keys if k in by_key]
            refs = [ref for s in known for ref in s.examples]
            text = " ".join(s.gist for s in known) + " " + _examples_text(refs, rules)
            missing = _has_numbers(claim.sentence, text)
            if missing:
                problems.append(
                    f"{CLAIMS_FILE}:{listed.line}: the statements listed do not give {', '.join(missing)}: "
                    f"{claim.sentence!r}"
                )
            continue
        if claim.rule is not None and claim.rule.id in mapped:
            missing = _has_numbers(claim.sentence, _examples_text(mapped[claim.rule.id], rules))
            if not missing:
                continue
        problems.append(
            f"{claim.where}: {claim.sentence!r} says what a source says, and nothing checks it: list it in "
            f"{CLAIMS_FILE} with the statements that say it, or write it as Battlebook's reading"
        )
    for c in lines:
        if c.line not in used:
            problems.append(f"{CLAIMS_FILE}:{c.line}: {c.opening!r} opens no claim of {c.where}")
        for key in c.keys:
            named = by_key.get(key)
            if named is None:
                problems.append(f"{CLAIMS_FILE}:{c.line}: {key!r} is no statement of {STATEMENTS_FILE}")
            elif named.status not in (Status.CHECKED, Status.PARTLY, Status.BY_CONSTRUCTION):
                status = named.status.value
                problems.append(f"{CLAIMS_FILE}:{c.line}: the statement {key} is {status}: it checks nothing")
        if not c.keys:
            problems.append(f"{CLAIMS_FILE}:{c.line}: name the statements that say it after '|'")
    return problems
