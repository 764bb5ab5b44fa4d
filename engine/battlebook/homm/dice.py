"""The Heroes of Might & Magic die, and the exact odds of an attack that rolls it.

An attack rolls one die (ten-sided, by Battlebook's reading: the texts say only "a die")
and kills when score plus roll reaches the defense score (for a swat, the sum of the
swatted cards' defenses). [`homm_hit`][battlebook.homm.dice.homm_hit] counts the faces that
succeed, for the faces the battle's [die reading][battlebook.homm.ruleset.DieReading] gives.
This module is light: the odds page and `battlebook odds homm` import it without the rest
of the engine, as Heroscape's [`dice`][battlebook.heroscape.dice] is imported for its odds.

Examples:
    >>> homm_hit(7, 13).hit, homm_hit(7, 13).min_roll
    (Fraction(2, 5), 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from battlebook.homm.ruleset import DieReading
from battlebook.odds import OddsError

if TYPE_CHECKING:  # sympy is imported only where formulas are built: it is slow to load
    import sympy  # type: ignore[import-untyped]

__all__ = ["HitChance", "homm_formula", "homm_hit", "swat_defense"]


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

        Examples:
            >>> HitChance(7, 13, tuple(range(1, 11))).hit
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

    Examples:
        >>> swat_defense([4, 4, 3])
        11
    """
    values = list(defenses)
    if not values:
        raise OddsError("a swat needs at least one defense score")
    if any(value < 0 for value in values):
        raise OddsError(f"defense scores cannot be negative: {values}")
    return sum(values)


def homm_hit(
    score: int, defense: int | Sequence[int], reading: DieReading | Sequence[int] = DieReading.ZERO_TO_NINE
) -> HitChance:
    """The chance that an attack with `score` kills against `defense` on the die (ten faces, by Battlebook's reading).

    Args:
        score: The attack score, with every bonus already added.
        defense: One defense score, or a sequence of them for a swat (they add up).
        reading: How the die's faces are read (0-9 by default), or the faces themselves.

    Examples:
        >>> homm_hit(7, [7, 7], range(1, 11)).winning_faces
        (7, 8, 9, 10)
        >>> homm_hit(13, 13).is_certain, homm_hit(3, 13).is_impossible
        (True, True)
    """
    total = defense if isinstance(defense, int) else swat_defense(defense)
    if total < 0:
        raise OddsError(f"a defense score cannot be negative: {total}")
    # A DieReading is a str enum, and a str is a Sequence too: ask for its faces first.
    faces = reading.faces if isinstance(reading, DieReading) else reading
    return HitChance(score, total, tuple(faces))


def homm_formula() -> tuple[sympy.Expr, dict[str, sympy.Symbol]]:
    """The HoMM chance of a kill as a sympy expression of score S, defense D and faces lo..hi.

    The successful faces are those from max(lo, D - S) to hi; the chance is their count,
    clamped to 0..n, over the n faces. sympy comes with the `site` extra (the odds pages print
    this): `battlebook[check]` has none.

    Examples:
        >>> expr, s = homm_formula()
        >>> expr.xreplace({s["S"]: 7, s["D"]: 13, s["lo"]: 0, s["hi"]: 9})
        2/5
    """
    import sympy

    score, defense, lo, hi = sympy.symbols("S D lo hi", integer=True)
    n = hi - lo + 1
    count = sympy.Max(0, sympy.Min(n, hi - sympy.Max(lo, defense - score) + 1))
    return count / n, {"S": score, "D": defense, "lo": lo, "hi": hi}
