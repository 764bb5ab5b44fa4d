"""Steps that take turns, make attacks and play order markers in a Heroscape battle."""

from __future__ import annotations

import re
from dataclasses import replace

from battlebook.errors import ScenarioError
from battlebook.heroscape import (
    Attack,
    EndTurn,
    Hex,
    MoveFigure,
    PlaceOrderMarker,
    Power,
    PowerKind,
    RevealOrderMarker,
    StartRound,
    StartTurn,
    turn_for,
)
from battlebook.language.grammar import given, when
from battlebook.language.steps.heroscape_world import LABEL, HeroscapeWorld
from battlebook.language.tables import table_number, table_rows

POWER_COLUMNS = ("power", "kind", "holder", "attack dice", "defense dice", "range", "extra attacks")


def _card_id(heroscape: HeroscapeWorld, army: str, card: str) -> str:
    """The id of the army's card called `card` (card or figure name, with an optional #2)."""
    name = card.removeprefix("the ").removesuffix(" card").strip()
    for held in heroscape.state.cards:
        if held.army == army and name in (held.id, held.card.name, held.card.figure):
            return held.id
    there = ", ".join(c.id for c in heroscape.state.cards if c.army == army) or "none"
    raise ScenarioError(f"{army} has no army card {name!r} (its cards: {there})")


@given("it is {army:Army}'s turn with the {card:Text}")
def turn_with(heroscape: HeroscapeWorld, army: str, card: str) -> None:
    """The army takes its turn with the named army card."""
    heroscape.require(StartTurn(army, _card_id(heroscape, army, card)))


@given("{figure:Figure} already has {count:Count} {:Wounds}")
def already_wounded(heroscape: HeroscapeWorld, figure: str, count: int) -> None:
    """Wound markers from earlier attacks: on the army card of a hero, next to a squad figure."""
    found = heroscape.figure(figure)
    card = heroscape.state.card(found.card_id)
    if card.card.is_hero:
        heroscape.state = heroscape.state.replacing_card(replace(card, wound_markers=count))
    else:
        heroscape.state = heroscape.state.replacing_figure(replace(found, wounds=count))


@given("{army:Army}'s order marker {label:Label} lies unrevealed on {card:Text}", parameters=[LABEL])
def marker_on(heroscape: HeroscapeWorld, army: str, label: str, card: str) -> None:
    """The army has placed this order marker, face down, on one of its army cards."""
    heroscape.require(PlaceOrderMarker(army, label, _card_id(heroscape, army, card)))


@given("these powers, defined for this example only:")
def define_powers(heroscape: HeroscapeWorld, datatable: list[list[str]]) -> None:
    """Define powers for the example, one row each.

    Columns: power, kind (special power, special attack or glyph), holder, attack dice,
    defense dice, range, extra attacks. The holder is an army card's name, or a glyph's name.
    """
    for values in table_rows(datatable, "power", POWER_COLUMNS, ("power", "kind")):
        name = values["power"]
        try:
            kind = PowerKind(values["kind"])
        except ValueError as error:
            raise ScenarioError(f"power {name!r}: {error}") from None
        numbers = [
            table_number(values.get(c) or "0", f"the {name}'s {c}")
            for c in ("attack dice", "defense dice", "extra attacks")
        ]
        reach = table_number(values["range"], f"the {name}'s range") if values.get("range") else None
        heroscape.add_power(
            Power(values["power"], kind, values.get("holder", ""), numbers[0], numbers[1], reach, numbers[2])
        )


