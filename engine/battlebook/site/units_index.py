"""The index of every game's cards (HoMM's units, Heroscape's army cards): stats, sources, where they fight.

Stats come from the engine's data, never typed here:

- each registered game's [known cards][battlebook.game.Game.known_cards]: the stats its
  source texts give (and, where the game says so, the illustrative rest), with the section
  of the source texts that gives each;
- every unit or card an example defines in a table ("these units, defined for this example
  only"): illustrative, for the examples, with the chapters that define it, under the game
  its file declares ([`FeatureDoc.declared`][battlebook.book.model.FeatureDoc.declared]); a value the source
  texts give is marked as theirs, with the same section.

Each card gets a line per distinct set of stats (the chapters defining the same set share its
line), with a mark on each value the source texts give, naming the section that gives it.
Each entry links to every example whose battle has the unit or card.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from battlebook.book.links import feature_page
from battlebook.book.model import ExampleDoc, FeatureDoc, StepDoc
from battlebook.book.prose import markdown_text
from battlebook.book.sources import SECTIONS
from battlebook.games import GAMES

DEFINED = re.compile(r"^these (units|army cards), defined for this example only:?$")
#: Values a table or the engine may give a yes-or-no stat, in a player's words (`None`: left out).
_YES_NO = {"yes": "yes", "true": "yes", "no": None, "false": None, "none": None}
#: What the row of a game's own card says where an example's row lists its chapters.
OWN_CARD = "Battlebook's card"


@dataclass(frozen=True)
class Stat:
    """One stat of a card as the page shows it: its name, its value in words, and where the value comes from.

    Attributes:
        name: The stat's name (`defense`).
        value: Its value, in a player's words (`13`, `yes`).
        cited: Where the source texts give it: a section key (`000/swarming`), or the game's own
            note on its cards when it names no section; empty when the value is illustrative.
    """

    name: str
    value: str
    cited: str = ""


@dataclass
class Definition:
    """A distinct set of stats for a unit or card: the game's own card, or the chapters whose examples define it."""

    stats: tuple[Stat, ...]
    own: bool = False
    chapters: list[FeatureDoc] = field(default_factory=list)


@dataclass
class Entry:
    """One unit or army card of the index."""

    game: str
    name: str
    names: tuple[str, ...]
    definitions: list[Definition] = field(default_factory=list)
    examples: list[tuple[FeatureDoc, ExampleDoc]] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        """The entry's anchor: `unit-gold-golem`."""
        return "unit-" + re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")

    def define(self, stats: tuple[Stat, ...], chapter: FeatureDoc | None = None) -> None:
        """Add a set of stats (the game's own card when `chapter` is `None`); the same set twice is one row."""
        key = frozenset(stats)
        found = next((d for d in self.definitions if frozenset(d.stats) == key), None)
        if found is None:
            found = Definition(stats)
            self.definitions.append(found)
        if chapter is None:
            found.own = True
        elif all(c.path != chapter.path for c in found.chapters):
            found.chapters.append(chapter)


def in_words(value: str) -> str | None:
    """A stat's value as a player reads it: a yes-or-no stat says `yes`, or is left out (`None`).

    Examples:
        >>> in_words(" 7 "), in_words("True"), in_words("yes"), in_words("False"), in_words("no"), in_words("")
        ('7', 'yes', 'yes', None, None, None)
    """
    shown = value.strip()
    return _YES_NO.get(shown.lower(), shown) or None


def _steps(feature: FeatureDoc) -> Iterable[tuple[ExampleDoc, tuple[StepDoc, ...], str | None]]:
    """Each example of `feature` with every step it runs and the game it declares."""
    for rule, example in feature.examples():
        steps = (*feature.background, *(rule.background if rule else ()), *example.steps)
        yield example, steps, feature.declared(rule, example).game


def _text(steps: Sequence[StepDoc]) -> str:
    parts: list[str] = []
    for step in steps:
        parts.append(step.text)
        parts += [" | ".join(row) for row in step.table or ()]
        parts.append(step.docstring or "")
    return "\n".join(parts)


def sourced_value(game: str, name: str, stat: str) -> str | None:
    """The value the source texts give for `stat` of a known card of `game` (by any of its names), or `None`.

    Examples:
        >>> first = next(iter(GAMES.values()))
        >>> card = first.known_cards()[0]
        >>> stat, value = card.sourced[0]
        >>> sourced_value(first.name, card.name, stat) == value, sourced_value(first.name, card.name, "nothing")
        (True, None)
    """
    for card in GAMES[game].known_cards():
        if name in card.names or name.removesuffix("s") in card.names:
            return dict(card.sourced).get(stat)
    return None


