"""The pytest plugin of the step language: the recorder and every step module, under their game.

`battlebook check`, the rulebook's own tests and the in-page runner load this plugin; it
registers the rulebook recorder ([`battlebook.language.recorder`][battlebook.language.recorder])
and every module of [`battlebook.language.steps`][battlebook.language.steps], and plays each
example under its file's game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from contextvars import Token

import pytest
from pytest_bdd.parser import Feature, Scenario, Step
from pytest_bdd.steps import step_function_context_registry

from battlebook.language.grammar import GAMES, feature_game
from battlebook.language.scope import CHOICE, PLAYING, GameChoice, tagged_game
from battlebook.language.steps import step_modules
from battlebook.language.steps._attempts import AttemptLog

# Step modules assert with messages a player reads: let pytest rewrite them like test code.
pytest.register_assert_rewrite("battlebook.language.steps")

#: The modules this plugin brings in: the rulebook recorder, then every step module.
PLUGINS = ("battlebook.language.recorder", *step_modules())


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    """Register the recorder and every step module as plugins, as soon as this plugin is registered.

    (Listing them in `pytest_plugins` would do the same, but pytest would then search every
    installed package's entry points once for each of them.)
    """
    for name in PLUGINS:
        if pluginmanager.get_plugin(name) is None:
            pluginmanager.register(importlib.import_module(name), name)


def pytest_addoption(parser: pytest.Parser) -> None:
    """The run's option: alternative readings every example starts under (see `battlebook.language.steps._readings`)."""
    from battlebook.language.steps._readings import READING_OPTION

    parser.getgroup("battlebook").addoption(
        READING_OPTION,
        action="append",
        default=[],
        metavar="WORDS",
        help=(
            "play every example as if this alternative reading of a ruling were Battlebook's own "
            "(the words of 'Given the alternative reading: WORDS'); repeatable"
        ),
    )
    parser.getgroup("battlebook").addoption(
        "--battlebook-card-stat",
        action="append",
        default=[],
        metavar="CARD:STAT=VALUE",
        help=(
            "play every example with this stat of a known Heroscape army card changed, to find the "
            "examples that rest on it (for instance 'Airborne Elite:range=7'); repeatable"
        ),
    )


def pytest_configure(config: pytest.Config) -> None:
    """Refuse, before anything runs, an alternative reading no ruling names, or a card change that cannot be made."""
    from battlebook.errors import ScenarioError
    from battlebook.language.steps._readings import READING_OPTION, unknown_readings
    from battlebook.language.steps.heroscape_world import CARD_STAT_OPTION, known_cards_changed

    unknown = unknown_readings(config.getoption(READING_OPTION, default=None) or [])
    if unknown:
        raise pytest.UsageError(
            f"{READING_OPTION}: no ruling has the alternative reading {unknown[0]!r} "
            "(battlebook steps 'alternative reading' lists them)"
        )
    try:
        known_cards_changed(config.getoption(CARD_STAT_OPTION, default=None) or [])
    except ScenarioError as error:
        raise pytest.UsageError(str(error)) from None


_GAME_TOKEN = pytest.StashKey[tuple[Token[str | None], Token[GameChoice | None]]]()
_GAMES: dict[tuple[str, ...], str | None] = {}
#: For each number of registered steps: the games whose steps read each line (lines recur from file to file).
_LINE_GAMES: dict[int, dict[tuple[str, str], set[str | None]]] = {}


def _voted(key: tuple[str, ...], tags: Iterable[str], lines: Iterable[tuple[str, str]]) -> str | None:
    """The game `lines` vote for (or `tags` name), once per `key` and set of registered steps."""
    count = len(step_function_context_registry)
    if (*key, str(count)) not in _GAMES:
        known = [(c.type, c.parser) for c in list(step_function_context_registry.values())]
        if count not in _LINE_GAMES:
            _LINE_GAMES.clear()
        _GAMES[(*key, str(count))] = feature_game(tags, list(lines), known, _LINE_GAMES.setdefault(count, {}))
    return _GAMES[(*key, str(count))]


def game_of_feature(feature: Feature) -> str | None:
    """The game a feature file plays as a whole (its `@game:` tag, else its lines' vote)."""
    lines = [(step.type, step.name) for template in feature.scenarios.values() for step in template.steps]
    return _voted((feature.filename,), feature.tags, lines)


def game_of_example(feature: Feature, scenario: Scenario) -> GameChoice:
    """The game an example plays and why: see [`battlebook.language.scope`][battlebook.language.scope].

    A `@game:` tag on the Example, its Rule or its Feature, the nearest first; else the vote
    of the example's own lines (backgrounds included); else of its Rule's lines; else of
    its file's.
    """
    rule = scenario.rule
    levels = (("Example", scenario.tags), ("Rule", rule.tags if rule else ()), ("Feature", feature.tags))
    tagged = tagged_game(levels, GAMES)
    if tagged is not None:
        return tagged
    own = _voted((feature.filename, str(scenario.line_number)), (), ((s.type, s.name) for s in scenario.steps))
    if own is not None:
        return GameChoice(own, f"most of its lines are {own} steps")
    if rule is not None:
        lines = [(s.type, s.name) for t in feature.scenarios.values() if t.rule is rule for s in t.steps]
        voted = _voted((feature.filename, "rule", rule.name), (), lines)
        if voted is not None:
            return GameChoice(voted, f"most of its Rule's lines are {voted} steps")
    whole = game_of_feature(feature)
    if whole is not None:
        return GameChoice(whole, f"most of its file's lines are {whole} steps")
    return GameChoice(None, "no line of its file belongs to one game only")


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_step_error(
    request: pytest.FixtureRequest,
    feature: Feature,
    scenario: Scenario,
    step: Step,
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
    rule = getattr(refusal, "rule", None)
    why = getattr(refusal, "reason", str(refusal))
    note = f"refused under {rule}: {why}" if rule else f"refused: {why}"
    return f"{head} (the action before was {note}){sep}{tail}"


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Feature, scenario: Scenario) -> None:
    """Play the example under its game: the other game's steps cannot match its lines."""
    choice = game_of_example(feature, scenario)
    request.node.stash[_GAME_TOKEN] = (PLAYING.set(choice.game), CHOICE.set(choice))


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Feature, scenario: Scenario) -> None:
    """Leave the example's game."""
    tokens = request.node.stash.get(_GAME_TOKEN, None)
    if tokens is not None:
        PLAYING.reset(tokens[0])
        CHOICE.reset(tokens[1])
