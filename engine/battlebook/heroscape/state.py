"""One battle's snapshot: battlefield, army cards in play, figures, order markers, the turn.

States are immutable values: a rule returns a new state, so a refused action leaves the
battle exactly as it was. They hold no dictionary or list (the battlefield's spaces are a
[`FrozenMap`][battlebook.frozen.FrozenMap]), so they are hashable and compare by value: an
exact computation can memoize on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from battlebook.errors import ScenarioError
from battlebook.frozen import keeps_hash
from battlebook.heroscape.battlefield import Battlefield
from battlebook.heroscape.cards import ArmyCard
from battlebook.heroscape.hexes import Hex
from battlebook.heroscape.powers import Power
from battlebook.heroscape.ruleset import CommonOutOfPlay, Ruleset


@keeps_hash
@dataclass(frozen=True)
class Figure:
    """A figure on the battlefield.

    Attributes:
        key: Its key on the map (`Z1`), unique in the battle.
        card_id: The army card in play it belongs to.
        army: The army (player) it belongs to.
        spaces: The one or two spaces it stands on.
        wounds: Wound markers next to it (multi-life squad figures only).
        head: The space its head is over, when a scenario names it (double-space figures).
    """

    key: str
    card_id: str
    army: str
    spaces: tuple[Hex, ...]
    wounds: int = 0
    head: Hex | None = None


@keeps_hash
@dataclass(frozen=True)
class CardInPlay:
    """An army card in an army, with what has been placed on it.

    Attributes:
        id: Unique in the battle: the card's name, with `#2`, `#3` for further copies in one army.
        army: The army that owns it.
        card: The printed card.
        wound_markers: Wound markers on the card (a hero's wounds).
        destroyed: Keys of the destroyed figures placed on it (with Common cards, they may
            be figures of another copy).
        lost: Keys of its own figures that have been destroyed, wherever they were placed.
    """

    id: str
    army: str
    card: ArmyCard
    wound_markers: int = 0
    destroyed: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()

    @property
    def is_full(self) -> bool:
        """Whether as many destroyed figures lie on it as it depicts: it has no room for more."""
        return len(self.destroyed) >= self.card.stat("figures")


@dataclass(frozen=True)
class OrderMarker:
    """An order marker (`1`, `2`, `3` or `X`) an army has placed on one of its cards."""

    army: str
    label: str
    card_id: str
    revealed: bool = False


@dataclass(frozen=True)
class Turn:
    """The turn under way: whose army card it is, and its figures' attacks so far (one key per attack)."""

    army: str
    card_id: str
    attacked: tuple[str, ...] = ()


@keeps_hash
@dataclass(frozen=True)
class BattleState:
    """A Heroscape battle at one moment.

    Attributes:
        ruleset: The edition and readings in force.
        battlefield: The spaces.
        cards: Every army card in play or out of play.
        figures: The figures on the battlefield.
        powers: Special powers, special attacks and glyph powers the scenario defines.
        markers: Order markers on cards.
        turn: The turn under way, if any.
        out_of_game: Keys of figures destroyed and put out of the game (2004 basic game).
        seating: The armies in the order the players sit, going to each player's left
            (empty when a scenario does not say).
        up_next: The army whose turn comes next, once a turn has ended with a seating known.
    """

    ruleset: Ruleset = field(default_factory=Ruleset)
    battlefield: Battlefield = field(default_factory=Battlefield)
    cards: tuple[CardInPlay, ...] = ()
    figures: tuple[Figure, ...] = ()
    powers: tuple[Power, ...] = ()
    markers: tuple[OrderMarker, ...] = ()
    turn: Turn | None = None
    out_of_game: tuple[str, ...] = ()
    seating: tuple[str, ...] = ()
    up_next: str | None = None

    def player_to_the_left(self, army: str) -> str:
        """The army of the player sitting on `army`'s left, by the seating order.

        Examples:
            >>> BattleState(seating=("Red", "Blue", "Green")).player_to_the_left("Green")
            'Red'
        """
        if army not in self.seating:
            raise ScenarioError(f"the seating order ({', '.join(self.seating) or 'none given'}) does not name {army}")
        return self.seating[(self.seating.index(army) + 1) % len(self.seating)]

    def figure(self, key: str) -> Figure:
        """The figure with map key `key`; a scenario error lists the figures there are."""
        for figure in self.figures:
            if figure.key == key:
                return figure
        there = ", ".join(f.key for f in self.figures) or "none"
        raise ScenarioError(f"no figure {key!r} is on the battlefield (figures: {there})")

    def has_figure(self, key: str) -> bool:
        """Whether the figure `key` is on the battlefield."""
        return any(f.key == key for f in self.figures)

    def card(self, card_id: str) -> CardInPlay:
        """The army card in play called `card_id`."""
        for card in self.cards:
            if card.id == card_id:
                return card
        there = ", ".join(c.id for c in self.cards) or "none"
        raise ScenarioError(f"no army card {card_id!r} in the battle (cards: {there})")

    def card_of(self, figure: Figure) -> ArmyCard:
        """The printed army card of `figure`."""
        return self.card(figure.card_id).card

    def base_level(self, figure: Figure) -> int:
        """The level of the spaces `figure` stands on (both spaces of a double-space figure share it)."""
        return self.battlefield.level(figure.spaces[0])

    def wounds_of(self, figure: Figure) -> int:
        """The wound markers that count for `figure`.

        A hero's markers lie on its army card. A squad figure counts only the markers
        beside it on the battlefield, never those of its squadmates (a one-life squad
        figure never has any).
        """
        card = self.card(figure.card_id)
        return card.wound_markers if card.card.is_hero else figure.wounds

    def figure_at(self, hex_: Hex) -> Figure | None:
        """The figure standing on `hex_`, if any."""
        return next((f for f in self.figures if hex_ in f.spaces), None)

    def copies_of(self, card_id: str) -> tuple[CardInPlay, ...]:
        """The copies of the card `card_id` in its army (the card itself among them), in army order."""
        card = self.card(card_id)
        return tuple(c for c in self.cards if c.army == card.army and c.card.name == card.card.name)

    def is_shared_common(self, card_id: str) -> bool:
        """Whether the card is a Common card its army holds two or more copies of."""
        return bool(self.card(card_id).card.common) and len(self.copies_of(card_id)) > 1

    @property
    def powers_in_force(self) -> tuple[Power, ...]:
        """The powers the scenario defines whose kind acts under the ruleset (none in the 2004 basic game)."""
        return tuple(power for power in self.powers if self.ruleset.plays(power.kind))

    def is_out_of_play(self, card_id: str) -> bool:
        """Whether all the figures the card represents have been destroyed, putting it out of play.

        Never, under a ruleset without cards going out of play (the 2004 basic game): its
        text puts destroyed figures out of the game and says nothing of their card.

        A card alone in its army stands for its own figures. Copies of a Common card stand
        for their figures together (ruleset `common_out_of_play`, full copy): a copy is out
        of play once it is full, or once no figure of the copies is left. Under the
        alternative each copy stands for its own figures only, wherever they were placed.
        """
        card = self.card(card_id)
        if not self.ruleset.cards_out_of_play:
            return False
        if self.is_shared_common(card_id) and self.ruleset.common_out_of_play is CommonOutOfPlay.FULL_COPY:
            copies = {c.id for c in self.copies_of(card_id)}
            if self.ruleset.destroyed_to_card and card.is_full:
                return True
            lost = any(self.card(c).lost for c in copies)
            return lost and not any(f.card_id in copies and f.army == card.army for f in self.figures)
        return bool(card.lost) and not any(f.card_id == card_id for f in self.figures)

    def acts_for(self, card_id: str, figure: Figure) -> bool:
        """Whether `figure` takes its turns with the card `card_id`.

        A figure acts with its own card; when copies of a Common card stand for their
        figures together and its own copy is out of play, it acts with any copy still in play.
        """
        if figure.card_id == card_id:
            return True
        if self.ruleset.common_out_of_play is not CommonOutOfPlay.FULL_COPY:
            return False
        own = self.card(figure.card_id)
        return (
            own.army == figure.army
            and self.is_shared_common(figure.card_id)
            and any(c.id == card_id for c in self.copies_of(figure.card_id))
            and self.is_out_of_play(figure.card_id)
            and not self.is_out_of_play(card_id)
        )

    def markers_on(self, card_id: str) -> tuple[OrderMarker, ...]:
        """The order markers lying on the card."""
        return tuple(m for m in self.markers if m.card_id == card_id)

    def with_card(self, card: CardInPlay) -> BattleState:
        """This state with one more army card (its id must be new)."""
        if any(c.id == card.id and c.army == card.army for c in self.cards):
            raise ScenarioError(f"the army {card.army} already has a card {card.id!r}")
        return replace(self, cards=(*self.cards, card))

    def with_figure(self, figure: Figure) -> BattleState:
        """This state with one more figure (its key and spaces must be free)."""
        if self.has_figure(figure.key):
            raise ScenarioError(f"there is already a figure {figure.key!r}")
        for hex_ in figure.spaces:
            self.battlefield.space(hex_)
        return replace(self, figures=(*self.figures, figure))

    def replacing_figure(self, figure: Figure) -> BattleState:
        """This state with the figure of the same key replaced."""
        return replace(self, figures=tuple(figure if f.key == figure.key else f for f in self.figures))

    def replacing_card(self, card: CardInPlay) -> BattleState:
        """This state with the card of the same id replaced."""
        return replace(self, cards=tuple(card if c.id == card.id else c for c in self.cards))
