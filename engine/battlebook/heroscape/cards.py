"""Army cards: the figures they stand for and the stats on them.

The seed rulebooks name the figures of their worked examples but give only a few of
their stats ([`SOURCE_STATS`][battlebook.heroscape.cards.SOURCE_STATS] lists which). The
other stats in [`KNOWN_CARDS`][battlebook.heroscape.cards.KNOWN_CARDS] are
**illustrative**: values chosen for the examples, with no printed card cited for them
(see [`CARD_CITATION`][battlebook.heroscape.cards.CARD_CITATION] and the page *Outside
facts*, which lists the examples resting on each). A stat not listed is `None`, and
asking for it raises a [`MissingStatError`][battlebook.errors.MissingStatError]: a
scenario may define the card inline instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum

from battlebook.bounds import MAX_SCORE
from battlebook.cards import CardBook
from battlebook.errors import MissingStatError, ScenarioError
from battlebook.frozen import keeps_hash
from battlebook.heroscape.rule_ids import ARMY_CARDS, LIFE

CARD_CITATION = (
    "Zettian Guard range 7 and attack 2, Airborne Elite defense 2, Knave attack 3, and Xenithrax's "
    "defense 3, Life 8 and hero card are given by the seed texts (sources 003 and 004); every other "
    "stat of these four cards is illustrative, chosen for the examples, with no printed card cited."
)
"""Where the stats of the known cards come from (the four cards of `KNOWN_CARDS`)."""

SOURCE_STATS: Mapping[str, frozenset[str]] = {
    "Zettian Guards": frozenset({"range", "attack"}),
    "Airborne Elite": frozenset({"defense"}),
    "Knaves of the Silver Scimitar": frozenset({"attack"}),
    "Xenithrax the Vineweaver": frozenset({"defense", "life", "kind"}),
}
"""The stats of the known cards that the seed texts give (Examples 8, 9 and 20); the rest are illustrative.

