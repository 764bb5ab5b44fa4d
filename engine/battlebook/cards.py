"""The cards a scenario may use: one lookup for every game's units, army cards and spells.

A game prints some cards' stats in its source texts (HoMM's units, Heroscape's army
cards); a scenario may bring in illustrative cards chosen for the rulebook's examples, and
define its own in a table. A [`CardBook`][battlebook.cards.CardBook] holds the three, and
finds a card by any name it answers to: a card the scenario defined first, then an
illustrative one, then one the sources know. A definition of a known card keeps the stats
it leaves out (`None`, or an empty tuple) from the sources.

A game's book is a subclass that says what one of its cards is called in messages
(`noun`), which names a card answers to (`names`: a Heroscape card also to its figure's
name), how else a name may be written (`spellings`: a HoMM unit in the plural too), and
what is said of a name it does not know (`unknown`).

Examples:
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Token:
    ...     name: str
    ...     value: int | None = None
    >>> book = CardBook({"Coin": Token("Coin", 1)})
    >>> book.define(Token("Gem", 5))
    >>> book.card("Gem").value, book.card("Coin").value
    (5, 1)
    >>> book.card("Rock")
    Traceback (most recent call last):
    ...
    battlebook.errors.UnknownUnitError: no card called 'Rock': known cards are Coin, Gem
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from battlebook.errors import ScenarioError, UnknownUnitError

__all__ = ["Card", "CardBook"]


class Card(Protocol):
    """A card: a frozen dataclass with a name (and stats, `None` where nobody gave them)."""

    @property
    def name(self) -> str:
        """What the card is called."""
        ...


C = TypeVar("C", bound=Card)


def merged(base: C | None, card: C) -> C:
    """`card`, keeping from `base` (a card the sources know) every stat `card` leaves out.

    Examples:
        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Unit:
        ...     name: str
        ...     level: int | None = None
        ...     melee: int | None = None
        >>> merged(Unit("Bandit", melee=1), Unit("Bandit", level=1))
        Unit(name='Bandit', level=1, melee=1)
    """
    if base is None:
        return card
    fields = dataclasses.fields(card)  # type: ignore[arg-type]
    given: dict[str, Any] = {f.name: getattr(card, f.name) for f in fields if getattr(card, f.name) not in (None, ())}
    return dataclasses.replace(base, **given)  # type: ignore[type-var]


class CardBook(Generic[C]):
    """The cards a scenario may use: the known ones, illustrative ones brought in, and its own (see the module)."""

    #: What one card is called in messages.
    noun: ClassVar[str] = "card"

    def __init__(self, known: Mapping[str, C] | None = None) -> None:
        self.known: dict[str, C] = dict(known or {})
        self.illustrative: dict[str, C] = {}
        self.defined: dict[str, C] = {}

    def names(self, card: C) -> tuple[str, ...]:
        """Every name `card` answers to: its own, by default."""
        return (card.name,)

    def spellings(self, name: str) -> tuple[str, ...]:
        """The ways of writing `name` to try, in order: `name` itself, by default."""
        return (name,)

    def unknown(self, name: str) -> UnknownUnitError:
        """The error for a name no card answers to."""
        names = ", ".join(sorted({*self.known, *self.illustrative, *self.defined})) or "none"
        return UnknownUnitError(f"no {self.noun} called {name!r}: known cards are {names}")

    def found(self, card: C, illustrative: bool) -> C:
        """The card a lookup gives for `card` as held (itself, by default); `illustrative` if brought in."""
        return card

    def bring_in(self, cards: Iterable[C]) -> None:
        """Make illustrative cards available; the scenario's own definitions still override them."""
        for card in cards:
            self.illustrative[card.name] = merged(self.known.get(card.name), card)

    def define(self, card: C) -> None:
        """Add or override a card for this scenario; stats it leaves out keep the sources' values.

        Raises:
            ScenarioError: the scenario already defined a card of that name.
        """
        if card.name in self.defined:
            raise ScenarioError(f"the {self.noun} {card.name!r} is defined twice in this example: keep one row for it")
        self.defined[card.name] = merged(self.known.get(card.name), card)

    def card(self, name: str) -> C:
        """The card answering to `name` (in any of its spellings): defined, else illustrative, else known."""
        for spelling in self.spellings(name):
            for cards in (self.defined, self.illustrative, self.known):
                for card in cards.values():
                    if spelling in self.names(card):
                        return self.found(card, cards is self.illustrative)
        raise self.unknown(name)
