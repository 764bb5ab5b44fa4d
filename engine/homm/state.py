"""One battle's snapshot: sides, lines, creature stacks and the discard pile.

States are immutable values. A rule never edits a state: it returns a new one, so a
refused action always leaves the battle exactly as it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum

from engine.errors import ScenarioError
from engine.homm.ruleset import Ruleset
from engine.homm.units import AttackKind, UnitCard


class Side(StrEnum):
    """The two sides of a battle."""

    AGGRESSOR = "Aggressor"
    DEFENDER = "Defender"

    @property
    def opponent(self) -> Side:
        """The other side.

        >>> Side.AGGRESSOR.opponent
        <Side.DEFENDER: 'Defender'>
        """
        return Side.DEFENDER if self is Side.AGGRESSOR else Side.AGGRESSOR


class Line(StrEnum):
    """The two lines each side sets its stacks on."""

    MELEE = "Melee"
    RANGED = "Ranged"


@dataclass(frozen=True)
class Stack:
    """A creature stack: cards in order, the top card first.

    Only the top card attacks; each card under it adds its level to the top card's score.

    >>> from engine.homm.units import KNOWN_UNITS
    >>> golems = Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (KNOWN_UNITS["Gold Golem"],) * 3)
    >>> golems.attack_score(AttackKind.MELEE)
    7
    """

    name: str
    side: Side
    line: Line
    cards: tuple[UnitCard, ...]

    def __post_init__(self) -> None:
        if not self.cards:
            raise ScenarioError(f"the stack {self.name!r} has no cards")

    @property
    def top(self) -> UnitCard:
        """The card on top: the one that attacks and is attacked."""
        return self.cards[0]

    @property
    def size(self) -> int:
        """How many cards the stack holds."""
        return len(self.cards)

    def attack_score(self, kind: AttackKind) -> int:
        """The top card's score for `kind`, plus the level of every card under it."""
        return self.top.score(kind) + sum(card.stat("level") for card in self.cards[1:])

    @property
    def defense(self) -> int:
        """The defense score an attack on this stack must reach: its top card's."""
        return self.top.stat("defense")

    def without_top(self, count: int = 1) -> Stack | None:
        """This stack with its top `count` cards removed, or `None` when none are left."""
        rest = self.cards[count:]
        return replace(self, cards=rest) if rest else None


@dataclass(frozen=True)
class BattleState:
    """A battle at one moment.

    Attributes:
        ruleset: The settings the battle is played under.
        stacks: Every creature stack in play, on both sides and both lines.
        discard: Cards removed from play, in the order they were removed.
    """

    ruleset: Ruleset = field(default_factory=Ruleset)
    stacks: tuple[Stack, ...] = ()
    discard: tuple[UnitCard, ...] = ()

    def stack(self, name: str) -> Stack:
        """The stack called `name`; a scenario error lists the stacks there are."""
        for stack in self.stacks:
            if stack.name == name:
                return stack
        there = ", ".join(repr(s.name) for s in self.stacks) or "none"
        raise ScenarioError(f"no stack called {name!r} in the battle (stacks: {there})")

    def has_stack(self, name: str) -> bool:
        """Whether a stack called `name` is still in play."""
        return any(stack.name == name for stack in self.stacks)

    def stacks_on(self, side: Side, line: Line | None = None) -> tuple[Stack, ...]:
        """The stacks of `side`, on `line` when one is given, in setup order."""
        return tuple(s for s in self.stacks if s.side is side and (line is None or s.line is line))

    def with_stack(self, stack: Stack) -> BattleState:
        """This state with `stack` added; stack names must be unique."""
        if self.has_stack(stack.name):
            raise ScenarioError(f"there is already a stack called {stack.name!r}")
        return replace(self, stacks=(*self.stacks, stack))

    def replacing(self, name: str, stack: Stack | None, removed: Iterable[UnitCard] = ()) -> BattleState:
        """This state with stack `name` replaced by `stack` (or taken out when `None`).

        Cards in `removed` go to the discard pile, so no card is ever lost.
        """
        self.stack(name)
        stacks: list[Stack] = []
        for current in self.stacks:
            if current.name != name:
                stacks.append(current)
            elif stack is not None:
                stacks.append(stack)
        return replace(self, stacks=tuple(stacks), discard=(*self.discard, *removed))
