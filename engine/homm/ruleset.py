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


class StackPhase(StrEnum):
    """Which card's Phase entry decides when a stack of mixed cards attacks.

    Battlebook reads the **top card**'s phase, since the top card is the one that attacks
    (ruling *A stack's phase*); the alternative is the earliest phase among its cards.
    """

    TOP_CARD = "top card"
    EARLIEST_CARD = "earliest card"


class SwarmDoubling(StrEnum):
    """Whether a swarming stack doubles its own score before support is added, or the sum."""

    BEFORE_SUPPORT = "before support"
    AFTER_SUPPORT = "after support"


class Chooser(StrEnum):
    """Who picks the stack that moves up when automatic reorganizing leaves a choice."""

    OWNER = "owner"
    OPPONENT = "opponent"


class SwatReach(StrEnum):
    """Which attacks may swat: every kind of attack, or melee attacks only."""

    ANY_ATTACK = "any attack"
    MELEE_ONLY = "melee only"


class PenaltyBase(StrEnum):
    """What the town walls' ranged penalty is taken from.

    Battlebook takes it from the **whole score** the attack is made with (the card's score,
    the levels under it, support and swarming), by the ruling *What the walls' penalty
    applies to*; the alternative takes it from the top card's printed ranged score alone,
    before anything is added.
    """

    WHOLE_SCORE = "whole score"
    CARD_SCORE = "card score"


@dataclass(frozen=True)
class Ruleset:
    """The settings of one battle: which reading of each open question it plays by.

    Attributes:
        die_reading: How the ten-sided die's faces are read.
        stack_phase: Which card sets a stack's phase.
        swarm_doubling: Whether swarming doubles before or after support is added.
        move_up_chooser: Who picks the stack that moves up when there is a choice.
        swat_reach: Which attacks may swat.
        retaliation_answerable: Whether a retaliation may itself be retaliated against.
        withdraw_distance: Withdrawing is refused this many spaces or fewer from the town.
        town_penalty: What the town walls' ranged penalty is taken from.

    >>> Ruleset().die.faces[:3]
    (0, 1, 2)
    >>> Ruleset(die_reading=DieReading.ONE_TO_TEN).die.name
    'd10 read 1-10'
    """

    die_reading: DieReading = DieReading.ZERO_TO_NINE
    stack_phase: StackPhase = StackPhase.TOP_CARD
    swarm_doubling: SwarmDoubling = SwarmDoubling.BEFORE_SUPPORT
    move_up_chooser: Chooser = Chooser.OWNER
    swat_reach: SwatReach = SwatReach.ANY_ATTACK
    retaliation_answerable: bool = False
    withdraw_distance: int = 4
    town_penalty: PenaltyBase = PenaltyBase.WHOLE_SCORE

    @property
    def die(self) -> Die:
        """The battle's one ten-sided die, with the faces of the chosen reading."""
        return Die(f"d10 read {self.die_reading.value}", self.die_reading.faces)
