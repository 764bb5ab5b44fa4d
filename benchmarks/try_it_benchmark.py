"""Benchmark: "Try it" in headless Chromium, from the built site (`make site` first).

Measures, against the issue's targets:

- **cold**: the first Run on a chapter page with a cold browser (a fresh profile each
  time), from the click on Run to the result, Run pressed as soon as the panel shows:
  median of 5 cold starts on each of 3 chapters, target 1.5 s or less;
- **read first** (with `--read S`): the same, but the reader reads for S seconds after
  opening the panel before pressing Run: median of the starts, target under 1 s;
- later Runs in the same page: median of 5, target 1 s or less;
- an odds calculator's answer once the engine is loaded (reached by instant navigation):
  median of 5, target 0.3 s or less;
- the bytes the first Run fetches (every response under `/try/`, the worker's included),
  each runtime file's bytes raw and gzipped (what a compressing host, or `make docs`, sends):
  target 8 MB or less sent, and where the engine's start went (the worker's own timings);
- the page's main thread during a cold first Run: its longest task, and how many tasks
  took over 50 ms (PerformanceObserver 'longtask'): target none;
- the bytes "Try it" adds to a page that nobody runs.

This machine is shared and noisy: absolute times swing with its load. `--baseline DIR`
(another build of the site, such as one from before a change) runs the same cold starts
against it, alternating with this build, and prints the ratios taken in this one run.

Run with `.venv/bin/python benchmarks/try_it_benchmark.py [--starts 5] [--read 5]
[--baseline DIR] [--site DIR]`. It prints figures, never fails a build: speed is not a timed test.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Response, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: The chapters a cold start opens: one of each game's, and one of the rulings'.
CHAPTERS = ("rulebook/homm/melee/", "rulebook/heroscape/attacking/", "rulebook/homm/towns/")
TARGETS = {"cold": 1.5, "read": 1.0, "later": 1.0, "odds": 0.3, "megabytes": 8.0}
#: A task of the main thread longer than this holds the page (the Long Tasks API reports no shorter one).
LONG_TASK_MS = 50
#: Registered before any script of the page runs: every long task of the main thread.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No access log."""


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `directory` on a free port of 127.0.0.1."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def resource_bytes(page: Page, part: str) -> int:
    """Bytes the page itself fetched so far for resources whose URL contains `part`."""
    return int(
        page.evaluate(
            """part => performance.getEntriesByType("resource")
                .filter(e => e.name.includes(part))
                .reduce((sum, e) => sum + (e.transferSize || e.encodedBodySize || 0), 0)""",
            part,
        )
    )


def click_run(page: Page, index: int, runs: int) -> float:
    """Press panel `index`'s Run and wait for run number `runs`; seconds from the click."""
    button = page.locator(".bb-try-run").nth(index)
    start = time.perf_counter()
    button.click()
    page.wait_for_function(
        "([i, n]) => document.querySelectorAll('.bb-try-run')[i].dataset.runs === String(n)",
        arg=[index, runs],
        timeout=600_000,
    )
    took = time.perf_counter() - start
    assert page.locator(".bb-try-output").count() >= 1, page.locator(".bb-try-status").first.inner_text()
    return took


def cold_start(playwright: Any, url: str, chapter: str, read: float, keep: bool) -> dict[str, Any]:
    """One cold start: fresh profile, open `chapter`, Try it, wait `read` s, Run; then (if `keep`) more."""
    with tempfile.TemporaryDirectory() as profile:
        browser = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=FLAGS, headless=True
        )
        page = browser.new_page()
        page.add_init_script(LONG_TASKS)
        page.set_default_timeout(120_000)
        fetched: list[int] = []

        def count(response: Response) -> None:
            if "/try/" in response.url:
                fetched.append(int(response.headers.get("content-length", "0")))

        page.on("response", count)
        page.goto(url + chapter, wait_until="networkidle")
        out: dict[str, Any] = {"idle_try_bytes": resource_bytes(page, "try-it")}
        page.locator(".bb-try-button").first.click()
        page.locator(".bb-try-panel textarea").wait_for()
        if read:
            time.sleep(read)
        clicked = page.evaluate("performance.now()")
        out["first"] = click_run(page, 0, 1)
        tasks = page.evaluate("t => window.__longTasks.filter(([start]) => start >= t).map(([, d]) => d)", clicked)
        out["longest_task_ms"] = max(tasks, default=0.0)
        out["long_tasks"] = sum(1 for d in tasks if d > LONG_TASK_MS)
        out["first_bytes"] = sum(fetched)
        app = url + "javascripts/try-it-app.js"
        out["phases"] = page.evaluate("async url => ({...(await import(url)).timings})", app)
        if keep:
            out["later"] = [click_run(page, 0, n) for n in range(2, 7)]
            page.evaluate(
                """url => { const a = document.createElement("a"); a.href = url;
                   document.querySelector("article").append(a); a.click(); }""",
                url + "odds/heroscape/",
            )
            page.locator(".bb-odds-calculator button[type=submit]").wait_for()
            odds = []
            for dice in range(2, 7):
                page.locator(".bb-odds-calculator input[name=a]").fill(str(dice))
                start = time.perf_counter()
                page.locator(".bb-odds-calculator button[type=submit]").click()
                page.wait_for_function(
                    "n => document.querySelector('.bb-odds-main') && "
                    "document.querySelectorAll('.bb-odds-row').length === n + 1",
                    arg=dice,
                )
                odds.append(time.perf_counter() - start)
            out["odds"] = odds
            out["odds_engine"] = float(page.locator(".bb-odds-form").first.get_attribute("data-seconds") or "nan")
        browser.close()
    return out


