"""The site on a phone (390 by 844 CSS pixels): nothing cut at the screen's edge, and screenshots to look at.

Each test saves full-page screenshots of what it checked in `build/screenshots/phone/`
(a chapter, Try it with a failing run, the odds and fight calculators with their answers,
the search with its results): the artefacts a person looks at, beside what the test asserts.
The editor of Try it wraps its lines on a phone: at 360 px no line runs past its box, and the
highlighted copy under the textarea wraps exactly as the textarea does.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, ViewportSize, expect

from tests.browser.conftest import ROOT, drawn
from tests.browser.search_queries import open_search

#: Where the screenshots are left (build/ is not committed).
SHOTS = ROOT / "build" / "screenshots" / "phone"
PHONE: ViewportSize = {"width": 390, "height": 844}
#: The narrowest phone the editor is checked at.
NARROW: ViewportSize = {"width": 360, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
#: The first Run fetches and starts the engine: generous on a busy machine.
FIRST_RUN_MS = 180_000


@pytest.fixture
def phone(browser: BrowserContext) -> Iterator[Page]:
    """A tab of a phone's size."""
    page = browser.new_page()
    page.set_viewport_size(PHONE)
    page.set_default_timeout(60_000)
    yield page
    page.close()


def shoot(page: Page, name: str, part: Locator | None = None) -> Path:
    """Save a screenshot of `page` as build/screenshots/phone/NAME.png: the screen at `part`, or the whole page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    if part is not None:
        part.evaluate("node => node.scrollIntoView({block: 'start'})")
        expect(part).to_be_in_viewport()
    page.screenshot(path=str(path), full_page=part is None)
    assert path.stat().st_size > 1_000
    return path


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width} px)"


def editor_lines_fit(panel: Locator) -> None:
    """No line of the editor runs past its box, and the highlighted copy wraps as the textarea does.

    The page measures a wrapped editor once it is laid out (a ResizeObserver: when the editor enters
    the page, and whenever its width changes), before the frame a reader sees: read after that frame.
    """
    area = panel.locator("textarea")
    drawn(panel.page)
    sizes = area.evaluate(
        """area => {
            const pre = area.parentElement.querySelector("pre.bb-editor-hl");
            return {scroll: area.scrollWidth, client: area.clientWidth, height: area.scrollHeight,
                    shown: area.clientHeight, pre: pre.scrollHeight, preWidth: pre.clientWidth};
        }"""
    )
    assert sizes["scroll"] <= sizes["client"], f"a line of the editor is cut at its edge: {sizes}"
    assert sizes["height"] <= sizes["shown"] + 1, f"the editor hides some of its lines: {sizes}"
    assert abs(sizes["pre"] - sizes["height"]) <= 1, f"the highlighting wraps unlike the text: {sizes}"
    assert sizes["preWidth"] == sizes["client"], f"the highlighting is not as wide as the text: {sizes}"


def test_a_chapter_fits_a_phone(phone: Page, site_url: str) -> None:
    phone.goto(site_url + "rulebook/homm/melee/")
    expect(phone.locator("article h1")).to_be_visible()
    no_sideways_scroll(phone)
    shoot(phone, "chapter-page")
    shoot(phone, "chapter", phone.locator(".bb-example-title").first)


def test_try_it_wraps_its_lines_on_a_phone_and_shows_a_failing_run(phone: Page, site_url: str) -> None:
    phone.set_viewport_size(NARROW)
    phone.goto(site_url + "rulebook/homm/melee/")
    heading = phone.locator(".bb-example-title", has_text="A roll of 6 is exactly enough")
    bar = heading.locator("xpath=following-sibling::div[contains(@class, 'bb-try-bar')][1]")
    bar.locator(".bb-try-button").click()
    panel = bar.locator(".bb-try-panel")
    area = panel.locator("textarea")
    expect(area).to_be_visible()
    expect(panel.locator(".bb-editor")).to_have_class("bb-editor bb-editor-wrap")
    editor_lines_fit(panel)
    text = area.input_value()
    area.fill(text.replace("stack has 0 cards left", "stack has 2 cards left", 1))
    editor_lines_fit(panel)
    panel.locator(".bb-try-run").click()
    expect(panel.locator(".bb-try-example").first).to_have_attribute("data-kind", "failed", timeout=FIRST_RUN_MS)
    expect(panel.locator(".bb-try-explain").first).to_contain_text("expected: the Behemoth stack has 2 cards left")
    no_sideways_scroll(phone)
    phone.set_viewport_size(PHONE)
    expect(panel.locator(".bb-editor")).to_have_class("bb-editor bb-editor-wrap")
    editor_lines_fit(panel)
    shoot(phone, "try-it-editor", panel.locator(".bb-editor"))
    shoot(phone, "try-it-failing-run", panel.locator(".bb-try-result"))
    # Back on a desktop's width, the editor scrolls sideways again instead of wrapping.
    phone.set_viewport_size(DESKTOP)
    expect(panel.locator(".bb-editor")).to_have_class("bb-editor")
    expect(area).to_have_attribute("wrap", "off")


@pytest.mark.parametrize("game", ["heroscape", "homm"])
def test_the_calculators_fit_a_phone_with_their_answers(phone: Page, site_url: str, game: str) -> None:
    phone.goto(site_url + f"odds/{game}/")
    for calculator in ("odds", "fight"):
        box = phone.locator(f".bb-{calculator}-calculator")
        box.locator("button[type=submit]").click()
        expect(box.locator(".bb-odds-main")).to_be_visible(timeout=FIRST_RUN_MS)
        no_sideways_scroll(phone)
        shoot(phone, f"{calculator}-{game}", box)
    shoot(phone, f"odds-page-{game}")


def test_the_search_fits_a_phone(phone: Page, site_url: str) -> None:
    phone.goto(site_url)
    open_search(phone)
    phone.locator("#bb-search-input").fill("swarm")
    expect(phone.locator("[data-bb-search-results]")).to_have_attribute("data-query", "swarm", timeout=30_000)
    expect(phone.locator("a.bb-search__link").first).to_be_visible()
    no_sideways_scroll(phone)
    phone.screenshot(path=str(SHOTS / "search.png"))
