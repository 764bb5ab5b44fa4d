"""The package uses other tools only through their public interfaces.

An `ast` scan of every module of the package (`private_uses`) finds, for each package named
in `FOREIGN` (and its private twin, `_pytest` for `pytest`):

- an import of a private module or name (a `_`-prefixed part), or of a module outside the
  ones `PUBLIC_MODULES` lists for that package (pytest-bdd's public interface is its
  top-level names and `pytest_bdd.parsers`), in an `import` or as a dotted module name in a
  string (a plugin list, an `importlib.import_module` argument);
- a `_`-prefixed attribute read on one of its objects: a name imported from it, or a
  parameter or variable annotated with one of its types, and anything reached from those
  (`request.node._x`), also through `getattr(obj, "_x")`;
- an assignment onto one of its modules or classes (`module.name = ...`,
  `setattr(module, ...)`, `del module.name`): replacing another package's functions;
- `sys.modules[...] = ...` (or `.update`, `.setdefault`): a stand-in module.

`FOREIGN` is a plain list: the site's tools (mkdocs, mkdocstrings, autorefs, griffe,
material) join it as their uses are made public; a package listed without an entry in
`PUBLIC_MODULES` may be imported from any module whose dotted name has no `_`-prefixed part.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

from tests.sources import syntax_tree

ENGINE = Path(__file__).resolve().parents[2] / "engine"
PACKAGE = ENGINE / "battlebook"

#: The other packages whose internals the package must not touch.
FOREIGN: list[str] = ["pytest", "_pytest", "pytest_bdd"]
#: For a package of `FOREIGN`, the only modules of it that may be imported (else: any public one).
PUBLIC_MODULES: dict[str, tuple[str, ...]] = {
    "pytest": ("pytest",),
    "_pytest": (),
    "pytest_bdd": ("pytest_bdd", "pytest_bdd.parsers"),
}


@dataclass(frozen=True, order=True)
class Use:
    """One use of another package's internals."""

    module: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: {self.what}"


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _foreign_top(dotted: str, foreign: list[str]) -> str | None:
    top = dotted.split(".", 1)[0]
    return top if top in foreign else None


def _module_allowed(dotted: str, foreign: list[str]) -> bool:
    top = _foreign_top(dotted, foreign)
    if top is None:
        return True
    if any(_private(part) for part in dotted.split(".")):
        return False
    allowed = PUBLIC_MODULES.get(top)
    return allowed is None or dotted in allowed


def _chain(node: ast.expr) -> tuple[str, ...]:
    """`a.b.c` -> ("a", "b", "c"); `a.b(...).c` -> ("a", "b", "c") (a call keeps its object's origin); else ()."""
    parts: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Subscript):
            node = node.value
        else:
            break
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return tuple(reversed(parts))
    return ()