def citation(game: str, name: str, stat: str) -> str:
    """Where the source texts give `stat` of a known card of `game`: the section's key, else the game's note.

    Examples:
        >>> first = next(iter(GAMES.values()))
        >>> card = first.known_cards()[0]
        >>> stat, section = card.sections[0]
        >>> citation(first.name, card.name, stat) == section, citation(first.name, card.name, "nothing")
        (True, '')
    """
    for card in GAMES[game].known_cards():
        if name in card.names or name.removesuffix("s") in card.names:
            if stat not in dict(card.sourced):
                return ""
            return dict(card.sections).get(stat) or card.origin
    return ""


def _example_stats(game: str, name: str, cells: dict[str, str]) -> tuple[Stat, ...]:
    stats: list[Stat] = []
    for stat, raw in cells.items():
        value = in_words(raw)
        if stat in ("name", "figure") or value is None:
            continue
        cited = citation(game, name, stat) if sourced_value(game, name, stat) == value else ""
        stats.append(Stat(stat, value, cited))
    return tuple(stats)


def _mentions(name: str) -> re.Pattern[str]:
    return re.compile(r"\b" + re.escape(name) + r"(s|es)?\b")


def units_index(book: Sequence[FeatureDoc]) -> list[Entry]:
    """Every known or example-defined unit and army card, with its distinct sets of stats and the examples using it."""
    entries: dict[tuple[str, str], Entry] = {}
    for name, registered in GAMES.items():
        for card in registered.known_cards():
            entry = entries[name, card.name] = Entry(name, card.name, card.names)
            stats = (Stat(k, shown, citation(name, card.name, k)) for k, v in card.stats if (shown := in_words(v)))
            entry.define(tuple(stats))
    for feature in book:
        for _, steps, game in _steps(feature):
            if game is None:
                continue
            for step in steps:
                if not DEFINED.match(step.text) or not step.table:
                    continue
                header, *rows = step.table
                for row in rows:
                    cells = dict(zip(header, row, strict=False))
                    name = cells.get("name", "").strip()
                    if not name:
                        continue
                    figure = cells.get("figure", "").strip()
                    entry = entries.setdefault((game, name), Entry(game, name, tuple(n for n in (name, figure) if n)))
                    entry.define(_example_stats(game, name, cells), feature)
    for feature in book:
        for example, steps, game in _steps(feature):
            text = _text(steps)
            for entry in entries.values():
                if entry.game == game and any(_mentions(n).search(text) for n in entry.names):
                    entry.examples.append((feature, example))
    order = list(GAMES)
    return sorted(entries.values(), key=lambda e: (order.index(e.game), e.name.lower()))


def _chapter_url(feature: FeatureDoc, here: str) -> str:
    """The link from `here` to a feature's page: its page's own address (a file or folder name is never written raw)."""
    return posixpath.relpath("rulebook/" + feature_page(feature.path), posixpath.dirname(here))


def _unique(anchor: str, taken: set[str]) -> str:
    """`anchor`, or the first of `anchor-2`, `anchor-3`... that no other entry took; remembered as taken.

    Names of punctuation alone, or differing in punctuation or case, slug alike.

    Examples:
        >>> taken = set()
        >>> _unique("unit-a", taken), _unique("unit-a", taken), _unique("unit-", taken)
        ('unit-a', 'unit-a-2', 'unit-unnamed')
    """
    base = anchor if anchor.strip("-") != "unit" else "unit-unnamed"
    found, number = base, 1
    while found in taken:
        number += 1
        found = f"{base}-{number}"
    taken.add(found)
    return found


def _cited_words(cited: str) -> str:
    """A citation in a reader's words: the section's own citation, or the game's note as it is."""
    section = SECTIONS.get(cited)
    return section.citation() if section else cited


