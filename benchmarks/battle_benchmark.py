"""Benchmark: whole battles of several units through the engine, under the plain plan and under best play.

Measurements, each in processor time, taken in this one run (the machine is shared and noisy):

1. **The plain plan**: HoMM battles up to 3 stacks against 3 of at most 4 cards a stack (a
   grid of stats and card counts), each solved exactly through the engine; the slowest is
   reported, with its ratio to the target of 1 s.
2. **Best play**: HoMM battles of 1 and 2 stacks against 1 and 2, of growing cards, each in a
   child process held to 60 s of processor time (the operating system's limit on it): its
   positions, processor time and peak memory (the child's resident set), against the target
   of 30 s for 2 stacks against 1 of up to 4 cards a stack; the largest solved within 60 s,
   largest by the cards of both sides together, then by positions (both named, as a battle
   of more cards may reach fewer positions); and the calculator's bound, refusing at once.
3. **The engine against the dedicated program of the tests** (`tests/battle_reference.py`,
   the plain plan and Heroscape's focus plan written apart from the engine): the same
   battles, each answer checked for exact agreement; positions per second of each (the
   battle's positions, as the engine counts them, over each one's time) and their ratio.
4. **Where the time goes**: a profile of a plain-plan battle, 3 stacks against 3 of 2 cards:
   each part's share of the time (the rules, the contest, the solver) and the costliest
   functions.
5. **Where best play's time goes**: the same for best play on (2, 2) v (1,), with the steps
   through the HoMM rules a position.

Run with `.venv/bin/python benchmarks/battle_benchmark.py [--quick]`.
"""

from __future__ import annotations

import cProfile
import gc
import io
import itertools
import os
import pstats
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import astuple
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from battlebook.fight_report import FightArgumentError, FightTooLarge  # noqa: E402
from battlebook.heroscape.battle import Squad  # noqa: E402
from battlebook.heroscape.battle import battle_odds as heroscape_battle  # noqa: E402
from battlebook.heroscape.ruleset import Edition  # noqa: E402
from battlebook.homm.battle import StackSpec, battle_odds, battle_odds_in, battle_state, check_best  # noqa: E402
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
                slowest = (seconds, f"{size_a}v{size_d} cards {cards}: {odds.positions:,} positions")
    print(
        f"   {battles} battles; the slowest {slowest[0]:.2f} s ({slowest[1]}): "
        f"{slowest[0] / 1:.1f}x the target, {'met' if slowest[0] <= 1 else 'MISSED'}"
    )


#: The battles best play is asked, smallest first: the Aggressor's cards a stack, the Defender's.
BEST = (
    ((1,), (1,)),
    ((4,), (4,)),
    ((1, 1), (1,)),
    ((2, 1), (1,)),
    ((1, 1), (2,)),
    ((2, 1), (2,)),
    ((2, 2), (1,)),
    ((4, 4), (1,)),
    ((2, 2), (2,)),
    ((4, 4), (2,)),
    ((4, 4), (4,)),
)
#: The processor time a child solving one battle under best play is given (the operating system stops it then).
BEST_SECONDS = 60


def best_child(aggressor_cards: tuple[int, ...], defender_cards: tuple[int, ...]) -> None:
    """In a child process: solve one battle under best play, and print its positions and time."""
    aggressor = [KINDS[i](c) for i, c in enumerate(aggressor_cards)]
    defender = [KINDS[2](c) for c in defender_cards]
    state = battle_state(aggressor, defender)
    try:
        odds, seconds = timed(lambda: battle_odds_in(state, "best", limit=1_000_000))
    except FightTooLarge:
        print("too large")
        return
    print(f"{odds.positions} {seconds:.2f} {peak_megabytes()} {float(odds.aggressor_wins):.4f} {odds.first_decision}")


def peak_megabytes() -> int:
    """This process's peak resident memory in MB since it started its program.

    Linux's `VmHWM` (reset when a program starts); elsewhere the resource module's figure,
    which can carry the parent's peak over into a child it forked.
    """
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    line = next((line for line in status.splitlines() if line.startswith("VmHWM:")), None)
    if line is None:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    return int(line.split()[1]) // 1024


