"""The built site, served on 127.0.0.1 and opened in Debian's Chromium through Playwright.

These tests read `site/` as `mkdocs build` left it: `make test` builds the site first and
runs them after. They never download a browser: they drive `/usr/bin/chromium` (Debian's
`chromium` package, which `make test` installs where it can). Only
`BATTLEBOOK_SKIP_BROWSER=1` skips them, and says so.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request, Response, sync_playwright

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
SKIP = os.environ.get("BATTLEBOOK_SKIP_BROWSER") == "1"


def pytest_report_header(config: pytest.Config) -> str:
    """Say plainly when the browser tests are switched off."""
    if SKIP:
        return "BATTLEBOOK_SKIP_BROWSER=1: the browser tests are SKIPPED"
    return f"browser tests: {CHROMIUM} against {SITE}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip every browser test when, and only when, BATTLEBOOK_SKIP_BROWSER=1."""
    if SKIP:
        marker = pytest.mark.skip(reason="BATTLEBOOK_SKIP_BROWSER=1")
        for item in items:
            item.add_marker(marker)


def site_pages() -> list[str]:
    """Every page of the built site (the home page first), as paths under its root."""
    pages = sorted(p.parent.relative_to(SITE).as_posix() + "/" for p in SITE.rglob("*/index.html"))
    return ["", *pages]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output clean of access logs."""


@contextlib.contextmanager
def serve(directory: Path = SITE) -> Iterator[str]:
    """Serve `directory` with a threaded HTTP server on a free port of 127.0.0.1; yields its address."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(directory))
    )
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
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """Debian's Chromium, headless, with a fresh profile, driven by Playwright."""
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: run  sudo sh -c 'apt-get update && apt-get install -y chromium'")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            tmp_path_factory.mktemp("chromium-profile"),
            executable_path=CHROMIUM,
            args=CHROMIUM_FLAGS,
            headless=True,
            viewport={"width": 1280, "height": 900},
            color_scheme="light",
        )
        context.set_default_timeout(10_000)
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
        page.on("pageerror", lambda error: self.console.append(f"uncaught: {error}"))
        page.on("requestfailed", self._failed)
        page.on("response", self._response)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console.append(f"{message.text} ({message.location.get('url', '')})")

    def _failed(self, request: Request) -> None:
        self.requests.append(f"{request.method} {request.url}: {request.failure}")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.requests.append(f"{response.request.method} {response.url}: HTTP {response.status}")


@pytest.fixture
def page(browser: BrowserContext) -> Iterator[Page]:
    """A new tab, closed after the test; its problems are in `page_problems`."""
    tab = browser.new_page()
    yield tab
    tab.close()


@pytest.fixture
def page_problems(page: Page) -> Problems:
    """The console errors and failed requests of `page` since the test began."""
    problems = Problems()
    problems.watch(page)
    return problems
