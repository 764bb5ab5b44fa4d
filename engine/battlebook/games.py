"""The registry of games: every game behind the [`Game`][battlebook.game.Game] contract, by name.

The rulebook machinery (odds notes, the step catalogue, the site's groups) and the API test
read this registry instead of branching per game: a new game is one entry here.

Examples:
    >>> tuple(game.name for game in GAMES.values())
    ('homm', 'heroscape')
    >>> game_named("heroscape").title
    'Heroscape'
"""

from __future__ import annotations

from typing import Any

from battlebook.game import Game
from battlebook.heroscape.game import HEROSCAPE
from battlebook.homm.game import HOMM

#: Every registered game, by its short name.
GAMES: dict[str, Game[Any, Any]] = {game.name: game for game in (HOMM, HEROSCAPE)}


def game_named(name: str) -> Game[Any, Any]:
    """The registered game called `name`; a `KeyError` names the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r} (games: {', '.join(GAMES)})") from None
