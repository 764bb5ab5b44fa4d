"""The index of every game's cards (HoMM's units, Heroscape's army cards): stats, sources, where they fight.

Stats come from the engine's data, never typed here:

- each registered game's [known cards][battlebook.game.Game.known_cards]: the stats its
  source texts give (and, where the game says so, the illustrative rest), with the section
  of the source texts that gives each;
- every unit or card an example defines in a table ("these units, defined for this example
  only"): illustrative, for the examples, with the chapters that define it, under the game
  its file declares ([`FeatureDoc.declared`][battlebook.book.model.FeatureDoc.declared]); a value the source
  texts give is marked as theirs, with the same section.

The page holds one table per registered game (its columns are the stats that game's cards
and examples give, in the order they first appear). Each card gets a row per distinct set of
stats (the chapters defining the same set share its row); each value carries a mark: the
section of the source texts that gives it, or *illustrative*. Each row links to every example
whose battle has the unit or card with that set of stats. A small script of the site
(`javascripts/sort-table.js`) sorts a table by any column; without it the table is plain.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from battlebook.book.links import feature_page
from battlebook.book.model import ExampleDoc, FeatureDoc, StepDoc
from battlebook.book.prose import html_text
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
    """A distinct set of stats for a unit or card: the game's own card, or the chapters whose examples define it.

    `examples` are the examples whose battle has the unit or card with these stats: those whose
    own steps define this set, else (where they define none) those of a chapter defining it,
    else those using the game's own card.
    """

    stats: tuple[Stat, ...]
    own: bool = False
    chapters: list[FeatureDoc] = field(default_factory=list)
    examples: list[tuple[FeatureDoc, ExampleDoc]] = field(default_factory=list)


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

    def define(self, stats: tuple[Stat, ...], chapter: FeatureDoc | None = None) -> Definition:
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
        return found

    def used_in(self, feature: FeatureDoc, example: ExampleDoc, defined: Definition | None) -> None:
        """Record that `example` has this unit or card, with the set of stats its own steps define (if any)."""
        self.examples.append((feature, example))
        chosen = defined or next(
            (d for d in self.definitions if any(c.path == feature.path for c in d.chapters)),
            next((d for d in self.definitions if d.own), self.definitions[0] if self.definitions else None),
        )
        if chosen is not None:
            chosen.examples.append((feature, example))


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
    """What the steps put in the battle: a table defining units for the example places none of them."""
    parts: list[str] = []
    for step in steps:
        if "defined for this example only" in step.text:
            continue
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
    #: The set of stats each example's own steps define, by the example and the entry's key.
    defined: dict[tuple[int, tuple[str, str]], Definition] = {}
    for feature in book:
        for example, steps, game in _steps(feature):
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
                    defined[id(example), (game, name)] = entry.define(_example_stats(game, name, cells), feature)
    for feature in book:
        for example, steps, game in _steps(feature):
            text = _text(steps)
            for key, entry in entries.items():
                if entry.game == game and any(_mentions(n).search(text) for n in entry.names):
                    entry.used_in(feature, example, defined.get((id(example), key)))
    order = list(GAMES)
    return sorted(entries.values(), key=lambda e: (order.index(e.game), e.name.lower()))


def _page_address(uri: str) -> str:
    """A page's address in the built site: `reference/units.md` -> `reference/units/`."""
    return uri.removesuffix(".md").removesuffix("index").rstrip("/") + "/"


def _chapter_href(feature: FeatureDoc, here: str, anchor: str = "") -> str:
    """The address of a feature's page (at `anchor`) from the page `here`: its page's own address, escaped."""
    target = _page_address("rulebook/" + feature_page(feature.path))
    href = posixpath.relpath(target, _page_address(here)) + "/" + (f"#{anchor}" if anchor else "")
    return html_text(href)


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


