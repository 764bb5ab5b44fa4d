"""The Heroes of Might & Magic world a scenario builds: units, stacks, the die, the last action.

This is the shared context of the HoMM steps (a pytest fixture), not a step module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

import pytest

from battlebook.dice import ScriptedDice
from battlebook.errors import ScenarioError
from battlebook.homm import Action, AttackRoll, BattleState, Line, Ruleset, Side, Stack, UnitBook, UnitCard, apply
from battlebook.homm.rules import HommResolution
from battlebook.homm.state import MAX_STACK_CARDS, stack_too_large
from battlebook.language.steps._attempts import AttemptLog
from battlebook.language.steps._readings import READING_OPTION, readings_for

_GROUP = re.compile(r"^(?:(?P<count>[0-9]+)|an?) (?P<unit>.+)$")


@dataclass
class HommWorld(AttemptLog[BattleState, HommResolution]):
    """One scenario's battle, and what its actions did."""

    units: UnitBook = field(default_factory=UnitBook)
    state: BattleState = field(default_factory=BattleState)
    #: The rules a battle the scenario starts is played under: Battlebook's readings, or the
    #: alternatives the run takes as its defaults (see `battlebook.language.steps._readings`).
    rules: Ruleset = field(default_factory=Ruleset)

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

    def place(self, side: Side, line: Line, description: str, name: str | None) -> Stack:
        """Place a stack described as in "a stack of 1 Captain and 2 Recruits" or "a Behemoth"."""
        cards, default_name = self.cards_for(description)
        if not (name or default_name):
            raise ScenarioError(f'a stack of several kinds of unit needs a name: add called "..." to {description!r}')
        stack = Stack(name or default_name, side, line, cards)
        self.state = self.state.with_stack(stack)
        return stack

    def cards_for(self, description: str) -> tuple[tuple[UnitCard, ...], str]:
        """The cards (top first) a stack description stands for, and its default name ("" if none)."""
        text = description.removeprefix("a stack of ")
        groups = [g.strip() for g in re.split(r",\s*|\s+and\s+", text) if g.strip()]
        cards: list[UnitCard] = []
        for group in groups:
            match = _GROUP.match(group)
            if not match:
                raise ScenarioError(f"cannot read {group!r} as a number of units, such as '3 Gold Golems'")
            count = int(match["count"] or 1) if len(match["count"] or "") < 10 else MAX_STACK_CARDS + 1
            if count + len(cards) > MAX_STACK_CARDS:
                raise ScenarioError(stack_too_large(text, count + len(cards)))
            cards.extend([self.units.card(match["unit"])] * count)
        only = _GROUP.match(groups[0]) if len(groups) == 1 else None
        return tuple(cards), only["unit"] if only else ""

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
def homm(request: pytest.FixtureRequest) -> Iterator[HommWorld]:
    """The HoMM battle of the running example. A refusal no step checked fails the example.

    A run given alternative readings as its defaults starts every battle under them.
    """
    rules = replace(Ruleset(), **readings_for("homm", request.config.getoption(READING_OPTION, default=None) or []))  # type: ignore[arg-type]
    world = HommWorld(state=BattleState(ruleset=rules), rules=rules)
    yield world
    world.check_refusals_seen()
