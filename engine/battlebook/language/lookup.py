"""A faster lookup of each step's definition, for pytest-bdd 9.

For every step of every example, pytest-bdd's `find_fixturedefs_for_step` asks pytest, for
each fixture name there is, which definitions of it the example can see, and only then
keeps the step definitions whose pattern matches: most of an example's run went there.
The definitions an example can see are the same for every example of one test module, so
[`install`][battlebook.language.lookup.install] replaces that function with one that
finds them once per module (and again whenever fixtures are added or removed), then only
matches the patterns. Scoping and overriding stay pytest's: the visible definitions come
from pytest's own `getfixturedefs`, in the same order.

pytest-bdd then registers the matching definitions as a temporary fixture and asks pytest
for its value, which is the definition pytest ranks last (the closest one). `install` also
replaces that step (`get_step_function`) with one that ranks the same definitions the same
way and takes that last one directly, once per module, game and line; it lets pytest-bdd
read each step function's signature once instead of at every step it runs; it copies a
step's data table for each example with plain constructors instead of `copy.deepcopy`; and
pytest-bdd reads each feature file's Gherkin document from the parse the rulebook model
already made ([`SharedParser`][battlebook.language.lookup.SharedParser]).
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Iterator
from typing import Any

from battlebook.language.scope import current_game

#: (fixture manager, module node, sizes of its fixture registries) -> the visible step definitions.
_VISIBLE: dict[tuple[int, int, tuple[int, ...]], list[tuple[Any, Any]]] = {}
#: (that key, step type, step text, game being played) -> the matching step definitions.
_MATCHING: dict[tuple[tuple[int, int, tuple[int, ...]], str, str, str | None], tuple[Any, ...]] = {}
#: The same key -> the step definition's context pytest-bdd runs for that line (`None`: undefined).
_CHOSEN: dict[tuple[tuple[int, int, tuple[int, ...]], str, str, str | None], Any] = {}

#: The fixture manager's registries of fixtures by name (which of them a pytest version has).
_REGISTRIES = ("_arg2node2fixturedefs", "_arg2nodeid2fixturedefs", "_arg2fixturedefs")


def _visible_steps(fixturemanager: Any, node: Any) -> tuple[tuple[int, int, tuple[int, ...]], list[tuple[Any, Any]]]:
    """The step definitions `node` can see, with their contexts, in pytest-bdd's own order, and their key.

    They are found again whenever a fixture name is added or removed (the registries' sizes change).
    """
    from pytest_bdd.compat import get_fixture_names, getfixturedefs
    from pytest_bdd.steps import step_function_context_registry

    sizes = tuple(len(getattr(fixturemanager, registry, ())) for registry in _REGISTRIES)
    key = (id(fixturemanager), id(getattr(node, "parent", None) or node), sizes)
    found = _VISIBLE.get(key)
    if found is None:
        names = get_fixture_names(fixturemanager=fixturemanager)
        found = []
        for name in names:
            for fixturedef in getfixturedefs(fixturemanager, name, node) or []:
                context = step_function_context_registry.get(fixturedef.func)
                if context is not None:
                    found.append((fixturedef, context))
        if len(_VISIBLE) > 256:
            _VISIBLE.clear()
        _VISIBLE[key] = found
    return key, found


def _matching(step: Any, fixturemanager: Any, node: Any) -> tuple[tuple[Any, ...], Any]:
    """The visible definitions matching `step`, in pytest-bdd's order, and the key of the lookup."""
    key, visible = _visible_steps(fixturemanager, node)
    lookup = (key, step.type, step.name, current_game())
    found = _MATCHING.get(lookup)
    if found is None:
        found = tuple(
            fixturedef
            for fixturedef, context in visible
            if (context.type is None or context.type == step.type) and context.parser.is_matching(step.name)
        )
        if len(_MATCHING) > 65536:
            _MATCHING.clear()
        _MATCHING[lookup] = found
    return found, lookup


def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> Iterator[Any]:
    """The step definitions `node` can see whose type and pattern match `step` (pytest-bdd's contract).

    A line is matched against the patterns once per module and game: the same lines (a
    Background's, say) recur in many examples, and whether a step reads a line depends only
    on the two and on the game being played (see [`scope`][battlebook.language.scope]).
    """
    found, _ = _matching(step, fixturemanager, node)
    yield from found


def _node_path(nodeid: str) -> list[str]:
    """The ids of a node and of its parents, from the session down: how pytest-bdd ranks step definitions."""
    from pytest_bdd.scenario import iterparentnodeids

    return list(iterparentnodeids(nodeid))


def get_step_function(request: Any, step: Any) -> Any:
    """The context of the step definition that runs `step`, or `None` if none matches (pytest-bdd's contract).

    pytest-bdd sorts the matching definitions by their place in the tree of test nodes (stably),
    registers them under one temporary fixture name and asks pytest for its value: the last
    definition's context. This ranks them the same way and takes the last one, without the
    temporary fixture.
    """
    from pytest_bdd.steps import step_function_context_registry

    found, lookup = _matching(step, request._fixturemanager, request.node)
    if lookup in _CHOSEN:
        return _CHOSEN[lookup]
    ranked = sorted(found, key=lambda fixturedef: _node_path(fixturedef.baseid))
    chosen = step_function_context_registry.get(ranked[-1].func) if ranked else None
    if len(_CHOSEN) > 65536:
        _CHOSEN.clear()
    _CHOSEN[lookup] = chosen
    return chosen


@functools.lru_cache(maxsize=4096)
def _signature(func: Callable[..., object]) -> inspect.Signature:
    return inspect.signature(func)


def signature(func: Callable[..., object]) -> inspect.Signature:
    """`inspect.signature`, read once per step function (a signature object is immutable)."""
    return _signature(func)


@functools.lru_cache(maxsize=4096)
def _required_args(func: Callable[..., object]) -> tuple[str, ...]:
    from pytest_bdd.utils import get_required_args

    return tuple(get_required_args(func))


def get_required_args(func: Callable[..., object]) -> list[str]:
    """pytest-bdd's `get_required_args` (the arguments without defaults), read once per function."""
    return list(_required_args(func))


def render_datatable(datatable: Any, context: Any) -> Any:
    """pytest-bdd's `Step.render_datatable`: a new table, each cell's text rendered with `context`."""
    from pytest_bdd.gherkin_parser import Cell, DataTable, Location, Row
    from pytest_bdd.parser import render_string

    def at(location: Any) -> Any:
        return Location(column=location.column, line=location.line)

    def cells(row: Any) -> list[Any]:
        return [Cell(location=at(cell.location), value=render_string(cell.value, context)) for cell in row.cells]

    rows = [Row(id=row.id, location=at(row.location), cells=cells(row)) for row in datatable.rows]
    return DataTable(location=at(datatable.location), rows=rows)


#: The fields of pytest-bdd's table classes that `render_datatable` copies: all of them.
_TABLE_FIELDS = {
    "DataTable": ("location", "rows"),
    "Row": ("id", "location", "cells"),
    "Cell": ("location", "value"),
    "Location": ("column", "line"),
}


def _tables_known() -> bool:
    """Whether pytest-bdd's table classes hold exactly the fields `render_datatable` copies."""
    import dataclasses

    from pytest_bdd import gherkin_parser

    return all(
        tuple(f.name for f in dataclasses.fields(getattr(gherkin_parser, name))) == names
        for name, names in _TABLE_FIELDS.items()
    )


#: The functions of `pytest_bdd.scenario` replaced, each by the one here of the same name.
_REPLACED = ("find_fixturedefs_for_step", "get_step_function", "signature", "get_required_args")


def install() -> bool:
    """Use the faster lookup in pytest-bdd, if its version has the functions this replaces."""
    try:  # the module, not the `scenario` function pytest_bdd exports under the same name
        scenario = importlib.import_module("pytest_bdd.scenario")
        parser = importlib.import_module("pytest_bdd.parser")
    except ImportError:  # pragma: no cover - pytest-bdd is part of the `check` extra
        return False
    mine = globals()
    if not all(callable(getattr(scenario, name, None)) for name in (*_REPLACED, "iterparentnodeids")):
        return False
    for name in _REPLACED:
        setattr(scenario, name, mine[name])
    if callable(getattr(parser.Step, "render_datatable", None)) and _tables_known():
        parser.Step.render_datatable = staticmethod(render_datatable)
    gherkin_parser = importlib.import_module("pytest_bdd.gherkin_parser")
    if getattr(gherkin_parser, "Parser", None) is not None:
        setattr(gherkin_parser, "Parser", SharedParser)  # noqa: B010
    return True


class SharedParser:
    """The Gherkin parser as pytest-bdd uses it (`Parser().parse(text)`), sharing the rulebook model's parse.

    A feature file is parsed once per process: the model checks it, then pytest-bdd reads the
    same document ([`gherkin_ast`][battlebook.book.model.gherkin_ast], remembered by text).
    A text that does not parse raises the parser's own exception, as before.
    """

    def parse(self, text: str) -> dict[str, Any]:
        """The Gherkin document of `text` (shared: not to be changed)."""
        from battlebook.book.model import gherkin_ast

        document, _ = gherkin_ast(text)
        return document


def clear() -> None:
    """Forget the definitions found (each run starts afresh)."""
    _VISIBLE.clear()
    _MATCHING.clear()
    _CHOSEN.clear()