def _median(results: list[dict[str, Any]], key: str) -> float:
    return float(statistics.median(r[key] for r in results))


def runtime_bytes(site: Path) -> list[tuple[str, int, int]]:
    """Each file of the in-page runtime: name, bytes, and bytes gzipped (level 6, as a compressing host sends it)."""
    folder = site / "try" / "runtime"
    return [
        (file.name, file.stat().st_size, len(gzip.compress(file.read_bytes(), compresslevel=6, mtime=0)))
        for file in sorted(folder.iterdir())
        if file.is_file() and not file.name.startswith(".")
    ]


def main(argv: list[str]) -> None:
    """Serve the built site (and the baseline), and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--starts", type=int, default=5, help="cold starts per chapter and measure (default 5)")
    parser.add_argument("--read", type=float, default=0.0, help="seconds read before Run (default 0: not measured)")
    parser.add_argument("--baseline", type=Path, help="another build of the site, measured alternately")
    parser.add_argument("--site", type=Path, default=SITE, help="the build to measure (default: site/)")
    args = parser.parse_args(argv)
    sites = {"this build": args.site}
    if args.baseline:
        sites["baseline"] = args.baseline
    for site in sites.values():
        if not (site / "try" / "runtime" / "manifest.json").is_file():
            sys.exit(f"no built site with its runtime in {site}: run `make site` first")
    served = {name: serve(site) for name, site in sites.items()}
    cold: dict[str, dict[str, list[dict[str, Any]]]] = {name: {c: [] for c in CHAPTERS} for name in sites}
    read: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
    with sync_playwright() as playwright:
        for i in range(args.starts):
            for chapter in CHAPTERS:
                for name, (_, url) in served.items():
                    last = i == args.starts - 1 and name == "this build" and chapter == CHAPTERS[0]
                    cold[name][chapter].append(cold_start(playwright, url, chapter, 0.0, keep=last))
                    if args.read and chapter == CHAPTERS[0]:
                        read[name].append(cold_start(playwright, url, chapter, args.read, keep=False))
    for server, _ in served.values():
        server.shutdown()
    medians: dict[str, float] = {}
    for name, chapters in cold.items():
        every = [r for runs in chapters.values() for r in runs]
        print(f"== {name} ({sites[name]})")
        print(f"cold first Run, click to result, median of {args.starts} (target <= {TARGETS['cold']} s):")
        for chapter, runs in chapters.items():
            each = ", ".join(f"{r['first']:.2f}" for r in runs)
            print(f"  {chapter}: {_median(runs, 'first'):.2f} s [{each}]")
        medians[name] = _median(every, "first")
        print(f"  all {len(every)} cold starts: {medians[name]:.2f} s")
        if read[name]:
            each = ", ".join(f"{r['first']:.2f}" for r in read[name])
            median = _median(read[name], "first")
            print(f"first Run after {args.read:.0f} s reading the open panel: {median:.2f} s [{each}]")
        print(f"bytes fetched by the first Run (served uncompressed): {every[-1]['first_bytes'] / 1e6:.2f} MB")
        files = runtime_bytes(sites[name])
        for file, raw, packed in files:
            print(f"  {file}: {raw / 1e6:.2f} MB, {packed / 1e6:.2f} MB gzipped")
        total_raw, total_packed = sum(f[1] for f in files), sum(f[2] for f in files)
        print(
            f"  the runtime: {total_raw / 1e6:.2f} MB, {total_packed / 1e6:.2f} MB sent by a compressing host "
            f"(target <= {TARGETS['megabytes']} MB)"
        )
        longest = max(r["longest_task_ms"] for r in every)
        count = sum(r["long_tasks"] for r in every)
        print(f"main thread during cold first Runs: longest task {longest:.0f} ms; {count} over {LONG_TASK_MS} ms")
        phases = ", ".join(f"{k} {v:.2f} s" for k, v in every[-1]["phases"].items() if isinstance(v, float | int))
        print(f"where the engine's start went (last cold start): {phases}")
        print(f"bytes added to a page nobody runs (try-it.js and try-it.css): {every[-1]['idle_try_bytes']} B")
    mine = [r for runs in cold["this build"].values() for r in runs]
    last = next(r for r in mine if "later" in r)
    later = statistics.median(last["later"])
    odds = statistics.median(last["odds"])
    print(f"later Runs (median of 5): {later:.2f} s (target <= {TARGETS['later']} s)")
    print(
        f"odds answer, click to chart (median of 5): {odds * 1000:.0f} ms; "
        f"in the engine {last['odds_engine'] * 1000:.1f} ms (target <= {TARGETS['odds'] * 1000:.0f} ms)"
    )
    if "baseline" in cold:
        print("ratios, this build / baseline, in this run (median cold first Run):")
        for chapter in CHAPTERS:
            ratio = _median(cold["this build"][chapter], "first") / _median(cold["baseline"][chapter], "first")
            print(f"  {chapter}: {ratio:.2f}")
        print(f"  all chapters: {medians['this build'] / medians['baseline']:.2f}")
        if read["this build"]:
            print(f"  read first: {_median(read['this build'], 'first') / _median(read['baseline'], 'first'):.2f}")
    sent = sum(f[2] for f in runtime_bytes(args.site)) / 1e6
    holds = (
        medians["this build"] <= TARGETS["cold"]
        and (not read["this build"] or _median(read["this build"], "first") < TARGETS["read"])
        and later <= TARGETS["later"]
        and odds <= TARGETS["odds"]
        and sent <= TARGETS["megabytes"]
        and not any(r["long_tasks"] for r in mine)
    )
    print("targets: " + ("all hold" if holds else "MISSED (see above; the machine's load shows in every figure)"))


if __name__ == "__main__":
    main(sys.argv[1:])
