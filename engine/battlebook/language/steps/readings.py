"""The step that plays a scenario under an alternative reading of a ruling, in any game.

Each game lists its rulings' alternative readings by their words
([`Game.readings`][battlebook.game.Game.readings]); the words name the game, and the step
hands the reading's settings to that game's world, which plays its battle under them.
"""

from __future__ import annotations

import pytest

from battlebook.errors import ScenarioError
from battlebook.games import GAMES
from battlebook.language.grammar import Parameter, given, register

DOMAIN = "Rulings: alternative readings"


def all_readings() -> list[str]:
    """The words of every game's alternative readings, sorted."""
    return sorted(words for game in GAMES.values() for words in game.readings())


register(Parameter("AlternativeReading", r".+?", str, shape="one of: " + "; ".join(all_readings())))


@given("the alternative reading: {reading:AlternativeReading}")
def alternative_reading(request: pytest.FixtureRequest, reading: str) -> None:
    """Play under the alternative reading of a ruling, named in words (see the rulings pages).

    The words say which game's ruling it is: a Heroscape reading may be chosen before the
    battlefield is drawn, any reading before the first action.
    """
    for game in GAMES.values():
        settings = game.readings().get(reading)
        if settings is not None:
            request.getfixturevalue(game.name).choose_reading(settings)
            return
    raise ScenarioError(f"no alternative reading {reading!r}; known: {all_readings()}")
