"""Exact odds, as fractions: no floating point until a number is displayed.

This module is shared by the games and imports none: each game hands it the numbers of
its own dice, and keeps its own die and formulas beside its rules
([`battlebook.homm.dice`][battlebook.homm.dice], [`battlebook.heroscape.dice`][battlebook.heroscape.dice]).

- [`wound_odds`][battlebook.odds.wound_odds]: attack dice against defense dice, every block
  cancelling one success; the whole distribution of unblocked successes for any chance of
  success and of blocking, computed by convolving two binomial distributions in integers
  (one common denominator) and kept in a bounded cache;
- [`fraction_text`][battlebook.odds.fraction_text] and
  [`percent_text`][battlebook.odds.percent_text]: a chance as the pages and the command line write it.

Examples:
    >>> odds = wound_odds(2, 4, Fraction(1, 2), Fraction(1, 3))
    >>> odds.at_least_one
    Fraction(20, 81)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from battlebook.bounds import MAX_DICE, check_whole
from battlebook.errors import BattlebookError


class OddsError(BattlebookError, ValueError):
    """A question about odds that has no answer: negative dice, an empty swat."""


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

        Examples:
            >>> wound_odds(3, 0, Fraction(1, 2), Fraction(1, 3)).at_least(3)
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


@lru_cache(maxsize=256)
def _count_weights(dice: int, hit: int, miss: int) -> tuple[int, ...]:
    """Ways (weights `hit` and `miss` per die) for exactly k of `dice` dice to succeed, for each k."""
    weights = [0] * (dice + 1)
    coefficient = 1
    for k in range(dice + 1):
        weights[k] = coefficient * hit**k * miss ** (dice - k)
        coefficient = coefficient * (dice - k) // (k + 1)
    return tuple(weights)


#: How many wound distributions (and their integer weights) stay cached: enough for every
#: table the site and the examples ask for, bounded so that a long session's memory is too.
ODDS_CACHE_SIZE = 4096


def wound_weights(attack_dice: int, defense_dice: int, hit: Fraction, block: Fraction) -> tuple[tuple[int, ...], int]:
    """The wound distribution as integers: (ways of k wounds for each k, their total).

    Each attack die succeeds with chance `hit`, each defense die blocks one success with
    chance `block`; `ways[k] / total` is the chance of exactly k unblocked successes. With
    a hit of 1/2 and a block of 1/3 the total is 2^A * 3^D.

    Examples:
        >>> wound_weights(2, 4, Fraction(1, 2), Fraction(1, 3))
        ((244, 64, 16), 324)
    """
    return _weights(attack_dice, defense_dice, hit.numerator, hit.denominator, block.numerator, block.denominator)


def _weights(
    attack_dice: int, defense_dice: int, hits: int, hit_sides: int, blocks: int, block_sides: int
) -> tuple[tuple[int, ...], int]:
    """[`wound_weights`][battlebook.odds.wound_weights] with each chance as a whole fraction (`hits` in `hit_sides`)."""
    check_dice(attack_dice, defense_dice)
    for what, part, whole in (("success", hits, hit_sides), ("block", blocks, block_sides)):
        if not 0 <= part <= whole:
            raise OddsError(f"a chance of {what} must lie between 0 and 1, not {Fraction(part, whole)}")
    skulls = _count_weights(attack_dice, hits, hit_sides - hits)
    shields = _count_weights(defense_dice, blocks, block_sides - blocks)
    total = hit_sides**attack_dice * block_sides**defense_dice
    ways = correlate(skulls, shields)  # ways[k], k >= 1: exactly k more skulls than shields
    ways[0] = total - sum(ways[1:])  # no wound: as many shields as skulls, or more
    return tuple(ways), total


@lru_cache(maxsize=1024)
def _packed(values: tuple[int, ...], width: int) -> int:
    """`values` packed into one integer, `width` bytes each, the first lowest."""
    return int.from_bytes(b"".join(v.to_bytes(width, "little") for v in values), "little")


def correlate(left: Sequence[int], right: Sequence[int]) -> list[int]:
    """`out[k]` = the sum over j of `left[k + j] * right[j]`, for every k of `left`; all numbers 0 or more.

    It is one product of two big integers (Kronecker substitution): each sequence is packed
    into one integer, a fixed number of bytes per entry, `right` reversed, and every sum
    is read back from the bytes of the product. Python multiplies big integers far faster
    than it runs the A x D multiplications one by one.

    Examples:
        >>> correlate([1, 2, 3], [4, 5])
        [14, 23, 12]
        >>> correlate([7], [0, 0, 0]), correlate([0, 0], [1])
        ([0], [0, 0])
    """
    if min(left) < 0 or min(right) < 0:
        raise OddsError("only counts of ways (0 or more) can be packed")
    bits = max(left).bit_length() + max(right).bit_length() + len(right).bit_length() + 1
    width = -(-bits // 64) * 8  # whole 8-byte words, so that one packing serves many pairs
    product = (_packed(tuple(left), width) * _packed(tuple(reversed(right)), width)).to_bytes(
        width * (len(left) + len(right)), "little"
    )
    shift = len(right) - 1
    return [int.from_bytes(product[(k + shift) * width : (k + shift + 1) * width], "little") for k in range(len(left))]


def wound_odds(attack_dice: int, defense_dice: int, hit: Fraction, block: Fraction) -> WoundOdds:
    """The exact distribution of unblocked successes for `attack_dice` against `defense_dice`.

    Args:
        attack_dice: How many attack dice are rolled (0 or more).
        defense_dice: How many defense dice are rolled (0 or more).
        hit: The chance that one attack die succeeds.
        block: The chance that one defense die blocks one success.

    A game's own die supplies the two chances (Heroscape's in
    [`heroscape_wounds`][battlebook.heroscape.dice.heroscape_wounds]).

    Raises:
        BoundError: more than `battlebook.bounds.MAX_DICE` dice on a side.
        OddsError: a negative number of dice.

    Examples:
        >>> tuple(str(p) for p in wound_odds(1, 1, Fraction(1, 2), Fraction(1, 3)).wounds)
        ('2/3', '1/3')
    """
    for count, what in ((attack_dice, "attack dice"), (defense_dice, "defense dice")):
        if count > MAX_DICE:
            check_whole(count, what, 0, MAX_DICE)
    return _wound_odds(attack_dice, defense_dice, hit.numerator, hit.denominator, block.numerator, block.denominator)


@lru_cache(maxsize=ODDS_CACHE_SIZE)
def _wound_odds(
    attack_dice: int, defense_dice: int, hits: int, hit_sides: int, blocks: int, block_sides: int
) -> WoundOdds:
    """[`wound_odds`][battlebook.odds.wound_odds], kept by whole numbers (hashing a `Fraction` is slow)."""
    ways, total = _weights(attack_dice, defense_dice, hits, hit_sides, blocks, block_sides)
    return WoundOdds(attack_dice, defense_dice, tuple(Fraction(w, total) for w in ways))


def clear_caches() -> None:
    """Empty the odds caches (the benchmarks start from empty ones)."""
    for cached in (_count_weights, _packed, _wound_odds):
        cached.cache_clear()


def fraction_text(value: Fraction) -> str:
    """An exact fraction as "n/d", or "0" / "1" / an integer when it is whole.

    Examples:
        >>> fraction_text(Fraction(20, 81)), fraction_text(Fraction(1)), fraction_text(Fraction(0))
        ('20/81', '1', '0')
    """
    return str(value)


def percent_text(value: Fraction, digits: int = 2) -> str:
    """A chance as a percentage for display (the one place a float is allowed).

    Examples:
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
