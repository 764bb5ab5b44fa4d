"""Benchmark: the cost of hostile sizes grows linearly, measured as a ratio in one run.

Three measurements, each at a size N and at 4N, printing the time per unit at both sizes
and their ratio (1.0 is linear; a quadratic cost would show about 4):

1. `battlebook check` on one feature file of N examples (per example);
2. reading a text map of N x N cells (per cell);
3. rendering a rulebook page of N examples from recorded results (per example).

Exits with status 1 if a ratio exceeds 2 (a cost clearly above linear).

Run with `.venv/bin/python benchmarks/hostile_scaling.py [N]` (N = 100 by default).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from battlebook.book.model import load_feature
from battlebook.book.render import render_feature
from battlebook.book.results import ResultBook, ScenarioResult, Status
from battlebook.heroscape.battlefield import parse_map

EXAMPLE = """    Example: Golems kill a Behemoth, number {i}
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
"""


def feature_text(n: int) -> str:
    """A feature file of `n` examples under one Rule."""
    return "Feature: Many\n  @id:many.examples\n  Rule: Many examples\n" + "".join(
        EXAMPLE.format(i=i) for i in range(n)
    )


def timed(work: Callable[[], object]) -> float:
    """Seconds `work` takes."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def check_time(folder: Path, n: int) -> float:
    """Seconds `battlebook check` takes on a file of `n` examples."""
    path = folder / f"many{n}.feature"
    path.write_text(feature_text(n), encoding="utf-8")
    command = [str(Path(sys.executable).parent / "battlebook"), "check", str(path)]
    return timed(lambda: subprocess.run(command, capture_output=True, check=False, cwd=folder))


def map_time(n: int) -> float:
    """Seconds reading an n x n text map takes."""
    text = "\n".join(" ".join(["1"] * n) for _ in range(n))
    return timed(lambda: parse_map(text))


def render_time(folder: Path, n: int) -> float:
    """Seconds rendering the page of a feature of `n` examples, all recorded as passed, takes."""
    path = folder / f"page{n}.feature"
    path.write_text(feature_text(n), encoding="utf-8")
    doc = load_feature(path, folder)
    book = ResultBook(
        ScenarioResult(doc.path, doc.sha256, example.line, example.name, Status.PASSED) for _, example in doc.examples()
    )
    return timed(lambda: render_feature(doc, book))


def main(argv: list[str]) -> int:
    """Measure, print the per-unit times and ratios; 1 if a ratio shows a cost above linear."""
    n = int(argv[0]) if argv else 100
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="battlebook-scaling-") as tmp:
        folder = Path(tmp)
        check_time(folder, 2)  # warm the caches of the first import
        for name, measure, unit, small, large in [
            ("check", lambda k: check_time(folder, k), "example", n, 4 * n),
            ("map", map_time, "cell", 25, 100),
            ("page", lambda k: render_time(folder, k), "example", n, 4 * n),
        ]:
            units = (small, large) if name != "map" else (small * small, large * large)
            per_small = measure(small) / units[0]
            per_large = measure(large) / units[1]
            ratio = per_large / per_small
            worst = max(worst, ratio)
            print(
                f"{name:6} {units[0]:>6} {unit}s: {per_small * 1000:.3f} ms each; "
                f"{units[1]:>6}: {per_large * 1000:.3f} ms each; ratio {ratio:.2f}"
            )
    print(f"worst ratio {worst:.2f} (1.0 = linear)")
    return 1 if worst > 2 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