def best_play() -> None:
    print(
        "2. Best play, HoMM (target: 2 stacks against 1 of up to 4 cards in 30 s; the largest in 60 s), "
        f"each in a child held to {BEST_SECONDS} s of processor time"
    )
    largest = (0, 0, "none")
    for aggressor_cards, defender_cards in BEST:
        name = f"{aggressor_cards} v {defender_cards}"
        started = time.monotonic()
        child = subprocess.run(
            [
                sys.executable,
                __file__,
                "--best",
                ",".join(map(str, aggressor_cards)),
                ",".join(map(str, defender_cards)),
            ],
            capture_output=True,
            text=True,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_CPU, (BEST_SECONDS, BEST_SECONDS + 1)),
            check=False,
        )
        wall = time.monotonic() - started
        words = child.stdout.split(maxsplit=4)
        if child.returncode != 0 or len(words) < 4:
            print(f"   {name}: not solved within {BEST_SECONDS} s of processor time ({wall:.0f} s of wall time)")
            continue
        positions, seconds, peak = int(words[0]), float(words[1]), int(words[2])
        target = " (target 30 s: " + ("met)" if seconds <= 30 else "MISSED)") if len(aggressor_cards) == 2 else ""
        print(
            f"   {name}: {positions:,} positions, {seconds:.1f} s{target}, peak {peak:,} MB, Aggressor wins {words[3]}"
        )
        cards = sum(aggressor_cards) + sum(defender_cards)
        if (cards, positions) > largest[:2]:
            largest = (cards, positions, f"{name}, {seconds:.1f} s")
    print(
        f"   the largest solved within {BEST_SECONDS} s (by cards in all, then positions): {largest[2]} "
        f"({largest[0]} cards in all, {largest[1]:,} positions)"
    )
    refused = [S(4, 1, 3, 0, 7, 3, "melee"), S(4, 1, 2, 3, 5, 4, "ranged")], [S(4, 2, 4, 0, 8, 5, "melee")]
    started = time.process_time()
    try:
        check_best(*refused)
    except FightArgumentError as error:
        print(f"   4,4 v 4 is refused in {time.process_time() - started:.4f} s: {error}")


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
    report("HoMM plain", positions, engine_time, reference_time)
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
    report("Heroscape focus", positions, engine_time, reference_time)


def report(what: str, positions: int, engine_time: float, reference_time: float) -> None:
    """One line: each program's positions per second on the same battles, and their ratio."""
    engine_rate, reference_rate = positions / engine_time, positions / reference_time
    print(
        f"   {what}: {positions:,} positions; engine {engine_time:.2f} s ({engine_rate:,.0f} positions/s), "
        f"program {reference_time:.2f} s ({reference_rate:,.0f} positions/s): "
        f"the engine goes {reference_rate / engine_rate:.1f}x slower"
    )


#: The parts of the code the profile adds time up by: what the path of a file starts with, and its name.
PARTS = (
    ("battlebook/homm/battle.py", "the HoMM contest (options, positions, the plain plan)"),
    ("battlebook/homm/", "the HoMM rules (apply, legality, settle, the state)"),
    ("battlebook/frozen.py", "copying and keeping states (frozen.evolve, kept, hashes)"),
    ("battlebook/battle.py", "the battle solver"),
    ("battlebook/fight.py", "the chain's solver (explore, components, linear systems)"),
    ("fractions.py", "exact fractions"),
)


def profile() -> None:
    print("4. Where the time goes: the plain plan, 3 stacks against 3 of 2 cards (own time by part, then by function)")
    aggressor = [KINDS[i % 3](2) for i in range(3)]
    defender = [KINDS[(i + 2) % 3](2) for i in range(3)]
    profiled(lambda: battle_odds(aggressor, defender).positions)


def profile_best() -> None:
    print(
        "5. Where best play's time goes: (2, 2) v (1,) (own time by part, rules steps a position, then by function), "
        "the cycle collector off as the solver holds it"
    )
    state = battle_state([KINDS[0](2), KINDS[1](2)], [KINDS[2](1)])
    profiled(lambda: battle_odds_in(state, "best").positions)


def profiled(work: Callable[[], int]) -> None:
    """Profile `work` (which answers how many positions it went through): time by part, rules steps, costliest."""
    profiler = cProfile.Profile()
    collecting = gc.isenabled()
    gc.disable()
    try:
        positions = profiler.runcall(work)
    finally:
        if collecting:
            gc.enable()
    stats = pstats.Stats(profiler)
    own: dict[str, float] = {}
    total = 0.0
    steps = 0
    for function_name, function in stats.get_stats_profile().func_profiles.items():
        total += function.tottime
        path = function.file_name.replace("\\", "/")
        part = next((name for start, name in PARTS if start in path), "the rest")
        own[part] = own.get(part, 0.0) + function.tottime
        # Every step goes through `apply_legal` (`apply` checks the action, then calls it).
        if path.endswith("battlebook/homm/rules.py") and function_name == "apply_legal":
            steps = int(function.ncalls.split("/")[0])
    for part, seconds in sorted(own.items(), key=lambda item: -item[1]):
        print(f"   {100 * seconds / total:5.1f} %  {part}")
    if steps:
        print(f"   {positions:,} positions, {steps:,} steps through the HoMM rules: {steps / positions:.1f} a position")
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(8)
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    print("\n".join("   " + line for line in lines[-9:]))


def main() -> None:
    if sys.argv[1:2] == ["--best"]:
        best_child(tuple(map(int, sys.argv[2].split(","))), tuple(map(int, sys.argv[3].split(","))))
        return
    quick = "--quick" in sys.argv
    print(f"load average at the start: {', '.join(f'{load:.1f}' for load in os.getloadavg())}")
    plain_grid(quick)
    best_play()
    against_reference()
    profile()
    profile_best()
    print(f"load average at the end: {', '.join(f'{load:.1f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
