"""Benchmark: how long `make test` takes once installed, stage by stage, against its 150-second target.

Runs `make test` (the venv, the npm packages and the in-page runtime already in place) with
a shell that times every recipe line it runs, then prints each line's start, clock time and
processor time, the total, and the load average before and after: unlike the other
benchmarks this target is clock time, so the load average says how far the figure can be
trusted. It also prints the processor time of the whole run (every descendant process
counted, see `timing`), and the clock time that it allows at best on this machine's cores:
the floor no scheduling beats.

With `--runs N` it runs `make test` N times and prints the median of the totals, each
run's figures with its load average (the figure the target is judged on is the median of 3).

Run with `.venv/bin/python benchmarks/make_test_timing.py [--runs N] [TARGET]` from the
project root (the first run after a change to the engine also rebuilds the in-page runtime:
run it twice). Another target, such as `a11y`, is timed the same way, against no target. When
`make` fails, the stages it ran are printed with their times all the same, then its output.
"""

from __future__ import annotations

import argparse
import os
import stat
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from timing import ROOT, cpu_of_children, environment

TARGET = 150.0
#: A shell for make, run by this interpreter: it runs the recipe line with /bin/sh and logs its
#: make level, clock time, processor time (every descendant's, orphans included: the shell is
#: their subreaper) and text into the log file written into it.
SHELL = """#!{python}
import ctypes, os, resource, subprocess, sys, time
if sys.platform.startswith("linux"):
    ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
start, began = time.perf_counter(), time.time()
status = subprocess.call(["/bin/sh", *sys.argv[1:]])
while True:
    try:
        if os.waitpid(-1, 0)[0] == 0:
            break
    except ChildProcessError:
        break
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
line = " ".join(sys.argv[2:]).replace("\\n", " ").replace("\\t", " ")
with open({log!r}, "a", encoding="utf-8") as log:
    log.write(f"{{os.environ.get('MAKELEVEL', '0')}}\\t{{time.perf_counter() - start:.3f}}\\t"
              f"{{usage.ru_utime + usage.ru_stime:.3f}}\\t{{began:.3f}}\\t{{line}}\\n")
sys.exit(status)
"""


@dataclass(frozen=True)
class Run:
    """One timed run of a make target."""

    status: int
    #: When the run began (the epoch's seconds): each recipe line's start is printed from it.
    began: float
    clock: float
    cpu: float
    load_before: float
    load_after: float
    lines: list[str]
    output: str


def timed_make(target: str) -> Run:
    """Run `make target` once with the logging shell."""
    with tempfile.TemporaryDirectory() as folder:
        shell = Path(folder) / "timed-sh"
        log = Path(folder) / "log"
        shell.write_text(SHELL.format(python=sys.executable, log=str(log)), encoding="utf-8")
        shell.chmod(shell.stat().st_mode | stat.S_IXUSR)
        env = environment()
        before = os.getloadavg()[0]
        began, start, start_cpu = time.time(), time.perf_counter(), cpu_of_children()
        done = subprocess.run(["make", target, f"SHELL={shell}"], cwd=ROOT, env=env, capture_output=True, text=True)
        clock, cpu = time.perf_counter() - start, cpu_of_children() - start_cpu
        after = os.getloadavg()[0]
        lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    return Run(
        done.returncode, began, clock, cpu, before, after, lines, done.stdout[-3000:] + "\n" + done.stderr[-3000:]
    )


def print_run(target: str, run: Run) -> None:
    """Each recipe line's start, clock and processor time, then the run's totals and floor.

    Stages run at once (`make -j`): the lines are printed in the order they started, each with
    its start in seconds from the beginning of the run, so what overlapped what can be read.
    """
    print("  start    clock  processor  recipe line")
    rows = [[*line.split("\t", 4), "", "", "", ""][:5] for line in run.lines]
    for level, seconds, cpu, began, command in sorted(rows, key=lambda row: float(row[3] or 0)):
        if float(seconds or 0) >= 0.05:
            indent = "  " * int(level or 0)  # a line of a nested make (such as `make browser`) is indented
            start = float(began or run.began) - run.began
            print(f"{start:5.0f} s {float(seconds):7.1f} s {float(cpu or 0):7.1f} s  {indent}{command.strip()[:100]}")
    cores = os.cpu_count() or 1
    print(f"load average before {run.load_before:.2f}, after {run.load_after:.2f}")
    print(
        f"processor time: {run.cpu:.1f} s in all, Chromium included; on {cores} cores the clock time "
        f"cannot be below {run.cpu / cores:.1f} s"
    )
    print(f"make {target}: {run.clock:.1f} s")


def main(argv: list[str]) -> int:
    """Run `make test` (or the target named) once or `--runs` times, timed; print whether the target holds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", nargs="?", default="test")
    parser.add_argument("--runs", type=int, default=1, help="how many runs; the median of their totals is judged")
    args = parser.parse_args(argv)
    runs: list[Run] = []
    for number in range(1, args.runs + 1):
        if args.runs > 1:
            print(f"--- run {number} of {args.runs}")
        run = timed_make(args.target)
        print_run(args.target, run)
        if run.status != 0:
            # The stages above are timed up to the one that failed (the last line): its output follows.
            print(run.output)
            print(f"make {args.target} failed (status {run.status})")
            return 2
        runs.append(run)
    median = statistics.median(run.clock for run in runs)
    cpu = statistics.median(run.cpu for run in runs)
    loads = ", ".join(f"{run.load_before:.2f}->{run.load_after:.2f}" for run in runs)
    print(
        f"make {args.target}: median {median:.1f} s of {len(runs)} run(s) "
        f"({', '.join(f'{run.clock:.1f}' for run in runs)} s; load averages {loads}); "
        f"processor time median {cpu:.1f} s, floor {cpu / (os.cpu_count() or 1):.1f} s"
    )
    if args.target != "test":
        return 0
    holds = median <= TARGET
    print(f"make test: {median:.1f} s (target <= {TARGET:.0f} s): {'holds' if holds else 'MISSED'}")
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
