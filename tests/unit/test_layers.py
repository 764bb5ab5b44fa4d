"""The package's layers: every import, string imports included, points one way.

The layers, lowest first: the kernel both games share (top-level modules and the drawing
toolkit), the games, the registry of games, the book, the step language, the runners, the
site, the command line. A module imports only from its own layer or lower ones; no module
and no package takes part in an import cycle; the book imports no game, no test runner and
no site builder; the site reaches a game only through the registry.

String imports count: any string literal naming a module of the package (a plugin list, an
`importlib.import_module` argument, `resources.files(...)`) is an edge like an `import`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from battlebook.games import PACKAGES
from tests.sources import syntax_tree

ROOT = Path(__file__).resolve().parents[2] / "engine"
PACKAGE = ROOT / "battlebook"

#: The layers, lowest first; a module's layer is the first of its dotted prefixes listed.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("kernel", ("battlebook", "battlebook.pictures")),
    ("games", tuple(PACKAGES.values())),
    ("registry", ("battlebook.games",)),
    ("book", ("battlebook.book",)),
    ("language", ("battlebook.language",)),
    ("runners", ("battlebook.runners",)),
    ("site", ("battlebook.site",)),
    ("cli", ("battlebook.cli", "battlebook.__main__")),
)
RANK = {name: rank for rank, (name, _) in enumerate(LAYERS)}
#: Third-party modules the book must never import: test runners, site builders and the `site` extra (`yaml`).
FOREIGN_TO_BOOK = ("pytest", "_pytest", "pytest_bdd", "mkdocs", "material", "mkdocstrings", "griffe", "yaml")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> str:
    best = ("kernel", 0)
    for name, prefixes in LAYERS:
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best[1]:
                best = (name, len(prefix))
    return best[0]


def package_of(module: str) -> str:
    """The top-level subpackage a module belongs to (a top-level module stands for itself)."""
    return ".".join(module.split(".")[:2])


def _resolve(name: str) -> str | None:
    """The package's module a dotted name points to (a module, or a name inside one)."""
    known = modules()
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def imported_names(module: str) -> Iterator[str]:
    """Every dotted name the module imports: `import`, `from ... import`, and module names in strings."""
    path = modules()[module]
    tree = syntax_tree(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.strip()
            if text.startswith("battlebook.") and text.replace(".", "").replace("_", "").isalnum():
                yield text


@cache
def graph() -> dict[str, frozenset[str]]:
    edges: dict[str, frozenset[str]] = {}
    for module in modules():
        targets = {_resolve(name) for name in imported_names(module) if name.startswith("battlebook")}
        edges[module] = frozenset(t for t in targets if t and t != module and not module.startswith(t + "."))
    return edges


def foreign_imports(module: str) -> set[str]:
    return {name.split(".")[0] for name in imported_names(module) if not name.startswith("battlebook")}


def cycles(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_scan_sees_string_imports_and_every_layer() -> None:
    assert "battlebook.language.plugin" in modules()
    assert "battlebook.language.steps.homm_setup" in graph()["battlebook.language.plugin"] or any(
        name == "battlebook.language.steps" for name in graph()["battlebook.language.plugin"]
    )
    assert {layer_of(module) for module in modules()} == set(RANK)


def test_no_module_takes_part_in_an_import_cycle() -> None:
    assert cycles(graph()) == []


def test_no_package_takes_part_in_an_import_cycle() -> None:
    packages: dict[str, set[str]] = {}
    for module, targets in graph().items():
        packages.setdefault(package_of(module), set()).update(
            package_of(t) for t in targets if package_of(t) != package_of(module)
        )
    assert cycles({name: frozenset(targets) for name, targets in packages.items()}) == []


def test_every_import_points_down_the_layers() -> None:
    upward = sorted(
        f"{module} ({layer_of(module)}) imports {target} ({layer_of(target)})"
        for module, targets in graph().items()
        for target in targets
        if RANK[layer_of(target)] > RANK[layer_of(module)]
    )
    assert upward == []


def test_the_book_imports_no_game_no_test_runner_and_no_site_builder() -> None:
    wrong = sorted(
        f"{module} imports {name}"
        for module in modules()
        if layer_of(module) == "book"
        for name in sorted(
            (foreign_imports(module) & set(FOREIGN_TO_BOOK))
            | {t for t in graph()[module] if layer_of(t) in ("games", "registry")}
        )
    )
    assert wrong == KNOWN_BOOK_IMPORTS


@pytest.mark.parametrize("layer", ["site", "runners", "cli"])
def test_the_upper_layers_reach_a_game_only_through_the_registry(layer: str) -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in graph().items()
        if layer_of(module) == layer
        for target in targets
        if layer_of(target) == "games"
    )
    assert wrong == []


#: The book's imports of a test runner still to go (issue 21: the model's types from `gherkin`).
KNOWN_BOOK_IMPORTS: list[str] = []
