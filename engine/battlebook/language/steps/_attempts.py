"""What both games' scenario worlds share: the actions an example attempted, and their outcomes.

Each game's world (`homm`, `heroscape` fixtures) keeps an `AttemptLog`:
the last action's resolution or refusal, whether a Then step looked at that refusal, and a
journal of every attempt with the battle before it, which annotators (odds, drawings)
read after the example.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from battlebook.errors import DiceError, RuleViolation, ScenarioError

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
            raise AssertionError(f"the engine refused the action: {self.refusal}")
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
        if not self.refusal_checked:
            raise AssertionError(f"the engine refused an action and no step checked it: {self.refusal}")
