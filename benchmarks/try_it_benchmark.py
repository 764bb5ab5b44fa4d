"""Benchmark: "Try it" in headless Chromium, from the built site (`make site` first).

Measures, against the issue's targets:

- **cold**: the first Run on a chapter page with a cold browser (a fresh profile each
  time), from the click on Run to the result, Run pressed as soon as the panel shows:
  median of 5 cold starts on each of 3 chapters, target 1.5 s or less;
- **read first** (with `--read S`): the same, but the reader reads for S seconds after
  opening the panel before pressing Run: median of the starts, target under 1 s;
- **second visit** (with `--second N`, default 5): a reader's second visit, in one browser profile
  (a persistent one in a temporary folder): a first Run on one chapter (cold), its result read for
  5 s, then another chapter opened (a real navigation: a new page and a new engine worker), its Try
  it opened and Run pressed at once, timed from the click to the result: median of N on each of the
  3 chapters, with the worker's phases, whether Chromium had kept the compiled interpreter (its
  WebAssembly code cache, in the profile) before the second visit, and the bytes of the second visit
  that came over the network against the bodies used (the rest came from the HTTP cache);
- later Runs in the same page: median of 5, target 1 s or less;
- an odds calculator's answer once the engine is loaded (reached by instant navigation):
  median of 5, target 0.3 s or less;
- the bytes the first Run fetches (every response under `/try/`, the worker's included),
  each runtime file's bytes raw and gzipped (what a compressing host, or `make docs`, sends):
  target 8 MB or less sent, and where the engine's start went (the worker's own timings: each
  phase's median over the cold starts, and how often the worker ran its own warm-up first);
- the page's main thread during a cold first Run: its longest task, and how many tasks
  took over 50 ms (PerformanceObserver 'longtask'): target none. Playwright's own scripts
  enter the page before the Run is pressed, and the page itself marks the Run's end, so no
  task of the benchmark's is counted as the page's;
- the bytes "Try it" adds to a page that nobody runs.

The sites are served as a static host serves them: every file with its validators (`ETag`,
`Last-Modified`), a `Cache-Control` (`--cache-control`, default GitHub Pages' `max-age=600`;
`no-cache` has every file revalidated, as hosts that revalidate do), and a 304 Not Modified for
a copy the browser holds already (Python's plain server sent `Last-Modified` alone, and the
browser guessed from a file's age how long to keep it).

This machine is shared and noisy: absolute times swing with its load. `--baseline DIR`
(another build of the site, such as one from before a change) runs the same cold starts and
second visits against it, alternating with this build, and prints the ratios taken in this one run.

With `--engine N`, the engine's own cold start is also measured in Node, in processor time (which
the machine's load inflates far less than the clock): N starts of this build's runtime
(`runtime/cold_start.mjs`: Pyodide, the unpacking, the engine's import, a first and a later run),
alternating with the baseline's when there is one, each phase's median and their ratios
(`--starts 0 --second 0` measures nothing in Chromium).

With `--trace DIR`, every cold first Run is traced (Chromium's timeline, through the DevTools
protocol) and each of its main-thread tasks over 50 ms is written to DIR with its causes
(a script and its function, layout, paint, garbage collection...); tracing slows the runs.

Run with `.venv/bin/python benchmarks/try_it_benchmark.py [--starts 5] [--second 5] [--read 5]
[--baseline DIR] [--site DIR] [--cache-control VALUE] [--trace DIR] [--engine 5]`. It prints figures,
never fails a build: speed is not a timed test.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Response, sync_playwright

from battlebook.site.serve import unchanged, validators

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: The chapters a cold start opens: one of each game's, and one of the rulings'.
CHAPTERS = ("rulebook/homm/melee/", "rulebook/heroscape/attacking/", "rulebook/homm/towns/")
TARGETS = {"cold": 1.5, "read": 1.0, "later": 1.0, "odds": 0.3, "megabytes": 8.0}
#: A task of the main thread longer than this holds the page (the Long Tasks API reports no shorter one).
LONG_TASK_MS = 50
#: Registered before any script of the page runs: every long task of the main thread, and the
#: moment of each click on a Run (marked "bb-run-click", so that a trace shows it too).
LONG_TASKS = """
window.__longTasks = [];
window.__runClicks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest(".bb-try-run")) {
    window.__runClicks.push(performance.mark("bb-run-click").startTime);
  }
}, true);
"""
#: Set up before a Run is pressed: a promise of the moment (performance.now()) that panel `i`'s Run
#: number `n` ends. The page itself tells it (a MutationObserver): no polling from the benchmark
#: runs in the page while the Run is under way, so every task the page runs is the page's own.
RUN_ENDS = """([i, n]) => {
  const button = document.querySelectorAll(".bb-try-run")[i];
  window.__runEnds = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (button.dataset.runs !== String(n)) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(button, { attributes: true, attributeFilter: ["data-runs"] });
  });
}"""


#: What the static server says of how long a browser may keep each file (`--cache-control`): GitHub
#: Pages' header, fresh for 10 minutes, then revalidated. Other hosts revalidate every use
#: (`no-cache`; Netlify's `public, max-age=0, must-revalidate` does the same).
CACHE_CONTROL = "max-age=600"


class _StaticHost(http.server.SimpleHTTPRequestHandler):
    """Serves a folder as a static host does: each file with its validators and a `Cache-Control`; 304s.

    The validators are `ETag` and `Last-Modified`; a 304 Not Modified, with no body, answers a
    browser whose copy is current (as `make docs` does: `battlebook.site.serve`). Python's plain
    server sends `Last-Modified` alone, so the browser guessed how long to keep each file from its
    age (a tenth of it): a fresh build's runtime was kept for seconds.
    """

    cache_control = CACHE_CONTROL
    _tag: str | None = None

    def log_message(self, format: str, *args: Any) -> None:
        """No access log."""

    def send_head(self) -> Any:
        """A 304 for a current copy; else the file, with its validators (added in `end_headers`)."""
        target = Path(self.translate_path(self.path))
        if target.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            target = target / "index.html"
        self._tag = None
        if target.is_file():
            tag, modified = validators(target.stat())
            if unchanged(self.headers, tag, modified):
                self.send_response(304)
                self._tag = tag
                self.end_headers()
                return None
            self._tag = tag
        return super().send_head()

    def end_headers(self) -> None:
        """The file's tag and how long it may be kept, with the other headers."""
        if self._tag is not None:
            self.send_header("ETag", self._tag)
            self.send_header("Cache-Control", self.cache_control)
        super().end_headers()