class _Marks:
    """The page's source marks, `S1`, `S2`...: one per citation, numbered in the order of the source texts' sections."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        cited = {s.cited for e in entries for d in e.definitions for s in d.stats if s.cited}
        order = {key: n for n, key in enumerate(SECTIONS)}
        ranked = sorted(cited, key=lambda c: (order.get(c, len(order)), c))
        self.numbers = {c: n for n, c in enumerate(ranked, start=1)}

    def anchor(self, cited: str) -> str:
        """The anchor of a citation's entry in the key: `stat-source-3`."""
        return f"stat-source-{self.numbers[cited]}"

    def mark(self, cited: str) -> str:
        """The mark after a sourced value: a link to its entry in the key, named in full for screen readers."""
        label = f"S{self.numbers[cited]}"
        words = html.escape(f"{label}: given by the source texts, {_cited_words(cited)}")
        link = f'class="bb-stat-source" href="#{self.anchor(cited)}" title="{words}" aria-label="{words}"'
        return f"<a {link}><sup>{label}</sup></a>"

    def key(self, entries: Iterable[Entry]) -> list[str]:
        """The key to the marks these entries use: each citation's mark, in full."""
        used = {s.cited for e in entries for d in e.definitions for s in d.stats if s.cited}
        return [
            f'- <strong id="{self.anchor(c)}">S{n}</strong>: {markdown_text(_cited_words(c))}'
            for c, n in self.numbers.items()
            if c in used
        ]


def _stat(stat: Stat, marks: _Marks) -> str:
    """A stat in a player's words, `defense 13`, with the mark of its source when the source texts give it.

    A yes-or-no stat that holds is its name alone (`hero`).
    """
    words = markdown_text(stat.name if stat.value == "yes" else f"{stat.name} {stat.value}")
    return words + (marks.mark(stat.cited) if stat.cited else "")


def _definitions(entry: Entry, marks: _Marks, here: str) -> list[str]:
    """A line per distinct set of stats: the stats, then where the set is defined."""
    lines: list[str] = []
    for definition in entry.definitions:
        stats = ", ".join(_stat(s, marks) for s in definition.stats) or "no stats"
        chapters = ", ".join(f"[{markdown_text(c.name)}]({_chapter_url(c, here)})" for c in definition.chapters)
        where = [f"*{OWN_CARD}*"] if definition.own else []
        where += [f"defined in {chapters}"] if chapters else []
        lines += [f"- {stats} — {'; '.join(where)}"]
    return [*lines, ""] if lines else []


def render_units_index(entries: Sequence[Entry], here: str) -> str:
    """The index page at `here` (`reference/units.md`): a section per game, an entry per unit or card.

    Under each game's heading, a key lists the sections of the source texts its marks name.
    """
    kinds = " and ".join(f"{game.card_noun} ({game.title})" for game in GAMES.values())
    lines = [
        "# " + " and ".join(f"{game.card_noun}s" for game in GAMES.values()).capitalize(),
        "",
        f"Every {kinds} the examples use, with its stats and where each value comes from. "
        "A line per set of stats, then where it is defined: "
        f"*{OWN_CARD}*, which any example may use, or the chapters whose examples define "
        "that set for themselves. Each entry links to the examples whose battle has it.",
        "",
        "A value followed by a mark such as **S1** is given by the source texts: the mark names the "
        "section, listed under the game's heading. A value without a mark is *illustrative*, chosen by "
        "Battlebook or an example for the examples (see [Outside facts](outside-facts.md)).",
        "",
    ]
    taken = {f"units-{name}" for name in GAMES}
    marks = _Marks(entries)
    for name, registered in GAMES.items():
        played = [e for e in entries if e.game == name]
        lines += [f"## {registered.title} {registered.card_noun}s {{ #units-{name} }}", ""]
        if key := marks.key(played):
            lines += ["The marks name these sections of the source texts:", "", *key, ""]
        for entry in played:
            lines += [f"### {markdown_text(entry.name)} {{ #{_unique(entry.anchor, taken)} }}", ""]
            lines += _definitions(entry, marks, here)
            lines += _used_in(entry, here)
    return "\n".join(lines) + "\n"


def _used_in(entry: Entry, here: str) -> list[str]:
    by_chapter: dict[str, list[str]] = {}
    for feature, example in entry.examples:
        link = f"[{markdown_text(example.name)}]({_chapter_url(feature, here)}#{example.anchor})"
        by_chapter.setdefault(feature.name, []).append(link)
    count = sum(len(v) for v in by_chapter.values())
    if not count:
        return []
    lines = [f'??? example "Used in {count} example{"s" if count > 1 else ""}"', ""]
    for chapter, links in by_chapter.items():
        lines += [f"    - **{markdown_text(chapter)}**: " + "; ".join(links)]
    return [*lines, ""]
