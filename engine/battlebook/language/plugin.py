"""The pytest plugin of the step language: the recorder and every step module, under their game.

`battlebook check`, the rulebook's own tests and the in-page runner load this plugin; it
registers the rulebook recorder ([`battlebook.language.recorder`][battlebook.language.recorder])
and every module of [`battlebook.language.steps`][battlebook.language.steps], and plays each
example under its file's game.
"""

from __future__ import annotations

import importlib
from contextvars import Token
from pathlib import Path

import pytest
from pytest_bdd.parser import Feature, Scenario

from battlebook.book.model import FeatureFileError, load_feature
from battlebook.language.grammar import game_of
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


def game_of_feature(feature: Feature) -> str | None:
    """The game a feature file plays, by the one rule, [`game_of`][battlebook.language.grammar.game_of].

    A file the rulebook model cannot read plays no game in particular (pytest-bdd reports it).
    """
    try:
        doc = load_feature(Path(feature.filename), strict=False)
    except FeatureFileError:
        return None
    return game_of(doc)


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Feature, scenario: Scenario) -> None:
    """Play the example under its file's game: the other game's steps cannot match its lines."""
    request.node.stash[_GAME_TOKEN] = PLAYING.set(game_of_feature(feature))


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Feature, scenario: Scenario) -> None:
    """Leave the example's game."""
    token = request.node.stash.get(_GAME_TOKEN, None)
    if token is not None:
        PLAYING.reset(token)
