"""The step definitions every scenario is written in, one module per domain concept.

Every module here whose name does not start with an underscore holds steps; the plugin
([`battlebook.language.plugin`][battlebook.language.plugin]) registers each of them, so a
new module of steps needs no other change.

Examples:
    >>> "battlebook.language.steps.homm_setup" in step_modules()
    True
"""

from __future__ import annotations

import pkgutil


def step_modules() -> list[str]:
    """The importable names of the step modules, sorted (modules starting with `_` are helpers)."""
    return sorted(f"{__name__}.{info.name}" for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
