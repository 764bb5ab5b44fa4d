"""The registry of games: every game behind the [`Game`][battlebook.game.Game] contract, by name.

The rulebook machinery (the step language, the site's pages and forms, the command line,
the page's calculators, the bounds of their fields) and the API test read this registry
instead of branching per game. A game is a package and one
[`Registration`][battlebook.games.Registration]: the package holds a `game` module (its
contract object, `GAME`) and a light `calculator` module (its calculators and their forms);
the registration names the package and the step libraries its examples are written in
(those of the built-in games ship with the step language).

Two ways register a game, and nothing else lists the games:

- the games Battlebook ships, in [`BUILT_IN`][battlebook.games.BUILT_IN];
- any installed distribution that declares an entry point in the group `battlebook.games`
  (the way pytest finds its plugins), named as the game and pointing at its registration:

      [project.entry-points."battlebook.games"]
      toy = "toygame:REGISTRATION"

  A name Battlebook already ships is not taken over.

The registry is read once, when this module is first imported, and is never changed:
[`registered`][battlebook.games.registered] builds one from any registrations (as a test
does to see a game on its own). A game's rules are imported when the game is first asked
for: reading the registry's names, or a game's calculators (as `battlebook odds` does to
read its options), loads no rule.

Examples:
    >>> tuple(BUILT_IN)
    ('homm', 'heroscape')
    >>> game_named("heroscape").title
    'Heroscape'
    >>> registered({"homm": Registration("elsewhere")}).package("homm")
    'battlebook.homm'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

#: The contract and the calculators' types are read by type checkers only: reading the registry
#: (as `battlebook odds` does for its options) imports neither, nor `typing`.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from battlebook.calculator import Calculators
    from battlebook.game import Game

__all__ = [
    "BUILT_IN",
    "ENTRY_POINTS",
    "GAMES",
    "PACKAGES",
    "Registration",
    "Registry",
    "calculators",
    "game_named",
    "registered",
]

#: The entry-point group an installed distribution registers a game in.
ENTRY_POINTS = "battlebook.games"


@dataclass(frozen=True)
class Registration:
    """One game's registration: its package, and the step libraries its examples are written in.

    Attributes:
        package: The importable package of the game's rules: its `game` module holds `GAME`,
            its `calculator` module `CALCULATORS`.
        steps: The modules of the game's step library, in order: importable names, or names
            starting with a dot, relative to the step language's package
            [`battlebook.language.steps`][battlebook.language.steps] (where the built-in games'
            libraries ship). The step language's plugin registers them, after the shared steps,
            for a run that plays the game (see [`Run.step_games`][battlebook.language.run.Run]);
            each holds only steps of this game.
    """

    package: str
    steps: tuple[str, ...] = ()


#: The games Battlebook ships, by short name, each with its step library: the modules of the
#: step language's own package that work on its world (named relative to it: the package's
#: other modules are shared).
BUILT_IN: Mapping[str, Registration] = MappingProxyType(
    {
        "homm": Registration(
            "battlebook.homm",
            (
                ".homm_attacks",
                ".homm_battle",
                ".homm_fight",
                ".homm_flow",
                ".homm_odds",
                ".homm_outcomes",
                ".homm_setup",
                ".homm_special",
                ".homm_town",
                ".homm_units",
                ".homm_world",
            ),
        ),
        "heroscape": Registration(
            "battlebook.heroscape",
            (
                ".heroscape_attacks",
                ".heroscape_battle",
                ".heroscape_battlefield",
                ".heroscape_fight",
                ".heroscape_odds",
                ".heroscape_outcomes",
                ".heroscape_sight",
                ".heroscape_world",
            ),
        ),
    }
)


class Registry(Mapping[str, "Game[Any, Any]"]):
    """The registered games by name, in order: each imported (its `game` module's `GAME`) when first asked for.

    A registry is a value: built once from its registrations, never changed.
    """

    def __init__(self, registrations: Mapping[str, Registration]) -> None:
        self._registrations: Mapping[str, Registration] = MappingProxyType(dict(registrations))

    def __getitem__(self, name: str) -> Game[Any, Any]:
        game: Game[Any, Any] = importlib.import_module(f"{self._registrations[name].package}.game").GAME
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._registrations)

    def __contains__(self, name: object) -> bool:
        """Whether a game is registered as `name` (asking imports no game: `Mapping`'s own way would)."""
        return name in self._registrations

    def __len__(self) -> int:
        return len(self._registrations)

    def __repr__(self) -> str:
        return f"Registry({list(self._registrations)})"

    @property
    def registrations(self) -> Mapping[str, Registration]:
        """Each game's registration, by name."""
        return self._registrations

    def package(self, name: str) -> str:
        """The package of the game called `name`; a `KeyError` names the games there are."""
        try:
            return self._registrations[name].package
        except KeyError:
            raise KeyError(f"no game {name!r} (games: {', '.join(self)})") from None

    def step_libraries(self, games: Iterable[str] | None = None) -> tuple[str, ...]:
        """The step modules of the games named `games` (by default every registered game's), game by game.

        The games come in the registry's order, whatever order `games` names them in; a
        `KeyError` names the games there are.

        Examples:
            >>> registered({}).step_libraries(["heroscape"])[-1]
            '.heroscape_world'
        """
        chosen = set(self) if games is None else set(games)
        for name in chosen - set(self):
            self.package(name)  # raises the KeyError that names the games
        return tuple(
            module
            for name, registration in self._registrations.items()
            if name in chosen
            for module in registration.steps
        )


def installed() -> dict[str, Registration]:
    """The registrations installed distributions declare (entry-point group `battlebook.games`), by name.

    An entry point names the game and points at its `Registration`; one that points at
    anything else is refused with a `TypeError` naming it.
    """
    from importlib.metadata import entry_points

    found: dict[str, Registration] = {}
    for point in entry_points(group=ENTRY_POINTS):
        registration = point.load()
        if not isinstance(registration, Registration):
            raise TypeError(f"the {ENTRY_POINTS} entry point {point.name!r} is not a Registration: {point.value}")
        found.setdefault(point.name, registration)
    return found


def registered(extra: Mapping[str, Registration] | None = None) -> Registry:
    """A registry of the built-in games and `extra` (by default: those installed distributions declare).

    A game Battlebook ships keeps its name: an extra registration of the same name is left out.
    """
    more = installed() if extra is None else extra
    return Registry({**BUILT_IN, **{name: r for name, r in more.items() if name not in BUILT_IN}})


#: Every registered game, by its short name: the built-in ones, then the installed ones.
GAMES = registered()

#: Every registered game's package, by its short name.
PACKAGES: Mapping[str, str] = MappingProxyType({name: r.package for name, r in GAMES.registrations.items()})


def game_named(name: str) -> Game[Any, Any]:
    """The registered game called `name`; a `KeyError` names the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r} (games: {', '.join(GAMES)})") from None


def calculators(name: str) -> Calculators:
    """The calculators of the registered game called `name`, read without loading its rules.

    Examples:
        >>> calculators("homm").odds.json_help
        'print one JSON object instead of a sentence'
    """
    found: Calculators = importlib.import_module(f"{GAMES.package(name)}.calculator").CALCULATORS
    return found
