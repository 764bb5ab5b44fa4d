"""Benchmark: "Try it" in headless Chromium, from the built site (`make site` first).

Measures, against the issue's targets:

- the first Run on a chapter page, from the click to the result, with a cold browser
  (a fresh profile each time): median of 5 cold starts, target 15 s or less;
- later Runs in the same page: median of 5, target 1 s or less;
- an odds calculator's answer once the engine is loaded (reached by instant navigation):
  median of 5, target 0.3 s or less;
- the bytes the first Run fetches, and where its time goes (the page's own timings);
- the bytes "Try it" adds to a page that nobody runs.

Run with `.venv/bin/python benchmarks/try_it_benchmark.py [cold starts]`. It prints figures,
never fails a build: speed is not a timed test.
"""

from __future__ import annotations

import functools
import http.server
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CHAPTER = "rulebook/homm/melee/"
TARGETS = {"first": 15.0, "later": 1.0, "odds": 0.3}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No access log."""


def resource_bytes(page: Page, part: str) -> int:
    """Bytes transferred so far for the page's resources whose URL contains `part`."""
    return int(
        page.evaluate(
            """part => performance.getEntriesByType("resource")
                .filter(e => e.name.includes(part))
                .reduce((sum, e) => sum + (e.transferSize || e.encodedBodySize || 0), 0)""",
            part,
        )
    )


def click_run(page: Page, index: int, runs: int) -> float:
    """Press the first panel's Run and wait for run number `runs`; seconds from the click."""
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


def cold_start(playwright: Any, url: str, keep: bool) -> dict[str, Any]:
    """One cold start: fresh profile, open the chapter, Try it, Run; then (if `keep`) the later runs and odds."""
    with tempfile.TemporaryDirectory() as profile:
        browser = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=FLAGS, headless=True
        )
        page = browser.new_page()
        page.set_default_timeout(120_000)
        page.goto(url + CHAPTER, wait_until="networkidle")
        out: dict[str, Any] = {"idle_try_bytes": resource_bytes(page, "try-it")}
        page.locator(".bb-try-button").first.click()
        page.locator(".bb-try-panel textarea").wait_for()
        out["first"] = click_run(page, 0, 1)
        out["first_bytes"] = resource_bytes(page, "/try/")
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
            out["odds_engine"] = float(page.locator(".bb-odds-form").get_attribute("data-seconds") or "nan")
        browser.close()
    return out


def main(cold_starts: int = 5) -> None:
    """Serve the built site and print the figures."""
    if not (SITE / "try" / "runtime" / "manifest.json").is_file():
        sys.exit("no built site with its runtime: run `make site` first")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    with sync_playwright() as playwright:
        results = [cold_start(playwright, url, keep=(i == cold_starts - 1)) for i in range(cold_starts)]
    server.shutdown()
    last = results[-1]
    first = statistics.median(r["first"] for r in results)
    later = statistics.median(last["later"])
    odds = statistics.median(last["odds"])
    each = ", ".join(f"{r['first']:.1f}" for r in results)
    print(
        f"first Run, click to result (median of {cold_starts} cold starts): {first:.2f} s "
        f"[{each}] (target <= {TARGETS['first']} s)"
    )
    print(f"later Runs (median of 5): {later:.2f} s (target <= {TARGETS['later']} s)")
    print(
        f"odds answer, click to chart (median of 5): {odds * 1000:.0f} ms; "
        f"in the engine {last['odds_engine'] * 1000:.1f} ms (target <= {TARGETS['odds'] * 1000:.0f} ms)"
    )
    print(f"bytes fetched by the first Run: {last['first_bytes'] / 1e6:.1f} MB")
    phases = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in last["phases"].items())
    print(f"where the first Run's time goes: {phases}")
    print(f"bytes added to a page nobody runs (try-it.js and try-it.css): {last['idle_try_bytes']} B")
    holds = first <= TARGETS["first"] and later <= TARGETS["later"] and odds <= TARGETS["odds"]
    print("targets: " + ("all hold" if holds else "MISSED (see above)"))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
