"""The Heroes of Might & Magic world a scenario builds: units, stacks, the die, the last action.

This is the shared context of the HoMM steps (a pytest fixture), not a step module. It
acts on the battle through the [one world API][battlebook.language.steps._attempts.World]
every game's world shares.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import ClassVar, ParamSpec, TypeVar

import pytest

from battlebook.errors import ScenarioError
from battlebook.homm import (
    AttackKind,
    AttackRoll,
    BattleState,
    DieReading,
    Ending,
    Line,
    Ruleset,
    Side,
    Stance,
    UnitBook,
    Walls,
)
from battlebook.homm.game import HOMM, HommGame
from battlebook.homm.resolution import HommResolution
from battlebook.homm.setup import open_field, place_stack
from battlebook.language import grammar
from battlebook.language.grammar import Parameter, words
from battlebook.language.run import run_of
from battlebook.language.steps._attempts import World
from battlebook.language.steps._readings import readings_for

P = ParamSpec("P")
T = TypeVar("T")

#: The HoMM words of the step language: sides, lines, stances, kinds of attack, endings, die
#: readings, walls. Every HoMM step may use them: the HoMM steps are made with this module's
#: [`given`][battlebook.language.steps.homm_world.given], `when` and `then`.
WORDS: tuple[Parameter, ...] = (
    words("Side", {side.value: side for side in Side}),
    words("Line", {line.value: line for line in Line}),
    words("Stance", {stance.value: stance for stance in Stance}),
    words("Kind", {"in melee": AttackKind.MELEE, "at range": AttackKind.RANGED}),
    words("Ending", {ending.value: ending for ending in Ending}),
    words("Reading", {reading.value: reading for reading in DieReading}),
    Parameter(
        "Walls",
        "intact|Breached|Sacked|breached|sacked",
        lambda text: {walls.value.lower(): walls for walls in Walls}[text.lower()],
        ("intact", "Breached", "Sacked"),
    ),
)


def given(
    pattern: str, *, game: str | None = None, target_fixture: str | None = None, parameters: Iterable[Parameter] = ()
) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """A HoMM Given step: the step language's `given`, with the HoMM words."""
    return grammar.given(pattern, game=game, target_fixture=target_fixture, parameters=(*WORDS, *parameters))


def when(
    pattern: str, *, game: str | None = None, parameters: Iterable[Parameter] = ()
) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """A HoMM When step: the step language's `when`, with the HoMM words."""
    return grammar.when(pattern, game=game, parameters=(*WORDS, *parameters))


def then(
    pattern: str, *, game: str | None = None, parameters: Iterable[Parameter] = ()
) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """A HoMM Then step: the step language's `then`, with the HoMM words."""
    return grammar.then(pattern, game=game, parameters=(*WORDS, *parameters))


@dataclass
class HommWorld(World[BattleState, HommResolution]):
    """One scenario's battle, and what its actions did."""

    game: ClassVar[HommGame] = HOMM
    units: UnitBook = field(default_factory=UnitBook)
    state: BattleState = field(default_factory=BattleState)

    def start(self, state: BattleState) -> None:
        """Fight the battle set up as `state` (only before any stack is placed)."""
        if self.state.stacks:
            raise ScenarioError("choose the rules before placing any stack")
        self.begin(state)

    def set_ruleset(self, ruleset: Ruleset) -> None:
        """Play the battle in the open field under `ruleset` (only before any stack is placed)."""
        self.start(open_field(ruleset))

    def set_rules(self, ruleset: Ruleset) -> None:
        """Play the battle set up so far under `ruleset` exactly, as a scenario states it (before any stack)."""
        if self.state.stacks:
            raise ScenarioError("choose the rules before placing any stack")
        self.state = replace(self.state, ruleset=ruleset)

    def change_army(self, side: Side, **changes: object) -> None:
        """Change what the battle knows of `side`'s army (hand, deck, town, guard)."""
        army = replace(self.state.army(side), **changes)  # type: ignore[arg-type]
        self.state = self.state.with_army(side, army)

    def place(self, side: Side, line: Line, description: str, name: str | None) -> None:
        """Place a stack described as in "a stack of 1 Captain and 2 Recruits" or "a Behemoth"."""
        self.state = place_stack(self.state, side, line, description, self.units, name)

    def known_stack(self, name: str) -> str:
        """`name`, if a stack of that name is in the battle or was when an action was attempted.

        A step naming a stack that never fought (a misspelt name, a stray word) is a
        scenario error listing the stacks there are, not a check that holds by default.
        """
        if self.state.has_stack(name) or any(entry.before.has_stack(name) for entry in self.journal):
            return name
        there = ", ".join(repr(s.name) for s in self.state.stacks) or "none"
        raise ScenarioError(f"no stack called {name!r} is or was in the battle (stacks: {there})")

    def last_attack(self) -> AttackRoll:
        """The attack the last action made; fails if it made none."""
        attack = self.outcome().attack
        if attack is None:
            raise AssertionError("the last action made no attack")
        return attack


@pytest.fixture
def homm(request: pytest.FixtureRequest) -> Iterator[HommWorld]:
    """The HoMM battle of the running example. A refusal no step checked fails the example.

    A run given alternative readings as its defaults (see `battlebook.language.steps._readings`)
    starts every battle under them.
    """
    world = HommWorld(chosen=readings_for("homm", run_of(request.config).readings))
    world.begin(BattleState())
    yield world
    world.check_refusals_seen()
