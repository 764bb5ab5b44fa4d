"""No state at module level in the machinery: the book, the step language and the runners.

A module-level list, dict or set that a function changes, a cache decorator on a
module-level function, or a `global` rebinding is state that outlives a run and is shared
by every caller in the process: a second pytest session, a check in the page, a site build
reading the book again. The machinery holds such state in objects instead (pytest's
`config.stash`, a session or plugin object, a reader the caller keeps).

The scan (`module_state`) is plain `ast`: it lists

- each module-level name bound to a list, dict or set (a literal, a comprehension, or a
  call of `list`, `dict`, `set`, `defaultdict`, `Counter`, `OrderedDict`, `deque`) that some
  function body, in any module of the package, changes in place (`.append`, `.update`,
  `[key] = ...`, `del ...[key]`, `[:] = ...`, ...): building a constant table at import
  time is not state, changing it afterwards is;
- each module-level function decorated with `functools.cache` or `functools.lru_cache`;
- each `global` statement.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.sources import syntax_tree

ENGINE = Path(__file__).resolve().parents[2] / "engine"
PACKAGE = ENGINE / "battlebook"

#: The layers that must hold no module-level state.
STATELESS_LAYERS = ("battlebook.book", "battlebook.language", "battlebook.runners")

CONTAINER_CALLS = {"list", "dict", "set", "defaultdict", "Counter", "OrderedDict", "deque"}
MUTATORS = {
    "append",
    "extend",
    "insert",
    "remove",
    "pop",
    "popitem",
    "clear",
    "update",
    "setdefault",
    "add",
    "discard",
    "difference_update",
    "intersection_update",
    "symmetric_difference_update",
    "sort",
    "reverse",
    "appendleft",
    "extendleft",
    "popleft",
}
CACHE_DECORATORS = {"cache", "lru_cache"}


@dataclass(frozen=True, order=True)
class Finding:
    """One piece of module-level state: where, and what."""

    module: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: {self.what}"


def module_name(path: Path, root: Path = ENGINE) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The module's own statements, looking inside top-level `if`, `try` and `with` blocks."""
    for node in body:
        yield node
        if isinstance(node, ast.If):
            yield from _top_level(node.body)
            yield from _top_level(node.orelse)
        elif isinstance(node, ast.Try):
            yield from _top_level(node.body)
            for handler in node.handlers:
                yield from _top_level(handler.body)
            yield from _top_level(node.orelse)
            yield from _top_level(node.finalbody)
        elif isinstance(node, ast.With):
            yield from _top_level(node.body)


def _is_container(value: ast.expr | None) -> bool:
    if isinstance(value, ast.List | ast.Dict | ast.Set | ast.ListComp | ast.DictComp | ast.SetComp):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return name in CONTAINER_CALLS
    return False


def _containers(tree: ast.Module) -> dict[str, int]:
    """Module-level names bound to a mutable container, with the line of the binding."""
    found: dict[str, int] = {}
    for node in _top_level(tree.body):
        targets: list[ast.expr] = []
        value: ast.expr | None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        else:
            continue
        if _is_container(value):
            for target in targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.lineno
    return found


def _root_name(node: ast.expr) -> tuple[str, ...]:
    """The dotted name an expression starts from: `a.b.c` -> ("a", "b", "c"); anything else -> ()."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return tuple(reversed(parts))
    return ()


def _changed_names(function: ast.AST) -> Iterator[tuple[tuple[str, ...], int]]:
    """The dotted names a function body changes in place, with the line."""
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            name = _root_name(node.func.value)
            if name:
                yield name, node.lineno
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
            targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
            for target in targets:
                if isinstance(target, ast.Subscript):
                    name = _root_name(target.value)
                    if name:
                        yield name, node.lineno


def _functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield node


def _imports(tree: ast.Module, module: str) -> dict[str, str]:
    """Local name -> the package's dotted name it stands for (`from m import X` -> "m.X", `import m as a` -> "m")."""
    names: dict[str, str] = {}
    package = module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], *filter(None, [base])]
                )
            for alias in node.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
    return names


def module_state(package: Path = PACKAGE) -> list[Finding]:
    """Every piece of module-level state in the package under `package` (see the module's docstring)."""
    trees = {module_name(path, package.parent): syntax_tree(path) for path in package.rglob("*.py")}
    containers = {
        f"{module}.{name}": (module, line) for module, tree in trees.items() for name, line in _containers(tree).items()
    }
    findings: set[Finding] = set()
    for module, tree in trees.items():
        local = {**{name: f"{module}.{name}" for name in _containers(tree)}, **_imports(tree, module)}
        for function in _functions(tree):
            for dotted, _line in _changed_names(function):
                head, *rest = dotted
                full = ".".join([local.get(head, head), *rest])
                # `a.b.NAME.append(...)`: the longest prefix naming a module-level container.
                while full and full not in containers:
                    full = full.rpartition(".")[0]
                if full:
                    owner, line = containers[full]
                    findings.add(Finding(owner, line, f"module-level {full.rpartition('.')[2]} is changed at run time"))
        for statement in tree.body:
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                for decorator in statement.decorator_list:
                    target = decorator.func if isinstance(decorator, ast.Call) else decorator
                    name = _root_name(target)
                    if name and name[-1] in CACHE_DECORATORS:
                        findings.add(Finding(module, statement.lineno, f"module-level cache on {statement.name}"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Global):
                findings.add(Finding(module, node.lineno, f"global {', '.join(node.names)}"))
    return sorted(findings)


def in_layers(findings: list[Finding], layers: tuple[str, ...]) -> list[Finding]:
    return [f for f in findings if any(f.module == layer or f.module.startswith(layer + ".") for layer in layers)]


def test_the_scan_finds_each_kind_of_state(tmp_path: Path) -> None:
    package = tmp_path / "battlebook"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text(
        "import functools\nSEEN = {}\nTABLE = {'x': 1}\nHOOKS: list[object] = []\nCOUNT = 0\n"
        "for k in 'ab':\n    TABLE[k] = 2\n"
        "def remember(k):\n    SEEN[k] = 1\n"
        "@functools.lru_cache(maxsize=8)\ndef slow(x):\n    return x\n"
        "def bump():\n    global COUNT\n    COUNT += 1\n",
        encoding="utf-8",
    )
    (package / "b.py").write_text(
        "from battlebook.a import HOOKS\nimport battlebook.a as a\n"
        "def add(f):\n    HOOKS.append(f)\ndef more():\n    a.SEEN.clear()\n",
        encoding="utf-8",
    )
    found = [str(f) for f in module_state(package)]
    assert found == [
        "battlebook.a:2: module-level SEEN is changed at run time",
        "battlebook.a:4: module-level HOOKS is changed at run time",
        "battlebook.a:11: module-level cache on slow",
        "battlebook.a:14: global COUNT",
    ]


def test_the_machinery_holds_no_module_level_state() -> None:
    found = in_layers(module_state(), STATELESS_LAYERS)
    assert not found, "module-level state in the machinery:\n" + "\n".join(map(str, found))


if __name__ == "__main__":  # `python tests/unit/test_module_state.py`: the count, per layer
    every = module_state()
    for layer in ("battlebook.book", "battlebook.language", "battlebook.runners", "battlebook.site", "battlebook.cli"):
        mine = in_layers(every, (layer,))
        print(f"{layer}: {len(mine)}")
        for finding in mine:
            print(f"  {finding}")
    pytest.main([__file__, "-q", "-p", "no:cacheprovider"])
