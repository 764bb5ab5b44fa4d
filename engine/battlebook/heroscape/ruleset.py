"""The editions of Heroscape, as rulesets: fixed settings a battle is played under.

The 2004 basic game and the 2024 edition differ in how an attack harms its defender and
in how much height helps; Battlebook also records two readings of open questions as
settings. Every rule asks the ruleset; no rule tests the edition by name.

>>> Ruleset.for_edition(Edition.BASIC_2004).height.extra_dice(12)
1
>>> Ruleset.for_edition(Edition.EDITION_2024).height.extra_dice(12)
2
>>> Ruleset.for_edition(Edition.EDITION_2024).height.extra_dice(0)
0
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlebook.dice import Die
from battlebook.heroscape.dice import COMBAT_DIE, CombatDie, Face

#: `COMBAT_DIE` (three skulls, two shields, one blank: the sources never print the sides;
#: see the ruling *The Heroscape combat die*) and `Face` live once, in `battlebook.heroscape.dice`.
__all__ = ["COMBAT_DIE", "CombatDie", "Edition", "Face", "Harm", "HeightAdvantage", "Ruleset"]


class Edition(StrEnum):
    """The two editions the sources describe."""

    BASIC_2004 = "2004"
    EDITION_2024 = "2024"


class Harm(StrEnum):
    """What a successful attack does to its defender."""

    DESTROY = "destroyed by any successful attack"
    WOUNDS = "one wound per unblocked skull, destroyed at its life"


@dataclass(frozen=True)
class HeightAdvantage:
    """Extra dice for the figure whose base is higher: `(levels above, extra dice)` steps.

    The largest step whose level count the gap reaches applies.

    >>> HeightAdvantage(((1, 1), (10, 2))).extra_dice(9)
    1
    """

    steps: tuple[tuple[int, int], ...] = ((1, 1),)

    def extra_dice(self, levels_above: int) -> int:
        """The extra dice for a base `levels_above` levels higher than the other's (0 if not higher)."""
        return max((dice for levels, dice in self.steps if levels_above >= levels), default=0)


@dataclass(frozen=True)
class Ruleset:
    """The settings of one battle.

    Attributes:
        edition: Which edition's rules are in force.
        harm: What a successful attack does.
        height: How many extra dice a higher base earns.
        friendly_fire: Whether a figure may attack a figure of its own army.
        figures_block_sight: Whether figures block a line of sight like terrain
            (Battlebook's reading: they do not; see the ruling *Figures and line of sight*).
        destroyed_to_card: Whether a destroyed figure is placed on its army card (2024)
            rather than put out of the game (2004).
        combat_die: The combat die, for rolls and odds alike.
    """

    edition: Edition = Edition.BASIC_2004
    harm: Harm = Harm.DESTROY
    height: HeightAdvantage = HeightAdvantage()
    friendly_fire: bool = False
    figures_block_sight: bool = False
    destroyed_to_card: bool = False
    combat_die: CombatDie = COMBAT_DIE

    @property
    def die(self) -> Die:
        """The combat die as rolled in a battle, made from `combat_die`.

        >>> Ruleset(combat_die=CombatDie(4, 2, 0)).die.faces.count(Face.SKULL)
        4
        """
        return self.combat_die.die

    @classmethod
    def for_edition(
        cls, edition: Edition, *, figures_block_sight: bool = False, combat_die: CombatDie = COMBAT_DIE
    ) -> Ruleset:
        """The ruleset of `edition`, with the open readings as given."""
        if edition is Edition.BASIC_2004:
            return cls(edition, Harm.DESTROY, HeightAdvantage(((1, 1),)), False, figures_block_sight, False, combat_die)
        return cls(
            edition, Harm.WOUNDS, HeightAdvantage(((1, 1), (10, 2))), True, figures_block_sight, True, combat_die
        )