class _Scan(ast.NodeVisitor):
    def __init__(self, module: str, foreign: list[str]) -> None:
        self.module = module
        self.foreign = foreign
        #: Local names standing for an object of a foreign package (module, class, function, or a typed value).
        self.names: set[str] = set()
        #: Local names standing for a foreign module or class (which must not be assigned onto).
        self.owners: set[str] = set()
        self.found: set[Use] = set()

    def flag(self, node: ast.AST, what: str) -> None:
        self.found.add(Use(self.module, getattr(node, "lineno", 0), what))

    def _foreign(self, node: ast.expr) -> bool:
        chain = _chain(node)
        return bool(chain) and chain[0] in self.names

    def _annotated_foreign(self, annotation: ast.expr | None) -> bool:
        if annotation is None:
            return False
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                annotation = ast.parse(annotation.value, mode="eval").body
            except SyntaxError:
                return False
        return any(
            isinstance(node, ast.Name | ast.Attribute) and _chain(node)[:1] and _chain(node)[0] in self.owners
            for node in ast.walk(annotation)
        )

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if _foreign_top(alias.name, self.foreign):
                if not _module_allowed(alias.name, self.foreign):
                    self.flag(node, f"imports {alias.name}")
                local = alias.asname or alias.name.split(".", 1)[0]
                self.names.add(local)
                self.owners.add(local)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level == 0 and _foreign_top(base, self.foreign):
            if not _module_allowed(base, self.foreign):
                self.flag(node, f"imports from {base}")
            for alias in node.names:
                if _private(alias.name):
                    self.flag(node, f"imports {base}.{alias.name}")
                local = alias.asname or alias.name
                self.names.add(local)
                self.owners.add(local)
        self.generic_visit(node)

    def _arguments(self, args: ast.arguments) -> None:
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if arg is not None and self._annotated_foreign(arg.annotation):
                self.names.add(arg.arg)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._arguments(node.args)
        self.generic_visit(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._arguments(node.args)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if isinstance(node.target, ast.Name) and self._annotated_foreign(node.annotation):
            self.names.add(node.target.id)
        self._assigned(node.target, node)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._assigned(target, node)
        value = node.value
        if (  # `m = importlib.import_module("pytest_bdd.x")`: `m` is that module
            isinstance(value, ast.Call)
            and _chain(value.func)[-1:] == ("import_module",)
            and value.args
            and isinstance(value.args[0], ast.Constant)
            and isinstance(value.args[0].value, str)
            and _foreign_top(value.args[0].value, self.foreign)
        ):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.names.add(target.id)
                    self.owners.add(target.id)
        if self._foreign(node.value):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.names.add(target.id)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._assigned(node.target, node)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self._assigned(target, node)
        self.generic_visit(node)

    def _assigned(self, target: ast.expr, node: ast.AST) -> None:
        if isinstance(target, ast.Attribute):
            chain = _chain(target.value)
            if chain and chain[0] in self.owners:
                self.flag(node, f"assigns {'.'.join(chain)}.{target.attr}")
        if isinstance(target, ast.Subscript) and _chain(target.value) == ("sys", "modules"):
            self.flag(node, "puts a module into sys.modules")
        if isinstance(target, ast.Tuple | ast.List):
            for element in target.elts:
                self._assigned(element, node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if _private(node.attr) and self._foreign(node.value):
            self.flag(node, f"reads {'.'.join(_chain(node.value))}.{node.attr}")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = _chain(node.func)
        if func in (("getattr",), ("hasattr",), ("setattr",), ("delattr",)) and len(node.args) >= 2:
            target, name = node.args[0], node.args[1]
            literal = name.value if isinstance(name, ast.Constant) and isinstance(name.value, str) else None
            if (
                func != ("getattr",)
                and func != ("hasattr",)
                and _chain(target)[:1]
                and _chain(target)[0] in self.owners
            ):
                self.flag(node, f"{func[0]} on {'.'.join(_chain(target))}")
            elif literal is not None and _private(literal) and self._foreign(target):
                self.flag(node, f"{func[0]}({'.'.join(_chain(target))}, {literal!r})")
        if func[:2] == ("sys", "modules") and len(func) == 3 and func[2] in ("update", "setdefault", "__setitem__"):
            self.flag(node, f"sys.modules.{func[2]}")
        self.generic_visit(node)

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring or a bare string names nothing that runs
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        text = node.value
        if (
            isinstance(text, str)
            and re.fullmatch(r"[A-Za-z_]\w*(\.\w+)+", text)
            and _foreign_top(text, self.foreign)
            and not _module_allowed(text, self.foreign)
            and _is_module(text)
        ):
            self.flag(node, f"names the module {text}")


def _is_module(dotted: str) -> bool:
    """Whether `dotted` names an importable module (`pytest.ini`, a file name, does not)."""
    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, ValueError):
        return False


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def private_uses(package: Path = PACKAGE, foreign: list[str] | None = None) -> list[Use]:
    """Every use of another package's internals in the package under `package` (see the module's docstring)."""
    found: set[Use] = set()
    for path in sorted(package.rglob("*.py")):
        scan = _Scan(module_name(path, package.parent), FOREIGN if foreign is None else foreign)
        scan.visit(syntax_tree(path))
        found |= scan.found
    return sorted(found)


def _uses_of(tmp_path: Path, code: str) -> list[str]:
    package = tmp_path / "battlebook"
    package.mkdir(exist_ok=True)
    (package / "m.py").write_text(code, encoding="utf-8")
    return [u.what for u in private_uses(package)]


def test_the_scan_finds_each_kind_of_use(tmp_path: Path) -> None:
    code = """
import importlib
import sys
import pytest
import pytest_bdd.scenario as bdd_scenario
from _pytest.fixtures import FixtureRequest
from pytest_bdd.steps import step_function_context_registry
from pytest_bdd import parsers, scenarios

def hook(request: pytest.FixtureRequest, config: "pytest.Config") -> None:
    request._fixturemanager
    request.node._nodeid
    getattr(config, "_inicache")
    manager = request.config.pluginmanager
    manager._name2plugin

bdd_scenario.find_fixturedefs_for_step = len
setattr(parsers, "re", len)
sys.modules["pytest_bdd.generation"] = object()
options = ("-p", "pytest_bdd.plugin")
parser = importlib.import_module("pytest_bdd.parser")
parser.Step.render_datatable = len
"""
    found = _uses_of(tmp_path, code)
    assert found == [
        "imports pytest_bdd.scenario",
        "imports from _pytest.fixtures",
        "imports from pytest_bdd.steps",
        "reads request._fixturemanager",
        "reads request.node._nodeid",
        "getattr(config, '_inicache')",
        "reads manager._name2plugin",
        "assigns bdd_scenario.find_fixturedefs_for_step",
        "setattr on parsers",
        "names the module pytest_bdd.generation",
        "puts a module into sys.modules",
        "names the module pytest_bdd.plugin",
        "names the module pytest_bdd.parser",
        "assigns parser.Step.render_datatable",
    ]


def test_public_uses_pass(tmp_path: Path) -> None:
    code = '''
"""Mentions pytest_bdd.steps in a docstring, which runs nothing."""
import sys
import pytest
from pytest_bdd import given, parsers, scenario

class Mine:
    def __init__(self) -> None:
        self._seen = {}

def hook(request: pytest.FixtureRequest) -> None:
    request.node.stash.get(None, None)
    mine = Mine()
    mine._seen.clear()
    sys.modules.pop("battlebook.runners.feature_tests", None)
    options = ("-p", "pytest-bdd", "-p", "battlebook.language.plugin")
'''
    assert _uses_of(tmp_path, code) == []


def test_the_package_uses_only_public_interfaces() -> None:
    found = private_uses()
    assert not found, "uses of other packages' internals:\n" + "\n".join(map(str, found))


def test_every_foreign_package_is_known() -> None:
    assert set(PUBLIC_MODULES) <= set(FOREIGN)
