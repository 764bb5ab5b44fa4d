"""The step that plays a scenario under an alternative reading of a ruling, in any game.

Each game lists its rulings' alternative readings by their words
([`Game.readings`][battlebook.game.Game.readings]); the words name the game, and the step
hands the reading to that game's world, which plays its battle under its settings.
"""

from __future__ import annotations

import pytest

from battlebook.errors import ScenarioError
from battlebook.games import GAMES
from battlebook.language.grammar import Parameter, given
from battlebook.language.scope import current_game
from battlebook.language.steps._readings import all_readings

DOMAIN = "Rulings: alternative readings"

#: The readings a ruling's alternative may name, in words (listed when the catalogue asks: every
#: game's readings are read from its rules, which a run loads only for the games it plays).
ALTERNATIVE_READING = Parameter(
    "AlternativeReading", r".+?", str, describe=lambda: "one of: " + "; ".join(all_readings())
)


@given("the alternative reading: {reading:AlternativeReading}", parameters=[ALTERNATIVE_READING])
def alternative_reading(request: pytest.FixtureRequest, reading: str) -> None:
    """Play under the alternative reading of a ruling, named in words (see the rulings pages).

    The words say which game's ruling it is, and it must be the game the example plays: a
    Heroscape reading may be chosen before the battlefield is drawn, any reading before the
    first action.
    """
    playing = current_game()
    # The example's own game first: another game's rules load only for a reading that is not its own.
    for name in sorted(GAMES, key=lambda name: name != playing):
        if reading in GAMES[name].readings():
            if playing is not None and name != playing:
                raise ScenarioError(
                    f"the alternative reading {reading!r} is a reading of a {GAMES[name].title} ruling, "
                    f"and this example plays {GAMES[playing].title}"
                )
            request.getfixturevalue(name).choose_reading(reading)
            return
    raise ScenarioError(f"no alternative reading {reading!r}; known: {all_readings()}")
