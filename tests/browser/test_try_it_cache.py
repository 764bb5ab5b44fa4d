"""Try it on a reader's second visit: the runtime from the browser's caches, the interpreter compiled already.

A second visit (the same browser profile, another chapter: a new page, so a new engine worker) takes
every file of the runtime from the browser's HTTP cache, with no body over the network (at most a
304's headers), and Chromium takes the interpreter's compiled WebAssembly (`pyodide.asm.wasm`, 9.6
MB) from its code cache instead of compiling it again. Chromium keeps compiled WebAssembly only for
a module compiled from a fetched response (`WebAssembly.instantiateStreaming` of a `fetch`), never
from a Response built in script, which has no URL: the worker counts its progress on a clone of each
response and hands the loader the response itself. Checked on what the browser did, never on
seconds: the worker's resource timings, the profile's code cache, and the trace's event
`v8.wasm.moduleCacheHit` (which Chromium records when it takes a module from the code cache).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, expect

from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS, SITE, VIEWPORT

#: A first Run fetches and starts the engine: generous on a busy machine.
FIRST_RUN_MS = 180_000
#: How long Chromium may take to store the compiled interpreter after the first Run, at most: it
#: does so once enough of the module has been optimised (V8's tiering), in the background.
STORED_MS = 120_000
#: Where a Chromium profile keeps compiled WebAssembly (a disk cache: its index, and an entry per module).
WASM_CODE_CACHE = Path("Default") / "Code Cache" / "wasm"
#: The trace category of Chromium's WebAssembly code cache events.
TRACED = ["disabled-by-default-devtools.timeline"]


def first_run(page: Page, url: str) -> None:
    """Open `url`, its first Try it, and Run at once (the engine still loading); wait until it passed."""
    page.goto(url, wait_until="networkidle")
    bar = page.locator(".bb-try-bar").first
    bar.locator(".bb-try-button").click()
    panel = bar.locator(".bb-try-panel")
    panel.locator("textarea").wait_for()
    panel.locator(".bb-try-run").click()
    expect(panel).to_have_attribute("data-state", "passed", timeout=FIRST_RUN_MS)


def stored_modules(profile: Path) -> list[str]:
    """The entries of the profile's WebAssembly code cache (its index aside)."""
    folder = profile / WASM_CODE_CACHE
    return [p.name for p in folder.iterdir() if p.is_file() and p.name != "index"] if folder.is_dir() else []


def start_trace(context: BrowserContext, page: Page) -> tuple[Any, list[dict[str, Any]], list[bool]]:
    """Start recording Chromium's trace (the DevTools protocol's Tracing domain) of `TRACED`."""
    session = context.new_cdp_session(page)
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    session.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    session.on("Tracing.tracingComplete", lambda message: done.append(True))
    session.send("Tracing.start", {"transferMode": "ReportEvents", "traceConfig": {"includedCategories": TRACED}})
    return session, events, done


def stop_trace(tracing: tuple[Any, list[dict[str, Any]], list[bool]], page: Page) -> set[str]:
    """Stop recording; the names of the events recorded."""
    session, events, done = tracing
    session.send("Tracing.end")
    for _ in range(600):  # Playwright delivers the trace's events while it waits
        if done:
            break
        page.wait_for_timeout(100)
    assert done, "Chromium never finished handing over its trace"
    session.detach()
    return {str(event.get("name")) for event in events}


def test_a_second_visit_takes_the_runtime_and_the_compiled_interpreter_from_the_browsers_caches(
    playwright: Playwright, site_url: str, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True, viewport=VIEWPORT
    )
    context.set_default_timeout(60_000)
    app = site_url + "javascripts/try-it-app.js"
    manifest = json.loads((SITE / "try" / "runtime" / "manifest.json").read_text(encoding="utf-8"))
    try:
        page = context.new_page()
        first_run(page, site_url + "rulebook/homm/melee/")
        # The progress counted every byte of the runtime, read from the clones.
        assert page.evaluate("async url => (await import(url)).timings.bytes", app) == manifest["total"]
        # Chromium stores the compiled interpreter in the background, some time after the first Run: wait for it.
        for _ in range(STORED_MS // 250):
            if stored_modules(profile):
                break
            page.wait_for_timeout(250)
        assert stored_modules(profile), "Chromium never kept the compiled interpreter (a module built in script?)"

        tracing = start_trace(context, page)
        first_run(page, site_url + "rulebook/heroscape/attacking/")  # a page of its own: a new worker
        events = stop_trace(tracing, page)
        assert "v8.wasm.moduleCacheHit" in events, "the interpreter was compiled again on the second visit"
        assert page.evaluate("async url => (await import(url)).timings.bytes", app) == manifest["total"]
        workers = [w for w in page.workers if w.url.endswith("/javascripts/try-it-worker.js")]
        fetched = workers[-1].evaluate(  # the second page's (the first page's ended with it)
            """() => performance.getEntriesByType("resource")
                .filter(e => e.name.includes("/try/runtime/"))
                .map(e => [e.name.split("/").pop(), e.transferSize, e.encodedBodySize])"""
        )
        assert {name for name, _, _ in fetched} >= set(manifest["files"]), fetched
        over_the_network = [(name, sent) for name, sent, body in fetched if body and sent >= body]
        assert over_the_network == [], "the second visit fetched these bodies again"
    finally:
        context.close()
