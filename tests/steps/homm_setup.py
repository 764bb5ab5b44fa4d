"""Steps that set up a Heroes of Might & Magic battle: the rules in force, units, stacks."""

from __future__ import annotations

from pytest_bdd import given, parsers

from engine.errors import ScenarioError
from engine.homm import DieReading, Line, Ruleset, Side, UnitCard
from tests.steps.homm_world import HommWorld

DOMAIN = "HoMM: battle setup"


@given("a battle in the open field")
def open_field_battle(homm: HommWorld) -> None:
    """Start an open-field battle (no town) under the default rules: the die reads 0-9."""
    homm.set_ruleset(Ruleset())


@given(parsers.parse("the die reads {reading}"))
def die_reads(homm: HommWorld, reading: str) -> None:
    """Choose how the ten-sided die is read: `0-9` (the default) or `1-10`."""
    try:
        die_reading = DieReading(reading)
    except ValueError:
        raise ScenarioError(f"the die reads 0-9 or 1-10, not {reading!r}") from None
    homm.set_ruleset(Ruleset(die_reading=die_reading))


@given("these units, defined for this example only:")
def define_units(homm: HommWorld, datatable: list[list[str]]) -> None:
    """Define units in a table with a `name` column and any of `level`, `phase`, `melee`, `ranged`, `defense`.

    A blank cell leaves that stat undefined. A unit the sources know keeps the stats
    the table does not give.
    """
    header, *rows = datatable
    stats = {"level", "phase", "melee", "ranged", "defense"}
    unknown = [h for h in header if h != "name" and h not in stats]
    if "name" not in header or unknown:
        raise ScenarioError(f"a unit table needs a name column and stats among {sorted(stats)}; got {header}")
    for row in rows:
        values = dict(zip(header, (cell.strip() for cell in row), strict=True))
        try:
            numbers = {k: int(v) for k, v in values.items() if k != "name" and v}
        except ValueError as error:
            raise ScenarioError(f"unit {values['name']!r}: stats must be whole numbers ({error})") from None
        homm.units.define(UnitCard(values["name"], **numbers))


@given(
    parsers.re(
        r'the (?P<side>Aggressor|Defender) has (?P<what>.+?)(?: called "(?P<name>[^"]+)")? '
        r"on its (?P<line>Melee|Ranged) Line"
    )
)
def place_stack(homm: HommWorld, side: str, what: str, name: str | None, line: str) -> None:
    """Put a stack on a line: "a stack of 3 Gold Golems", "a Behemoth", or several kinds with a name.

    The stack is called by its units as written ("Gold Golems") unless a name is given
    with `called "..."`. Cards are listed from the top down.
    """
    homm.place(Side(side), Line(line), what, name)
