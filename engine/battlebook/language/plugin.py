"""The pytest plugin of the step language: the recorder and every step module, under their game.

`battlebook check`, the rulebook's own tests and the in-page runner load this plugin; it
registers the rulebook recorder ([`battlebook.language.recorder`][battlebook.language.recorder])
and every module of [`battlebook.language.steps`][battlebook.language.steps], and plays each
example under its file's game.
"""

from __future__ import annotations

import importlib
from contextvars import Token

import pytest
from pytest_bdd.parser import Feature, Scenario
from pytest_bdd.steps import step_function_context_registry

from battlebook.language.grammar import feature_game
from battlebook.language.scope import PLAYING
from battlebook.language.steps import step_modules

# Step modules assert with messages a player reads: let pytest rewrite them like test code.
pytest.register_assert_rewrite("battlebook.language.steps")

#: The modules this plugin brings in: the rulebook recorder, the notes every game's examples
#: get (their drawings and the chance of their attacks), then every step module.
PLUGINS = (
    "battlebook.language.recorder",
    "battlebook.language.notes",
    "battlebook.language.chance_notes",
    *step_modules(),
)


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    """Register the recorder and every step module as plugins, as soon as this plugin is registered.

    (Listing them in `pytest_plugins` would do the same, but pytest would then search every
    installed package's entry points once for each of them.)
    """
    for name in PLUGINS:
        if pluginmanager.get_plugin(name) is None:
            pluginmanager.register(importlib.import_module(name), name)


_GAME_TOKEN = pytest.StashKey[Token[str | None]]()
_GAMES: dict[tuple[str, int], str | None] = {}
#: For each number of registered steps: the games whose steps read each line (lines recur from file to file).
_LINE_GAMES: dict[int, dict[tuple[str, str], set[str | None]]] = {}


def game_of_feature(feature: Feature) -> str | None:
    """The game a feature file plays (its `@game:` tag, else its lines' vote), once per file and step set."""
    count = len(step_function_context_registry)
    key = (feature.filename, count)
    if key not in _GAMES:
        lines = [(step.type, step.name) for template in feature.scenarios.values() for step in template.steps]
        known = [(c.type, c.parser) for c in list(step_function_context_registry.values())]
        if count not in _LINE_GAMES:
            _LINE_GAMES.clear()
        _GAMES[key] = feature_game(feature.tags, lines, known, _LINE_GAMES.setdefault(count, {}))
    return _GAMES[key]


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Feature, scenario: Scenario) -> None:
    """Play the example under its file's game: the other game's steps cannot match its lines."""
    request.node.stash[_GAME_TOKEN] = PLAYING.set(game_of_feature(feature))


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Feature, scenario: Scenario) -> None:
    """Leave the example's game."""
    token = request.node.stash.get(_GAME_TOKEN, None)
    if token is not None:
        PLAYING.reset(token)
