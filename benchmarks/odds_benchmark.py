"""Benchmark: every Heroscape wound distribution for A and D from 1 to N, three ways.

Computes the full distribution of wounds for every pair of attack dice A and defense
dice D in 1..N (N = 20 by default) with

1. Battlebook (`battlebook.odds.heroscape_wounds`: integer binomial convolution), caches cleared;
2. icepool (`A @ skull - D @ shield`, clipped at 0);
3. a naive `sympy.stats` formulation (two Binomial random variables, the density of their
   difference, negative values folded into 0 wounds);

checks that all three agree exactly on every probability, and prints each time and the
ratios. Exits with status 1 if they disagree or if Battlebook is not faster than icepool.

Run with `.venv/bin/python benchmarks/odds_benchmark.py [N]` (needs the dev extra).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from fractions import Fraction

import icepool  # type: ignore[import-untyped]
import sympy  # type: ignore[import-untyped]
from sympy.stats import Binomial, density  # type: ignore[import-untyped]

from battlebook import odds

Table = dict[tuple[int, int], list[Fraction]]


def battlebook_table(n: int) -> Table:
    """Every distribution with Battlebook, starting from empty caches."""
    for cached in (odds.heroscape_wounds, odds.wound_weights, odds._count_weights):
        cached.cache_clear()
    return {(a, d): list(odds.heroscape_wounds(a, d).wounds) for a in range(1, n + 1) for d in range(1, n + 1)}


def icepool_table(n: int) -> Table:
    """Every distribution with icepool."""
    skull = icepool.Die({1: 3, 0: 3})
    shield = icepool.Die({1: 2, 0: 4})
    table: Table = {}
    for a in range(1, n + 1):
        for d in range(1, n + 1):
            die = (a @ skull - d @ shield).map(lambda x: max(x, 0))
            total = die.denominator()
            table[(a, d)] = [Fraction(die.quantity(k), total) for k in range(a + 1)]
    return table


def sympy_table(n: int) -> Table:
    """Every distribution with a naive sympy.stats formulation."""
    table: Table = {}
    half, third = sympy.Rational(1, 2), sympy.Rational(1, 3)
    for a in range(1, n + 1):
        for d in range(1, n + 1):
            skulls = Binomial("S", a, half)
            shields = Binomial("H", d, third)
            dist = dict(density(skulls - shields))
            wounds = [Fraction(0)] * (a + 1)
            for value, p in dist.items():
                wounds[max(int(value), 0)] += Fraction(int(p.p), int(p.q))
            table[(a, d)] = wounds
    return table


def timed(func: Callable[[int], Table], n: int) -> tuple[Table, float]:
    """Run `func(n)` and return its table and the seconds it took."""
    start = time.perf_counter()
    table = func(n)
    return table, time.perf_counter() - start


def main(argv: list[str]) -> int:
    """Run the three implementations, compare, print times and ratios."""
    n = int(argv[0]) if argv else 20
    print(f"Heroscape wound distributions for A, D in 1..{n} ({n * n} pairs)")
    ice, t_ice = timed(icepool_table, n)
    book, t_book = timed(battlebook_table, n)
    naive, t_sympy = timed(sympy_table, n)
    agree = book == ice == naive
    print(f"  battlebook   {t_book:9.4f} s")
    print(f"  icepool      {t_ice:9.4f} s")
    print(f"  sympy.stats  {t_sympy:9.4f} s")
    print(f"  icepool / battlebook     = {t_ice / t_book:8.1f}x")
    print(f"  sympy.stats / battlebook = {t_sympy / t_book:8.1f}x")
    print(f"  exact agreement on all {len(book)} distributions: {'yes' if agree else 'NO'}")
    if not agree:
        bad = [key for key in book if not (book[key] == ice.get(key) == naive.get(key))]
        print(f"  disagreements at {bad[:10]}")
        return 1
    if t_book >= t_ice:
        print("  Battlebook is NOT faster than icepool")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
