"""Benchmark: the browser tests (`make browser`) against bare visits of every page, in one run.

Measures the processor time (user plus system, Chromium and Playwright's driver included)
and the time on the clock of:

- the bare visits: one Chromium, one tab, every page of the built site loaded once and
  nothing else (the floor of any test that looks at every page);
- the browser tests as `make browser` runs them (`-n JOBS --dist loadgroup`);
- with `--parts`, each part of them alone, in one process: the pages (load, badges, axe in
  light and dark), Try it, the hostile site, and the rest.

It prints the ratios of processor times, which stay meaningful on a shared machine, and the
clock times with the load average before and after (the clock time on a quiet machine is
about the processor time divided by the cores both workers keep busy).

Run after `make site` with `.venv/bin/python benchmarks/browser_benchmark.py [--parts] [JOBS]`.
It prints figures, never fails a build: speed is not a timed test.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import BIN, ROOT, cpu_of_children, environment

PARTS = {
    "pages (load, badges, axe light and dark)": ["tests/browser/test_pages.py"],
    "Try it (engine in the page)": ["tests/browser/test_try_it.py"],
    "hostile site (build and every page)": ["tests/browser/test_injection.py"],
    "the rest (search, reading, pictures)": [
        "tests/browser/test_search.py",
        "tests/browser/test_reading.py",
        "tests/browser/test_pictures.py",
    ],
}


def bare_visits() -> int:
    """Load every page of the built site once in one tab; return how many (run in a child process)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS, serve, site_pages

    pages = site_pages()
    with serve() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        tab = browser.new_page(viewport={"width": 1280, "height": 900})
        for path in pages:
            response = tab.goto(url + path)
            assert response is not None and response.ok, path
        browser.close()
    return len(pages)


def timed(command: list[str]) -> tuple[float, float, str]:
    """Processor seconds and clock seconds `command` took, and the last line it printed."""
    start_cpu, start = cpu_of_children(), time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=environment(), capture_output=True, text=True, check=False)
    cpu, wall = cpu_of_children() - start_cpu, time.perf_counter() - start
    if done.returncode not in (0, 1):  # failing tests are still timed; anything worse stops it
        sys.exit(f"failed ({done.returncode}): {' '.join(command)}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    lines = done.stdout.strip().splitlines()
    counts = [line for line in lines if " in " in line and ("passed" in line or "failed" in line)]
    failed = sorted({line for line in lines if line.startswith("FAILED")})
    return cpu, wall, "; ".join([counts[-1] if counts else lines[-1] if lines else "", *failed])


def load() -> str:
    """The load average over the last minute."""
    return f"{os.getloadavg()[0]:.2f}"


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--parts"]
    jobs = args[0] if args else "2"
    if not (ROOT / "site" / "index.html").is_file():
        sys.exit("no built site: run `make site` first")
    pytest = [str(BIN / "pytest"), "-p", "no:cacheprovider"]  # quiet already (pyproject.toml)
    print(f"load average before: {load()}")
    cpu0, wall0, pages = timed([str(BIN / "python"), __file__, "--bare-visits"])
    print(f"bare visits of {pages} pages: {cpu0:.1f} s processor, {wall0:.1f} s clock (load {load()})")
    suite = [*pytest, "tests/browser", *(["-n", jobs, "--dist", "loadgroup"] if jobs != "1" else [])]
    cpu1, wall1, summary = timed(suite)
    print(f"browser tests, {jobs} worker(s): {cpu1:.1f} s processor, {wall1:.1f} s clock (load {load()}): {summary}")
    print(f"browser tests / bare visits: {cpu1 / cpu0:.2f}x processor, {wall1 / wall0:.2f}x clock")
    if "--parts" in sys.argv:
        for name, files in PARTS.items():
            cpu, wall, summary = timed([*pytest, "-p", "no:xdist", *files])
            print(f"  {name}: {cpu:.1f} s processor ({cpu / cpu0:.2f}x the bare visits), {wall:.1f} s clock: {summary}")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--bare-visits"]:
        print(bare_visits())
    else:
        main()
