"""The fixed settings a Heroes of Might & Magic battle is played under.

Disputed readings of the rulebook are settings here, never `if` chains spread through
the rules: a scenario picks its reading once, and every rule asks the ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.dice import Die


class DieReading(StrEnum):
    """How the faces of the game's ten-sided die are read.

    The rulebook names a single ten-sided die but never prints its faces: it may be
    read 0 to 9 or 1 to 10. Battlebook reads it 0-9 unless a scenario says otherwise
    (see the ruling *The ten-sided die*).
    """

    ZERO_TO_NINE = "0-9"
    ONE_TO_TEN = "1-10"

    @property
    def faces(self) -> tuple[int, ...]:
        """The numbers on the die, lowest first.

        >>> DieReading("1-10").faces[-1]
        10
        """
        return tuple(range(0, 10)) if self is DieReading.ZERO_TO_NINE else tuple(range(1, 11))


@dataclass(frozen=True)
class Ruleset:
    """The settings of one battle: which reading of each open question it plays by.

    >>> Ruleset().die.faces[:3]
    (0, 1, 2)
    >>> Ruleset(die_reading=DieReading.ONE_TO_TEN).die.name
    'd10 read 1-10'
    """

    die_reading: DieReading = DieReading.ZERO_TO_NINE

    @property
    def die(self) -> Die:
        """The battle's one ten-sided die, with the faces of the chosen reading."""
        return Die(f"d10 read {self.die_reading.value}", self.die_reading.faces)
