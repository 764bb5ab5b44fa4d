"""The town card of a battle in a town, the state of its walls, and the town's own settings, as plain values.

The rules that use them live in [`siege`][battlebook.homm.siege], the extension of the general
rules a battle in a town is fought with; this module only says what a town card is and which
readings of the town's rules a battle may be played under.
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


class PenaltyBase(StrEnum):
    """What the town walls' ranged penalty is taken from.

    Battlebook takes it from the **whole score** the attack is made with (the card's score,
    the levels under it, support and swarming), by the ruling *What the walls' penalty
    applies to*; the alternative takes it from the top card's printed ranged score alone,
    before anything is added.
    """

    WHOLE_SCORE = "whole score"
    CARD_SCORE = "card score"


class EmergingTime(StrEnum):
    """When a town defender's stack may come out of its town to its Melee Line.

    Battlebook allows it only in the stack's **own phase**, on its side's turn (ruling *When
    a stack comes out of its town*); the alternative allows it at **any time** a phase is
    being played, whoever's turn it is and whether or not the stack has acted.
    """

    OWN_PHASE = "own phase"
    ANY_TIME = "any time"


class BreachCall(StrEnum):
    """What the first hit on a town's walls asks of its Defender.

    Battlebook follows the text: the Breach calls **one stack out** at once, even if stacks
    already stand outside (ruling *Breached walls call a stack out*). The alternative reads
    the Breach as a count: the Defender needs **at least one stack outside**, so a stack
    already there is enough and nobody comes out.
    """

    ONE_STACK_OUT = "one stack out"
    AT_LEAST_ONE_OUTSIDE = "at least one outside"


@dataclass(frozen=True)
class TownSettings:
    """The readings of the town's rules a battle in a town is played under: the town's own settings.

    The general [`Ruleset`][battlebook.homm.ruleset.Ruleset] holds none of them; the town's
    extension carries them, and only the town's rules read them.

    Attributes:
        town_penalty: What the town walls' ranged penalty is taken from.
        emerging: When a town defender's stack may come out to its Melee Line.
        zero_shot_allowed: Whether a ranged attack the town walls cut to a score of 0 may
            still be made (ruling *A shot the walls cut to nothing*).
        town_three_rule: Whether the town's Defender, besides keeping its walls' minimum,
            refills its Melee Line to three whenever the count falls below three.
        breach_call: What the first hit on the walls asks of the Defender.
        fliers_from_any_line: Whether a unit that ignores obstacles may fly in over damaged
            walls from its Ranged Line too; `False` (Battlebook's reading) has it attack from
            its Melee Line, as every melee attacker does.

    Examples:
        >>> TownSettings().emerging, TownSettings(town_three_rule=True).town_three_rule
        (<EmergingTime.OWN_PHASE: 'own phase'>, True)
    """

    town_penalty: PenaltyBase = PenaltyBase.WHOLE_SCORE
    emerging: EmergingTime = EmergingTime.OWN_PHASE
    zero_shot_allowed: bool = True
    town_three_rule: bool = False
    breach_call: BreachCall = BreachCall.ONE_STACK_OUT
    fliers_from_any_line: bool = False
