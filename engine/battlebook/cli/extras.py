"""What a subcommand needs beyond the core package, and the one line that says how to get it."""

from __future__ import annotations

import importlib.util

#: The optional dependencies of each extra that a subcommand imports: (import name, distribution name).
EXTRAS: dict[str, tuple[tuple[str, str], ...]] = {
    "check": (("pytest", "pytest"), ("pytest_bdd", "pytest-bdd"), ("parse_type", "parse-type"))
}


def missing_extra(extra: str) -> str | None:
    """One line naming the extra to install when one of its packages is missing, else None.

    Examples:
        >>> missing_extra("check") is None or missing_extra("check").startswith("battlebook")
        True
    """
    absent = [dist for module, dist in EXTRAS[extra] if importlib.util.find_spec(module) is None]
    if not absent:
        return None
    named = absent[0] if len(absent) == 1 else ", ".join(absent[:-1]) + " and " + absent[-1]
    return f"needs {named}, not installed here: pip install 'battlebook[{extra}]'"
