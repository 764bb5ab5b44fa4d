"""The built site, served on 127.0.0.1 and opened in Debian's Chromium through Playwright.

These tests read `site/` as `make site` left it (generated, built, finished): `make test` builds the site first and
runs them after. They never download a browser: they drive `/usr/bin/chromium` (Debian's
`chromium` package, which `make test` installs where it can). Only `make test SKIP_BROWSER=1`
leaves them out, and says so.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Response,
    ViewportSize,
    expect,
    sync_playwright,
)

from battlebook.book.model import FeatureDoc
from tests.browser.a11y import forget_stored_data
from tests.browser.templates import NOT_FOUND
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
CHROMIUM = Path("/usr/bin/chromium")
#: Chromium's flags on this closed network: no background traffic, no sandbox (root), no GPU.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How long an action, or a retrying assertion (`expect`), waits for what it needs, in milliseconds.
ACTION_MS = 10_000
#: The window of every tab: a desktop's.
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}


def pytest_report_header(config: pytest.Config) -> str:
    """Which browser opens which site."""
    return f"browser tests: {CHROMIUM} against {SITE}"


#: Modules whose tests share one long-lived thing (a tab with the in-page engine running, a
#: built hostile site): each runs whole on one pytest-xdist worker, and first, since it is the
#: longest piece of work, while the other worker takes the pages one by one.
GROUPS = {"test_try_it.py": "try-it", "test_injection.py": "hostile-site"}


def pytest_configure(config: pytest.Config) -> None:
    """Register pytest-xdist's group marker, also for runs without pytest-xdist (`-p no:xdist`)."""
    config.addinivalue_line("markers", "xdist_group(name): run these tests on one pytest-xdist worker")
    config.addinivalue_line(
        "markers",
        "smoke: the browser smoke `make test` runs (`-m smoke`): one page of each kind with axe-core, "
        "a first Run in Try it, a search, the fight calculator; `make browser` runs every browser test",
    )
    # A retrying assertion waits as long as any action may (`browser`'s default timeout): a loaded machine is slow.
    expect.set_options(timeout=ACTION_MS)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Group and order the tests for pytest-xdist."""
    for item in items:
        group = GROUPS.get(item.path.name)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=lambda item: list(GROUPS).index(item.path.name) if item.path.name in GROUPS else len(GROUPS))


#: Registered before any script of a page runs (`page.add_init_script`): every long task of the page's
#: main thread, with its start, and when the page's load event fired (`long_tasks_since` reads them).
LONG_TASKS = """
window.__longTasks = [];
window.__longTaskObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
});
window.__longTaskObserver.observe({ type: "longtask", buffered: true });
window.addEventListener("load", () => { window.__loadedAt = performance.now(); });
"""


def long_tasks_since(page: Page, since: float | None, limit: float) -> list[float]:
    """The durations (ms) of `page`'s main-thread tasks over `limit` ms that started at `since` or later
    (the page's clock, `performance.now()`), or, with no `since`, once the page had loaded.

    The page must have `LONG_TASKS` as an init script. The browser hands an observer its entries in a
    task of its own, some time after the long task: the entries not handed over yet are taken too, so
    that a task that ended just before this call is counted.
    """
    tasks: list[float] = page.evaluate(
        """([since, limit]) => {
            for (const entry of window.__longTaskObserver.takeRecords()) {
                window.__longTasks.push([entry.startTime, entry.duration]);
            }
            // When the load event fired: the navigation entry can be missing once the theme has taken over the page.
            const from = since ?? window.__loadedAt ?? 0;
            return window.__longTasks.filter(([start, d]) => start >= from && d > limit).map(([, d]) => d);
        }""",
        [since, limit],
    )
    return tasks


def drawn(page: Page) -> None:
    """Wait until `page` has drawn a frame after this call: what the page does in its own time before a reader
    sees it (a ResizeObserver's or an animation frame's callback, a task it queued) has then run.

    The wait is on the page's own frames, never a fixed time: a loaded machine draws them later, and this waits longer.
    """
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(null))))")


def site_pages() -> list[str]:
    """Every page of the built site (the home page first), as paths under its root."""
    pages = sorted(p.parent.relative_to(SITE).as_posix() + "/" for p in SITE.rglob("*/index.html"))
    return ["", *pages]


def every_page() -> list[str]:
    """Every page of the built site, and the page for a missing address (`NOT_FOUND`) last."""
    return [*site_pages(), NOT_FOUND]


def book() -> tuple[FeatureDoc, ...]:
    """The feature files the site was built from, read once per test process (`tests.rulebook`)."""
    return rulebook()


#: An address the built site does not have: the tests' server answers it with the site's `NOT_FOUND` page.
MISSING = "no-such-page/"


def address(site_url: str, page: str) -> str:
    """Where the tests' server shows `page`: the site's page for a missing address is shown at a missing address."""
    return site_url + (MISSING if page == NOT_FOUND else page)


def mount_path() -> str:
    """The path the published site lives under, from its address (`$BATTLEBOOK_SITE_URL`, which `mkdocs.yml` reads).

    The page for a missing address is shown at any address, so it links to the theme's files
    by absolute paths under it.
    """
    return urllib.parse.urlsplit(os.environ.get("BATTLEBOOK_SITE_URL") or "/").path.rstrip("/") + "/"


#: Files the test server adds to the site it serves, for the tests' own use: axe-core, which
#: the accessibility checks import into the page under test (see `tests.browser.a11y`). The
#: built site never holds them.
TEST_FILES = {"/__tests__/axe.min.js": ROOT / "node_modules" / "axe-core" / "axe.min.js"}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a built site as its host does: under its root and under its mount path, with its own 404 page."""

    #: The site's mount path (see `mount_path`).
    mount = "/"

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output clean of access logs."""

    def translate_path(self, path: str) -> str:
        """The served folder's file for `path` (under the root or the mount path), or one of the `TEST_FILES`."""
        test_file = TEST_FILES.get(path.split("?", 1)[0])
        if test_file is not None:
            return str(test_file)
        if self.mount != "/" and path.startswith(self.mount):
            path = "/" + path.removeprefix(self.mount)
        return super().translate_path(path)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing file gets the site's own `NOT_FOUND` page (with status 404), as on the site's host."""
        page = Path(self.directory) / NOT_FOUND
        if code != http.HTTPStatus.NOT_FOUND or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def site_handler(directory: Path) -> Any:
    """The request handler class serving the built site in `directory` (see `_QuietHandler`)."""
    return functools.partial(type("SiteHandler", (_QuietHandler,), {"mount": mount_path()}), directory=str(directory))


@contextlib.contextmanager
def serve(directory: Path = SITE) -> Iterator[str]:
    """Serve `directory` with a threaded HTTP server on a free port of 127.0.0.1; yields its address."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), site_handler(directory))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The built site, served on a free port of 127.0.0.1."""
    if not (SITE / "index.html").is_file():
        pytest.fail(f"no built site at {SITE}: run `make site` (or `make test`, which builds it first)")
    with serve() as url:
        yield url


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright, driving Debian's Chromium (a test that needs a browser profile of its own launches one)."""
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: run  sudo sh -c 'apt-get update && apt-get install -y chromium'")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """Debian's Chromium, headless, with a fresh profile, driven by Playwright."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("chromium-profile"),
        executable_path=CHROMIUM,
        args=CHROMIUM_FLAGS,
        headless=True,
        viewport=VIEWPORT,
        color_scheme="light",
    )
    context.set_default_timeout(ACTION_MS)
    yield context
    context.close()