#: The page of outside facts (the illustrative stats' examples), which the key links.
OUTSIDE_FACTS = "reference/outside-facts.md"
#: The anchor of the key's line on illustrative values, under a game's table (`stat-illustrative-homm`).
ILLUSTRATIVE = "stat-illustrative-{game}"
#: The words a screen reader and a tooltip give the mark of an illustrative value.
ILLUSTRATIVE_WORDS = "illustrative: not given by the source texts, chosen by Battlebook or an example"


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

    def mark(self, cited: str, game: str) -> str:
        """The mark after a value: a link to its source's entry in the key, or to the key's line on illustrative values.

        Each is named in full for screen readers and in its tooltip.
        """
        if not cited:
            words = html_text(ILLUSTRATIVE_WORDS)
            anchor = ILLUSTRATIVE.format(game=game)
            link = f'class="bb-stat-illustrative" href="#{anchor}" title="{words}" aria-label="{words}"'
            return f"<a {link}><sup>i</sup></a>"
        label = f"S{self.numbers[cited]}"
        words = html_text(f"{label}: given by the source texts, {_cited_words(cited)}")
        link = f'class="bb-stat-source" href="#{self.anchor(cited)}" title="{words}" aria-label="{words}"'
        return f"<a {link}><sup>{label}</sup></a>"

    def key(self, entries: Iterable[Entry], game: str, here: str) -> list[str]:
        """The key to the marks these entries use, as a list left out of the search: each citation in full, then `i`."""
        used = {s.cited for e in entries for d in e.definitions for s in d.stats}
        items = [
            f'<li><strong id="{self.anchor(c)}">S{n}</strong>: {html_text(_cited_words(c))}</li>'
            for c, n in self.numbers.items()
            if c in used
        ]
        if "" in used:
            facts = html_text(posixpath.relpath(_page_address(OUTSIDE_FACTS), _page_address(here)) + "/")
            items.append(
                f'<li><strong id="{ILLUSTRATIVE.format(game=game)}">i</strong>: <em>illustrative</em>, not given '
                "by the source texts: chosen by Battlebook or an example for the examples "
                f'(see <a href="{facts}">Outside facts</a>)</li>'
            )
        return [f'<ul class="bb-stat-key" data-search-exclude>{"".join(items)}</ul>'] if items else []


def columns(entries: Iterable[Entry]) -> list[str]:
    """The stats these entries give, each once, in the order they first appear (the game's own cards first)."""
    found: dict[str, None] = {}
    for entry in entries:
        for definition in entry.definitions:
            found |= dict.fromkeys(stat.name for stat in definition.stats)
    return list(found)


def _sort_key(value: str) -> str:
    """A cell's value for sorting: a whole number as it is, any other text in lower case."""
    return value if re.fullmatch(r"-?\d+", value) else value.lower()


def _cell(stat: Stat | None, marks: _Marks, game: str) -> str:
    """A stat's cell: its value and its mark, or a dash where the row gives no such stat."""
    if stat is None:
        return '<td data-sort=""><span aria-hidden="true">–</span><span class="bb-sr">none</span></td>'
    value = html_text(stat.value)
    return f'<td data-sort="{html_text(_sort_key(stat.value))}">{value}{marks.mark(stat.cited, game)}</td>'


def _where(definition: Definition, here: str) -> str:
    """Where a row's stats are set: the game's own card, and the chapters whose examples define them."""
    parts = [OWN_CARD] if definition.own else []
    parts += [f'<a href="{_chapter_href(c, here)}">{html_text(c.name)}</a>' for c in definition.chapters]
    count = len(definition.chapters) + definition.own
    return f'<td class="bb-set-by" data-sort="{count}">{", ".join(parts)}</td>'


