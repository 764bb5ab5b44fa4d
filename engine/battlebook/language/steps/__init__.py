"""The step definitions every scenario is written in, one module per domain concept.

The step modules of a run (loaded by the plugin,
[`battlebook.language.plugin`][battlebook.language.plugin], and by every reader of the
steps) are:

- every module here whose name does not start with an underscore: the steps every game
  shares, and the built-in games' own (a module belongs to the game whose world fixture
  its steps take); a new module here needs no other change;
- each step library a registered game opts in to in its
  [`Registration`][battlebook.games.Registration] (a game registered outside Battlebook
  brings its own), game by game.

Examples:
    >>> "battlebook.language.steps.homm_setup" in step_modules()
    True
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from battlebook.games import GAMES
from battlebook.language.steps._attempts import AttemptLog, JournalEntry, World

__all__ = ["AttemptLog", "JournalEntry", "World", "load_step_modules", "step_modules"]


def step_modules() -> list[str]:
    """The importable names of the step modules: this package's, sorted (`_` modules are helpers), then the games'."""
    here = sorted(f"{__name__}.{info.name}" for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    return [*here, *(name for name in GAMES.step_libraries() if name not in here)]


def load_step_modules() -> list[ModuleType]:
    """Import every step module, registering its steps (a module already imported is not run again)."""
    return [importlib.import_module(name) for name in step_modules()]
