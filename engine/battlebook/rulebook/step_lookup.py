"""A faster lookup of each step's definition, for pytest-bdd 9.

For every step of every example, pytest-bdd's `find_fixturedefs_for_step` asks pytest, for
each fixture name there is, which definitions of it the example can see, and only then
keeps the step definitions whose pattern matches: most of an example's run went there.
The definitions an example can see are the same for every example of one test module, so
[`install`][battlebook.rulebook.step_lookup.install] replaces that function with one that
finds them once per module (and again whenever fixtures are added or removed), then only
matches the patterns. Scoping and overriding stay pytest's: the visible definitions come
from pytest's own `getfixturedefs`, in the same order.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

from battlebook.rulebook.scope import current_game

#: (fixture manager, module node, number of fixture names) -> the visible step definitions.
_VISIBLE: dict[tuple[int, int, int], list[tuple[Any, Any]]] = {}
#: (that key, step type, step text, game being played) -> the matching step definitions.
_MATCHING: dict[tuple[tuple[int, int, int], str, str, str | None], tuple[Any, ...]] = {}


def _visible_steps(fixturemanager: Any, node: Any) -> tuple[tuple[int, int, int], list[tuple[Any, Any]]]:
    """The step definitions `node` can see, with their contexts, in pytest-bdd's own order, and their key."""
    from pytest_bdd.compat import get_fixture_names, getfixturedefs
    from pytest_bdd.steps import step_function_context_registry

    names = get_fixture_names(fixturemanager=fixturemanager)
    key = (id(fixturemanager), id(getattr(node, "parent", None) or node), len(names))
    found = _VISIBLE.get(key)
    if found is None:
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


def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> Iterator[Any]:
    """The step definitions `node` can see whose type and pattern match `step` (pytest-bdd's contract).

    A line is matched against the patterns once per module and game: the same lines (a
    Background's, say) recur in many examples, and whether a step reads a line depends only
    on the two and on the game being played (see [`scope`][battlebook.rulebook.scope]).
    """
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
    yield from found


def install() -> bool:
    """Use the faster lookup in pytest-bdd, if its version has the function this replaces."""
    try:  # the module, not the `scenario` function pytest_bdd exports under the same name
        scenario = importlib.import_module("pytest_bdd.scenario")
    except ImportError:  # pragma: no cover - pytest-bdd is part of the `check` extra
        return False
    original: Callable[..., Any] | None = getattr(scenario, "find_fixturedefs_for_step", None)
    if original is None or original is find_fixturedefs_for_step:
        return original is not None
    setattr(scenario, "find_fixturedefs_for_step", find_fixturedefs_for_step)  # noqa: B010
    return True


def clear() -> None:
    """Forget the definitions found (each run starts afresh)."""
    _VISIBLE.clear()
    _MATCHING.clear()