def serve(directory: Path, cache_control: str = CACHE_CONTROL) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `directory` on a free port of 127.0.0.1, as a static host (`_StaticHost`) with `cache_control`."""
    handler = type("Host", (_StaticHost,), {"cache_control": cache_control})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
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


#: What Chromium's trace records for a task's causes (its timeline, as DevTools' Performance panel shows it).
TRACE_CATEGORIES = (
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8.execute",
    "toplevel",
    "blink.user_timing",
    "ipc,mojom",
)
#: A trace event's name, and the cause it stands for when it holds part of a long task.
CAUSES = {
    "FunctionCall": "script",
    "EvaluateScript": "script",
    "v8.compileModule": "script",
    "v8.evaluateModule": "script",
    "HandlePostMessage": "a worker's message",
    "MajorGC": "garbage collection",
    "MinorGC": "garbage collection",
    "V8.GCScavenger": "garbage collection",
    "V8.GC_MC_BACKGROUND_EVACUATE_COPY": "garbage collection",
    "ParseHTML": "parsing markup",
    "HTMLDocumentParser::PumpTokenizer": "parsing markup",
    "UpdateLayoutTree": "style",
    "Layout": "layout",
    "InlineNode::FindSvgTextChunks": "layout of a drawing's text",
    "PrePaint": "pre-paint (the page's paint properties)",
    "Paint": "paint",
    "Layerize": "layerize",
    "LayoutView::HitTest": "hit test",
}


def start_trace(context: Any, page: Page) -> Any:
    """Start recording Chromium's timeline for `page` (DevTools protocol's Tracing domain)."""
    session = context.new_cdp_session(page)
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    session.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    session.on("Tracing.tracingComplete", lambda message: done.append(True))
    session.send(
        "Tracing.start",
        {"transferMode": "ReportEvents", "traceConfig": {"includedCategories": list(TRACE_CATEGORIES)}},
    )
    return session, events, done


def stop_trace(tracing: Any, page: Page) -> list[dict[str, Any]]:
    """Stop recording; the trace's events."""
    session, events, done = tracing
    session.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)  # Playwright delivers the trace's events while it waits
    session.detach()
    return list(events)


