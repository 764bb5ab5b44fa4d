"""The two sides of a HoMM battle: a value of its own, so that the battle state and the town card share it."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Side"]


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
