"""The Engine API index (`docs/api.md`, each game's section put in) lists every public module of the package once.

The step modules are left out: the step catalogue documents every step they define.
"""

from __future__ import annotations

from pathlib import Path

from battlebook.site.api_reference import api_modules

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "engine" / "battlebook"


def public_modules() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        step_module = parts[:3] == ("battlebook", "language", "steps") and len(parts) > 3
        if step_module or any(part.startswith("_") for part in parts):
            continue
        found.add(".".join(parts))
    return found


def test_every_public_module_is_listed_once() -> None:
    listed = [module for section in api_modules(ROOT) for module in section.modules]
    assert sorted({m for m in listed if listed.count(m) > 1}) == []
    assert sorted(public_modules() - set(listed)) == []
    assert sorted(set(listed) - public_modules()) == []