def _cause(event: dict[str, Any]) -> str | None:
    name = event["name"]
    data = (event.get("args") or {}).get("data") or {}
    if name == "Receive mojo message":
        info = (event.get("args") or {}).get("chrome_mojo_event_info") or {}
        return "the benchmark's DevTools call" if "DevTools" in str(info.get("mojo_interface_tag", "")) else None
    cause = CAUSES.get(name)
    if cause == "script":
        where = str(data.get("url") or "inline").rsplit("/", 1)[-1]
        function = data.get("functionName") or ""
        return f"script {where}" + (f" {function}()" if function else "")
    return cause


def main_thread_tasks(events: list[dict[str, Any]], limit: float, heaviest: int = 5) -> list[dict[str, Any]]:
    """The page's main-thread tasks, over `limit` ms or `heaviest` in processor time, in a trace begun at the Run.

    Each task: its ms (the clock's), its cpu_ms (the time its thread ran: on a loaded machine the
    rest is the thread waiting for a core), its start from the Run's click, and its causes in
    processor ms, heaviest first. A cause's time is that of its outermost event in the task (a
    layout forced by a script counts to the script and to the layout).
    """
    threads = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"
    }
    click = next((e for e in events if e.get("name") == "bb-run-click"), None)
    if click is None:
        return []
    main = (click["pid"], click["tid"])
    assert main in threads, "the Run's click was not marked on a renderer's main thread"
    spans = sorted(
        (e for e in events if (e.get("pid"), e.get("tid")) == main and e.get("ph") == "X" and "dur" in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    tasks = [e for e in spans if e["name"] == "ThreadControllerImpl::RunTask"]
    by_cpu = sorted(tasks, key=lambda e: -e.get("tdur", e["dur"]))[:heaviest]
    chosen = sorted(
        {id(t): t for t in [*by_cpu, *(t for t in tasks if t["dur"] > limit * 1000)]}.values(), key=lambda e: e["ts"]
    )
    found = []
    for task in chosen:
        end = task["ts"] + task["dur"]
        causes: dict[str, float] = {}
        open_until: dict[str, float] = {}
        for event in spans:
            if event["ts"] < task["ts"] or event["ts"] >= end:
                continue
            cause = _cause(event)
            if cause is None or event["ts"] < open_until.get(cause, 0):
                continue
            open_until[cause] = event["ts"] + event["dur"]
            causes[cause] = causes.get(cause, 0.0) + event.get("tdur", event["dur"]) / 1000
        found.append(
            {
                "ms": round(task["dur"] / 1000, 1),
                "cpu_ms": round(task.get("tdur", task["dur"]) / 1000, 1),
                "from_click_ms": round((task["ts"] - click["ts"]) / 1000),
                "causes": sorted(((c, round(ms, 1)) for c, ms in causes.items()), key=lambda c: -c[1]),
            }
        )
    return found


def click_run(page: Page, index: int, runs: int) -> tuple[float, float]:
    """Press panel `index`'s Run and wait for run number `runs`: seconds from the click, and when the press began.

    The seconds are the page's own clock (the click as the page received it, the end as the page
    marked it); Playwright's scripts run in the page only before the press and after the end. The
    press begins (page clock, ms) before Playwright scrolls the button into view and clicks.
    """
    button = page.locator(".bb-try-run").nth(index)
    page.evaluate(RUN_ENDS, [index, runs])
    clicks = int(page.evaluate("window.__runClicks.length"))
    before = float(page.evaluate("performance.now()"))
    button.click()
    ended = float(page.evaluate("window.__runEnds"))
    clicked = float(page.evaluate("n => window.__runClicks[n]", clicks))
    assert page.locator(".bb-try-output").count() >= 1, page.locator(".bb-try-status").first.inner_text()
    return (ended - clicked) / 1000, before


def _fresh_page(playwright: Any, profile: str) -> tuple[Any, Page]:
    """Chromium with its profile in the folder `profile`, and a page that records its long tasks and Run clicks."""
    browser = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=FLAGS, headless=True
    )
    page = browser.new_page()
    page.add_init_script(LONG_TASKS)
    page.set_default_timeout(120_000)
    return browser, page


def cold_start(
    playwright: Any, url: str, chapter: str, read: float, keep: bool, trace: Path | None = None
) -> dict[str, Any]:
    """One cold start: fresh profile, open `chapter`, Try it, wait `read` s, Run; then (if `keep`) more.

    With `trace`, the first Run is traced (Chromium's timeline) and the causes of its long tasks
    are written there as JSON (and kept in the result's "causes").
    """
    with tempfile.TemporaryDirectory() as profile:
        browser, page = _fresh_page(playwright, profile)
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
        # Playwright's own script enters the page's main world now, not while the first Run is under way.
        page.wait_for_function("() => true")
        if trace:
            tracing = start_trace(browser, page)
        out["first"], clicked = click_run(page, 0, 1)
        if trace:
            out["causes"] = main_thread_tasks(stop_trace(tracing, page), LONG_TASK_MS)
            trace.write_text(json.dumps(out["causes"], indent=1))
        tasks = page.evaluate("t => window.__longTasks.filter(([start]) => start >= t).map(([, d]) => d)", clicked)
        out["longest_task_ms"] = max(tasks, default=0.0)
        out["long_tasks"] = sum(1 for d in tasks if d > LONG_TASK_MS)
        out["first_bytes"] = sum(fetched)
        app = url + "javascripts/try-it-app.js"
        out["phases"] = page.evaluate("async url => ({...(await import(url)).timings})", app)
        if keep:
            out["later"] = [click_run(page, 0, n)[0] for n in range(2, 7)]
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


#: How long the reader of a second visit reads their first result before opening another chapter, in seconds.
READ_FIRST_RESULT = 5.0
#: Where a Chromium profile keeps compiled WebAssembly (a disk cache: its index, and an entry per module).
WASM_CODE_CACHE = Path("Default") / "Code Cache" / "wasm"
#: The worker's resource timings of the runtime's files: name, bytes over the network (headers included), body bytes.
RUNTIME_FETCHES = """() => performance.getEntriesByType("resource")
    .filter(e => e.name.includes("/try/runtime/"))
    .map(e => [e.name.split("/").pop(), e.transferSize, e.encodedBodySize])"""
#: The page's own files (the page, its scripts, styles, example texts...): bytes over the network, body bytes.
PAGE_FETCHES = """() => [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
    .map(e => [e.transferSize, e.encodedBodySize])"""


def _open_and_run(page: Page, url: str) -> tuple[float, Any]:
    """Open the page at `url`, its first Try it, and Run at once: seconds from the click to the result, the worker."""
    page.goto(url, wait_until="networkidle")
    page.locator(".bb-try-button").first.click()
    page.locator(".bb-try-panel textarea").wait_for()
    page.wait_for_function("() => true")  # Playwright's own script enters the page now, not during the Run
    seconds, _ = click_run(page, 0, 1)
    workers = [w for w in page.workers if w.url.endswith("/javascripts/try-it-worker.js")]
    return seconds, workers[-1] if workers else None


def second_visit(playwright: Any, url: str, first: str, chapter: str) -> dict[str, Any]:
    """A reader's second visit: in one browser profile, a first Run on `first`, then one on `chapter`.

    The first visit opens `first`, its first Try it, and Runs at once (a cold start); the reader reads
    its result for `READ_FIRST_RESULT` seconds, then opens `chapter` (a real navigation: a new page
    and a new engine worker), its first Try it, and Runs at once: the second visit's first Run, timed
    from the click to the result. Also: whether Chromium had stored the compiled interpreter by then
    (its code cache), the worker's phases, and the bytes of the second visit that came over the
    network (transfer sizes: a 304's headers, or a whole file) against the bodies it used.
    """
    with tempfile.TemporaryDirectory() as profile:
        browser, page = _fresh_page(playwright, profile)
        out: dict[str, Any] = {}
        out["cold"], _ = _open_and_run(page, url + first)
        time.sleep(READ_FIRST_RESULT)  # the reader reads (a benchmark's pause, not a test's wait)
        cache = Path(profile) / WASM_CODE_CACHE
        out["stored"] = cache.is_dir() and any(f.is_file() and f.name != "index" for f in cache.iterdir())
        out["first"], worker = _open_and_run(page, url + chapter)
        out["phases"] = page.evaluate(
            "async url => ({...(await import(url)).timings})", url + "javascripts/try-it-app.js"
        )
        runtime = worker.evaluate(RUNTIME_FETCHES) if worker is not None else []
        out["runtime_network"] = sum(sent for _, sent, _ in runtime)
        out["runtime_bodies"] = sum(body for _, _, body in runtime)
        own = page.evaluate(PAGE_FETCHES)
        out["page_network"] = sum(sent for sent, _ in own)
        out["page_bodies"] = sum(body for _, body in own)
        browser.close()
    return out


def _phases(results: list[dict[str, Any]]) -> str:
    """Each phase of the engine's start and of the first Run (the page's timings, in seconds): its median."""
    # The page's timings are seconds, but for `bytes` (what the worker loaded) and `warmedUp` (a yes or no).
    names = dict.fromkeys(k for r in results for k in r["phases"] if k not in ("bytes", "warmedUp"))
    medians = {
        name: statistics.median(v for r in results if isinstance(v := r["phases"].get(name), float | int))
        for name in names
    }
    return ", ".join(f"{name} {value:.2f} s" for name, value in medians.items())


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


#: One cold start of the engine in Node, in processor time by phase (see the module's docstring).
COLD_START = ROOT / "runtime" / "cold_start.mjs"


def engine_cpu(sites: dict[str, Path], starts: int) -> None:
    """Print each build's engine start in Node (processor seconds by phase: medians), and this build's ratios."""
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in sites}
    for _ in range(starts):
        for name, site in sites.items():
            out = subprocess.run(
                ["node", str(COLD_START), str(site / "try" / "runtime")], capture_output=True, text=True, check=True
            )
            runs[name].append(json.loads(out.stdout))
    medians = {
        name: {phase: statistics.median(r[phase] for r in rows) for phase in rows[0]} for name, rows in runs.items()
    }
    for name, phases in medians.items():
        # The start, to the first run's end: every phase but the later run.
        phases["start"] = sum(seconds for phase, seconds in phases.items() if phase != "again")
        shown = ", ".join(f"{phase} {seconds:.3f}" for phase, seconds in phases.items())
        print(f"engine in Node, processor seconds, median of {starts} ({name}): {shown}")
    if "baseline" in medians:
        mine, base = medians["this build"], medians["baseline"]
        shown = ", ".join(f"{phase} {mine[phase] / base[phase]:.3f}" for phase in mine if base[phase])
        print(f"  ratios, this build / baseline, in this run: {shown}")


