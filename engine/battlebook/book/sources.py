"""The source texts Battlebook restates, and their sections.

Every `Rule:` in a feature file cites the sections it restates with a tag of the form
`@source:<text>/<section>`, for instance `@source:001/making-melee-attacks`. The codes
and section names here are the only ones a citation may use, so a typo in a citation
fails the build instead of pointing nowhere.

Examples:
    >>> SECTIONS["001/making-melee-attacks"].title
    'Making Melee Attacks'
    >>> SECTIONS["001/making-melee-attacks"].source.game
    'Heroes of Might & Magic IV'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

HOMM = "Heroes of Might & Magic IV"
HEROSCAPE = "Heroscape"


@dataclass(frozen=True)
class Source:
    """One source text: its short code, file, game and what it covers."""

    code: str
    filename: str
    game: str
    title: str


@dataclass(frozen=True)
class Section:
    """A titled section of a source text."""

    source: Source
    slug: str
    title: str

    @property
    def key(self) -> str:
        """The citation key, `<code>/<slug>`."""
        return f"{self.source.code}/{self.slug}"

    def citation(self) -> str:
        """A reader's citation: the text's title, the section's title and the code."""
        return f"{self.source.title}, \u201c{self.title}\u201d (source {self.source.code})"


SOURCES: Mapping[str, Source] = {
    s.code: s
    for s in (
        Source("000", "000_5e4d768982884b72.txt", HOMM, "HoMM IV card game rules: special actions"),
        Source("001", "001_47653c2830472b09.txt", HOMM, "HoMM IV card game rules: combat"),
        Source("002", "002_9141b07cf3c72946.txt", HOMM, "HoMM IV card game rules: battles in towns"),
        Source("003", "003_3333a69fe8f59e2b.txt", HEROSCAPE, "Heroscape basic game (2004)"),
        Source("004", "004_3d61ff949efe4b5b.txt", HEROSCAPE, "Heroscape, later edition"),
    )
}

_SECTION_TITLES: dict[str, tuple[tuple[str, str], ...]] = {
    "001": (
        ("phases-and-rounds", "Phases & Rounds"),
        ("making-melee-attacks", "Making Melee Attacks"),
        ("attacking-as-a-stack", "Attacking as a Stack"),
        ("swatting", "Swatting a Target Stack"),
        ("making-ranged-attacks", "Making Ranged Attacks"),
        ("sacrificing-for-support", "Sacrificing for Support"),
        ("common-target", "Common Target"),
        ("spell-casters", "Spell Casters"),
    ),
    "000": (
        ("swarming", "Swarming"),
        ("protecting", "Protecting"),
        ("reorganize", "Reorganize"),
        ("retaliations", "Retaliations"),
        ("withdrawing-heroes", "Withdrawing Heroes"),
        ("surrendering", "Surrendering"),
    ),
    "002": (
        ("battles-in-towns", "Battles in Towns"),
        ("setup", "Setup"),
        ("ranged-penalties", "Ranged Penalties"),
        ("ignoring-obstacles", "Ignoring Obstacles"),
        ("emerging-from-the-town", "Emerging from the Town"),
        ("no-retreat-no-surrender", "No Retreat, No Surrender"),
    ),
    "003": (
        ("range", "Range"),
        ("line-of-sight", "Line of Sight"),
        ("attacking", "Attacking"),
        ("height-advantage", "Height Advantage"),
        ("ending-the-battle", "Ending the Battle"),
        ("example-8", "Example 8: Range and Line of Sight"),
        ("example-9", "Example 9: The Zettian Guards Attack!"),
    ),
    "004": (
        ("attacking", "Attacking"),
        ("height-advantage", "Height Advantage"),
        ("special-powers", "Special Powers and Special Attacks"),
        ("glyphs", "Glyphs"),
        ("setting-up-the-attack", "Set up the attack (attacking friendly figures)"),
        ("rolling-and-resolving", "Roll the dice and resolve the attack"),
        ("life", "Life"),
        ("squads-and-life", "Squads and Life"),
        ("common-army-cards", "Destroying a Common figure"),
        ("example-20", "Example 20: An Attack"),
    ),
}

SECTIONS: Mapping[str, Section] = {
    f"{code}/{slug}": Section(SOURCES[code], slug, title)
    for code, sections in _SECTION_TITLES.items()
    for slug, title in sections
}
"""Every citable section, keyed by `<code>/<slug>`."""
