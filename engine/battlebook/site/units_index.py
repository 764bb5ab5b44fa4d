"""The index of every game's cards (HoMM's units, Heroscape's army cards): stats, where each comes from, where they fight.

Stats come from the engine's data, never typed here:

- each registered game's [known cards][battlebook.game.Game.known_cards]: the stats its
  source texts give (and, where the game says so, the illustrative rest), with where they
  come from;
- every unit or card an example defines in a table ("these units, defined for this example
  only"): illustrative, for the examples, with the chapter that defines it, under the game
  its file plays ([`feature_game`][battlebook.language.grammar.feature_game]); a value the source texts
  give is labelled as theirs.

Each entry links to every example whose battle has the unit or card.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from battlebook.book.model import ExampleDoc, FeatureDoc, StepDoc
from battlebook.book.links import feature_page
from battlebook.book.prose import markdown_text
from battlebook.games import GAMES
from battlebook.language.grammar import book_games
#: How an example's own value that the source texts give is labelled on the page.
GIVEN = "Given by the source texts"
ILLUSTRATIVE = "Illustrative, for the examples"
DEFINED = re.compile(r"^these (units|army cards), defined for this example only:?$")


@dataclass(frozen=True)
class Definition:
    """A set of stats for a unit or card, and where they come from."""

    stats: tuple[tuple[str, str], ...]
    origin: str
    chapter: str = ""
    #: Of an example's own stats, those whose value the source texts give (labelled apart).
    sourced: tuple[tuple[str, str], ...] = ()


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




def _steps(feature: FeatureDoc) -> Iterable[tuple[ExampleDoc, tuple[StepDoc, ...]]]:
    for rule, example in feature.examples():
        yield example, (*feature.background, *(rule.background if rule else ()), *example.steps)


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


def _mentions(name: str) -> re.Pattern[str]:
    return re.compile(r"\b" + re.escape(name) + r"(s|es)?\b")


def units_index(book: Sequence[FeatureDoc]) -> list[Entry]:
    """Every known or example-defined unit and army card, with its definitions and the examples using it."""
    entries: dict[tuple[str, str], Entry] = {}
    for name, registered in GAMES.items():
        for card in registered.known_cards():
            entries[name, card.name] = Entry(name, card.name, card.names, [Definition(card.stats, card.origin)])
    played = book_games(book)
    for feature in book:
        seen: set[tuple[str, str, tuple[tuple[str, str], ...]]] = set()
        for example, steps in _steps(feature):
            game = played.of_example(feature, example)
            if game is None:
                continue
            for step in steps:
                if not DEFINED.match(step.text) or not step.table:
                    continue
                header, *rows = step.table
                for row in rows:
                    cells = dict(zip(header, row, strict=False))
                    name = cells.get("name", "").strip()
                    stats = tuple((k, v) for k, v in cells.items() if k not in ("name", "figure") and v.strip())
                    if not name or (game, name, stats) in seen:
                        continue
                    seen.add((game, name, stats))
                    figure = cells.get("figure", "").strip()
                    entry = entries.setdefault((game, name), Entry(game, name, tuple(n for n in (name, figure) if n)))
                    from_sources = tuple((k, v) for k, v in stats if sourced_value(game, name, k) == v.strip())
                    rest = tuple(stat for stat in stats if stat not in from_sources)
                    entry.definitions.append(Definition(rest, ILLUSTRATIVE, feature.name, from_sources))
    for feature in book:
        for example, steps in _steps(feature):
            game = played.of_example(feature, example)
            text = _text(steps)
            for entry in entries.values():
                if entry.game == game and any(_mentions(n).search(text) for n in entry.names):
                    entry.examples.append((feature, example))
    order = list(GAMES)
    return sorted(entries.values(), key=lambda e: (order.index(e.game), e.name.lower()))


def _stats(stats: Sequence[tuple[str, str]]) -> str:
    return ", ".join(f"{markdown_text(k)} {markdown_text(v)}" for k, v in stats) or "no other stats"


def _chapter_url(feature: FeatureDoc, here: str) -> str:
    """The link from `here` to a feature's page: its page's own address (a file or folder name is never written raw)."""
    return posixpath.relpath("rulebook/" + feature_page(feature.path), posixpath.dirname(here))


def _unique(anchor: str, taken: set[str]) -> str:
    """`anchor`, or the first of `anchor-2`, `anchor-3`... that no other entry took (names of punctuation
    alone, or differing in punctuation or case, slug alike); remembered as taken.

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


def render_units_index(entries: Sequence[Entry], here: str) -> str:
    """The index page at `here` (`reference/units.md`): a section per unit or card."""
    kinds = " and ".join(f"{game.card_noun} ({game.title})" for game in GAMES.values())
    lines = [
        "# " + " and ".join(f"{game.card_noun}s" for game in GAMES.values()).capitalize(),
        "",
        f"Every {kinds} the examples use, "
        "with its stats and where each figure comes from: the source texts, or *illustrative, "
        "for the examples* when Battlebook or an example chose it (see Outside facts). "
        "Each entry links to the examples whose battle has it.",
        "",
    ]
    taken = {f"units-{name}" for name in GAMES}
    for name, registered in GAMES.items():
        lines += [f"## {registered.title} {registered.card_noun}s {{ #units-{name} }}", ""]
        for entry in (e for e in entries if e.game == name):
            lines += [f"### {markdown_text(entry.name)} {{ #{_unique(entry.anchor, taken)} }}", ""]
            for definition in entry.definitions:
                where = f" ({markdown_text(definition.chapter)})" if definition.chapter else ""
                stats = _stats(definition.stats)
                if definition.sourced:
                    given = f"{_stats(definition.sourced)}. *{GIVEN}*; "
                    lines += [f"- {given}{stats}. *{markdown_text(definition.origin)}*{where}", ""]
                else:
                    lines += [f"- {stats}. *{markdown_text(definition.origin)}*{where}", ""]
            by_chapter: dict[str, list[str]] = {}
            for feature, example in entry.examples:
                link = f"[{markdown_text(example.name)}]({_chapter_url(feature, here)}#{example.anchor})"
                by_chapter.setdefault(feature.name, []).append(link)
            count = sum(len(v) for v in by_chapter.values())
            if count:
                lines += [f'??? example "Used in {count} example{"s" if count > 1 else ""}"', ""]
                for chapter, links in by_chapter.items():
                    lines += [f"    - **{markdown_text(chapter)}**: " + "; ".join(links)]
                lines.append("")
    return "\n".join(lines) + "\n"
