"""Shared helpers of the benchmark scripts: time commands in one run and print their ratio.

The machine is shared and noisy, so every figure is a ratio of two timings taken in the same
run, interleaved, each the best of a few repetitions. A command's time is the processor time
it used (user plus system, its child processes included): on a busy machine that is far
steadier than the time on the clock, which waits for the other processes too.

"Its child processes" means all of them. A process whose parent exits first (Chromium's
renderers, when Playwright's driver ends the browser) is handed to the nearest "subreaper":
this process declares itself one, and reaps such orphans after every command, so that their
processor time is counted too. Without it, the browser tests' figures left out most of
Chromium's work.
"""

from __future__ import annotations

import ctypes
import os
import resource
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def environment() -> dict[str, str]:
    """The environment the commands run in: the Makefile's, with its bytecode cache under `.venv`."""
    env = dict(os.environ)
    env.setdefault("PYTHONPYCACHEPREFIX", str(ROOT / ".venv" / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["NO_MKDOCS_2_WARNING"] = "1"
    return env


#: Linux's prctl option that makes orphaned descendants this process's children.
_PR_SET_CHILD_SUBREAPER = 36


def _become_subreaper() -> None:
    """Have orphaned descendants handed to this process (Linux), so their processor time can be counted."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


_become_subreaper()


def _reap_orphans() -> None:
    """Wait for every descendant handed to this process: its processor time joins RUSAGE_CHILDREN."""
    while True:
        try:
            pid, _ = os.waitpid(-1, 0)
        except ChildProcessError:
            return
        if pid == 0:
            return


def cpu_of_children() -> float:
    """Processor seconds used so far by the finished child processes, orphaned descendants included.

    Call it only between commands: it waits for every descendant still running.
    """
    _reap_orphans()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(command: Sequence[str], cwd: Path = ROOT, ok: tuple[int, ...] = (0,)) -> float:
    """Processor seconds `command` used; a failing command (status not in `ok`) stops the benchmark."""
    start = cpu_of_children()
    done = subprocess.run(command, cwd=cwd, env=environment(), capture_output=True, text=True, check=False)
    took = cpu_of_children() - start
    if done.returncode not in ok:
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
