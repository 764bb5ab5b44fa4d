"""The exact chance of every attack an example makes, shown beside the example on its page.

After each passing example, the annotator reads the journal of each game world the
example used and asks the engine for the chance of every attack it attempted, from the
battle as it stood just before that attack. Refused attacks get no chance: they never
rolled.

Every game in the registry ([`battlebook.games`][battlebook.games]) is read the same way:
the world fixture named after the game, its journal, and the game's own line for an
attack's chance; a new game needs no change here.
"""

from __future__ import annotations

from typing import Any

import pytest

from battlebook.game import Game
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.session import annotator, played_worlds

NOTE_TITLE = "Chance of this attack"


def chances(game: Game[Any, Any], world: Any) -> list[str]:
    """One line per attack of `game` that the example attempted and the rules allowed."""
    return [
        game.describe_chance(entry.before, entry.action)
        for entry in world.journal
        if game.is_attack(entry.action) and entry.refusal is None
    ]


@annotator
def attack_odds(request: pytest.FixtureRequest, record: ScenarioRecord) -> None:
    """Attach the chance of each attack of a passing example, if it made any."""
    lines: list[str] = []
    for game, world in played_worlds(request):
        lines += chances(game, world)
    if len(lines) == 1:
        record.annotate(NOTE_TITLE, lines[0][0].upper() + lines[0][1:] + ".")
    elif lines:
        joined = "; ".join(lines)
        record.annotate("Chances of these attacks", joined[0].upper() + joined[1:] + ".")
