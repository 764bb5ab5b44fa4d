"""What one pytest session of the step language knows: its steps, its annotators, the files it ran.

Nothing of a run is kept at module level: the plugin
([`battlebook.language.plugin`][battlebook.language.plugin]) makes one
[`RunState`][battlebook.language.session.RunState] per pytest configuration and keeps it in
pytest's `config.stash`, so two sessions in one process (a check in the page, an editions
run inside a site build, a test running pytest) never share what they learned.

pytest-bdd hands its hooks a feature, a scenario and a step; the protocols here name the
few attributes of them the step language reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pytest

from battlebook.games import GAMES
from battlebook.language.grammar import StepDefinition, step_definitions

if TYPE_CHECKING:
    from battlebook.game import Game


class BddStep(Protocol):
    """A step as pytest-bdd's hooks hand it over."""

    type: str
    keyword: str
    name: str
    line_number: int
    docstring: str | None


class BddRule(Protocol):
    """The rule a scenario belongs to."""

    name: str
    tags: set[str]


class BddTemplate(Protocol):
    """A scenario as written in its feature file (with its steps and its rule)."""

    @property
    def steps(self) -> Sequence[BddStep]: ...

    @property
    def rule(self) -> BddRule | None: ...


class BddFeature(Protocol):
    """A feature as pytest-bdd's hooks hand it over."""

    filename: str
    tags: set[str]

    @property
    def scenarios(self) -> dict[str, BddTemplate]: ...


class BddScenario(Protocol):
    """One example (one row of an outline) as pytest-bdd's hooks hand it over."""

    name: str
    line_number: int
    tags: set[str]
    rule: BddRule | None

    @property
    def steps(self) -> Sequence[BddStep]: ...


F = TypeVar("F", bound=Callable[..., None])
#: The attribute marking an annotator (see [`annotator`][battlebook.language.session.annotator]).
ANNOTATOR = "battlebook_annotator"


def annotator(func: F) -> F:
    """Mark `func` as an annotator: run after every example that passed, with its request and record.

    A step module's annotators run in every session that registers the module (see
    [`annotators`][battlebook.language.session.annotators]); nothing is registered anywhere.
    """
    setattr(func, ANNOTATOR, True)
    return func


def annotators(modules: Iterable[ModuleType]) -> list[Callable[..., None]]:
    """The annotators the `modules` hold, in module order and, within a module, in the order defined.

    An annotator made by a helper of another module counts where it is kept; one kept by
    two modules runs once.
    """
    found: dict[int, Callable[..., None]] = {}
    for module in modules:
        for value in vars(module).values():
            if callable(value) and getattr(value, ANNOTATOR, False) is True:
                found.setdefault(id(value), value)
    return list(found.values())


@dataclass
class RunState:
    """The state of one session: its step definitions and annotators, and what it learned while running."""

    #: The step modules of the session.
    modules: tuple[ModuleType, ...]
    definitions: tuple[StepDefinition, ...] = ()
    annotators: tuple[Callable[..., None], ...] = ()
    #: The feature files run so far, in order.
    files: dict[str, None] = field(default_factory=dict)
    #: Real lines credited to each step, with the files they were read from (see the recorder's `example_lines`).
    lines: tuple[tuple[str, ...], dict[tuple[str, str], tuple[str, ...]]] | None = None

    @classmethod
    def of_modules(cls, modules: Sequence[ModuleType]) -> RunState:
        """The state of a session running the steps and annotators of `modules`."""
        return cls(tuple(modules), tuple(step_definitions(modules)), tuple(annotators(modules)))


STATE = pytest.StashKey[RunState]()


def run_state(config: pytest.Config) -> RunState:
    """The session's state (made on first use, from the step modules registered with pytest).

    The plugin registers the run's step modules (the shared ones and its games' libraries)
    and makes the state when the session is configured; a session without them reads every
    step module.
    """
    state = config.stash.get(STATE, None)
    if state is None:
        from battlebook.language.steps import load_step_modules

        modules = registered_step_modules(config.pluginmanager) or load_step_modules()
        state = config.stash[STATE] = RunState.of_modules(modules)
    return state


def registered_step_modules(pluginmanager: pytest.PytestPluginManager) -> list[ModuleType]:
    """The step modules registered with a session, in the order of every step module (shared first)."""
    from battlebook.language.steps import step_modules

    found = (pluginmanager.get_plugin(name) for name in step_modules())
    return [module for module in found if isinstance(module, ModuleType)]


def played_worlds(request: pytest.FixtureRequest) -> list[tuple[Game[Any, Any], Any]]:
    """Each registered game whose world the example used, with that world, in the registry's order.

    Only those games' rules are loaded: a game's rules load when it is first asked for.
    """
    return [(GAMES[name], request.getfixturevalue(name)) for name in GAMES if name in request.fixturenames]
