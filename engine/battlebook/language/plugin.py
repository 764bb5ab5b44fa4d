"""The pytest plugin of the step language: the recorder and the run's step modules, under their game.

Nothing loads it unasked: installing Battlebook changes no other project's pytest sessions.
`battlebook check`, the in-page runner and the rulebook's own tests name it (`-p
battlebook.language.plugin`); a project of one's own opts in with one line, either in a
`conftest.py` at its root:

    pytest_plugins = ["battlebook.language.plugin"]

or in its pytest configuration (`addopts = -p battlebook.language.plugin`). It registers the
rulebook recorder ([`battlebook.language.recorder`][battlebook.language.recorder]), the shared
modules of [`battlebook.language.steps`][battlebook.language.steps] and the step library of
every game the run plays (every registered game's, unless the run names its games), and plays
each example under the game the session's run knows it plays (see
[`battlebook.language.run`][battlebook.language.run]).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from contextvars import Token

import pytest

from battlebook.errors import refusal_words
from battlebook.language.grammar import GAMES
from battlebook.language.run import (
    CARD_STAT_OPTION,
    FEATURES_OPTION,
    MESSAGES_OPTION,
    READING_OPTION,
    RESULTS_OPTION,
    Run,
    handed_run,
    run_of,
)
from battlebook.language.scope import PLAYING
from battlebook.language.session import (
    STATE,
    BddFeature,
    BddScenario,
    BddStep,
    RunState,
    registered_step_modules,
    run_state,
)

#: The package of the step modules, and the rulebook recorder this plugin brings in with them.
STEPS = "battlebook.language.steps"
RECORDER = "battlebook.language.recorder"


def plugins(run: Run | None = None) -> tuple[str, ...]:
    """The modules this plugin brings in for `run`: the rulebook recorder, then the run's step modules.

    Those are the shared step modules and the step libraries of the games the run plays
    ([`Run.step_games`][battlebook.language.run.Run]); without a run, every game's.
    """
    return (RECORDER, *(run or Run()).step_modules())


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    """Register the recorder and the run's step modules as plugins, as soon as this plugin is registered.

    The run is the one handed to pytest (`pytest.main(args, plugins=[run])` registers it
    before the `-p` plugins); a session started from the command line has none yet, and
    registers every game's library. Step modules assert with messages a player reads:
    pytest rewrites them like test code (they are marked for it before the first of them is
    imported). (Listing them in `pytest_plugins` would register them too, but pytest would
    then search every installed package's entry points once for each of them.)
    """
    pytest.register_assert_rewrite(STEPS)
    for name in plugins(handed_run(pluginmanager)):
        if pluginmanager.get_plugin(name) is None:
            pluginmanager.register(importlib.import_module(name), name)


def pytest_addoption(parser: pytest.Parser) -> None:
    """The options of a run started from the command line (a run handed to pytest carries its own settings)."""
    group = parser.getgroup("battlebook")
    group.addoption(
        READING_OPTION,
        action="append",
        default=[],
        metavar="WORDS",
        help=(
            "play every example as if this alternative reading of a ruling were Battlebook's own "
            "(the words of 'Given the alternative reading: WORDS'); repeatable"
        ),
    )
    group.addoption(
        CARD_STAT_OPTION,
        action="append",
        default=[],
        metavar="CARD:STAT=VALUE",
        help=(
            "play every example with this stat of a known card changed, to find the "
            "examples that rest on it (for instance 'Airborne Elite:range=7'); repeatable"
        ),
    )
    group.addoption(
        FEATURES_OPTION,
        action="append",
        default=[],
        metavar="PATH",
        help="run the examples of this feature file or folder instead of the test module's own; repeatable",
    )
    group.addoption(
        RESULTS_OPTION,
        default=None,
        metavar="PATH",
        help="merge the run's results into this file (default: the project's .battlebook/results.json)",
    )
    group.addoption(
        MESSAGES_OPTION,
        default=None,
        metavar="PATH",
        help="write the run's Cucumber Messages to PATH (empty: write none; default: beside the results)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Start the session's state (its step modules' definitions and annotators) and find its run.

    First refuse an alternative reading no ruling names (a game's step library refuses, in its
    own `pytest_configure`, what else a run asks of its game, such as a card change that
    cannot be made).
    """
    from battlebook.language.run import unknown_readings

    run = run_of(config)
    unknown = unknown_readings(run.readings)
    if unknown:
        raise pytest.UsageError(
            f"{READING_OPTION}: no ruling has the alternative reading {unknown[0]!r} "
            "(battlebook steps 'alternative reading' lists them)"
        )
    config.stash[STATE] = RunState.of_modules(registered_step_modules(config.pluginmanager))


_GAME_TOKEN = pytest.StashKey[Token[str | None]]()


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: BddFeature, scenario: BddScenario) -> None:
    """Play the example under the game the run knows it plays: another game's steps cannot match its lines."""
    run_state(request.config).files.setdefault(feature.filename, None)
    choice = run_of(request.config).game_of(feature.filename, scenario.line_number, request.config)
    if choice.game is not None and choice.game not in GAMES:
        from battlebook.errors import ScenarioError

        raise ScenarioError(
            f"tag the example, its Rule or its Feature with one of {', '.join('@game:' + g for g in GAMES)}, "
            f"not {[choice.game]}"
        )
    request.node.stash[_GAME_TOKEN] = PLAYING.set(choice.game)


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: BddFeature, scenario: BddScenario) -> None:
    """Leave the example's game."""
    token = request.node.stash.get(_GAME_TOKEN, None)
    if token is not None:
        PLAYING.reset(token)


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_step_error(
    request: pytest.FixtureRequest,
    feature: BddFeature,
    scenario: BddScenario,
    step: BddStep,
    step_func: Callable[..., object],
    step_func_args: dict[str, object],
    exception: Exception,
) -> None:
    """A `Then` that failed after an action the engine refused says so, before any report is made.

    A refusal no step has looked at yet is most likely why the expected effect is missing:
    the note names the rule that refused the action, so the report does not only say that
    something is absent (the failure message gets the note; nothing else changes).
    """
    if step.type != "then" or not isinstance(exception, AssertionError):
        return
    from battlebook.language.steps import AttemptLog  # the step modules load after this plugin

    for name in GAMES:
        world = request.getfixturevalue(name) if name in request.fixturenames else None
        if isinstance(world, AttemptLog) and world.refusal is not None and not world.refusal_checked:
            exception.args = (with_refusal_note(str(exception), world.refusal),)
            return


def with_refusal_note(message: str, refusal: Exception) -> str:
    r"""An assertion's message with a note on the refusal that explains it, before pytest's `assert` line.

    Examples:
        >>> from battlebook.errors import RuleViolation
        >>> with_refusal_note("the turn is None\nassert None", RuleViolation("heroscape.turn-order", "Blue plays next"))
        'the turn is None (the action before was refused under heroscape.turn-order: Blue plays next)\nassert None'
    """
    head, sep, tail = message.partition("\nassert ")
    note = refusal_words(refusal)
    return f"{head} (the action before was {note}){sep}{tail}"
