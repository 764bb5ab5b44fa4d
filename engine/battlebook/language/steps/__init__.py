"""The step definitions every scenario is written in, one module per domain concept.

Every module here whose name does not start with an underscore holds steps; the plugin
([`battlebook.language.plugin`][battlebook.language.plugin]) registers each of them, so a
new module of steps needs no other change.

Examples:
    >>> "battlebook.language.steps.homm_setup" in step_modules()
    True
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from battlebook.language.steps._attempts import AttemptLog, JournalEntry, World

__all__ = ["AttemptLog", "JournalEntry", "World", "load_step_modules", "step_modules"]


def step_modules() -> list[str]:
    """The importable names of the step modules, sorted (modules starting with `_` are helpers)."""
    return sorted(f"{__name__}.{info.name}" for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))


def load_step_modules() -> list[ModuleType]:
    """Import every step module, registering its steps (a module already imported is not run again)."""
    return [importlib.import_module(name) for name in step_modules()]