def _print_second_visits(
    second: dict[str, dict[str, list[dict[str, Any]]]], visits: int, sites: dict[str, Path]
) -> None:
    """Print each build's second visits (see `second_visit`), and this build's ratios to the baseline's."""
    for name, chapters in second.items():
        every = [r for runs in chapters.values() for r in runs]
        print(f"== {name} ({sites[name]}): a second visit's first Run")
        print(
            f"second visit, first Run (the same profile, another chapter read first for {READ_FIRST_RESULT:.0f} s: "
            f"a new page and worker), click to result, median of {visits}:"
        )
        for chapter, runs in chapters.items():
            first = CHAPTERS[CHAPTERS.index(chapter) - 1]
            each = ", ".join(f"{r['first']:.2f}" for r in runs)
            print(f"  {chapter} (after {first}): {_median(runs, 'first'):.2f} s [{each}]")
        print(
            f"  all {len(every)}: {_median(every, 'first'):.2f} s; their first visits (cold): "
            f"{_median(every, 'cold'):.2f} s"
        )
        print(
            f"  the compiled interpreter was in Chromium's code cache before the second visit: "
            f"{sum(r['stored'] for r in every)} of {len(every)}"
        )
        print(f"  where the second visit's engine start went, medians: {_phases(every)}")
        network = statistics.median(r["runtime_network"] for r in every)
        bodies = statistics.median(r["runtime_bodies"] for r in every)
        print(
            f"  the runtime: {bodies / 1e6:.2f} MB of bodies used, {network / 1e3:.1f} kB over the network "
            "(median; the rest from the HTTP cache)"
        )
        network = statistics.median(r["page_network"] for r in every)
        bodies = statistics.median(r["page_bodies"] for r in every)
        print(f"  the page's own files: {bodies / 1e6:.2f} MB of bodies, {network / 1e3:.1f} kB over the network")
    if "baseline" in second:
        print("ratios, this build / baseline, in this run (median second visit's first Run):")
        for chapter in CHAPTERS:
            ratio = _median(second["this build"][chapter], "first") / _median(second["baseline"][chapter], "first")
            print(f"  {chapter}: {ratio:.2f}")
        mine = [r for runs in second["this build"].values() for r in runs]
        base = [r for runs in second["baseline"].values() for r in runs]
        print(f"  all chapters: {_median(mine, 'first') / _median(base, 'first'):.2f}")
        print(f"  their first visits (cold): {_median(mine, 'cold') / _median(base, 'cold'):.2f}")


