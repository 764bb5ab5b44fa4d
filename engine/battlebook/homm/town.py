"""The town card of a battle in a town, and the state of its walls, as plain values.

The rules that use them live in [`siege`][battlebook.homm.siege]; this module only says what
a town card is, so that the battle state can hold one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlebook.homm.sides import Side

#: The defense score every attack on the town card must reach.
TOWN_DEFENSE = 10


class Walls(StrEnum):
    """How the town card is turned: walls intact, Breached after one hit, Sacked after two.

    The source spells the middle position Breeched throughout; Battlebook writes Breached.

    Examples:
        >>> Walls.INTACT.after_hit, Walls.BREACHED.after_hit, Walls.SACKED.after_hit
        (<Walls.BREACHED: 'Breached'>, <Walls.SACKED: 'Sacked'>, <Walls.SACKED: 'Sacked'>)
        >>> tuple(walls.melee_minimum for walls in Walls)
        (0, 1, 2)
    """

    INTACT = "intact"
    BREACHED = "Breached"
    SACKED = "Sacked"

    @property
    def after_hit(self) -> Walls:
        """The position the card turns to when an attack hits it; Sacked walls stay Sacked."""
        order = list(Walls)
        return order[min(order.index(self) + 1, len(order) - 1)]

    @property
    def melee_minimum(self) -> int:
        """How many stacks the town's defender must keep on its Melee Line in this position."""
        return list(Walls).index(self)

    def penalize(self, score: int) -> int:
        """A ranged score shot over walls in this position: halved rounding up, less 1, or as it is.

        Examples:
            >>> Walls.INTACT.penalize(5), Walls.INTACT.penalize(4), Walls.BREACHED.penalize(5), Walls.SACKED.penalize(5)
            (3, 2, 4, 5)
        """
        if self is Walls.INTACT:
            return (score + 1) // 2
        if self is Walls.BREACHED:
            return score - 1
        return score


@dataclass(frozen=True)
class TownCard:
    """The town card standing where its owner's Melee Line would be.

    Attributes:
        name: What actions call it when they target it ("Town Card" unless the scenario names it).
        side: The side defending the town (the Defender).
        walls: The position the card is turned to.
    """

    name: str
    side: Side
    walls: Walls = Walls.INTACT

    @property
    def defense(self) -> int:
        """The town card's defense score: always 10."""
        return TOWN_DEFENSE
