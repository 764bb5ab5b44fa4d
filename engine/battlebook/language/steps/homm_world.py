"""The Heroes of Might & Magic world a scenario builds: units, stacks, the die, the last action.

This is the shared context of the HoMM steps (a pytest fixture), not a step module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

import pytest

from battlebook.dice import ScriptedDice
from battlebook.errors import ScenarioError
from battlebook.homm import Action, AttackRoll, BattleState, Line, Ruleset, Side, UnitBook, apply
from battlebook.homm.rules import HommResolution
from battlebook.homm.setup import place_stack
from battlebook.language.steps._attempts import AttemptLog


@dataclass
class HommWorld(AttemptLog[BattleState, HommResolution]):
    """One scenario's battle, and what its actions did."""

    units: UnitBook = field(default_factory=UnitBook)
    state: BattleState = field(default_factory=BattleState)

    def set_ruleset(self, ruleset: Ruleset) -> None:
        """Play the battle under `ruleset` (only before any stack is placed)."""
        if self.state.stacks:
            raise ScenarioError("choose the rules before placing any stack")
        self.state = BattleState(ruleset=ruleset)

    def change_rules(self, ruleset: Ruleset) -> None:
        """Play under `ruleset` from now on: allowed only before any action is attempted."""
        if self.journal:
            raise ScenarioError("choose the rules before any action is taken")
        self.state = replace(self.state, ruleset=ruleset)

    def change_army(self, side: Side, **changes: object) -> None:
        """Change what the battle knows of `side`'s army (hand, deck, town, guard)."""
        army = replace(self.state.army(side), **changes)  # type: ignore[arg-type]
        self.state = self.state.with_army(side, army)

    def place(self, side: Side, line: Line, description: str, name: str | None) -> None:
        """Place a stack described as in "a stack of 1 Captain and 2 Recruits" or "a Behemoth"."""
        self.state = place_stack(self.state, side, line, description, self.units, name)

    def attempt(self, action: object, act: Callable[[BattleState], HommResolution]) -> None:
        """Run `action` on the current state with `act`, keeping a refusal for the Then steps to check.

        Every attempt goes into the journal, which annotators (odds, drawings) read after the example.
        """
        before = self.state
        resolution = self.record(before, action, lambda: act(before))
        if resolution is not None:
            self.state = resolution.state

    def act(self, action: Action, rolls: Sequence[int] = ()) -> None:
        """Attempt `action` through the engine with exactly the stated rolls; a roll left unused is a scenario error."""
        dice = dice_for(rolls)
        self.attempt(action, lambda state: apply(state, action, dice))
        if self.refusal is None and not dice.is_exhausted():
            raise ScenarioError(f"the scenario states a roll of {dice.remaining()} that {action} never needed")

    def require(self, action: Action, rolls: Sequence[int] = ()) -> None:
        """Carry out `action` as part of a scenario's setup: a refusal is a mistake in the scenario."""
        self.act(action, rolls)
        if self.refusal is not None:
            refusal, self.refusal, self.refusal_checked = self.refusal, None, True
            raise ScenarioError(f"the scenario's setup asks for an action the engine refuses: {refusal}")

    def last_attack(self) -> AttackRoll:
        """The attack the last action made; fails if it made none."""
        attack = self.outcome().attack
        if attack is None:
            raise AssertionError("the last action made no attack")
        return attack


def dice_for(rolls: Sequence[int]) -> ScriptedDice:
    """A dice source that rolls exactly the stated numbers."""
    return ScriptedDice(rolls)


@pytest.fixture
def homm() -> Iterator[HommWorld]:
    """The HoMM battle of the running example. A refusal no step checked fails the example."""
    world = HommWorld()
    yield world
    world.check_refusals_seen()
