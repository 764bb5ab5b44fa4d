"""What a player can attempt in a Heroscape battle, as frozen values.

An action only names what is attempted; [`rules`][battlebook.heroscape.rules] decides
whether it is allowed and what it does.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlebook.heroscape.hexes import Hex


@dataclass(frozen=True)
class StartTurn:
    """The army `army` takes a turn with its army card `card_id` (the card chosen for the turn)."""

    army: str
    card_id: str


@dataclass(frozen=True)
class Attack:
    """The figure `attacker` attacks the figure `defender`, with a special attack if one is named.

    `overlooked` names extra dice the players forgot to claim before rolling (`height advantage`,
    or a power's name): they are lost for this attack. `place_on` is the copy of a Common army
    card its owner puts the defender on if the attack destroys it and the owner is free to
    choose (2024); `None` leaves the figure on its own card when it may go there.
    """

    attacker: str
    defender: str
    special_attack: str | None = None
    overlooked: frozenset[str] = frozenset()
    place_on: str | None = None


@dataclass(frozen=True)
class PlaceOrderMarker:
    """The army `army` puts its order marker `label` on its army card `card_id`."""

    army: str
    label: str
    card_id: str


@dataclass(frozen=True)
class RevealOrderMarker:
    """The army `army` reveals its order marker `label` to take that turn."""

    army: str
    label: str


@dataclass(frozen=True)
class StartRound:
    """A new round begins: markers left on cards out of play are taken back."""


@dataclass(frozen=True)
class EndTurn:
    """The army `army` has finished attacking: its turn is over, and the player on its left plays next."""

    army: str


@dataclass(frozen=True)
class MoveFigure:
    """The figure `figure` is set down on the free space `to` (single-space figures).

    Battlebook does not model movement (how far, over what): this only puts a figure
    elsewhere, carrying what belongs to it, such as the wound markers beside it.
    """

    figure: str
    to: Hex


Action = StartTurn | Attack | PlaceOrderMarker | RevealOrderMarker | StartRound | EndTurn | MoveFigure
