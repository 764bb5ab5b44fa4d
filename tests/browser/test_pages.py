"""Every page of the built site, once: it loads cleanly, shows only verified examples, and axe-core
finds no serious or critical violation on it in light mode nor in dark mode.

axe-core comes from the npm registry (`package.json`, installed by `npm ci`) and is
injected into each page by the test: the published site never carries it.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from battlebook.book.model import feature_paths, load_book
from battlebook.site.chapters import page_uri
from tests.browser.a11y import (
    COLOUR_RULES,
    axe_results,
    dark_mode_violations,
    inject_axe,
    report,
    serious,
    toggle_palette,
)
from tests.browser.conftest import ROOT, Problems, site_pages

PAGES = site_pages()
RULEBOOK_PAGES = [p for p in PAGES if p.startswith("rulebook/")]
#: The pages made from feature files: each shows examples, each with a badge.
CHAPTER_PAGES = sorted(
    page_uri(feature).removesuffix(".md") + "/" for feature in load_book(feature_paths([ROOT / "features"]), ROOT)
)
#: The search index, which every page's scripts fetch after the load event.
SEARCH_INDEX = "search/search_index.json"
#: The relative luminance of the page's background: light mode's is above, dark mode's below.
LUMINANCE = """() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);
    const lin = c => (c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}"""


def test_the_site_has_rulebook_pages() -> None:
    assert RULEBOOK_PAGES, "the built site has no rulebook pages"


def test_every_chapter_page_was_built() -> None:
    assert set(CHAPTER_PAGES) <= set(RULEBOOK_PAGES)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p or "home")
def test_page_loads_cleanly_and_passes_axe_in_light_and_dark(
    page: Page, page_problems: Problems, site_url: str, path: str
) -> None:
    """One visit per page: no console error, no failed request, on a chapter every badge verified,
    then axe-core in light mode, and again after the reader's palette toggle turned it dark.

    Every page loads the same scripts, which fetch the search index after the load event: the
    home page also waits for that request to finish; the others wait for their own load event
    (images, styles, scripts), which is what differs between pages. Dark mode is the page
    switched in place by the palette toggle: the theme's colours hang on
    `data-md-color-scheme` on the body only (the site's styles have no `prefers-color-scheme`
    query), so the switched page is drawn as one loaded dark. Loading a page dark, following
    the system's preference, is tested in `test_pictures.py` and `test_reading.py`.
    """
    name = path or "home"
    if path == "":
        with page.expect_request_finished(lambda request: request.url.endswith(SEARCH_INDEX)):
            response = page.goto(site_url + path)
    else:
        response = page.goto(site_url + path)
    assert response is not None and response.ok, f"{name}: HTTP {response and response.status}"
    assert page.locator("h1").first.is_visible()
    if path in CHAPTER_PAGES:
        texts = [text.strip() for text in page.locator(".bb-example").all_inner_texts()]
        assert texts, f"{path} shows no example badges"
        assert set(texts) == {"verified"}, f"{path}: badges read {sorted(set(texts))}"
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default", f"{name} is not in light mode"
    found = serious(axe_results(page))
    assert not found, f"{name} in light mode:\n" + report(found)
    try:
        violations, shown = dark_mode_violations(page)
        assert page.evaluate(LUMINANCE) < 0.1, f"{name}: the toggle did not darken the page"
        found = serious(violations)
        assert not found, f"{name} in dark mode (newly shown: {shown}):\n" + report(found)
    finally:
        toggle_palette(page, "light")  # the palette stored for the next page, as a light load stores it
    assert page_problems.console == [], f"console errors on {name}"
    assert page_problems.requests == [], f"failed requests on {name}"


def test_the_colour_rules_are_axes_colour_rules(page: Page, site_url: str) -> None:
    """The rules rerun in dark mode are every colour rule the installed axe-core runs."""
    page.goto(site_url)
    inject_axe(page)
    enabled = page.evaluate(
        "() => axe._audit.rules.filter(r => r.enabled && r.tags.includes('cat.color')).map(r => r.id)"
    )
    assert sorted(enabled) == sorted(COLOUR_RULES)


def dark_mode_probe(
    page: Page, site_url: str, style: str, probe: str
) -> tuple[list[str], list[dict[str, Any]], list[str]]:
    """Put `probe` (HTML, with the id `bb-probe`) at the top of a chapter, styled by `style`, and run both checks.

    Returns the serious violations' rule ids in light mode, and the dark-mode check's
    serious violations and newly shown elements.
    """
    page.goto(site_url + "rulebook/homm/melee/")
    page.evaluate(
        """([css, html]) => {
            const style = document.createElement("style");
            style.textContent = css;
            document.head.append(style);
            document.querySelector("article").insertAdjacentHTML("afterbegin", html);
        }""",
        [style, probe],
    )
    light = [v["id"] for v in serious(axe_results(page))]
    try:
        violations, shown = dark_mode_violations(page)
    finally:
        toggle_palette(page, "light")
    return light, serious(violations), shown


def test_axe_in_dark_mode_finds_low_contrast_that_only_dark_mode_has(page: Page, site_url: str) -> None:
    """A text that reads well in light mode and badly in dark mode fails only the dark-mode check.

    This is what the dark-mode check is for: it must not pass a page because light mode did.
    """
    light, violations, _ = dark_mode_probe(
        page,
        site_url,
        '[data-md-color-scheme="slate"] #bb-probe { color: #333; }',
        '<p id="bb-probe">A rule a reader must be able to read.</p>',
    )
    assert "color-contrast" not in light
    contrast = [v for v in violations if v["id"] == "color-contrast"]
    assert contrast and "#bb-probe" in contrast[0]["nodes"][0]["target"], report(violations)


def test_axe_in_dark_mode_checks_what_only_dark_mode_shows(page: Page, site_url: str) -> None:
    """An element that only dark mode shows gets every rule, not only the colour rules."""
    light, violations, shown = dark_mode_probe(
        page,
        site_url,
        '#bb-probe { display: none; } [data-md-color-scheme="slate"] #bb-probe { display: block; }',
        '<div id="bb-probe"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"></div>',
    )
    assert "image-alt" not in light
    assert any("bb-probe" in element for element in shown), shown
    assert "image-alt" in [v["id"] for v in violations], report(violations)
