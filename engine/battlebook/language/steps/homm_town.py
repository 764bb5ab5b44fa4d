"""Steps for battles in towns: the town card and the state of its walls."""

from __future__ import annotations

from battlebook.homm import Walls
from battlebook.homm.setup import in_town, with_walls
from battlebook.homm.siege import town_of
from battlebook.language.steps.homm_world import HommWorld, given, then

DOMAIN = "HoMM: battles in towns"


@given("a battle in the Defender's town")
def town_battle(homm: HommWorld) -> None:
    """Start a battle in the Defender's town under the default rules: the Town Card stands, its walls intact.

    The Defender is an army defending its town. Actions call the town card "Town Card".
    """
    homm.start(in_town())


@given("the town's walls are {walls:Walls}")
def walls_are(homm: HommWorld, walls: Walls) -> None:
    """The town card has already been turned to this position (hit once for Breached, twice for Sacked)."""
    homm.state = with_walls(homm.state, walls)


@then("the town's walls are {walls:Walls}")
def walls_now(homm: HommWorld, walls: Walls) -> None:
    """The position the town card is turned to now."""
    town = town_of(homm.state)
    assert town is not None, "the battle has no town card"
    assert town.card.walls is walls, f"the walls are {town.card.walls}"
