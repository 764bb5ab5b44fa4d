"""Benchmark: `battlebook check` on one chapter against `python -c "import pytest_bdd"`.

Checking one small chapter should cost at most twice the bare import of pytest-bdd: the
rest of a check run (pytest's start-up, the step library, reading the chapter, running
its examples) must stay small. Run with `.venv/bin/python benchmarks/check_benchmark.py [runs]`.

With `--all`, the check is of the whole rulebook (`features/`), and the ratio is printed
without a target: it measures what the machinery costs on every example at once (issue 31
reported it before and after the game vote was removed).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from timing import BIN, ROOT, best_of, report, run_once

TARGET = 2.0
CHAPTER = ROOT / "features" / "heroscape" / "life.feature"


def main(argv: list[str]) -> int:
    """Time both, interleaved, best of `runs`, from a folder outside the repository."""
    everything = "--all" in argv
    argv = [arg for arg in argv if arg != "--all"]
    runs = int(argv[0]) if argv else 5
    target = ROOT / "features" if everything else CHAPTER
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        check = [str(BIN / "battlebook"), "check", str(target)]
        bare = [str(BIN / "python"), "-c", "import pytest_bdd"]
        t_check, t_bare = best_of(runs, lambda: run_once(check, here), lambda: run_once(bare, here))
    if everything:
        print(f"battlebook check features/: {t_check:.2f} s")
        print(f"import pytest_bdd: {t_bare:.2f} s")
        print(f"check features/ / import pytest_bdd: {t_check / t_bare:.2f}x (no target: a figure to compare)")
        return 0
    holds = report(
        "check / import pytest_bdd",
        (f"battlebook check {target.name}", t_check),
        ("import pytest_bdd", t_bare),
        TARGET,
    )
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
