"""No module reaches into the site tools' internals: only their documented interfaces.

The tools in `FOREIGN_PACKAGES` (the builders, the theme, mkdocstrings and its handler,
autorefs, griffe, Python-Markdown and its extensions) are used through what they document.
The scan (`private_uses`) is plain `ast` over every module of the package and of the
benchmarks, and lists, in a module that imports one of them:

- an import of a `_`-prefixed module or name of one of them (`griffe._internal`, say);
- an attribute with a `_`-prefixed name (not a `__dunder__`) read or written on anything but
  the module's own `self` or `cls`, or named as a string to `getattr`, `setattr`, `hasattr`
  or `delattr`;
- an assignment to an attribute of one of their modules, classes or objects reached from a
  name the module imported from them (`handler.render = ...`), or a `setattr` on one: a
  function of theirs replaced.

`FOREIGN_PACKAGES` is the list a scan for the test runners' internals extends (pytest,
pytest-bdd): one scan, one list of packages.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCANNED = (ROOT / "engine" / "battlebook", ROOT / "benchmarks")

#: The packages whose internals no module touches: top-level import names.
FOREIGN_PACKAGES = (
    "mkdocs",
    "properdocs",
    "zensical",
    "material",
    "mkdocstrings",
    "mkdocstrings_handlers",
    "mkdocs_autorefs",
    "mkdocs_api_autonav",
    "griffe",
    "markdown",
    "pymdownx",
)
ATTRIBUTE_FUNCTIONS = {"getattr", "setattr", "hasattr", "delattr"}


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _foreign(module: str) -> bool:
    return module.split(".", 1)[0] in FOREIGN_PACKAGES


def _root(node: ast.expr) -> ast.expr:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def private_uses(source: str, name: str = "<module>") -> list[str]:
    """Every use of a foreign package's internals in a module's source (see the module's description)."""
    tree = ast.parse(source, name)
    imported: set[str] = set()
    problems: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _foreign(alias.name):
                    imported.add((alias.asname or alias.name).split(".", 1)[0])
                    if any(_is_private(part) for part in alias.name.split(".")):
                        problems.append(f"{name}:{node.lineno}: imports {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.module and _foreign(node.module):
            if any(_is_private(part) for part in node.module.split(".")):
                problems.append(f"{name}:{node.lineno}: imports from {node.module}")
            for alias in node.names:
                imported.add(alias.asname or alias.name)
                if _is_private(alias.name):
                    problems.append(f"{name}:{node.lineno}: imports {alias.name} from {node.module}")
    if not imported and not problems:
        return []
    # Names bound from what the module imported from them (`handler = plugin.get_handler(...)`), and
    # parameters annotated with one of their types (`page: Page`).
    reached = set(imported)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(root := _root(node.value), ast.Name) and root.id in reached:
            reached |= {target.id for target in node.targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.arg) and node.annotation is not None and _names(node.annotation) & imported:
            reached.add(node.arg)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            root = _root(node)
            if not (isinstance(root, ast.Name) and root.id in ("self", "cls")):
                problems.append(f"{name}:{node.lineno}: touches .{node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ATTRIBUTE_FUNCTIONS:
            args = node.args
            attribute = args[1].value if len(args) >= 2 and isinstance(args[1], ast.Constant) else None
            if isinstance(attribute, str) and _is_private(attribute):
                problems.append(f"{name}:{node.lineno}: {node.func.id}(..., {attribute!r})")
            if node.func.id == "setattr" and args and _names(_root(args[0])) & reached:
                problems.append(
                    f"{name}:{node.lineno}: setattr on {ast.unparse(args[0])}, reached from a foreign package"
                )
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and _names(_root(target)) & reached:
                    problems.append(f"{name}:{node.lineno}: replaces {ast.unparse(target)}")
    return problems


def modules() -> Iterator[Path]:
    for folder in SCANNED:
        yield from sorted(folder.rglob("*.py"))


@pytest.mark.parametrize("path", list(modules()), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_module_touches_the_site_tools_internals(path: Path) -> None:
    assert private_uses(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()) == []


def test_the_scan_finds_what_the_old_site_hooks_did() -> None:
    """The reaches the site's old MkDocs hooks made (issue 22) are each found."""
    old = """
import griffe
from mkdocs.structure.pages import Page
from mkdocs_autorefs._internal import plugin

def keep(config, page: Page, handler, kind):
    paths = getattr(handler, "_paths", None)
    headings = handler._headings
    handler._update_env = lambda md: None
    handler.render = kind.render
    page._title_from_render = "x"
    plugin = config.plugins.get("autorefs")
    plugin.register_anchor = print
    setattr(griffe, "load", print)
"""
    found = " | ".join(private_uses(old))
    for what in ("_internal", "'_paths'", "._headings", "._update_env", "._title_from_render", "setattr on griffe"):
        assert what in found, (what, found)
    assert "replaces handler.render" not in found, "an object the scan cannot trace to a foreign package is not guessed"
    assert "replaces page._title_from_render" in found and "replaces plugin.register_anchor" in found
