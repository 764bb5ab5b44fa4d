"""The step definitions every scenario is written in, one module per domain concept.

Every module here belongs to one game or to none:

- each registered game declares its step library in its
  [`Registration`][battlebook.games.Registration] (`steps`): the built-in games' libraries
  are modules of this package (`homm_*`, `heroscape_*`), a game registered outside
  Battlebook brings its own; every step of such a module works on that game's world;
- the modules here that no game claims (and whose names do not start with an underscore:
  those are helpers) are shared by every game: their steps work on no game's world, and
  they import no game's rules.

A run loads the shared modules and the libraries of the games it plays
([`step_modules`][battlebook.language.steps.step_modules] with its games: see
[`Run.step_games`][battlebook.language.run.Run]); a reader of the whole language (the step
catalogue, `battlebook steps`) loads every game's.

Examples:
    >>> "battlebook.language.steps.homm_setup" in step_modules()
    True
    >>> "battlebook.language.steps.homm_setup" in step_modules(["heroscape"])
    False
    >>> shared_modules()
    ['battlebook.language.steps.notes', 'battlebook.language.steps.readings']
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Iterable
from types import ModuleType

from battlebook.games import GAMES
from battlebook.language.steps._attempts import AttemptLog, JournalEntry, World

__all__ = [
    "AttemptLog",
    "JournalEntry",
    "World",
    "game_modules",
    "load_step_modules",
    "shared_modules",
    "step_modules",
]


def game_modules(games: Iterable[str] | None = None) -> list[str]:
    """The importable names of the step libraries of `games` (by default, every registered game's), game by game.

    A registration names its modules absolutely, or relative to this package (`.homm_setup`).
    """
    return [importlib.util.resolve_name(name, __name__) for name in GAMES.step_libraries(games)]


def shared_modules() -> list[str]:
    """The importable names of this package's shared step modules, sorted: those no registered game claims."""
    claimed = set(game_modules())
    here = (f"{__name__}.{info.name}" for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    return sorted(name for name in here if name not in claimed)


def step_modules(games: Iterable[str] | None = None) -> list[str]:
    """The importable names of the step modules of a run playing `games` (by default, every registered game).

    The shared modules first, then each game's library, in the registry's order.
    """
    return [*shared_modules(), *game_modules(games)]


def load_step_modules(games: Iterable[str] | None = None) -> list[ModuleType]:
    """Import the step modules of `games` (by default, every game's), registering their steps.

    A module already imported is not run again.
    """
    return [importlib.import_module(name) for name in step_modules(games)]
