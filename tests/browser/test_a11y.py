"""The accessibility checks themselves: which pages they cover, and that they see what they must.

`make test` runs axe-core on one page of each kind the site has (`tests.browser.templates`:
the longest where a kind has several, and for each game its shortest chapter too), `make
a11y` (`--a11y=every-page`) on every page, both in the page visits of `test_pages.py`. An
open Try it panel with a failing and a passing result, and each odds calculator with its
answer, are checked where the engine runs in the page (`test_try_it.py`).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.a11y import (
    COLOUR_RULES,
    axe_results,
    dark_mode_violations,
    inject_axe,
    report,
    serious,
    toggle_palette,
)
from tests.browser.conftest import SITE, book, every_page
from tests.browser.templates import Template, templates, unclassified

KINDS = templates(book())


@pytest.mark.smoke
def test_every_page_is_of_a_known_kind() -> None:
    """A new kind of page is named in `tests.browser.templates`, so that `make test` checks one of them."""
    assert unclassified(every_page(), KINDS) == []


@pytest.mark.smoke
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_kind_of_page_has_a_page_for_axe(kind: Template) -> None:
    """The built site has a page of each kind, so `make test` checks one (`test_pages.py`)."""
    assert kind.matches(kind.choose(every_page(), SITE))


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
            // A constructed style sheet: the site's policy lets no inline <style> element apply.
            const sheet = new CSSStyleSheet();
            sheet.replaceSync(css);
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
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


def test_a_check_within_an_element_sees_what_it_holds_and_nothing_beside_it(page: Page, site_url: str) -> None:
    """A check `within` an element (an open Try it panel, say) finds its faults, in each mode, and none beside it."""
    page.goto(site_url + "rulebook/homm/melee/")
    page.evaluate(
        """() => {
            const sheet = new CSSStyleSheet();
            sheet.replaceSync('[data-md-color-scheme="slate"] #bb-inside p { color: #333; }');
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
            document.querySelector("article").insertAdjacentHTML("afterbegin",
                '<div id="bb-inside"><p>Faint in dark mode</p></div>'
                + '<div id="bb-beside"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20"></div>');
        }"""
    )
    inside, beside = page.locator("#bb-inside").element_handle(), page.locator("#bb-beside").element_handle()
    assert [v["id"] for v in serious(axe_results(page, within=inside))] == []
    assert [v["id"] for v in serious(axe_results(page, within=beside))] == ["image-alt"]
    found = {}
    for name, element in (("inside", inside), ("beside", beside)):
        try:
            violations, _ = dark_mode_violations(page, element)
        finally:
            toggle_palette(page, "light")
        found[name] = [v["id"] for v in serious(violations)]
    assert found == {"inside": ["color-contrast"], "beside": []}
