"""The registry of games: every game behind the [`Game`][battlebook.game.Game] contract, by name.

The rulebook machinery (the step language, the site's pages, the command line, the page's
calculators) and the API test read this registry instead of branching per game: a new game
is one entry of [`PACKAGES`][battlebook.games.PACKAGES], its package holding a `game` module
(its contract object, `GAME`) and a light `calculator` module (its calculators).

A game's rules are imported when the game is first asked for: reading the registry's names,
or a game's calculators (as `battlebook odds` does to read its options), loads no rule.

Examples:
    >>> tuple(GAMES)
    ('homm', 'heroscape')
    >>> tuple(game.name for game in GAMES.values())
    ('homm', 'heroscape')
    >>> game_named("heroscape").title
    'Heroscape'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import MappingProxyType

#: The contract and the calculators' types are read by type checkers only: reading the registry
#: (as `battlebook odds` does for its options) imports neither, nor `typing`.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from battlebook.calculator import Calculators
    from battlebook.game import Game

__all__ = ["GAMES", "PACKAGES", "Registry", "calculators", "game_named"]

#: Every registered game: its short name, and the package its rules live in.
PACKAGES: Mapping[str, str] = MappingProxyType({"homm": "battlebook.homm", "heroscape": "battlebook.heroscape"})


class Registry(Mapping[str, "Game[Any, Any]"]):
    """The registered games by name, in order: each imported (its `game` module's `GAME`) when first asked for."""

    def __init__(self, packages: Mapping[str, str]) -> None:
        self._packages = packages

    def __getitem__(self, name: str) -> Game[Any, Any]:
        game: Game[Any, Any] = importlib.import_module(f"{self._packages[name]}.game").GAME
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)

    def __repr__(self) -> str:
        return f"Registry({list(self._packages)})"


#: Every registered game, by its short name.
GAMES = Registry(PACKAGES)


def game_named(name: str) -> Game[Any, Any]:
    """The registered game called `name`; a `KeyError` names the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r} (games: {', '.join(GAMES)})") from None


def calculators(name: str) -> Calculators:
    """The calculators of the registered game called `name`, read without loading its rules.

    Examples:
        >>> calculators("homm").odds.json_help
        'print one JSON object instead of a sentence'
    """
    if name not in PACKAGES:
        raise KeyError(f"no game {name!r} (games: {', '.join(GAMES)})")
    found: Calculators = importlib.import_module(f"{PACKAGES[name]}.calculator").CALCULATORS
    return found
