"""Exact odds for both games, as fractions: no floating point until a number is displayed.

Heroes of Might & Magic decides an attack with one ten-sided die: the attack kills when
score plus roll reaches the defense score (for a swat, the sum of the swatted cards'
defenses). [`homm_hit`][battlebook.odds.homm_hit] counts the faces that succeed.

Heroscape rolls attack dice against defense dice. Each die has six sides: three skulls,
two shields and one blank. Every shield rolled by the defender blocks one skull; the
skulls left over are wounds. [`heroscape_wounds`][battlebook.odds.heroscape_wounds] gives the
whole distribution of wounds, computed by convolving two binomial distributions in
integers (one common denominator, 2^A * 3^D) and cached.

The same formulas, written symbolically with sympy, are rendered on the odds pages
([`heroscape_formulas`][battlebook.odds.heroscape_formulas],
[`homm_formula`][battlebook.odds.homm_formula]).

>>> odds = heroscape_wounds(2, 4)
>>> odds.at_least_one
Fraction(20, 81)
>>> homm_hit(7, 13).hit, homm_hit(7, 13).min_roll
(Fraction(2, 5), 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from math import comb
from typing import TYPE_CHECKING

from battlebook.dice import Die
from battlebook.errors import BattlebookError
from battlebook.homm.ruleset import DieReading

if TYPE_CHECKING:  # sympy is imported only where formulas are built: it is slow to load
    import sympy  # type: ignore[import-untyped]


class OddsError(BattlebookError, ValueError):
    """A question about odds that has no answer: negative dice, an empty swat."""


# --- Heroes of Might & Magic -------------------------------------------------------


@dataclass(frozen=True)
class HitChance:
    """The chance that one HoMM attack kills, with the numbers behind it.

    Attributes:
        score: The attack score (before the roll).
        defense: The defense score to reach (for a swat, the sum of the defenses).
        faces: The faces of the ten-sided die under the chosen reading.
    """

    score: int
    defense: int
    faces: tuple[int, ...]

    @property
    def winning_faces(self) -> tuple[int, ...]:
        """The faces with which score plus roll reaches the defense."""
        return tuple(face for face in self.faces if self.score + face >= self.defense)

    @property
    def hit(self) -> Fraction:
        """The exact chance of a kill.

        >>> HitChance(7, 13, DieReading.ONE_TO_TEN.faces).hit
        Fraction(1, 2)
        """
        return Fraction(len(self.winning_faces), len(self.faces))

    @property
    def min_roll(self) -> int | None:
        """The smallest face that kills, or `None` when none does."""
        return min(self.winning_faces, default=None)

    @property
    def is_certain(self) -> bool:
        """Whether every face kills (even the lowest roll)."""
        return self.hit == 1

    @property
    def is_impossible(self) -> bool:
        """Whether no face kills (even the highest roll falls short)."""
        return self.hit == 0


def swat_defense(defenses: Iterable[int]) -> int:
    """The defense a swat must reach: the sum of the swatted cards' defense scores.

    >>> swat_defense([4, 4, 3])
    11
    """
    values = list(defenses)
    if not values:
        raise OddsError("a swat needs at least one defense score")
    if any(value < 0 for value in values):
        raise OddsError(f"defense scores cannot be negative: {values}")
    return sum(values)


def homm_hit(score: int, defense: int | Sequence[int], reading: DieReading = DieReading.ZERO_TO_NINE) -> HitChance:
    """The chance that an attack with `score` kills against `defense` on the ten-sided die.

    Args:
        score: The attack score, with every bonus already added.
        defense: One defense score, or a sequence of them for a swat (they add up).
        reading: How the die's faces are read (0-9 by default, or 1-10).

    >>> homm_hit(7, [7, 7], DieReading.ONE_TO_TEN).winning_faces
    (7, 8, 9, 10)
    >>> homm_hit(13, 13).is_certain, homm_hit(3, 13).is_impossible
    (True, True)
    """
    total = defense if isinstance(defense, int) else swat_defense(defense)
    if total < 0:
        raise OddsError(f"a defense score cannot be negative: {total}")
    return HitChance(score, total, reading.faces)


def homm_formula() -> tuple[sympy.Expr, dict[str, sympy.Symbol]]:
    """The HoMM chance of a kill as a sympy expression of score S, defense D and faces lo..hi.

    The successful faces are those from max(lo, D - S) to hi; the chance is their count,
    clamped to 0..n, over the n faces.

    >>> expr, s = homm_formula()
    >>> expr.xreplace({s["S"]: 7, s["D"]: 13, s["lo"]: 0, s["hi"]: 9})
    2/5
    """
    import sympy

    score, defense, lo, hi = sympy.symbols("S D lo hi", integer=True)
    n = hi - lo + 1
    count = sympy.Max(0, sympy.Min(n, hi - sympy.Max(lo, defense - score) + 1))
    return count / n, {"S": score, "D": defense, "lo": lo, "hi": hi}


# --- Heroscape ---------------------------------------------------------------------


@dataclass(frozen=True)
class WoundOdds:
    """The exact distribution of wounds when `attack_dice` roll against `defense_dice`.

    `wounds[k]` is the chance of exactly k wounds, for k from 0 to `attack_dice`.
    """

    attack_dice: int
    defense_dice: int
    wounds: tuple[Fraction, ...]

    def exactly(self, k: int) -> Fraction:
        """The chance of exactly `k` wounds (0 outside 0..attack_dice)."""
        return self.wounds[k] if 0 <= k < len(self.wounds) else Fraction(0)

    def at_least(self, k: int) -> Fraction:
        """The chance of `k` wounds or more.

        >>> heroscape_wounds(3, 0).at_least(3)
        Fraction(1, 8)
        """
        return sum(self.wounds[max(k, 0) :], Fraction(0))

    def at_most(self, k: int) -> Fraction:
        """The chance of `k` wounds or fewer."""
        return sum(self.wounds[: max(k + 1, 0)], Fraction(0))

    @property
    def at_least_one(self) -> Fraction:
        """The chance of wounding at all."""
        return self.at_least(1)

    @property
    def expected(self) -> Fraction:
        """The expected number of wounds."""
        return sum((k * p for k, p in enumerate(self.wounds)), Fraction(0))

    def table(self) -> list[tuple[int, Fraction, Fraction, Fraction]]:
        """One row per wound count k: (k, exactly k, at least k, at most k)."""
        return [(k, self.exactly(k), self.at_least(k), self.at_most(k)) for k in range(len(self.wounds))]


def check_dice(attack_dice: int, defense_dice: int) -> None:
    """Refuse negative numbers of dice with an `OddsError`."""
    for what, count in (("attack", attack_dice), ("defense", defense_dice)):
        if not isinstance(count, int) or isinstance(count, bool):
            raise OddsError(f"the number of {what} dice must be a whole number, not {count!r}")
        if count < 0:
            raise OddsError(f"the number of {what} dice cannot be negative: {count}")


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
    [`die`][battlebook.odds.CombatDie.die] and the odds count its sides, so a battle read
    with another die resolves and gets its odds with that same die.

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

    @property
    def skull_chance(self) -> Fraction:
        """The chance that one attack die shows a skull."""
        return Fraction(self.skulls, self.sides)

    @property
    def shield_chance(self) -> Fraction:
        """The chance that one defense die shows a shield."""
        return Fraction(self.shields, self.sides)

    @property
    def faces(self) -> tuple[Face, ...]:
        """The symbol on each side, skulls first, then shields, then blanks.

        >>> CombatDie(1, 1, 1).faces
        (<Face.SKULL: 'skull'>, <Face.SHIELD: 'shield'>, <Face.BLANK: 'blank'>)
        """
        return (Face.SKULL,) * self.skulls + (Face.SHIELD,) * self.shields + (Face.BLANK,) * self.blanks

    @property
    def die(self) -> Die:
        """The die to roll in a battle: one side per face, all equally likely."""
        return Die("combat die", self.faces)

    def chance_of(self, face: Face) -> Fraction:
        """The chance that one roll shows `face`.

        >>> COMBAT_DIE.chance_of(Face.BLANK)
        Fraction(1, 6)
        """
        return Fraction(self.faces.count(face), self.sides)


#: The combat die Battlebook reads the rules with: 3 skulls, 2 shields, 1 blank.
COMBAT_DIE = CombatDie()


@cache
def _count_weights(dice: int, chance: Fraction) -> tuple[int, ...]:
    """Ways (out of chance.denominator^dice) for exactly k of `dice` dice to succeed, for each k."""
    hit, den = chance.numerator, chance.denominator
    return tuple(comb(dice, k) * hit**k * (den - hit) ** (dice - k) for k in range(dice + 1))


@cache
def wound_weights(attack_dice: int, defense_dice: int, die: CombatDie = COMBAT_DIE) -> tuple[tuple[int, ...], int]:
    """The wound distribution as integers: (ways of k wounds for each k, their total).

    `ways[k] / total` is the chance of exactly k wounds; with the default die the total
    is 2^A * 3^D (a skull is one chance in 2, a shield one in 3).

    >>> wound_weights(2, 4)
    ((244, 64, 16), 324)
    """
    check_dice(attack_dice, defense_dice)
    skulls = _count_weights(attack_dice, die.skull_chance)
    shields = _count_weights(defense_dice, die.shield_chance)
    total = die.skull_chance.denominator**attack_dice * die.shield_chance.denominator**defense_dice
    ways = [0] * (attack_dice + 1)
    for k in range(1, attack_dice + 1):
        ways[k] = sum(skulls[k + j] * shields[j] for j in range(min(defense_dice, attack_dice - k) + 1))
    ways[0] = total - sum(ways)
    return tuple(ways), total


@cache
def heroscape_wounds(attack_dice: int, defense_dice: int, die: CombatDie = COMBAT_DIE) -> WoundOdds:
    """The exact distribution of wounds for `attack_dice` against `defense_dice`.

    Args:
        attack_dice: How many attack dice are rolled (0 or more).
        defense_dice: How many defense dice are rolled (0 or more).
        die: The sides of the combat die (3 skulls, 2 shields, 1 blank by default).

    >>> tuple(str(p) for p in heroscape_wounds(1, 1).wounds)
    ('2/3', '1/3')
    >>> heroscape_wounds(2, 4).expected
    Fraction(8, 27)
    """
    ways, total = wound_weights(attack_dice, defense_dice, die)
    return WoundOdds(attack_dice, defense_dice, tuple(Fraction(w, total) for w in ways))


def heroscape_formulas() -> dict[str, sympy.Basic]:
    """The Heroscape formulas for the default combat die as sympy objects, in the symbols A, D, w and j.

    A is the number of attack dice, D of defense dice; `exactly` is the chance of exactly
    w wounds (for w >= 1), `none` the chance of no wound, `expected` the expected wounds.

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


