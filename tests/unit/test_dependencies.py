"""Dependencies point one way: read every module's imports (with `ast`, nothing is run) and check them.

- no rule module imports drawing code (only a game's drawing modules, `picture` and
  `odds_page`, and its `game` module when a drawing or a page is asked for, may);
- the shared modules (odds, dice, errors, the game contract, the drawing toolkit) import no game;
- there is no import circle between Battlebook's modules, counting every import, also those
  inside functions and under `TYPE_CHECKING`;
- HoMM's general rules (and the state they act on) name no battlefield feature: they reach
  the town only through the extensions seam; the town's rules sit above them, an ordinary
  extension that calls their checks.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from battlebook.games import PACKAGES
from tests.sources import syntax_tree

PACKAGE = Path(__file__).resolve().parents[2] / "engine" / "battlebook"
GAMES = tuple(PACKAGES.values())
#: Drawing code: a game's drawing of its states and its odds page, and the shared drawing toolkit.
DRAWING = (
    "battlebook.homm.picture",
    "battlebook.heroscape.picture",
    "battlebook.homm.odds_page",
    "battlebook.heroscape.odds_page",
    "battlebook.pictures",
)
HOMM_GENERAL_RULES = (
    "battlebook.homm.rules",
    "battlebook.homm.combat",
    "battlebook.homm.flow",
    "battlebook.homm.opportunity",
    "battlebook.homm.scores",
    "battlebook.homm.state",
    "battlebook.homm.extensions",
)
HOMM_TOWN = ("battlebook.homm.siege", "battlebook.homm.town")
SHARED = (
    "battlebook.odds",
    "battlebook.dice",
    "battlebook.errors",
    "battlebook.frozen",
    "battlebook.game",
    "battlebook.pictures",
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def is_within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


@cache
def imports_of(name: str) -> frozenset[str]:
    """The Battlebook modules `name` imports, anywhere in its code."""
    path = modules()[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(syntax_tree(path)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules() else base)
    return frozenset(m for m in found if m in modules() and m != name)


def test_the_import_reader_sees_the_package() -> None:
    assert "battlebook.homm.rules" in modules() and "battlebook.heroscape.rules" in modules()
    assert "battlebook.homm.combat" in imports_of("battlebook.homm.rules")
    assert "battlebook.homm.rule_ids" in imports_of("battlebook.homm.rules")


def test_no_rule_module_imports_drawing_code() -> None:
    offenders = {
        name: sorted(m for m in imports_of(name) if is_within(m, DRAWING))
        for name in modules()
        if is_within(name, GAMES) and not is_within(name, DRAWING) and not name.endswith(".game")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_shared_modules_import_no_game() -> None:
    offenders = {
        name: sorted(m for m in imports_of(name) if is_within(m, GAMES))
        for name in modules()
        if is_within(name, SHARED)
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_there_is_no_import_circle() -> None:
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for other in sorted(imports_of(name)):
            if state.get(other) == 1:
                circles.append([*path[path.index(other) :], other])
            elif other not in state:
                visit(other)
        path.pop()
        state[name] = 2

    for name in sorted(modules()):
        if name not in state:
            visit(name)
    assert circles == []


def test_homm_general_rules_import_no_town_module() -> None:
    offenders = {name: sorted(imports_of(name) & set(HOMM_TOWN)) for name in HOMM_GENERAL_RULES}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_town_rules_sit_above_the_general_rules_and_call_their_checks() -> None:
    assert "battlebook.homm.combat" in imports_of("battlebook.homm.siege")
