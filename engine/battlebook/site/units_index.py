"""The index of units (HoMM) and army cards (Heroscape): stats, where each comes from, where they fight.

Stats come from the engine's data, never typed here:

- HoMM units of [`KNOWN_UNITS`][battlebook.homm.units.KNOWN_UNITS]: only the stats the source
  texts give;
- Heroscape cards of [`KNOWN_CARDS`][battlebook.heroscape.cards.KNOWN_CARDS]: the stats the
  source texts give, the rest illustrative, as [`CARD_CITATION`][battlebook.heroscape.cards.CARD_CITATION] says;
- every unit or card an example defines in a table ("these units, defined for this example
  only"): illustrative, for the examples, with the chapter that defines it.

Each entry links to every example whose battle has the unit or card.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields

from battlebook.heroscape.cards import CARD_CITATION, KNOWN_CARDS, is_illustrative
from battlebook.homm.units import KNOWN_UNITS
from battlebook.book.model import ExampleDoc, FeatureDoc, StepDoc
from battlebook.book.links import feature_page
from battlebook.book.prose import markdown_text

HOMM_SOURCE = (
    "Given by the source texts (the Gold Golem's from the worked examples of sources 000 and 001, "
    "the Behemoth's defense, and the Bandit's melee attack score and phase, from their examples); "
    "a stat they do not give is left blank."
)
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


def _game(feature: FeatureDoc) -> str:
    if feature.path.startswith("features/heroscape/") or "/heroscape-" in feature.path:
        return "heroscape"
    return "homm"


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
    """The value the source texts give for a known unit's or card's `stat`, as text, or `None`.

    Examples:
        >>> sourced_value("homm", "Bandit", "melee"), sourced_value("homm", "Bandit", "defense")
        ('1', None)
        >>> sourced_value("heroscape", "Zettian Guards", "range"), sourced_value("heroscape", "Zettian Guards", "height")
        ('7', None)
    """
    if game == "homm":
        unit = KNOWN_UNITS.get(name) or KNOWN_UNITS.get(name.removesuffix("s"))
        value = getattr(unit, stat, None) if unit is not None else None
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else None
    card = KNOWN_CARDS.get(name)
    if card is None or is_illustrative(card.name, stat):
        return None
    value = getattr(card, stat, None)
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else None


def _mentions(name: str) -> re.Pattern[str]:
    return re.compile(r"\b" + re.escape(name) + r"(s|es)?\b")


def units_index(book: Sequence[FeatureDoc]) -> list[Entry]:
    """Every known or example-defined unit and army card, with its definitions and the examples using it."""
    entries: dict[tuple[str, str], Entry] = {}
    for unit in KNOWN_UNITS.values():
        given = [(f.name, getattr(unit, f.name)) for f in fields(unit)]
        stats = tuple((name, str(value)) for name, value in given if isinstance(value, int))
        entries["homm", unit.name] = Entry("homm", unit.name, (unit.name,), [Definition(stats, HOMM_SOURCE)])
    for card in KNOWN_CARDS.values():
        stats = tuple(
            (f.name, str(getattr(card, f.name)))
            for f in fields(card)
            if f.name not in ("name", "figure") and getattr(card, f.name) is not None
        )
        entries["heroscape", card.name] = Entry(
            "heroscape", card.name, (card.name, card.figure), [Definition(stats, CARD_CITATION)]
        )
    for feature in book:
        game = _game(feature)
        seen: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
        for _, steps in _steps(feature):
            for step in steps:
                if not DEFINED.match(step.text) or not step.table:
                    continue
                header, *rows = step.table
                for row in rows:
                    cells = dict(zip(header, row, strict=False))
                    name = cells.get("name", "").strip()
                    stats = tuple((k, v) for k, v in cells.items() if k not in ("name", "figure") and v.strip())
                    if not name or (name, stats) in seen:
                        continue
                    seen.add((name, stats))
                    figure = cells.get("figure", "").strip()
                    entry = entries.setdefault((game, name), Entry(game, name, tuple(n for n in (name, figure) if n)))
                    from_sources = tuple((k, v) for k, v in stats if sourced_value(game, name, k) == v.strip())
                    rest = tuple(stat for stat in stats if stat not in from_sources)
                    entry.definitions.append(Definition(rest, ILLUSTRATIVE, feature.name, from_sources))
    for feature in book:
        game = _game(feature)
        for example, steps in _steps(feature):
            text = _text(steps)
            for entry in entries.values():
                if entry.game == game and any(_mentions(n).search(text) for n in entry.names):
                    entry.examples.append((feature, example))
    return sorted(entries.values(), key=lambda e: (e.game != "homm", e.name.lower()))


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
    lines = [
        "# Units and army cards",
        "",
        "Every unit (Heroes of Might & Magic IV) and army card (Heroscape) the examples use, "
        "with its stats and where each figure comes from: the source texts, or *illustrative, "
        "for the examples* when Battlebook or an example chose it (see Outside facts). "
        "Each entry links to the examples whose battle has it.",
        "",
    ]
    taken = {"units-homm", "units-heroscape"}
    for game, title in (("homm", "Heroes of Might & Magic IV units"), ("heroscape", "Heroscape army cards")):
        lines += [f"## {title} {{ #units-{game} }}", ""]
        for entry in (e for e in entries if e.game == game):
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