@when(
    "{attacker:Figure} {:Attacks} {defender:Figure}{special:SpecialAttack?}{overlooked:Overlooking?}"
    "{rolled:Rolled?}{placing:Placing?}"
)
def attack(
    heroscape: HeroscapeWorld,
    attacker: str,
    defender: str,
    special: str | None,
    overlooked: frozenset[str] | None,
    rolled: tuple[tuple[str, ...], tuple[str, ...]] | None,
    placing: tuple[str, str] | None,
) -> None:
    """One figure attacks another, rolling the stated faces (attack dice, then defense dice).

    Faces are `skull`, `shield` or `blank`; `no dice` for none. If no turn is under way, the
    turn of the attacker's army card begins first. Every stated face must be rolled.
    "overlooking its height advantage" (or "overlooking the power "Stone Skin"") names
    extras nobody claimed before the roll. ", and Blue places it on the army card "..."" is
    the owner's choice of copy for the defender should the attack destroy it (2024).
    """
    first, second = heroscape.figure(attacker), heroscape.figure(defender)
    turn = turn_for(heroscape.state, first.key)
    if turn is not None:
        heroscape.require(turn)
    attack_faces, defense_faces = rolled or ((), ())
    place_on = None
    if placing is not None:
        placer, place = placing
        if placer != second.army:
            raise ScenarioError(f"{second.key} belongs to {second.army}: only its owner places it, not {placer}")
        place_on = _card_id(heroscape, second.army, place)
    action = Attack(first.key, second.key, special, overlooked or frozenset(), place_on)
    heroscape.roll_as_stated(action, attack_faces, defense_faces)


@when("{army:Army} reveals {:Its} order marker {label:Label}", parameters=[LABEL])
def reveal(heroscape: HeroscapeWorld, army: str, label: str) -> None:
    """The army reveals an order marker, starting the turn of the card it lies on."""
    heroscape.act(RevealOrderMarker(army, label))


@when("{army:Army} tries to place {:Its} order marker {label:Label} on {card:Text}", parameters=[LABEL])
def place_marker(heroscape: HeroscapeWorld, army: str, label: str, card: str) -> None:
    """The army tries to put an order marker on one of its army cards."""
    heroscape.act(PlaceOrderMarker(army, label, _card_id(heroscape, army, card)))


@when("a new round begins")
def new_round(heroscape: HeroscapeWorld) -> None:
    """The round ends and a new one begins."""
    heroscape.act(StartRound())


@when("{army:Army} tries to take a turn with the {card:Text}")
def try_turn(heroscape: HeroscapeWorld, army: str, card: str) -> None:
    """The army tries to take a turn with one of its army cards."""
    heroscape.act(StartTurn(army, _card_id(heroscape, army, card)))


@given("the players sit in this order, each on the left of the one before: {armies:Text}")
def seating(heroscape: HeroscapeWorld, armies: str) -> None:
    """The seating order round the table: each army's player sits on the left of the one named before.

    Each name must be an army of the battle (draw the battlefield first).
    """
    order = tuple(a.strip() for a in re.split(r",\s*|\s+and\s+", armies) if a.strip())
    if len(set(order)) != len(order) or len(order) < 2:
        raise ScenarioError(f"name two or more different armies in their seating order, not {armies!r}")
    known = heroscape.armies()
    strangers = [army for army in order if army not in known]
    if strangers:
        raise ScenarioError(f"{strangers[0]!r} is no army of this battle (its armies: {', '.join(known) or 'none'})")
    heroscape.state = replace(heroscape.state, seating=order)


@when("{army:Army} {:End} {:Its} turn")
def end_turn(heroscape: HeroscapeWorld, army: str) -> None:
    """The army (one of the battle's) has finished attacking and ends its turn."""
    heroscape.act(EndTurn(heroscape.known_army(army)))


@when("{army:Army} moves {figure:Figure} to row {row:Count}, column {column:Count}")
def move_figure(heroscape: HeroscapeWorld, army: str, figure: str, row: int, column: int) -> None:
    """The army sets one of its single-space figures down on another free space (movement rules aside)."""
    found = heroscape.figure(figure)
    if found.army != army:
        raise ScenarioError(f"{found.key} belongs to {found.army}, not {army}")
    heroscape.act(MoveFigure(found.key, Hex.from_offset(row - 1, column - 1)))
