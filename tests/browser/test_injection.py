"""A site built from hostile feature files runs none of their script in Chromium, whichever builder built it.

The site is built from `tests.hostile.corpus` (every payload of issue 15: names, folder
and file names, descriptions, notes, a failing step, rulings) by each supported builder
(MkDocs, ProperDocs). Every page is opened, and the test asserts three things per page: no
dialog opened, no payload ran (each would have set `window.bbPwned`), and no `javascript:`
link or event attribute is in the DOM.

And the second wall: a script that did get into a page (fed into its navigation here, after
the build) is refused by the page's Content-Security-Policy, which never allows a script for
being in the page.
"""

from __future__ import annotations

import contextlib
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Dialog, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from battlebook.site.finish import finish
from tests.browser.conftest import drawn, serve, site_handler
from tests.hostile.site import BUILDERS, shared_hostile_site

#: A script that lists what in the DOM could run script: event attributes and javascript: URLs.
DOM_CHECK = """() => {
  const found = [];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      const value = attr.value.replace(/\\s+/g, '').toLowerCase();
      if (attr.name.startsWith('on')) found.push(`${el.tagName} ${attr.name}`);
      if (/^(javascript:|vbscript:|data:text\\/html)/.test(value)) found.push(`${el.tagName} ${attr.name}=${value}`);
    }
  }
  return found;
}"""


@pytest.fixture(scope="module", params=BUILDERS)
def hostile_site(request: pytest.FixtureRequest) -> Iterator[tuple[str, list[str]]]:
    """The hostile site built by each builder (as `tests/hostile/test_site.py` reads it), served; its URL and pages."""
    with shared_hostile_site(builder=request.param) as (site, _):
        pages = sorted(p.parent.relative_to(site).as_posix() + "/" for p in site.rglob("*/index.html"))
        handler = site_handler(site)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"http://127.0.0.1:{server.server_port}/", ["", *pages]
        server.shutdown()
        server.server_close()


def test_no_hostile_script_runs_on_any_page(browser: BrowserContext, hostile_site: tuple[str, list[str]]) -> None:
    url, pages = hostile_site
    assert any("hostile" in p for p in pages), "the hostile chapters were not built"
    problems: list[str] = []
    dialogs: list[str] = []
    tab = browser.new_page()

    def dismiss(dialog: Dialog) -> None:
        dialogs.append(f"{tab.url}: {dialog.type} {dialog.message!r}")
        dialog.dismiss()

    tab.on("dialog", dismiss)
    try:
        for path in pages:
            response = tab.goto(url + path, wait_until="load")
            if response is None or not response.ok:  # a page that is not there proves nothing
                problems.append(f"{path}: HTTP {response and response.status}")
                continue
            drawn(tab)  # what the page's scripts do after its load (the theme's among them) has run
            ran, live = tab.evaluate(
                f"() => [window.bbPwned === undefined ? null : String(window.bbPwned), ({DOM_CHECK})()]"
            )
            if ran is not None:
                problems.append(f"{path}: payloads ran: {ran}")
            if live:
                problems.append(f"{path}: {live[:5]}")
    finally:
        tab.close()
    assert not dialogs, "dialogs opened:\n" + "\n".join(dialogs)
    assert not problems, "\n".join(problems)


def test_the_hostile_pages_show_the_payloads_as_text(
    browser: BrowserContext, hostile_site: tuple[str, list[str]]
) -> None:
    url, _ = hostile_site
    tab = browser.new_page()
    try:
        response = tab.goto(url + "rulebook/hostile/names/", wait_until="load")
        assert response is not None and response.ok, f"rulebook/hostile/names/: HTTP {response and response.status}"
        heading = tab.locator("h1").first.inner_text()
        assert "<script>" in heading and "window.bbPwned" in heading
    finally:
        tab.close()


def test_a_script_fed_into_the_navigation_is_refused(browser: BrowserContext, tmp_path: Path) -> None:
    """A built page given an inline script in its navigation, and the site's own pass over it, runs nothing."""
    with shared_hostile_site() as (site, _):
        page = (site / "index.html").read_text(encoding="utf-8")
    fed = page.replace('<nav class="md-nav', '<script>window.bbPwned="nav"; alert("nav")</script><nav class="md-nav', 1)
    assert fed != page, "the page has no navigation to feed"
    (tmp_path / "index.html").write_text(fed, encoding="utf-8")
    problems = finish(tmp_path, None)
    assert problems and "inline <script>" in problems[0], "the check finds the fed script"
    dialogs: list[str] = []
    violations: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    def console(message: ConsoleMessage) -> None:
        if "Content Security" in message.text:
            violations.append(message.text)

    with serve(tmp_path) as url:
        tab = browser.new_page()
        tab.on("dialog", dismiss)
        tab.on("console", console)
        try:
            tab.goto(url, wait_until="load")
            drawn(tab)
            ran = tab.evaluate("() => window.bbPwned === undefined ? null : String(window.bbPwned)")
            if not violations:  # the browser's report of the refusal can reach the test after the page's load
                with contextlib.suppress(PlaywrightTimeoutError):
                    tab.wait_for_event("console", lambda message: "Content Security" in message.text)
        finally:
            tab.close()
    assert ran is None and not dialogs, "the fed script ran"
    assert violations, "the browser did not report refusing the script"


def test_an_odds_link_out_of_bounds_fills_nothing_and_a_typed_one_is_refused_at_once(
    browser: BrowserContext, hostile_site: tuple[str, list[str]]
) -> None:
    """Issue 27: `#odds=heroscape&a=20000&d=20000` froze the tab once computed; the page's bounds
    (handed to it by the site from `battlebook.bounds`) keep such numbers out of the fields,
    and a typed one is refused in the page, before anything is asked of the engine. (The
    engine itself starts loading when an odds page opens, so the first Compute is quick:
    loading it computes nothing.)"""
    url, _ = hostile_site
    tab = browser.new_page()
    try:
        tab.goto(url + "odds/heroscape/#odds=heroscape&a=20000&d=20000&h=5", wait_until="load")
        box = tab.locator(".bb-odds-calculator")
        box.wait_for(timeout=10_000)
        # The page's script fills the fields from the link in its own time: the one within bounds first.
        expect(box.locator("input[name=h]")).to_have_value("5")  # a link within bounds fills the field
        assert box.locator("input[name=a]").input_value() == "3", "an out-of-bounds link filled the field"
        assert box.locator("input[name=d]").input_value() == "2"
        assert box.locator("input[name=a]").get_attribute("max") == "30"
        box.locator("input[name=a]").fill("20000")
        box.locator("button[type=submit]").click()
        status = box.locator(".bb-try-status")
        status.filter(has_text="attack dice: give a whole number from 0 to 30").wait_for(timeout=5_000)
        assert box.locator(".bb-odds-result").inner_text() == "", "a number out of bounds was computed"
        assert box.locator(".bb-try-stop").is_hidden(), "a number out of bounds started a computation"
        tab.goto(url + "odds/homm/#odds=homm&s=5000&d=" + "1," * 30 + "1", wait_until="load")
        box = tab.locator(".bb-odds-calculator")
        box.wait_for(timeout=10_000)
        assert box.locator("input[name=s]").input_value() == "7"
        assert box.locator("input[name=d]").input_value() == "13"
        assert box.locator(".bb-odds-result").inner_text() == "", "a link out of bounds was computed"
    finally:
        tab.close()
