"""Lazy re-exports for a package's `__init__`: a name is imported from its module when first asked for.

A game package re-exports its public names (`from battlebook.homm import BattleState`), but
importing one small module of it (`battlebook.homm.ruleset`, say, for `battlebook odds`)
must not load the whole engine. The package lists where each name lives; Python calls the
package's `__getattr__` (PEP 562) only for a name not yet loaded.

Examples:
    >>> getattr_, dir_ = lazy_exports("demo", {"sqrt": "math", "pi": "math"}, {})
    >>> getattr_("pi") > 3, dir_()
    (True, ['pi', 'sqrt'])
    >>> getattr_("tau")
    Traceback (most recent call last):
    AttributeError: module 'demo' has no attribute 'tau'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(
    package: str, exports: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module `__getattr__` and `__dir__` serving `exports` (name -> module holding it) for `package`.

    A name, once imported, is kept in `namespace` (the package's globals), so it is looked up
    only once.
    """

    def module_getattr(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def module_dir() -> list[str]:
        return sorted({*exports, *(k for k in namespace if not k.startswith("_"))} - {"annotations"})

    return module_getattr, module_dir
