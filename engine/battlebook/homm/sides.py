"""The two sides of a HoMM battle and the two lines each sets its stacks on.

Values of their own, below the battle state, so that the state, the town card and the
actions (which the state's extensions take) can all name them.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["SIDES", "Line", "Side"]


class Side(StrEnum):
    """The two sides of a battle."""

    AGGRESSOR = "Aggressor"
    DEFENDER = "Defender"

    @property
    def opponent(self) -> Side:
        """The other side.

        Examples:
            >>> Side.AGGRESSOR.opponent
            <Side.DEFENDER: 'Defender'>
        """
        return Side.DEFENDER if self is Side.AGGRESSOR else Side.AGGRESSOR


class Line(StrEnum):
    """The two lines each side sets its stacks on."""

    MELEE = "Melee"
    RANGED = "Ranged"


#: The two sides in the order they act, the Aggressor first (a tuple: cheaper to go through than the enum).
SIDES: tuple[Side, Side] = (Side.AGGRESSOR, Side.DEFENDER)