def main(argv: list[str]) -> None:
    """Serve the built site (and the baseline), and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--starts", type=int, default=5, help="cold starts per chapter and measure (default 5)")
    parser.add_argument("--read", type=float, default=0.0, help="seconds read before Run (default 0: not measured)")
    parser.add_argument(
        "--second",
        type=int,
        default=5,
        metavar="N",
        help="second visits per chapter (same profile, another chapter first; default 5; 0: not measured)",
    )
    parser.add_argument(
        "--cache-control",
        default=CACHE_CONTROL,
        help=f"the Cache-Control the static server sends with every file (default {CACHE_CONTROL!r}, GitHub Pages')",
    )
    parser.add_argument("--baseline", type=Path, help="another build of the site, measured alternately")
    parser.add_argument("--site", type=Path, default=SITE, help="the build to measure (default: site/)")
    parser.add_argument(
        "--trace",
        type=Path,
        help="trace every cold first Run (Chromium's timeline; slows them) and write each long task's causes in DIR",
    )
    parser.add_argument(
        "--engine",
        type=int,
        default=0,
        metavar="N",
        help="also time N cold starts of the engine in Node, in processor time (default 0: not measured)",
    )
    args = parser.parse_args(argv)
    if args.trace:
        args.trace.mkdir(parents=True, exist_ok=True)
    sites = {"this build": args.site}
    if args.baseline:
        sites["baseline"] = args.baseline
    for site in sites.values():
        if not (site / "try" / "runtime" / "manifest.json").is_file():
            sys.exit(f"no built site with its runtime in {site}: run `make site` first")
    if args.engine:
        engine_cpu(sites, args.engine)
    if args.starts < 1 and args.second < 1:
        return  # `--starts 0 --second 0 --engine N`: the engine's start alone
    served = {name: serve(site, args.cache_control) for name, site in sites.items()}
    cold: dict[str, dict[str, list[dict[str, Any]]]] = {name: {c: [] for c in CHAPTERS} for name in sites}
    read: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
    second: dict[str, dict[str, list[dict[str, Any]]]] = {name: {c: [] for c in CHAPTERS} for name in sites}
    with sync_playwright() as playwright:
        for _ in range(args.second):
            for j, chapter in enumerate(CHAPTERS):
                for name, (_, url) in served.items():
                    second[name][chapter].append(second_visit(playwright, url, CHAPTERS[j - 1], chapter))
        for i in range(args.starts):
            for chapter in CHAPTERS:
                for name, (_, url) in served.items():
                    last = i == args.starts - 1 and name == "this build" and chapter == CHAPTERS[0]
                    trace = None
                    if args.trace:
                        slug = chapter.strip("/").replace("/", "-")
                        trace = args.trace / f"{name.replace(' ', '-')}-{slug}-{i + 1}.json"
                    cold[name][chapter].append(cold_start(playwright, url, chapter, 0.0, keep=last, trace=trace))
                    if args.read and chapter == CHAPTERS[0]:
                        read[name].append(cold_start(playwright, url, chapter, args.read, keep=False))
    for server, _ in served.values():
        server.shutdown()
    print(
        f"served as a static host: every file with ETag and Last-Modified, Cache-Control: {args.cache_control}, "
        "and 304 Not Modified for a current copy"
    )
    if args.second:
        _print_second_visits(second, args.second, sites)
    if args.starts < 1:
        return
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
        if args.trace:
            traced = [t for r in every for t in r["causes"]]
            over = [t for t in traced if t["ms"] > LONG_TASK_MS]
            busy = [t for t in over if t["cpu_ms"] > LONG_TASK_MS]
            print(
                f"  traced ({args.trace}): {len(over)} tasks over {LONG_TASK_MS} ms by the clock, {len(busy)} of them "
                f"over {LONG_TASK_MS} ms of processor time (the rest waited for a core)"
            )
            heavy = sorted(traced, key=lambda t: -t["cpu_ms"])[:5]
            for task in heavy:
                causes = ", ".join(f"{c} {ms:.1f}" for c, ms in task["causes"][:4]) or "unattributed"
                print(
                    f"    {task['cpu_ms']:.1f} ms of processor ({task['ms']:.0f} ms by the clock), "
                    f"{task['from_click_ms']} ms after the click: {causes}"
                )
        print(f"where the engine's start went, median of the {len(every)} cold starts: {_phases(every)}")
        told = [r["phases"]["warmedUp"] for r in every if isinstance(r["phases"].get("warmedUp"), bool)]
        if told:  # a build from before the worker said so tells nothing
            print(f"  the worker ran its own warm-up before the reader's Run in {sum(told)} of {len(told)}")
        loaded = every[-1]["phases"].get("bytes")
        if isinstance(loaded, int | float):
            print(f"  bytes the engine's worker loaded: {loaded / 1e6:.2f} MB")
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
