"""The Heroscape combat die, and the exact odds of rolling it, attack dice against defense dice.

The die belongs to Heroscape: the ruleset rolls its [`die`][battlebook.heroscape.dice.CombatDie.die],
and [`heroscape_wounds`][battlebook.heroscape.dice.heroscape_wounds] hands its chances of a
skull and of a shield to the shared [`wound_odds`][battlebook.odds.wound_odds]. This module is
light: the odds pages and `battlebook odds heroscape` import it without the rest of the engine.

Examples:
    >>> heroscape_wounds(2, 4).at_least_one
    Fraction(20, 81)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

from battlebook.dice import Die
from battlebook.odds import OddsError, WoundOdds, wound_odds

if TYPE_CHECKING:  # sympy is imported only where formulas are built: it is slow to load
    import sympy  # type: ignore[import-untyped]

__all__ = ["COMBAT_DIE", "CombatDie", "Face", "heroscape_formulas", "heroscape_wounds"]


class Face(StrEnum):
    """The symbols on the sides of a Heroscape combat die."""

    SKULL = "skull"
    SHIELD = "shield"
    BLANK = "blank"


@dataclass(frozen=True)
class CombatDie:
    """A Heroscape combat die: how many of its sides show a skull, a shield, or nothing.

    The sources name skulls and shields but never list a die's sides; Battlebook reads
    every combat die, attack or defense, as 3 skulls, 2 shields and 1 blank (see the
    ruling on the combat die). Another reading is another `CombatDie`. This one value is
    the single description of the die: the Heroscape ruleset rolls its
    [`die`][battlebook.heroscape.dice.CombatDie.die] and the odds count its sides, so a battle read
    with another die resolves and gets its odds with that same die.

    Examples:
        >>> COMBAT_DIE.skull_chance, COMBAT_DIE.shield_chance
        (Fraction(1, 2), Fraction(1, 3))
        >>> COMBAT_DIE.die.faces.count(Face.SKULL), len(COMBAT_DIE.die.faces)
        (3, 6)
    """

    skulls: int = 3
    shields: int = 2
    blanks: int = 1

    def __post_init__(self) -> None:
        if min(self.skulls, self.shields, self.blanks) < 0 or self.sides == 0:
            raise OddsError(f"a combat die needs a positive number of sides, not {self}")

    @property
    def sides(self) -> int:
        """How many sides the die has."""
        return self.skulls + self.shields + self.blanks

    @cached_property
    def skull_chance(self) -> Fraction:
        """The chance that one attack die shows a skull."""
        return Fraction(self.skulls, self.sides)

    @cached_property
    def shield_chance(self) -> Fraction:
        """The chance that one defense die shows a shield."""
        return Fraction(self.shields, self.sides)

    @cached_property
    def faces(self) -> tuple[Face, ...]:
        """The symbol on each side, skulls first, then shields, then blanks.

        Examples:
            >>> CombatDie(1, 1, 1).faces
            (<Face.SKULL: 'skull'>, <Face.SHIELD: 'shield'>, <Face.BLANK: 'blank'>)
        """
        return (Face.SKULL,) * self.skulls + (Face.SHIELD,) * self.shields + (Face.BLANK,) * self.blanks

    @cached_property
    def die(self) -> Die:
        """The die to roll in a battle: one side per face, all equally likely."""
        return Die("combat die", self.faces)

    def in_words(self) -> str:
        """The die's sides in words.

        Examples:
            >>> COMBAT_DIE.in_words()
            '3 skulls, 2 shields, 1 blank'
        """
        return f"{self.skulls} skulls, {self.shields} shields, {self.blanks} blank"

    def chance_of(self, face: Face) -> Fraction:
        """The chance that one roll shows `face`.

        Examples:
            >>> COMBAT_DIE.chance_of(Face.BLANK)
            Fraction(1, 6)
        """
        return Fraction(self.faces.count(face), self.sides)


#: The combat die Battlebook reads the rules with: 3 skulls, 2 shields, 1 blank.
COMBAT_DIE = CombatDie()


def heroscape_wounds(
    attack_dice: int, defense_dice: int, die: CombatDie = COMBAT_DIE, defense_die: CombatDie | None = None
) -> WoundOdds:
    """The exact distribution of wounds for `attack_dice` against `defense_dice` with `die`.

    Args:
        attack_dice: How many attack dice are rolled (0 or more).
        defense_dice: How many defense dice are rolled (0 or more).
        die: The sides of the combat die (3 skulls, 2 shields, 1 blank by default).
        defense_die: The sides of a defense die, when it is not `die`.

    Examples:
        >>> tuple(str(p) for p in heroscape_wounds(1, 1).wounds)
        ('2/3', '1/3')
        >>> heroscape_wounds(2, 4).expected
        Fraction(8, 27)
    """
    return wound_odds(attack_dice, defense_dice, die.skull_chance, (defense_die or die).shield_chance)


def heroscape_formulas() -> dict[str, sympy.Basic]:
    """The Heroscape formulas for the default combat die as sympy objects, in the symbols A, D, w and j.

    A is the number of attack dice, D of defense dice; `exactly` is the chance of exactly
    w wounds (for w >= 1), `none` the chance of no wound, `expected` the expected wounds.
    sympy comes with the `site` extra (the odds pages print these): `battlebook[check]` has none.

    Examples:
        >>> f = heroscape_formulas()
        >>> import sympy
        >>> A, D, w = sympy.symbols("A D w", integer=True, nonnegative=True)
        >>> f["exactly"].subs({A: 2, D: 4, w: 1}).doit()
        16/81
    """
    import sympy

    a, d, w, j = sympy.symbols("A D w j", integer=True, nonnegative=True)
    exactly = sympy.Sum(sympy.binomial(a, w + j) * sympy.binomial(d, j) * 2 ** (d - j), (j, 0, d)) / (2**a * 3**d)
    none = 1 - sympy.Sum(exactly, (w, 1, a))
    expected = sympy.Sum(w * exactly, (w, 1, a))
    return {"exactly": exactly, "none": none, "expected": expected}