def _used_in(definition: Definition, here: str) -> str:
    """A row's examples, folded, grouped by chapter: the links to every example whose battle has these stats."""
    count = len(definition.examples)
    if not count:
        return '<td class="bb-used" data-sort="0">none</td>'
    by_chapter: dict[str, tuple[FeatureDoc, list[str]]] = {}
    for feature, example in definition.examples:
        link = f'<a href="{_chapter_href(feature, here, example.anchor)}">{html_text(example.name)}</a>'
        by_chapter.setdefault(feature.path, (feature, []))[1].append(link)
    items = "".join(
        f"<li><strong>{html_text(feature.name)}</strong>: {'; '.join(links)}</li>"
        for feature, links in by_chapter.values()
    )
    summary = f"{count} example{'s' if count > 1 else ''}"
    folded = f'<details class="bb-used-in"><summary>{summary}</summary><ul>{items}</ul></details>'
    return f'<td class="bb-used" data-sort="{count}">{folded}</td>'


def _table(game: str, entries: Sequence[Entry], marks: _Marks, taken: set[str], here: str) -> list[str]:
    """A game's table: a row per distinct set of stats of each of its cards, a column per stat."""
    registered = GAMES[game]
    stats = columns(entries)
    noun = registered.card_noun
    head = "".join(
        f'<th scope="col">{html_text(name)}</th>' for name in (noun.capitalize(), *stats, "Stats set by", "Used in")
    )
    rows: list[str] = []
    for entry in entries:
        anchor = _unique(entry.anchor, taken)
        for number, definition in enumerate(entry.definitions):
            given = {stat.name: stat for stat in definition.stats}
            ident = f' id="{anchor}" class="bb-entry"' if number == 0 else ""
            cells = "".join(_cell(given.get(name), marks, game) for name in stats)
            name = f'<th scope="row" data-sort="{html_text(entry.name.lower())}">{html_text(entry.name)}</th>'
            rows.append(f"<tr{ident}>{name}{cells}{_where(definition, here)}{_used_in(definition, here)}</tr>")
    label = html_text(f"{registered.title} {noun}s")
    return [
        f'<div class="bb-units-scroll" role="region" aria-label="{label}, sortable table" tabindex="0">',
        f'<table class="bb-units" data-bb-sortable data-game="{html_text(game)}">',
        f"<thead><tr>{head}</tr></thead>",
        f"<tbody>{''.join(rows)}</tbody>",
        "</table>",
        "</div>",
        "",
    ]


def render_units_index(entries: Sequence[Entry], here: str) -> str:
    """The index page at `here` (`reference/units.md`): a table per game, a row per distinct set of a card's stats.

    Under each game's table, a key lists the sections of the source texts its marks name, and
    the illustrative mark.
    """
    kinds = " and ".join(f"{game.card_noun} ({game.title})" for game in GAMES.values())
    lines = [
        "# " + " and ".join(f"{game.card_noun}s" for game in GAMES.values()).capitalize(),
        "",
        f"Every {kinds} the examples use, with its stats and where each value comes from, in a table "
        "per game: a row per set of stats, then where it is set "
        f"(*{OWN_CARD}*, which any example may use, or the chapters whose examples define that set "
        "for themselves) and the examples whose battle has it. Sort a table by any column with the "
        "button in its heading.",
        "",
        "A value marked **S1**, **S2**... is given by the source texts: the mark names the section, "
        "listed under the game's table. A value marked **i** is *illustrative*, chosen by Battlebook "
        "or an example for the examples (see [Outside facts](outside-facts.md)).",
        "",
    ]
    taken = {f"units-{name}" for name in GAMES} | {ILLUSTRATIVE.format(game=name) for name in GAMES}
    marks = _Marks(entries)
    for name, registered in GAMES.items():
        played = [e for e in entries if e.game == name]
        lines += [f"## {registered.title} {registered.card_noun}s {{ #units-{name} }}", ""]
        if not played:
            lines += [f"No {registered.card_noun} yet.", ""]
            continue
        lines += _table(name, played, marks, taken, here)
        lines += ["The marks:", "", *marks.key(played, name, here), ""]
    return "\n".join(lines) + "\n"
