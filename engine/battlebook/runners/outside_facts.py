"""Which worked examples rest on each illustrative stat of the games' known cards (today, Heroscape's army cards).

The sources give only a few stats of the cards of their worked examples; a game may fill
in the rest with illustrative values: each [known card][battlebook.game.Game.known_cards]
says which of its stats the sources give. An example *rests on* an illustrative value when
changing it changes the example's outcome. This module finds them by mutation: each value
is set to its least, one lower, one higher and ten higher (a double-space card becomes a
single-space one, and the reverse), the examples that name the card are run with the
changed card (the run's card changes, in-process, through
[`run_check`][battlebook.runners.check.run_check]), and every example that no longer passes
is listed.

The page *Outside facts* (`docs/reference/outside-facts.md`) carries the table between two
markers; `make facts` writes it, and `tests/unit/test_outside_facts.py` checks, row by row,
that the page says what the mutation finds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from battlebook.book.model import FeatureDoc, StepDoc, feature_paths, load_book
from battlebook.book.prose import markdown_text
from battlebook.game import KnownCard
from battlebook.games import GAMES
from battlebook.runners.check import run_check

#: The page, relative to the project root, and the markers around its generated table.
PAGE = "docs/reference/outside-facts.md"
START = "<!-- generated: the examples resting on each illustrative card stat (make facts) -->"
END = "<!-- /generated -->"
#: The step that lists every known card's stats: its examples rest on every value by design.
ALL_CARDS_STEP = re.compile(r"^the army cards known (to the engine|from the printed cards) read:$")
#: Above this many examples in all, a row counts them per chapter; above `PER_CHAPTER` in one chapter, that chapter's.
MANY = 12
PER_CHAPTER = 4
#: The smallest value each stat may take.
LOWEST = {"figures": 1, "life": 1, "spaces": 1}


@dataclass(frozen=True)
class CardFact:
    """One illustrative stat of a known card, and the examples resting on it.

    Attributes:
        card: The card's name.
        stat: The stat (`range`, `spaces`, ...).
        value: Its value on the known card.
        resting: The examples whose outcome changes with it: (chapter title, example name).
    """

    card: str
    stat: str
    value: int
    resting: tuple[tuple[str, str], ...] = ()


def known_cards() -> dict[str, KnownCard]:
    """Every registered game's known cards, by name, in the registry's order."""
    return {card.name: card for game in GAMES.values() for card in game.known_cards()}


def illustrative_stats() -> Iterator[tuple[str, str, int]]:
    """Every (card, stat, value) of the known cards, numbers the sources do not give, in card order.

    Examples:
        >>> ("Zettian Guards", "range", 7) in list(illustrative_stats())
        False
        >>> ("Zettian Guards", "figures", 2) in list(illustrative_stats())
        True
    """
    for card in known_cards().values():
        for stat, value in card.stats:
            if value.isdigit() and (stat, value) not in card.sourced:
                yield card.name, stat, int(value)


def mutations(stat: str, value: int) -> tuple[int, ...]:
    """The other values a stat is tried with: its least, one lower, one higher and ten higher.

    Examples:
        >>> mutations("range", 8), mutations("figures", 1), mutations("spaces", 2)
        ((0, 7, 9, 18), (2, 11), (1,))
    """
    if stat == "spaces":
        return (1 if value == 2 else 2,)
    least = LOWEST.get(stat, 0)
    return tuple(sorted({v for v in (least, value - 1, value + 1, value + 10) if v >= least} - {value}))


def _names(book: Sequence[FeatureDoc], card: str) -> list[FeatureDoc]:
    words = re.compile(r"\b(" + "|".join(map(re.escape, known_cards()[card].names)) + r")s?\b")
    found = []
    for feature in book:
        texts = [
            s.text + " ".join(" ".join(r) for r in s.table or ()) + (s.docstring or "") for s in _all_steps(feature)
        ]
        if any(words.search(t) for t in texts):
            found.append(feature)
    return found


def _all_steps(feature: FeatureDoc) -> Iterator[StepDoc]:
    yield from feature.background
    for rule in feature.rules:
        yield from rule.background
    for _, example in feature.examples():
        yield from example.steps


def resting_on(root: Path, card: str, stat: str, value: int, book: Sequence[FeatureDoc] | None = None) -> CardFact:
    """The examples of the rulebook at `root` whose outcome changes with the card's `stat` (see the module)."""
    book = load_book(feature_paths([root / "features"]), root) if book is None else book
    files = [root / feature.path for feature in _names(book, card)]
    resting: dict[tuple[str, str], None] = {}
    for other in mutations(stat, value):
        report = run_check(files, root, card_changes=[f"{card}:{stat}={other}"])
        for doc, examples in report.features:
            for checked in examples:
                if checked.kind == "passed" or any(ALL_CARDS_STEP.match(s.text) for s in checked.example.steps):
                    continue
                resting[doc.name, checked.example.name] = None
    order = {(f.name, e.name): i for i, (f, e) in enumerate((f, e) for f in book for _, e in f.examples())}
    return CardFact(card, stat, value, tuple(sorted(resting, key=lambda k: order.get(k, 0))))


def _value(fact: CardFact) -> str:
    if fact.stat == "spaces":
        return "2 (double-space)" if fact.value == 2 else "1"
    return str(fact.value)


def _examples(fact: CardFact) -> str:
    if not fact.resting:
        return "none"
    chapters: dict[str, list[str]] = {}
    for chapter, name in fact.resting:
        chapters.setdefault(chapter, []).append(name)
    parts = []
    many = len(fact.resting) > MANY
    for chapter, names in chapters.items():
        if many or len(names) > PER_CHAPTER:
            shown = f"{len(names)} example{'s' if len(names) > 1 else ''}"
        else:
            shown = ", ".join(f'"{markdown_text(n)}"' for n in names)
        parts.append(f"*{markdown_text(chapter)}*: {shown}")
    total = f"{len(fact.resting)} examples: " if many else ""
    return total + "; ".join(parts)


def card_row(fact: CardFact) -> str:
    """The page's table row for one illustrative stat."""
    return f"| {fact.card} | {fact.stat.capitalize()} | {_value(fact)} | {_examples(fact)} |"


def card_table(facts: Sequence[CardFact]) -> str:
    """The generated table of the page, markers included."""
    rows = [card_row(fact) for fact in facts]
    header = ["| Card | Stat | Value | Examples whose outcome rests on it |", "| --- | --- | --- | --- |"]
    return "\n".join([START, "", *header, *rows, "", END])


def write_page(root: Path) -> Path:
    """Work out every row by mutation and write the table into the page between its markers (`make facts`)."""
    book = load_book(feature_paths([root / "features"]), root)
    facts = [resting_on(root, card, stat, value, book) for card, stat, value in illustrative_stats()]
    path = root / PAGE
    text = path.read_text(encoding="utf-8")
    start, end = text.index(START), text.index(END) + len(END)
    path.write_text(text[:start] + card_table(facts) + text[end:], encoding="utf-8")
    return path
