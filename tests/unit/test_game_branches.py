"""Both games only through the `Game` contract: no module outside the games names one.

An `ast` scan of every module of the package, outside the game packages themselves, for

- an import of a game package (`battlebook.homm...`, `battlebook.heroscape...`), written as
  an `import`, a `from ... import` or a module name in a string (a plugin list, an
  `importlib.import_module` argument);
- a string in the code (docstrings aside) that names a game: its short name or its title,
  in any case (`"homm"`, `"features/heroscape/"`, `"HoMM: ..."`, `"Heroes of Might & Magic IV"`).

Either is a branch per game: a third game registered in `battlebook.games` would be missed
there. What may name a game, and why:

- the game packages (`battlebook.homm`, `battlebook.heroscape`): each game's own rules,
  pages, drawings and words;
- the registry (`battlebook.games`): the one place that lists every game;
- the step definitions (`battlebook.language.steps`): a game's vocabulary, per game by
  design; each step belongs to the game whose world fixture it takes;
- the table of the source texts (`battlebook.book.sources`): data about the five texts the
  rulebook restates, their titles and the game each covers; nothing branches on it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from battlebook.games import GAMES, PACKAGES
from tests.sources import syntax_tree

ROOT = Path(__file__).resolve().parents[2] / "engine"
PACKAGE = ROOT / "battlebook"
#: The modules that may name a game (see the module's docstring), by dotted prefix.
EXEMPT = (
    *PACKAGES.values(),
    "battlebook.games",
    "battlebook.language.steps",
    "battlebook.book.sources",
)
GAME_PACKAGES = tuple(PACKAGES.values())
#: How a string may name a game: its short name, its title, or its title without the last word ("... IV").
NAMES = sorted({n for g in GAMES.values() for n in (g.name, g.title, g.title.rsplit(" ", 1)[0]) if len(n) > 3})
#: A string naming a game: one of `NAMES`, as a word, in any case.
NAMING = re.compile(r"(?i)(?<![a-z])(?:" + "|".join(map(re.escape, NAMES)) + r")(?![a-z])")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
        if isinstance(node, ast.Module | ast.ClassDef):  # attribute docstrings: a string after an assignment
            found.update(
                id(after.value)
                for before, after in zip(node.body, node.body[1:], strict=False)
                if isinstance(before, ast.Assign | ast.AnnAssign)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            )
    return found


def branches(path: Path) -> Iterator[str]:
    """Each place the module at `path` names a game: `line: what`."""
    tree = syntax_tree(path)
    docstrings = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _within(alias.name, GAME_PACKAGES):
                    yield f"{node.lineno}: import {alias.name}"
        elif isinstance(node, ast.ImportFrom) and node.module and _within(node.module, GAME_PACKAGES):
            yield f"{node.lineno}: from {node.module} import ..."
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and NAMING.search(node.value)
        ):
            yield f"{node.lineno}: {node.value[:60]!r}"


def scan() -> dict[str, list[str]]:
    """The game branches of every module that may not name a game."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        if not _within(name, EXEMPT):
            hits = list(branches(path))
            if hits:
                found[name] = hits
    return found


def test_the_scan_sees_a_game_import_and_a_game_name(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring may say homm."""\n'
        "from battlebook.homm.units import KNOWN_UNITS\n"
        "import battlebook.heroscape.cards\n"
        'PLUGIN = "battlebook.heroscape.rules"\n'
        'TITLE = "Heroes of Might & Magic IV units"\n'
        'PATH = "features/heroscape/"\n'
        'FINE = "a hommage"\n',
        encoding="utf-8",
    )
    assert [line.split(":")[0] for line in branches(sample)] == ["2", "3", "4", "5", "6"]


def test_no_module_outside_the_games_branches_per_game() -> None:
    assert scan() == {}


#: What the site's own code and hand-written lists are: the page's scripts, the navigation, the API index.
SITE_FILES = (
    *sorted((PACKAGE.parents[1] / "docs" / "javascripts").glob("*.js")),
    PACKAGE.parents[1] / "docs" / "nav.yml",
    PACKAGE.parents[1] / "docs" / "api.md",
)


def test_the_page_s_scripts_and_the_site_s_lists_name_no_game() -> None:
    """The calculators' forms, the Playground's games, the odds pages, the navigation and the API index come from the
    registry: a game's name or title in one of these files (comments included) is a hand-written branch or list."""
    found = {
        f"{path.name}:{number}": line.strip()
        for path in SITE_FILES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if NAMING.search(line) or any(package in line for package in GAME_PACKAGES)
    }
    assert found == {}
