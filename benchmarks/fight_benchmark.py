"""Benchmark: whole-fight odds through the engine, against icepool and a dedicated exact dynamic program.

Three measurements, each a ratio of timings taken in this one run (processor time, the best
of a few interleaved rounds: this machine is shared and noisy):

1. **The duel** of two figures of 8 attack dice, 8 defense dice and Life 10 (2024 edition),
   the first attacking first: Battlebook's `duel_odds` (every attack resolved by the engine's
   `apply`, its caches emptied first) against the same duel written in icepool (an absorbing
   chain, `map(..., repeat="inf")`). Targets: Battlebook at most 100 ms, and at least 10x
   faster than icepool.
2. **The grid** of 640 duels (attack 1..8 x defense 1..8 x Life 1..10, two equal figures,
   2024 edition): Battlebook against a dedicated exact dynamic program written here (the
   wound distribution counted from binomials, a recursion over the Life left with the misses
   solved in closed form). Target: Battlebook within 3x.
3. **The command's start-up**: `battlebook odds fight heroscape --help` (the command reading
   its arguments, no game loaded) against `python -c "import battlebook"`, target at most 2x;
   the smallest whole fight on the command line is timed and printed too.

Every answer is checked for exact agreement (icepool's and the program's against
Battlebook's: who wins with how much Life left, and the expected number of attacks where
the program gives it). Exits with status 1 on a disagreement or a missed target.

Run with `.venv/bin/python benchmarks/fight_benchmark.py [--grid-rounds N]` (needs the dev extra).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path

import icepool  # type: ignore[import-untyped]

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import BIN, best_of, run_once

from battlebook import odds
from battlebook.heroscape import rules, sight
from battlebook.heroscape.fight import Fighter, duel_odds
from battlebook.heroscape.ruleset import Edition

Outcomes = dict[tuple[str, int], Fraction]

DUEL = (8, 8, 10)
DUEL_TARGET_SECONDS = 0.100
ICEPOOL_TARGET = 10.0
GRID_TARGET = 3.0
STARTUP_TARGET = 2.0
ROUNDS = 3
STARTUP_ROUNDS = 15


def fresh() -> None:
    """Empty every cache the engine keeps (odds tables, ranges, lines of sight): each run starts cold."""
    odds.clear_caches()
    sight.clear_caches()
    rules.clear_caches()


def battlebook_duel(attack: int, defense: int, life: int) -> tuple[Outcomes, Fraction | None]:
    """(chance of each (winner, Life left), expected attacks) from Battlebook, through the engine."""
    one = Fighter(attack, defense, life)
    answer = duel_odds(one, one, Edition.EDITION_2024)
    found = {("first", n): p for n, p in answer.first_wins_with_left.items() if p}
    found |= {("second", n): p for n, p in answer.second_wins_with_left.items() if p}
    return found, answer.expected_attacks


def icepool_duel(attack: int, defense: int, life: int) -> Outcomes:
    """The same duel in icepool: (first's Life, second's Life, whose attack) until one reaches 0."""
    skull = icepool.Die({1: 3, 0: 3})
    shield = icepool.Die({1: 2, 0: 4})
    wounds = (attack @ skull - defense @ shield).map(lambda x: max(x, 0))

    def step(first: int, second: int, turn: int) -> object:
        if first <= 0 or second <= 0:
            return (first, second, turn)
        if turn == 0:
            return wounds.map(lambda k: (first, max(second - k, 0), 1))
        return wounds.map(lambda k: (max(first - k, 0), second, 0))

    end = icepool.Die([(life, life, 0)]).map(step, star=True, repeat="inf")
    total = end.denominator()
    found: Outcomes = {}
    for (first, second, _), quantity in end.items():
        key = ("first", first) if second <= 0 else ("second", second)
        found[key] = found.get(key, Fraction(0)) + Fraction(quantity, total)
    return found


@cache
def wound_table(attack: int, defense: int) -> tuple[Fraction, ...]:
    """The chance of k wounds (skull 1/2, shield 1/3), counted from binomials in integers."""
    ways = [0] * (attack + 1)
    for skulls in range(attack + 1):
        for shields in range(defense + 1):
            ways[max(skulls - shields, 0)] += comb(attack, skulls) * comb(defense, shields) * 2 ** (defense - shields)
    total = 2**attack * 3**defense
    return tuple(Fraction(w, total) for w in ways)


def dp_duel(attack: int, defense: int, life: int) -> tuple[Outcomes, Fraction]:
    """The dedicated program: f(x, y) = the duel with x Life to the figure about to attack and y to the other.

    f(x, y) = sum over k > 0 of p(k) [k >= y: it wins with x; else the other's f(y - k, x), mirrored]
              + p(0) f(y, x) mirrored, and f(y, x) likewise: the two solved together.
    """
    p = wound_table(attack, defense)
    miss = p[0]
    memo: dict[tuple[int, int], tuple[Outcomes, Fraction]] = {}

    def mirrored(found: Outcomes) -> Outcomes:
        return {("second" if who == "first" else "first", n): q for (who, n), q in found.items()}

    def rest(x: int, y: int) -> tuple[Outcomes, Fraction]:
        """The attacker's turn from (x, y) without its miss: the outcomes and the attacks they add."""
        found: Outcomes = {}
        length = Fraction(1)
        for k in range(1, len(p)):
            if not p[k]:
                continue
            if k >= y:
                found[("first", x)] = found.get(("first", x), Fraction(0)) + p[k]
                continue
            after, more = f(y - k, x)
            for key, q in mirrored(after).items():
                found[key] = found.get(key, Fraction(0)) + p[k] * q
            length += p[k] * more
        return found, length

    def f(x: int, y: int) -> tuple[Outcomes, Fraction]:
        if (x, y) in memo:
            return memo[(x, y)]
        mine, my_length = rest(x, y)
        theirs, their_length = rest(y, x) if (y, x) != (x, y) else (mine, my_length)
        loop = 1 - miss * miss
        found = {key: mine.get(key, Fraction(0)) for key in mine}
        for key, q in mirrored(theirs).items():
            found[key] = found.get(key, Fraction(0)) + miss * q
        value = ({key: q / loop for key, q in found.items() if q}, (my_length + miss * their_length) / loop)
        memo[(x, y)] = value
        return value

    return f(life, life)


def forward_duel(attack: int, defense: int, life: int) -> tuple[Outcomes, Fraction]:
    """The dedicated program, run forward: the chance reaching each (Life, Life) pair, pairs by falling total.

    Both figures roll alike, so one wound table serves both attacks. At a pair, the chance
    arriving with either figure about to attack is first run round the misses (the figures
    miss in turn: a loop solved in closed form), then sent on by every number of wounds.
    """
    p = wound_table(attack, defense)
    miss = p[0]
    loop = 1 - miss * miss
    mass: dict[tuple[int, int, int], Fraction] = {(life, life, 0): Fraction(1)}
    found: Outcomes = {}
    length = Fraction(0)
    pairs = sorted({(a, b) for a in range(1, life + 1) for b in range(1, life + 1)}, key=lambda ab: -(ab[0] + ab[1]))
    for a, b in pairs:
        first, second = mass.pop((a, b, 0), None), mass.pop((a, b, 1), None)
        if first is None and second is None:
            continue
        first, second = first or Fraction(0), second or Fraction(0)
        v_first, v_second = (first + miss * second) / loop, (second + miss * first) / loop
        length += v_first + v_second
        for k in range(1, len(p)):
            if not p[k]:
                continue
            for visit, who, other, key in (
                (v_first, "first", b, (a, b - k, 1)),
                (v_second, "second", a, (a - k, b, 0)),
            ):
                if not visit:
                    continue
                if k >= other:
                    won = (who, a if who == "first" else b)
                    found[won] = found.get(won, Fraction(0)) + visit * p[k]
                else:
                    mass[key] = mass.get(key, Fraction(0)) + visit * p[k]
    return found, length


def timed(func: Callable[[], object]) -> tuple[object, float]:
    """Run `func` and return its answer and the processor seconds it took."""
    start = time.process_time()
    answer = func()
    return answer, time.process_time() - start


def measure_duel() -> bool:
    attack, defense, life = DUEL
    print(f"The duel: two figures of {attack} attack, {defense} defense, Life {life} (2024 edition)")
    best_book = best_ice = float("inf")
    book: tuple[Outcomes, Fraction | None] = ({}, None)
    ice: Outcomes = {}
    for _ in range(ROUNDS):
        fresh()
        answer, took = timed(lambda: battlebook_duel(attack, defense, life))
        book, best_book = answer, min(best_book, took)  # type: ignore[assignment]
        answer, took = timed(lambda: icepool_duel(attack, defense, life))
        ice, best_ice = answer, min(best_ice, took)  # type: ignore[assignment]
    dp, _ = dp_duel(attack, defense, life)
    ahead, _ = forward_duel(attack, defense, life)
    agree = book[0] == ice == dp == ahead
    print(f"  battlebook (through the engine)   {best_book * 1000:9.1f} ms")
    print(f"  icepool (map, repeat='inf')       {best_ice * 1000:9.1f} ms")
    print(f"  exact agreement (battlebook, icepool, the program): {'yes' if agree else 'NO'}")
    fast = best_book <= DUEL_TARGET_SECONDS
    ratio = best_ice / best_book
    print(f"  battlebook = {best_book * 1000:.1f} ms (target <= {DUEL_TARGET_SECONDS * 1000:.0f} ms): "
          f"{'holds' if fast else 'MISSED'}")  # fmt: skip
    print(f"  icepool / battlebook = {ratio:.1f}x (target >= {ICEPOOL_TARGET}x): "
          f"{'holds' if ratio >= ICEPOOL_TARGET else 'MISSED'}")  # fmt: skip
    return agree and fast and ratio >= ICEPOOL_TARGET


GRID = [(a, d, life) for a in range(1, 9) for d in range(1, 9) for life in range(1, 11)]


def measure_grid(rounds: int) -> bool:
    print(f"The grid: {len(GRID)} duels of two equal figures (attack 1..8 x defense 1..8 x Life 1..10, 2024 edition)")
    best_book = best_back = best_forward = float("inf")
    book: dict[tuple[int, int, int], tuple[Outcomes, Fraction | None]] = {}
    back: dict[tuple[int, int, int], tuple[Outcomes, Fraction]] = {}
    forward: dict[tuple[int, int, int], tuple[Outcomes, Fraction]] = {}
    for _ in range(rounds):
        fresh()
        answer, took = timed(lambda: {duel: battlebook_duel(*duel) for duel in GRID})
        book, best_book = answer, min(best_book, took)  # type: ignore[assignment]
        wound_table.cache_clear()
        answer, took = timed(lambda: {duel: dp_duel(*duel) for duel in GRID})
        back, best_back = answer, min(best_back, took)  # type: ignore[assignment]
        wound_table.cache_clear()
        answer, took = timed(lambda: {duel: forward_duel(*duel) for duel in GRID})
        forward, best_forward = answer, min(best_forward, took)  # type: ignore[assignment]
    agree = all(book[duel][0] == back[duel][0] == forward[duel][0] for duel in GRID)
    agree = agree and all(book[duel][1] == back[duel][1] == forward[duel][1] for duel in GRID)
    best_dp = min(best_back, best_forward)
    ratio = best_book / best_dp
    print(f"  battlebook (through the engine)   {best_book:9.2f} s")
    print(f"  program, recursion over Life      {best_back:9.2f} s")
    print(f"  program, chance sent forward      {best_forward:9.2f} s")
    print(f"  exact agreement on all {len(GRID)} duels (outcomes and expected attacks): {'yes' if agree else 'NO'}")
    print(f"  battlebook / the faster program = {ratio:.1f}x (target <= {GRID_TARGET}x): "
          f"{'holds' if ratio <= GRID_TARGET else 'MISSED'}")  # fmt: skip
    return agree and ratio <= GRID_TARGET


def measure_startup() -> bool:
    python, battlebook = str(BIN / "python"), str(BIN / "battlebook")
    commands = {
        "python -c 'import battlebook'": [python, "-c", "import battlebook"],
        "python -c 'import re, argparse' (the floor)": [python, "-c", "import re, argparse"],
        "battlebook odds fight heroscape --help": [battlebook, "odds", "fight", "heroscape", "--help"],
        "a refused argument (exit 2)": [battlebook, "odds", "fight", "heroscape", "--first", "1,1"],
        "the smallest fight, --json": [battlebook, "odds", "fight", "heroscape", "--first", "1,1,1", "--second",
                                       "1,1,1", "--json"],
    }  # fmt: skip
    timers = [
        (lambda command=command, ok=ok: run_once(command, ok=ok))
        for command, ok in zip(commands.values(), [(0,), (0,), (0,), (2,), (0,)], strict=True)
    ]
    times = best_of(STARTUP_ROUNDS, *timers)
    print("The command's start-up (processor time of the process, best of", STARTUP_ROUNDS, "interleaved runs)")
    base = times[0]
    for (name, _), took in zip(commands.items(), times, strict=True):
        print(f"  {name:42s} {took * 1000:7.1f} ms  ({took / base:.2f}x)")
    ratio = times[2] / base
    print(f"  start-up (reading the arguments) = {ratio:.2f}x (target <= {STARTUP_TARGET}x): "
          f"{'holds' if ratio <= STARTUP_TARGET else 'MISSED'}")  # fmt: skip
    return ratio <= STARTUP_TARGET


def main(argv: list[str]) -> int:
    """Measure all three; status 1 on any disagreement or missed target."""
    rounds = int(argv[argv.index("--grid-rounds") + 1]) if "--grid-rounds" in argv else 1
    results = [measure_duel(), measure_grid(rounds), measure_startup()]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
