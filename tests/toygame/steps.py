"""Coin Duel's step library: the `toy` world fixture and the steps its examples are written in.

Its registration opts in to this module; the step language scopes each step to the game of
the world fixture it takes (`toy`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from battlebook.errors import ScenarioError
from battlebook.game import Game
from battlebook.language.grammar import Parameter, given, then, when
from battlebook.language.run import run_of
from battlebook.language.steps import World
from tests.toygame.actions import Rest, Strike
from tests.toygame.game import GAME
from tests.toygame.rules import Resolution
from tests.toygame.state import Champion, DuelState

DOMAIN = "Coin Duel"

#: A champion's name: one capitalized word.
CHAMPION = Parameter("Champion", r"[A-Z][a-z]+", str, shape="a champion's name, one capitalized word")


@dataclass
class DuelWorld(World[DuelState, Resolution]):
    """One example's duel, and what its last action did."""

    game: ClassVar[Game[DuelState, object]] = GAME  # type: ignore[assignment]
    state: DuelState = field(default_factory=DuelState)

    def champion(self, name: str) -> Champion:
        """The champion called `name`; naming one the example never placed is a mistake in it."""
        found = self.state.champion(name)
        if found is None:
            raise ScenarioError(f"no champion {name} in this duel")
        return found


@pytest.fixture
def toy(request: pytest.FixtureRequest) -> Iterator[DuelWorld]:
    """The duel of the running example. A refusal no step checked fails the example."""
    chosen: dict[str, object] = {}
    for words in run_of(request.config).readings:  # the run's default readings, those of this game
        chosen.update(GAME.readings().get(words, {}))
    world = DuelWorld(chosen=chosen)
    world.begin(DuelState())
    yield world
    world.check_refusals_seen()


@given("the champion {name:Champion} with {hearts:Count} hearts and guard {guard:Count}", parameters=[CHAMPION])
def champion(toy: DuelWorld, name: str, hearts: int, guard: int) -> None:
    """Place a champion; the first one placed strikes first."""
    toy.begin(toy.state.with_champion(Champion(name, hearts, guard)))


@when("{attacker:Champion} strikes {target:Champion} and rolls {roll:Roll}", parameters=[CHAMPION])
def strike(toy: DuelWorld, attacker: str, target: str, roll: int) -> None:
    """A champion strikes another, rolling the stated face of the die."""
    toy.act(Strike(attacker, target), [roll])


@when("{name:Champion} rests", parameters=[CHAMPION])
def rest(toy: DuelWorld, name: str) -> None:
    """A champion lets its turn go by."""
    toy.act(Rest(name))


@then("{name:Champion} has {hearts:Count} hearts left", parameters=[CHAMPION])
def hearts_left(toy: DuelWorld, name: str, hearts: int) -> None:
    """The champion's hearts, as the duel stands."""
    found = toy.champion(name).hearts
    assert found == hearts, f"{name} has {found} hearts left"


@then("{name:Champion} is knocked out", parameters=[CHAMPION])
def knocked_out(toy: DuelWorld, name: str) -> None:
    """The champion has no heart left."""
    assert toy.champion(name).is_out, f"{name} still has {toy.champion(name).hearts} hearts"


@then("the action is refused by the rule {rule:Rule}")
def refused(toy: DuelWorld, rule: str) -> None:
    """The rules refused the last action, naming this rule."""
    refusal = toy.refused()
    assert getattr(refusal, "rule", None) == rule, f"the refusal names {getattr(refusal, 'rule', None)}: {refusal}"
