"""One `Run` object is the only way anything executes examples.

Every execution (`battlebook check`, the page's "Try it", the outside-facts finder, the
editions runs, the rulebook's own tests) hands pytest one plugin, a
[`Run`][battlebook.language.run.Run], carrying everything the run needs. The package sets no
environment variable, evicts no module from `sys.modules`, and imports no `_`-prefixed module
from outside its package: these are scanned in its source.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlebook.language.run import Examples, Notes, Run
from battlebook.runners.check import run_check
from battlebook.runners.inpage import run_scenario
from tests.sources import syntax_tree

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "engine" / "battlebook"
#: The methods of a mapping that change it.
WRITING = {"pop", "popitem", "update", "setdefault", "clear", "__setitem__", "__delitem__"}


def sources() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(ROOT).as_posix(), syntax_tree(path)


def _is(node: ast.AST, dotted: str) -> bool:
    """Whether `node` is the expression `dotted` (`os.environ`, `sys.modules`)."""
    return isinstance(node, ast.Attribute) and ast.unparse(node) == dotted


def writes_to(tree: ast.Module, dotted: str) -> list[int]:
    """The lines that change the mapping `dotted`: item assignment or deletion, or a changing method."""
    lines = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        lines += [t.lineno for t in targets if isinstance(t, ast.Subscript) and _is(t.value, dotted)]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in WRITING and _is(node.func.value, dotted):
                lines.append(node.lineno)
            if dotted == "os.environ" and ast.unparse(node.func) in ("os.putenv", "os.unsetenv"):
                lines.append(node.lineno)
    return sorted(lines)


def test_the_scan_finds_what_it_looks_for() -> None:
    probe = ast.parse(
        "import os, sys\nos.environ['A'] = '1'\nos.environ.pop('A')\nos.environ.update(B='2')\n"
        "os.environ.setdefault('C', '3')\nos.putenv('D', '4')\ndel os.environ['A']\nsys.modules.pop('x')\n"
        "x = os.environ.get('A')\nenv = {**os.environ, 'A': '1'}\n"
    )
    assert writes_to(probe, "os.environ") == [2, 3, 4, 5, 6, 7]
    assert writes_to(probe, "sys.modules") == [8]


def test_no_module_of_the_package_writes_the_environment() -> None:
    found = {name: lines for name, tree in sources() if (lines := writes_to(tree, "os.environ"))}
    assert found == {}


def test_no_module_of_the_package_evicts_a_module() -> None:
    found = {name: lines for name, tree in sources() if (lines := writes_to(tree, "sys.modules"))}
    assert found == {}


def test_no_private_module_is_imported_from_outside_its_package() -> None:
    found = []
    for name, tree in sources():
        package = "battlebook." + ".".join(Path(name).relative_to("engine/battlebook").parent.parts)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            for module in modules:
                parts = module.split(".")
                private = next(
                    (i for i, p in enumerate(parts) if i and p.startswith("_") and not p.endswith("__")), None
                )
                if private is not None and module.startswith("battlebook."):
                    owner = ".".join(parts[:private])  # a private module is its package's (and subpackages')
                    if not (package == owner or package.startswith(owner + ".")):
                        found.append(f"{name}:{node.lineno} imports {module}")
    assert found == []


def test_only_the_check_calls_pytest_and_it_hands_over_one_run() -> None:
    """Every runner runs through `run_check`; its one `pytest.main` call passes `plugins=[run]`."""
    calls = []
    for name, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "pytest.main":
                plugins = next((k.value for k in node.keywords if k.arg == "plugins"), None)
                calls.append((name, ast.unparse(plugins) if plugins is not None else None))
    assert calls == [("engine/battlebook/runners/check.py", "[run]")]
    for runner in ("inpage", "outside_facts", "editions"):
        module = importlib.import_module(f"battlebook.runners.{runner}")
        assert module.run_check is run_check, runner


def test_the_test_modules_hold_only_the_marker_the_run_fills() -> None:
    from battlebook.runners import feature_tests

    rulebook = ast.parse((ROOT / "tests" / "test_features.py").read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(rulebook) if isinstance(n, ast.FunctionDef)]
    assert isinstance(feature_tests.examples, Examples)
    assert not [name for name in vars(feature_tests) if name.startswith("test")]


class Seen:
    """A pytest plugin that keeps the runs a session was handed, and sees the examples pass."""

    def __init__(self) -> None:
        self.runs: list[Run] = []
        self.examples = 0

    def pytest_configure(self, config: pytest.Config) -> None:
        self.runs += [p for p in config.pluginmanager.get_plugins() if isinstance(p, Run)]

    def pytest_bdd_after_scenario(self) -> None:
        self.examples += 1


GOLEMS = (
    "@game:homm\nFeature: F\n  Example: Golems\n    Given a battle in the open field\n"
    "    And the Aggressor has a stack of 3 Gold Golems on its Melee Line\n"
    "    And the Defender has a Behemoth on its Melee Line\n"
    "    When the Gold Golems attack the Behemoth in melee, rolling 6\n"
    "    Then the attack kills the top card of the Behemoth\n"
)


def test_a_check_hands_pytest_one_run_carrying_its_settings(tmp_path: Path) -> None:
    path = tmp_path / "mine.feature"
    path.write_text(GOLEMS, encoding="utf-8")
    seen = Seen()
    report = run_check([path], tmp_path, plugins=[seen], readings=["only melee attacks may swat"])
    assert report.ok
    [run] = seen.runs
    assert seen in run.observers and seen.examples == 1
    assert list(run.features) == [path]
    assert run.readings == ("only melee attacks may swat",) and run.notes is Notes.NONE and not run.strict
    assert run.results is not None and run.results.parent != tmp_path
    assert not list(tmp_path.glob(".battlebook*")), "a check writes no results of the player's"


def test_the_page_runs_through_one_run_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = Seen()
    real = run_check

    def watched(*args: object, **kwargs: object) -> object:
        kwargs["plugins"] = [*kwargs.get("plugins", ()), seen]  # type: ignore[misc]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("battlebook.runners.inpage.run_check", watched)
    outcome = run_scenario(GOLEMS, tmp_path)
    assert outcome["ok"], outcome["report"]
    [run] = seen.runs
    assert run.notes is Notes.ALL, "the page draws every example, passed or not"


def test_two_runs_in_one_process_each_run_their_own_files(tmp_path: Path) -> None:
    """Nothing is left from a run to the next: the same test module collects each run's own files."""
    first, second = tmp_path / "one.feature", tmp_path / "two.feature"
    first.write_text(GOLEMS, encoding="utf-8")
    second.write_text(GOLEMS.replace("Golems\n", "Golems again\n", 1), encoding="utf-8")
    names = []
    for path in (first, second):
        report = run_check([path], tmp_path)
        names += [checked.example.name for _, examples in report.features for checked in examples if checked.outcomes]
    assert names == ["Golems", "Golems again"]
