"""Setting a Heroes of Might & Magic battle up: where it is fought, and its stacks as a scenario writes them.

A scenario names a stack by its cards, from the top down: "a stack of 3 Gold Golems", "a
Behemoth", "a stack of 1 Captain and 2 Recruits". [`read_stack`][battlebook.homm.setup.read_stack]
turns such words into the cards, looked up in a unit book, and the name the stack goes by
unless the scenario gives one; [`place_stack`][battlebook.homm.setup.place_stack] puts the
stack on its line. A battle is fought in the open field
([`open_field`][battlebook.homm.setup.open_field]) or in a town
([`in_town`][battlebook.homm.setup.in_town], which brings in the town's rules as an
extension of the general ones).

Examples:
    >>> from battlebook.homm.units import UnitBook
    >>> cards, name = read_stack("a stack of 3 Gold Golems", UnitBook())
    >>> len(cards), cards[0].name, name
    (3, 'Gold Golem', 'Gold Golems')
    >>> state = place_stack(open_field(), Side.AGGRESSOR, Line.MELEE, "a Behemoth", UnitBook())
    >>> state.stack("Behemoth").size
    1
"""

from __future__ import annotations

import re
from dataclasses import replace

from battlebook.errors import ScenarioError
from battlebook.homm.ruleset import Ruleset
from battlebook.homm.sides import Line, Side
from battlebook.homm.siege import Town, town_of
from battlebook.homm.state import MAX_STACK_CARDS, BattleState, Stack, stack_too_large
from battlebook.homm.town import TownCard, Walls
from battlebook.homm.units import UnitBook, UnitCard

__all__ = ["TOWN_CARD", "in_town", "open_field", "place_stack", "read_stack", "with_walls"]

#: What actions call the town card unless a scenario names it.
TOWN_CARD = "Town Card"

_GROUP = re.compile(r"^(?:(?P<count>[0-9]+)|an?) (?P<unit>.+)$")


def open_field(ruleset: Ruleset | None = None) -> BattleState:
    """A battle in the open field under `ruleset` (Battlebook's readings by default), with no stack yet."""
    return BattleState(ruleset=ruleset or Ruleset())


def in_town(ruleset: Ruleset | None = None, side: Side = Side.DEFENDER, name: str = TOWN_CARD) -> BattleState:
    """A battle in `side`'s town under `ruleset`: the town card stands, its walls intact, with no stack yet."""
    return open_field(ruleset).with_extension(Town(TownCard(name, side)))


def with_walls(state: BattleState, walls: Walls) -> BattleState:
    """`state` with its town's card already turned to `walls` (hit once for Breached, twice for Sacked)."""
    town = town_of(state)
    if town is None:
        raise ScenarioError("this battle is not in a town: start it with 'Given a battle in the Defender's town'")
    return state.replacing_extension(town, replace(town, card=replace(town.card, walls=walls)))


def read_stack(description: str, units: UnitBook) -> tuple[tuple[UnitCard, ...], str]:
    """The cards (top first) a stack description stands for, and its default name ("" if none).

    A stack of one kind of unit goes by the unit's name as written ("Gold Golems"); a stack
    of several kinds has none, and the scenario must name it.
    """
    text = description.removeprefix("a stack of ")
    groups = [g.strip() for g in re.split(r",\s*|\s+and\s+", text) if g.strip()]
    cards: list[UnitCard] = []
    for group in groups:
        match = _GROUP.match(group)
        if not match:
            raise ScenarioError(f"cannot read {group!r} as a number of units, such as '3 Gold Golems'")
        count = int(match["count"] or 1) if len(match["count"] or "") < 10 else MAX_STACK_CARDS + 1
        if count + len(cards) > MAX_STACK_CARDS:
            raise ScenarioError(stack_too_large(text, count + len(cards)))
        cards.extend([units.card(match["unit"])] * count)
    only = _GROUP.match(groups[0]) if len(groups) == 1 else None
    return tuple(cards), only["unit"] if only else ""


def place_stack(
    state: BattleState, side: Side, line: Line, description: str, units: UnitBook, name: str | None = None
) -> BattleState:
    """`state` with the stack `description` stands for on `side`'s `line`, called `name` or by its units."""
    cards, default_name = read_stack(description, units)
    if not (name or default_name):
        raise ScenarioError(f'a stack of several kinds of unit needs a name: add called "..." to {description!r}')
    return state.with_stack(Stack(name or default_name, side, line, cards))
