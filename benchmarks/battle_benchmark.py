"""Benchmark: whole battles of several units through the engine, under the plain plan and under best play.

Measurements, each in processor time, taken in this one run (the machine is shared and noisy):

1. **The plain plan**: HoMM battles up to 3 stacks against 3 of at most 4 cards a stack (a
   grid of stats and card counts), each solved exactly through the engine; the slowest is
   reported against the target of 1 s.
2. **Best play**: HoMM battles of 2 stacks against 1 (and 1 against 1) of growing cards;
   each one's positions and time, against the target of 30 s for up to 4 cards a stack, and
   the largest solved within 60 s.
3. **The engine against the dedicated program of the tests** (`tests/battle_reference.py`,
   the plain plan and Heroscape's focus plan written apart from the engine): the same
   battles, each answer checked for exact agreement, and the ratio of their times; the
   engine's positions per second.
4. **Where the time goes**: a profile of one best-play battle, the ten costliest functions.

Run with `.venv/bin/python benchmarks/battle_benchmark.py [--quick]`.
"""

from __future__ import annotations

import cProfile
import io
import itertools
import pstats
import sys
import time
from collections.abc import Callable
from dataclasses import astuple
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from battlebook.fight_report import FightTooLarge  # noqa: E402
from battlebook.heroscape.battle import Squad  # noqa: E402
from battlebook.heroscape.battle import battle_odds as heroscape_battle  # noqa: E402
from battlebook.heroscape.ruleset import Edition  # noqa: E402
from battlebook.homm.battle import StackSpec, battle_odds, battle_odds_in, battle_state  # noqa: E402
from tests.battle_reference import Heroscape, Homm, HSquad, HStack  # noqa: E402

S = StackSpec
#: Three kinds of stack: a melee one, an archer, a tough one (stats chosen for the benchmark).
KINDS = (
    lambda cards: S(cards, 1, 3, 0, 7, 3, "melee"),
    lambda cards: S(cards, 1, 2, 3, 5, 4, "ranged"),
    lambda cards: S(cards, 2, 4, 0, 8, 5, "melee"),
)


def timed(work: Callable[[], T]) -> tuple[T, float]:
    """`work`'s answer, and the processor time it took."""
    started = time.process_time()
    answer = work()
    return answer, time.process_time() - started


def plain_grid(quick: bool) -> None:
    print("1. The plain plan, HoMM, up to 3 stacks against 3 of at most 4 cards (target: each at most 1 s)")
    counts = (1, 4) if quick else (1, 2, 4)
    slowest = (0.0, "")
    battles = 0
    for size_a, size_d in ((1, 1), (2, 1), (2, 2), (3, 2), (3, 3)):
        for cards in itertools.product(counts, repeat=size_a + size_d):
            if quick and len(set(cards)) > 1 and size_a + size_d > 4:
                continue
            aggressor = [KINDS[i % 3](cards[i]) for i in range(size_a)]
            defender = [KINDS[(i + 2) % 3](cards[size_a + i]) for i in range(size_d)]
            odds, seconds = timed(lambda: battle_odds(aggressor, defender))  # noqa: B023
            battles += 1
            if seconds > slowest[0]:
                slowest = (seconds, f"{size_a}v{size_d} cards {cards}: {odds.positions} positions")
    print(
        f"   {battles} battles; the slowest {slowest[0]:.2f} s ({slowest[1]}): {'met' if slowest[0] <= 1 else 'MISSED'}"
    )


def best_play() -> None:
    print("2. Best play, HoMM (target: 2 stacks against 1 of up to 4 cards in 30 s; the largest in 60 s)")
    for aggressor_cards, defender_cards in (
        ((4,), (4,)),
        ((1, 1), (1,)),
        ((2, 1), (1,)),
        ((2, 1), (2,)),
        ((2, 2), (1,)),
    ):
        aggressor = [KINDS[i](c) for i, c in enumerate(aggressor_cards)]
        defender = [KINDS[2](c) for c in defender_cards]
        state = battle_state(aggressor, defender)
        try:
            odds, seconds = timed(lambda: battle_odds_in(state, "best", limit=60_000))  # noqa: B023
        except FightTooLarge:
            print(f"   {aggressor_cards} v {defender_cards}: over 60,000 positions, refused")
            continue
        print(
            f"   {aggressor_cards} v {defender_cards}: {odds.positions} positions, {seconds:.1f} s, "
            f"Aggressor wins {float(odds.aggressor_wins):.4f}; {odds.first_decision}"
        )


def against_reference() -> None:
    print("3. The engine against the dedicated program of the tests (same battles, exact agreement)")
    homm = [
        ([KINDS[0](2)], [KINDS[2](1)]),
        ([KINDS[0](2), KINDS[1](2)], [KINDS[2](3)]),
        ([KINDS[0](3), KINDS[1](2), KINDS[2](2)], [KINDS[2](3), KINDS[1](2)]),
    ]
    engine_time = reference_time = 0.0
    positions = 0
    for aggressor, defender in homm:
        odds, seconds = timed(lambda: battle_odds(aggressor, defender))  # noqa: B023
        program = Homm([HStack(*astuple(s)) for s in aggressor], [HStack(*astuple(s)) for s in defender])
        answer, other = timed(program.solve)
        assert (odds.aggressor_wins, odds.defender_wins, odds.never_ends, odds.expected_rounds) == answer
        engine_time, reference_time, positions = (
            engine_time + seconds,
            reference_time + other,
            positions + odds.positions,
        )
    print(
        f"   HoMM plain: engine {engine_time:.2f} s ({positions / engine_time:,.0f} positions/s), "
        f"program {reference_time:.2f} s: the engine takes {engine_time / reference_time:.1f}x"
    )
    engine_time = reference_time = 0.0
    positions = 0
    for first, second, edition in (
        (Squad(2, 3, 2, 2), Squad(2, 2, 2, 3), "2024"),
        (Squad(4, 3, 2, 2), Squad(3, 3, 3, 3), "2024"),
    ):
        scape_odds, seconds = timed(lambda: heroscape_battle(first, second, Edition(edition)))  # noqa: B023
        scape = Heroscape(HSquad(*astuple(first)), HSquad(*astuple(second)), edition)
        answer, other = timed(scape.solve)
        found = (scape_odds.first_wins, scape_odds.second_wins, scape_odds.never_ends, scape_odds.expected_turns)
        assert found == answer
        engine_time, reference_time, positions = (
            engine_time + seconds,
            reference_time + other,
            positions + scape_odds.positions,
        )
    print(
        f"   Heroscape focus: engine {engine_time:.2f} s ({positions / engine_time:,.0f} positions/s), "
        f"program {reference_time:.2f} s: the engine takes {engine_time / reference_time:.1f}x"
    )


def profile() -> None:
    print("4. Where the time goes: best play, 1,1 against 1 (the ten costliest functions, own time)")
    state = battle_state([KINDS[0](1), KINDS[1](1)], [KINDS[2](1)])
    profiler = cProfile.Profile()
    profiler.runcall(battle_odds_in, state, "best")
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(10)
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    print("\n".join("   " + line for line in lines[-11:]))


def main() -> None:
    quick = "--quick" in sys.argv
    plain_grid(quick)
    best_play()
    against_reference()
    profile()


if __name__ == "__main__":
    main()
