"""Benchmark: how long `make test` takes once installed, stage by stage, against its 90-second target.

Runs `make test` (the venv, the npm packages and the in-page runtime already in place) with
a shell that times every recipe line it runs, then prints each line's wall-clock time, the
total, and the load average before and after: unlike the other benchmarks this target is
wall-clock time, so the load average says how far the figure can be trusted. It also prints
the processor time of the whole run (every descendant process counted, see `timing`), and
the clock time that it allows at best on this machine's cores: the floor no scheduling beats.

Run with `.venv/bin/python benchmarks/make_test_timing.py` from the project root (the
first run after a change to the engine also rebuilds the in-page runtime: run it twice).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import ROOT, cpu_of_children, environment

TARGET = 90.0
#: A shell for make: runs the recipe line with /bin/sh and logs its level, time and text.
SHELL = """#!/bin/sh
start=$(date +%s.%N)
/bin/sh "$@"
status=$?
end=$(date +%s.%N)
shift
printf '%s\\t%s\\t%s\\n' "${MAKELEVEL:-0}" "$(echo "$end - $start" | bc)" "$*" | tr '\\n' ' ' >> "$BATTLEBOOK_MAKE_LOG"
printf '\\n' >> "$BATTLEBOOK_MAKE_LOG"
exit $status
"""


def main(argv: list[str]) -> int:
    """Run `make test` (or the target named) once, timed; print the stages and whether the target holds."""
    target = argv[0] if argv else "test"
    with tempfile.TemporaryDirectory() as folder:
        shell = Path(folder) / "timed-sh"
        shell.write_text(SHELL, encoding="utf-8")
        shell.chmod(shell.stat().st_mode | stat.S_IXUSR)
        log = Path(folder) / "log"
        env = environment()
        env["BATTLEBOOK_MAKE_LOG"] = str(log)
        before = os.getloadavg()
        start, start_cpu = time.perf_counter(), cpu_of_children()
        done = subprocess.run(["make", target, f"SHELL={shell}"], cwd=ROOT, env=env, capture_output=True, text=True)
        total, cpu = time.perf_counter() - start, cpu_of_children() - start_cpu
        after = os.getloadavg()
        lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
        print(f"make {target} failed (status {done.returncode})")
        return 2
    for line in lines:
        level, seconds, command = [*line.split("\t", 2), "", ""][:3]
        if float(seconds or 0) >= 0.05:
            indent = "  " * int(level or 0)  # a line of a nested make (such as `make browser`) is indented
            print(f"{float(seconds):7.1f} s  {indent}{command.strip()[:110]}")
    print(f"load average before {before[0]:.2f}, after {after[0]:.2f}")
    cores = os.cpu_count() or 1
    print(
        f"processor time: {cpu:.1f} s in all, Chromium included; on {cores} cores the clock time "
        f"cannot be below {cpu / cores:.1f} s"
    )
    holds = total <= TARGET
    print(f"make {target}: {total:.1f} s (target <= {TARGET:.0f} s): {'holds' if holds else 'MISSED'}")
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