@dataclass
class Problems:
    """What went wrong while a page loaded: console errors, uncaught errors, failed requests."""

    console: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def watch(self, page: Page) -> None:
        """Start recording `page`'s problems."""
        page.on("console", self._console)
        page.on("pageerror", self._uncaught)
        page.on("requestfailed", self._failed)
        page.on("response", self._response)

    def unwatch(self, page: Page) -> None:
        """Stop recording `page`'s problems (the tab lives on for the next test)."""
        for event, handler in (
            ("console", self._console),
            ("pageerror", self._uncaught),
            ("requestfailed", self._failed),
            ("response", self._response),
        ):
            page.remove_listener(event, handler)

    def _uncaught(self, error: Exception) -> None:
        self.console.append(f"uncaught: {error}")

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console.append(f"{message.text} ({message.location.get('url', '')})")

    def _failed(self, request: Request) -> None:
        # The shared tab moves on to the next page while the last one may still be loading
        # something: the browser cancels that request (ERR_ABORTED). A cancelled request to
        # the site itself is no failure; one to anywhere else still is.
        if request.failure == "net::ERR_ABORTED" and request.url.startswith("http://127.0.0.1:"):
            return
        self.requests.append(f"{request.method} {request.url}: {request.failure}")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.requests.append(f"{response.request.method} {response.url}: HTTP {response.status}")


