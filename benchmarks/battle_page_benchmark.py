"""Benchmark: the odds page's battle calculator in headless Chromium, from the built site (`make site` first).

Measures, against the issue's page targets (a warm engine answers each battle in 2 s or
less; no task of the page's main thread runs over 200 ms while it works):

- for each battle of `TIMED_BATTLES` (tests/browser/test_battle_page.py: three HoMM stacks
  against three under the plain plan, one against one under best play at 4 cards): the
  seconds the engine's worker took for the answer, the median of `--repeat` answers on a
  warm engine, and the longest main-thread task while it worked;
- the same battle through the engine on this process's Python, in processor seconds: the
  ratio of the two is the page's cost over CPython, which stays meaningful on a busy machine
  (the worker's seconds are clock time, and grow with the machine's load, printed beside).

Run with `.venv/bin/python benchmarks/battle_page_benchmark.py [--repeat 3]`. It prints
figures, never fails a build: speed is not a timed test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS, LONG_TASKS, long_tasks_since, serve
from tests.browser.test_battle_page import TIMED_BATTLES, answer_in

#: The page's targets: seconds for an answer on a warm engine, and the longest main-thread task in ms.
TARGET_SECONDS = 2.0
TARGET_TASK_MS = 200


def on_python(values: dict[str, str]) -> float:
    """Processor seconds the engine takes for the battle on this process's Python (best of 3)."""
    from battlebook.runners.inpage import game_battle

    times = []
    for _ in range(3):
        start = time.process_time()
        game_battle("homm", values)
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="answers timed per battle (default: 3)")
    repeat = parser.parse_args().repeat
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with serve() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS, headless=True)
        page = browser.new_page()
        page.add_init_script(LONG_TASKS)
        page.goto(f"{url}odds/homm/")
        box = page.locator(".bb-battle-calculator")
        _, first = answer_in(box, {"play": "plain"})
        print(f"first answer, on the engine just loaded (its loading not counted): {first:.2f} s in the worker")
        for name, values in TIMED_BATTLES.items():
            seconds, longest = [], 0.0
            for _ in range(repeat):
                since = page.evaluate("performance.now()")
                _, took = answer_in(box, values)
                seconds.append(took)
                longest = max([longest, *long_tasks_since(page, since, 0)])
            cpython = on_python(values)
            median = statistics.median(seconds)
            print(
                f"{name}: {median:.2f} s in the worker (median of {repeat}; target {TARGET_SECONDS} s: "
                f"{'met' if median <= TARGET_SECONDS else 'MISSED'}), longest main-thread task {longest:.0f} ms "
                f"(target {TARGET_TASK_MS} ms: {'met' if longest <= TARGET_TASK_MS else 'MISSED'}); "
                f"CPython {cpython:.2f} s of processor time, page/CPython {median / cpython:.1f}x"
            )
        browser.close()
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
