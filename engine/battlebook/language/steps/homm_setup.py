"""Steps that set up a Heroes of Might & Magic battle: the rules in force, units, stacks."""

from __future__ import annotations

from dataclasses import replace

from battlebook.errors import ScenarioError
from battlebook.homm import Ability, DieReading, Line, Ruleset, Side, Spell, UnitCard
from battlebook.language.steps.homm_world import HommWorld, given
from battlebook.language.tables import table_number, table_rows

DOMAIN = "HoMM: battle setup"


@given("a battle in the open field")
def open_field_battle(homm: HommWorld) -> None:
    """Start an open-field battle (no town) under the default rules: the die reads 0-9."""
    homm.set_ruleset(Ruleset())


@given("the die reads {reading:Reading}")
def die_reads(homm: HommWorld, reading: DieReading) -> None:
    """Choose how the die (ten-sided by the ruling `ruling.die-faces`) is read: `0-9` (the default) or `1-10`."""
    homm.set_rules(replace(homm.state.ruleset, die_reading=reading))


@given("these units, defined for this example only:")
def define_units(homm: HommWorld, datatable: list[list[str]]) -> None:
    """Define units in a table with a `name` column and any of `level`, `phase`, `melee`, `ranged`, `defense`.

    A blank cell leaves that stat undefined. A unit the sources know keeps the stats
    the table does not give. A `casts` column lists the spells a unit casts, an `abilities`
    column its special abilities (such as `ignores obstacles`), each separated by commas;
    a `hero` column marks a hero card with `yes`.
    """
    stats = ("level", "phase", "melee", "ranged", "defense")
    for values in table_rows(datatable, "unit", ("name", *stats, "casts", "abilities", "hero")):
        numbers = {k: table_number(v, f"the {values['name']}'s {k}") for k, v in values.items() if k in stats and v}
        casts = tuple(homm.units.spell(n.strip()) for n in values.get("casts", "").split(",") if n.strip())
        abilities = tuple(_ability(a.strip()) for a in values.get("abilities", "").split(",") if a.strip())
        homm.units.define(
            UnitCard(
                values["name"],
                level=numbers.get("level"),
                phase=numbers.get("phase"),
                melee=numbers.get("melee"),
                ranged=numbers.get("ranged"),
                defense=numbers.get("defense"),
                spells=casts,
                abilities=abilities,
                is_hero=values.get("hero", "").lower() in {"yes", "hero"},
            )
        )


def _ability(name: str) -> Ability:
    try:
        return Ability(name)
    except ValueError:
        known = ", ".join(repr(a.value) for a in Ability)
        raise ScenarioError(f"no special ability {name!r}; the rules use {known}") from None


@given("these spells, defined for this example only:")
def define_spells(homm: HommWorld, datatable: list[list[str]]) -> None:
    """Define offensive spells in a table with the columns `name` and `attack` (the spell's attack score)."""
    for values in table_rows(datatable, "spell", ("name", "attack"), ("name", "attack")):
        homm.units.define_spell(Spell(values["name"], table_number(values["attack"], f"the {values['name']}'s attack")))


@given("the {side:Side} has {what:Text}{name:Called?} on its {line:Line} Line")
def place_stack(homm: HommWorld, side: Side, what: str, name: str | None, line: Line) -> None:
    """Put a stack on a line: "a stack of 3 Gold Golems", "a Behemoth", or several kinds with a name.

    The stack is called by its units as written ("Gold Golems") unless a name is given
    with `called "..."`. Cards are listed from the top down.
    """
    homm.place(side, line, what, name)


@given("the {side:Side}'s nearest town is {distance:Count} spaces away")
def town_distance(homm: HommWorld, side: Side, distance: int) -> None:
    """How many spaces the side's hero stands from its nearest town."""
    homm.change_army(side, town_distance=distance)


@given("the {side:Side} holds {hand:Count} cards in hand and {deck:Count} in its deck")
def hand_and_deck(homm: HommWorld, side: Side, hand: int, deck: int) -> None:
    """The number of cards in the side's hand and in its deck (only their numbers matter)."""
    homm.change_army(side, hand=hand, deck=deck)


@given("the {side:Side} is a guard stack")
def guard_stack(homm: HommWorld, side: Side) -> None:
    """The side is a guard stack rather than a player's army."""
    homm.change_army(side, is_guard=True)


@given("the {side:Side}'s {line:Line} Line holds {count:Count} single {unit:Text} stacks")
def single_card_stacks(homm: HommWorld, side: Side, line: Line, count: int, unit: str) -> None:
    """Several stacks of one card each, called after the unit and numbered: "Gold Golem 1", "Gold Golem 2"..."""
    for number in range(1, count + 1):
        homm.place(side, line, f"a {unit}", f"{unit} {number}")