#: What a test may change on a tab that would outlive it: such a tab is replaced after the test.
LASTING_CHANGES = ("add_init_script", "route", "expose_function", "expose_binding", "set_extra_http_headers")


class SharedTab:
    """The session's one tab, lent to each test in turn.

    Opening a tab and starting the site's scripts took most of every page visit: the tests
    share one tab. After each test its viewport is set back; a tab whose emulated media a test
    changed leaves the site, gets no media emulated and the light scheme back, and forgets what the
    site stored (the theme's palette); a tab a test changed for good (an init script, a route)
    or closed is replaced by a new one.

    The search index is fetched only when a reader opens the search (`test_search.py`), so a
    page visit costs no search.
    """

    def __init__(self, browser: BrowserContext, site_url: str = "") -> None:
        self.browser = browser
        self.site_url = site_url
        self.tab: Page | None = None
        self.changed = False
        self.restyled = False
        self._emulate_media: Any = None

    def lend(self) -> Page:
        """The tab for the next test."""
        if self.tab is None or self.tab.is_closed():
            self.tab = self.browser.new_page()
            self.changed = self.restyled = False
            for name in LASTING_CHANGES:
                original = getattr(self.tab, name)
                setattr(self.tab, name, self._marking(original))
            self._emulate_media = self.tab.emulate_media
            setattr(self.tab, "emulate_media", self._restyling)  # noqa: B010
        return self.tab

    def _marking(self, original: Any) -> Any:
        def changing(*args: Any, **kwargs: Any) -> Any:
            self.changed = True
            return original(*args, **kwargs)

        return changing

    def _restyling(self, *args: Any, **kwargs: Any) -> None:
        self.restyled = True
        self._emulate_media(*args, **kwargs)

    def give_back(self) -> None:
        """Set the tab back for the next test, or replace it."""
        tab = self.tab
        if tab is None or tab.is_closed():
            return
        if self.restyled:
            url = tab.url
            # Off the site first: a page of it would store its palette again on seeing the change.
            tab.goto("about:blank")
            # No media emulated, as a fresh tab: a tab left emulating `screen` prints with the screen's
            # stylesheet (`page.pdf`), which no reader's browser does; a later test's print then came
            # out at 108 A4 pages instead of 11.
            self._emulate_media(media="null", color_scheme="light")
            if url.startswith("http"):
                forget_stored_data(tab, url)
            self.restyled = False
        if self.changed:
            tab.close()
            self.tab = None
            return
        if tab.viewport_size != VIEWPORT:  # setting it anew would lay the page out again
            tab.set_viewport_size(VIEWPORT)


@pytest.fixture(scope="session")
def shared_tab(browser: BrowserContext, site_url: str) -> Iterator[SharedTab]:
    """The one tab the tests share (see `SharedTab`)."""
    shared = SharedTab(browser, site_url)
    yield shared
    if shared.tab is not None and not shared.tab.is_closed():
        shared.tab.close()


@pytest.fixture
def page(shared_tab: SharedTab) -> Iterator[Page]:
    """The session's tab, set back after the test; its problems are in `page_problems`."""
    yield shared_tab.lend()
    shared_tab.give_back()


@pytest.fixture
def page_problems(page: Page) -> Iterator[Problems]:
    """The console errors and failed requests of `page` since the test began."""
    problems = Problems()
    problems.watch(page)
    yield problems
    problems.unwatch(page)
