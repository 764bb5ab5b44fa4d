"""Steps for battles in towns: the town card and the state of its walls."""

from __future__ import annotations

from dataclasses import replace

from battlebook.errors import ScenarioError
from battlebook.homm import Ruleset, Walls
from battlebook.homm.setup import in_town
from battlebook.language.grammar import given, then
from battlebook.language.steps.homm_world import HommWorld

DOMAIN = "HoMM: battles in towns"


@given("a battle in the Defender's town")
def town_battle(homm: HommWorld) -> None:
    """Start a battle in the Defender's town under the default rules: the Town Card stands, its walls intact.

    The Defender is an army defending its town. Actions call the town card "Town Card".
    """
    homm.set_ruleset(Ruleset())
    homm.state = in_town(homm.state.ruleset)


@given("the town's walls are {walls:Walls}")
def walls_are(homm: HommWorld, walls: Walls) -> None:
    """The town card has already been turned to this position (hit once for Breached, twice for Sacked)."""
    town = homm.state.town
    if town is None:
        raise ScenarioError("this battle is not in a town: start it with 'Given a battle in the Defender's town'")
    homm.state = replace(homm.state, town=replace(town, walls=walls))


@then("the town's walls are {walls:Walls}")
def walls_now(homm: HommWorld, walls: Walls) -> None:
    """The position the town card is turned to now."""
    town = homm.state.town
    assert town is not None, "the battle has no town card"
    assert town.walls is walls, f"the walls are {town.walls}"
