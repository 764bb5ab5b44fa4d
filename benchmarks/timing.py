"""Shared helpers of the benchmark scripts: time commands in one run and print their ratio.

The machine is shared and noisy, so every figure is a ratio of two timings taken in the same
run, interleaved, each the best of a few repetitions.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def environment() -> dict[str, str]:
    """The environment the commands run in: the Makefile's bytecode cache, no colour."""
    env = dict(os.environ)
    env.setdefault("PYTHONPYCACHEPREFIX", str(ROOT / ".venv" / "pycache"))
    env["NO_MKDOCS_2_WARNING"] = "1"
    return env


def run_once(command: Sequence[str], cwd: Path = ROOT) -> float:
    """Seconds `command` took; a failing command stops the benchmark with its output."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=environment(), capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"benchmark command failed ({done.returncode}): {' '.join(command)}\n{done.stdout}\n{done.stderr}")
    return took


def best_of(runs: int, *timers: Callable[[], float]) -> list[float]:
    """The best time of each timer over `runs` rounds, the timers interleaved in every round."""
    best = [float("inf")] * len(timers)
    for _ in range(runs):
        for i, timer in enumerate(timers):
            best[i] = min(best[i], timer())
    return best


def report(name: str, measured: tuple[str, float], baseline: tuple[str, float], target: float) -> bool:
    """Print one ratio against its target; whether it holds."""
    ratio = measured[1] / baseline[1]
    holds = ratio <= target
    print(f"{measured[0]}: {measured[1]:.2f} s")
    print(f"{baseline[0]}: {baseline[1]:.2f} s")
    print(f"{name}: {ratio:.2f}x (target <= {target}x): {'holds' if holds else 'MISSED'}")
    return holds
