"""What every game's scenario world shares: one way to act on the battle, and what came of each action.

Each game's world (the fixture named after the game) is a [`World`][battlebook.language.steps._attempts.World]:
its battle, the game it is played by, the alternative readings the scenario chose, and an
[`AttemptLog`][battlebook.language.steps._attempts.AttemptLog] of the last action's
resolution or refusal, whether a Then step looked at that refusal, and a journal of every
attempt with the battle before it, which annotators (odds, drawings) read after the example.

Steps change the battle through one API, the same in every game: `act` (an action as the
example states it, its rolls all used), `require` (an action of the scenario's setup, which
the rules must allow) and `attempt` (an action with dice of the caller's making); a Given
never calls the rules' `apply` itself.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from battlebook.dice import Dice, ScriptedDice
from battlebook.errors import DiceError, RuleViolation, ScenarioError, refusal_words
from battlebook.game import Game

S = TypeVar("S")
R = TypeVar("R")
Refusal = RuleViolation | DiceError


@dataclass(frozen=True)
class JournalEntry(Generic[S, R]):
    """One attempted action: the battle before it, and what came of it."""

    before: S
    action: object
    resolution: R | None
    refusal: Refusal | None


@dataclass
class AttemptLog(Generic[S, R]):
    """The actions an example attempted: the last one's outcome or refusal, and a journal of all."""

    before: S | None = None
    resolution: R | None = None
    refusal: Refusal | None = None
    refusal_checked: bool = True
    journal: list[JournalEntry[S, R]] = field(default_factory=list)

    def record(self, before: S, action: object, run: Callable[[], R]) -> R | None:
        """Run an action from the battle `before`; keep a refusal for the Then steps to check.

        Returns the resolution, or `None` when the rules refused the action.
        """
        self.before, self.resolution, self.refusal = before, None, None
        try:
            self.resolution = run()
        except (RuleViolation, DiceError) as error:
            self.refusal, self.refusal_checked = error, False
        self.journal.append(JournalEntry(before, action, self.resolution, self.refusal))
        return self.resolution

    def outcome(self) -> R:
        """What the last action did; fails if it was refused or there was none."""
        if self.refusal is not None:
            self.refusal_checked = True
            raise AssertionError(f"the last action was not carried out: {refusal_words(self.refusal)}")
        if self.resolution is None:
            raise ScenarioError("no action has been taken yet in this example")
        return self.resolution

    def refused(self) -> Refusal:
        """The refusal of the last action; fails if it was carried out."""
        if self.refusal is None:
            raise AssertionError("the engine carried out the action instead of refusing it")
        self.refusal_checked = True
        return self.refusal

    def check_unchanged(self, now: S) -> None:
        """Check that the last action left the battle as it stood: it was refused, and `now` is the battle before it.

        Fails when the engine carried the action out (even an action that changed nothing),
        or when the battle now differs from the one the action was attempted on. A refusal
        checked this way counts as seen.
        """
        if self.before is None:
            raise ScenarioError("no action has been attempted yet in this example")
        if self.refusal is None:
            raise AssertionError("the engine carried out the last action: the battle moved on")
        self.refusal_checked = True
        assert now == self.before, "the battle differs from the one the refused action was attempted on"

    def check_refusals_seen(self) -> None:
        """Fail the example if the engine refused an action and no step checked the refusal."""
        if not self.refusal_checked and self.refusal is not None:
            raise AssertionError(f"an action was not carried out and no step checked it: {refusal_words(self.refusal)}")


@dataclass
class World(AttemptLog[S, R]):
    """One scenario's battle in one game, and what its actions did (see the module).

    A game's world says which game it plays (`game`) and holds its battle as `state`;
    `has_battle` tells whether the scenario has set one up yet.
    """

    #: The game the world's battle is played by.
    game: ClassVar[Game[Any, Any]]
    #: The settings of the alternative readings the scenario chose, to apply to any battle it sets up.
    chosen: dict[str, object] = field(default_factory=dict, kw_only=True)

    if TYPE_CHECKING:  # each game's world holds its battle as it likes (a field, or a property)

        @property
        def state(self) -> S:
            """The battle as it stands."""

        @state.setter
        def state(self, value: S) -> None: ...

    @property
    def has_battle(self) -> bool:
        """Whether the scenario has set a battle up (there is a state to act on)."""
        return True

    def marks(self) -> tuple[object, ...]:
        """What the example's steps checked on the battle, for its drawing to show (nothing, by default)."""
        return ()

    def attempt(self, action: object, dice: Dice | None = None) -> None:
        """Run `action` through the game's rules with `dice`, keeping a refusal for the Then steps to check.

        Every attempt goes into the journal, which annotators (odds, drawings) read after the example.
        """
        before = self.state
        resolution = self.record(before, action, lambda: self.game.apply(before, action, dice or ScriptedDice()))
        if resolution is not None:
            self.state = resolution.state  # type: ignore[attr-defined]  # every game's resolution has its state

    def act(self, action: object, rolls: Sequence[Hashable] = ()) -> None:
        """Attempt `action` with exactly the stated rolls; a roll left unused is a scenario error."""
        dice = ScriptedDice(rolls)
        self.attempt(action, dice)
        if self.refusal is None and not dice.is_exhausted():
            raise ScenarioError(f"the scenario states a roll of {dice.remaining()} that {action} never needed")

    def require(self, action: object, rolls: Sequence[Hashable] = ()) -> None:
        """Carry out `action` as part of a scenario's setup: a refusal is a mistake in the scenario."""
        self.act(action, rolls)
        if self.refusal is not None:
            refusal, self.refusal, self.refusal_checked = self.refusal, None, True
            raise ScenarioError(f"the scenario's setup asks for an action the engine refuses: {refusal}")

    def choose_reading(self, reading: str) -> None:
        """Play under the game's alternative reading named by `reading`, in a scenario's words (before any action)."""
        self.choose(self.game.readings()[reading])

    def choose(self, settings: Mapping[str, object]) -> None:
        """Play under these settings from now on (only before any action is taken)."""
        if self.journal:
            raise ScenarioError("choose the reading before any action is taken")
        self.chosen.update(settings)
        if self.has_battle:
            self.state = self.game.played_under(self.state, settings)

    def begin(self, state: S) -> None:
        """Set the battle up as `state`, played under the readings the scenario has chosen."""
        self.state = self.game.played_under(state, self.chosen) if self.chosen else state