def fraction_text(value: Fraction) -> str:
    """An exact fraction as "n/d", or "0" / "1" / an integer when it is whole.

    >>> fraction_text(Fraction(20, 81)), fraction_text(Fraction(1)), fraction_text(Fraction(0))
    ('20/81', '1', '0')
    """
    return str(value)


def percent_text(value: Fraction, digits: int = 2) -> str:
    """A chance as a percentage for display (the one place a float is allowed).

    >>> percent_text(Fraction(20, 81))
    '24.69%'
    >>> percent_text(Fraction(1)), percent_text(Fraction(2, 5))
    ('100%', '40%')
    >>> percent_text(Fraction(16, 81), 0), percent_text(Fraction(1, 10), 0)
    ('20%', '10%')

    A chance that is neither certain nor impossible never reads as 0% or 100%:

    >>> percent_text(Fraction(1, 10**6)), percent_text(1 - Fraction(1, 10**6))
    ('<0.01%', '>99.99%')
    """
    text = f"{float(value * 100):.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    step = "0." + "0" * (digits - 1) + "1" if digits > 0 else "1"
    if 0 < value < 1 and text == "0":
        return f"<{step}%"
    if 0 < value < 1 and text == "100":
        return f">{100 - float(step):.{digits}f}%"
    return f"{text}%"