>>> sorted(SOURCE_STATS["Zettian Guards"])
['attack', 'range']
"""


SOURCE_SECTIONS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "Zettian Guards": (("range", "003/range"), ("attack", "003/example-9")),
    "Airborne Elite": (("defense", "003/example-9"),),
    "Knaves of the Silver Scimitar": (("attack", "004/example-20"),),
    "Xenithrax the Vineweaver": (("defense", "004/example-20"), ("life", "004/example-20"), ("kind", "004/example-20")),
}
"""For each stat of `SOURCE_STATS`, the section of the seed texts that gives it (`<text>/<section>`, as a
rule's `@source:` tag writes it): the Guards' Range of 7 is the one the Range section counts with, their
Attack of 2 and the Airborne Elite's Defense of 2 are Example 9's, and the Knave's three attack dice,
Xenithrax's Defense of 3, Life of 8 and hero card (wounds placed on it) are Example 20's.
"""


def is_illustrative(card: str, stat: str) -> bool:
    """Whether a known card's stat is illustrative (chosen for the examples) rather than given by the sources.

    Examples:
        >>> is_illustrative("Zettian Guards", "range"), is_illustrative("Zettian Guards", "height")
        (False, True)
    """
    return stat not in SOURCE_STATS.get(card, frozenset())


class CardKind(StrEnum):
    """Whether a card is a hero (its figure tracks wounds on the card) or a squad."""

    HERO = "hero"
    SQUAD = "squad"


#: The largest stat a card may be given: Battlebook's own bound (printed stats are small; see `battlebook.bounds`).
MAX_STAT = MAX_SCORE
STAT_NAMES = ("figures", "life", "move", "range", "attack", "defense", "height")


@keeps_hash
@dataclass(frozen=True)
class ArmyCard:
    """One army card. Stats nobody has given are `None`.

    Attributes:
        name: The card's name, as printed (often plural for squads).
        figure: What one of its figures is called (`Zettian Guard`).
        kind: Hero or squad.
        figures: How many figures the card depicts.
        spaces: 1 for a single-space figure, 2 for a double-space one.
        common: Whether it is a Common card (`None` if not given).

    Examples:
        >>> guards = KNOWN_CARDS["Zettian Guards"]
        >>> guards.stat("range"), guards.stat("height")
        (7, 5)
        >>> KNOWN_CARDS["Knaves of the Silver Scimitar"].stat("figures")
        Traceback (most recent call last):
        ...
        battlebook.errors.MissingStatError: no number of figures is given for the Knaves of the Silver Scimitar; ...
    """

    name: str
    figure: str
    kind: CardKind = CardKind.SQUAD
    figures: int | None = None
    life: int | None = None
    move: int | None = None
    range: int | None = None
    attack: int | None = None
    defense: int | None = None
    height: int | None = None
    spaces: int = 1
    common: bool | None = None

    def __post_init__(self) -> None:
        for stat in STAT_NAMES:
            value = getattr(self, stat)
            if value is not None and not 0 <= value <= MAX_STAT:
                raise ScenarioError(
                    f"the {self.name}'s {stat} is {value}: a stat is a whole number from 0 to {MAX_STAT}"
                )
        if self.life is not None and self.life < 1:
            raise ScenarioError(
                f"the {self.name}'s Life is {self.life}: a figure is destroyed once its wounds reach its Life, "
                f"so a card's Life is at least 1 (rule {LIFE})"
            )
        if self.figures is not None and self.figures < 1:
            raise ScenarioError(
                f"the {self.name} depicts {self.figures} figures: an army card stands for at least one figure "
                f"(rule {ARMY_CARDS})"
            )
        if self.spaces not in (1, 2):
            raise ScenarioError(f"the {self.name}'s figures stand on {self.spaces} spaces: write 1 or 2")

    def stat(self, stat: str) -> int:
        """The value of `stat` (one of `STAT_NAMES`), or a `MissingStatError` if nobody gave it."""
        value = getattr(self, stat)
        if value is None:
            what = "number of figures" if stat == "figures" else stat
            raise MissingStatError(
                f"no {what} is given for the {self.name}; define the card in the scenario's army card table"
            )
        return int(value)

    @property
    def is_hero(self) -> bool:
        """Whether this is a hero card."""
        return self.kind is CardKind.HERO

    @property
    def is_double_space(self) -> bool:
        """Whether its figures stand on two spaces."""
        return self.spaces == 2


KNOWN_CARDS: Mapping[str, ArmyCard] = {
    card.name: card
    for card in (
        ArmyCard(
            "Zettian Guards", "Zettian Guard", CardKind.SQUAD, figures=2, life=1, move=4, range=7, attack=2,
            defense=7, height=5,
        ),
        ArmyCard(
            "Airborne Elite", "Airborne Elite", CardKind.SQUAD, figures=4, life=1, move=4, range=8, attack=3,
            defense=2, height=5,
        ),
        ArmyCard(
            "Knaves of the Silver Scimitar", "Knave of the Silver Scimitar", CardKind.SQUAD, life=1, move=5,
            range=1, attack=3, defense=2, height=4,
        ),
        ArmyCard(
            "Xenithrax the Vineweaver", "Xenithrax the Vineweaver", CardKind.HERO, figures=1, life=8, move=5,
            range=1, attack=6, defense=3, height=12, spaces=2,
        ),
    )
}  # fmt: skip
"""The four cards of the seeds' worked examples: the stats the seeds give, the rest illustrative.

See `CARD_CITATION` and `SOURCE_STATS`. Xenithrax is a hero card of one figure: Example 20
destroys "her" and puts the card out of play with a single figure.
"""


def card_stats(card: ArmyCard) -> tuple[tuple[str, str], ...]:
    """The stats an army card is given, in words, in the card's order (not its names, nor a stat nobody gave).

    Examples:
        >>> card_stats(ArmyCard("Scouts", "Scout", figures=3, range=5))
        (('kind', 'squad'), ('figures', '3'), ('range', '5'), ('spaces', '1'))
    """
    given = ((f.name, getattr(card, f.name)) for f in fields(card) if f.name not in ("name", "figure"))
    return tuple((name, str(value)) for name, value in given if value is not None)


class ArmyCardBook(CardBook[ArmyCard]):
    """The army cards a scenario may use: the known ones plus any it defines, by card name or figure name.

    Examples:
        >>> book = ArmyCardBook()
        >>> book.define(ArmyCard("Scouts", "Scout", figures=3, range=5))
        >>> book.card("Scout").range
        5
        >>> book.card("Dragons")
        Traceback (most recent call last):
        ...
        battlebook.errors.UnknownUnitError: no army card called 'Dragons': known cards are Airborne Elite, ...
    """

    noun = "army card"

    def __init__(self, known: Mapping[str, ArmyCard] = KNOWN_CARDS) -> None:
        super().__init__(known)

    def names(self, card: ArmyCard) -> tuple[str, ...]:
        """A card answers to its own name and to its figures' (`Zettian Guards`, `Zettian Guard`)."""
        return (card.name, card.figure)
