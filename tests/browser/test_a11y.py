"""axe-core finds no serious or critical violation, in light mode nor in dark mode.

`make test` checks one page of each kind the site has (`tests.browser.templates`: the
longest where a kind has several, and for each game its shortest chapter too); `make a11y`
(`--a11y=every-page`) checks every page, and CI runs it after `make test`. An open Try it
panel with a failing and a passing result, and each odds calculator with its answer, are
checked where the engine runs in the page (`test_try_it.py`).

axe-core comes from the npm registry (`package.json`, installed by `npm ci`) and is
injected into each page by the test: the published site never carries it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.a11y import (
    COLOUR_RULES,
    assert_accessible_in_light_and_dark,
    axe_results,
    dark_mode_violations,
    inject_axe,
    report,
    serious,
    toggle_palette,
)
from tests.browser.conftest import SITE, address, book, every_page
from tests.browser.templates import NOT_FOUND, Template, templates, unclassified

#: The values of `--a11y`: one page of each kind (`make test`), or every page (`make a11y`).
A11Y_CHOICES = ("templates", "every-page")


@dataclass(frozen=True)
class Checked:
    """What one accessibility test checks: a page of the site, or the chosen page of a kind."""

    page: str | None = None
    kind: Template | None = None

    def __str__(self) -> str:
        return self.kind.name if self.kind is not None else (self.page or "home")

    def resolve(self) -> str:
        """The page's address under the site's root (a kind's page is chosen from the built site)."""
        if self.kind is not None:
            return self.kind.choose(every_page(), SITE)
        assert self.page is not None
        return self.page


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """One test per kind of page, or with `--a11y=every-page` one per page."""
    if "checked" not in metafunc.fixturenames:
        return
    if metafunc.config.getoption("a11y", default="templates") == "every-page":
        checks = [Checked(page=page) for page in every_page()]
    else:
        checks = [Checked(kind=kind) for kind in templates(book())]
    metafunc.parametrize("checked", checks, ids=str)


def test_every_page_is_of_a_known_kind() -> None:
    """A new kind of page is named in `tests.browser.templates`, so that `make test` checks one of them."""
    assert unclassified(every_page(), templates(book())) == []


def test_axe_in_light_and_dark(page: Page, site_url: str, checked: Checked) -> None:
    path = checked.resolve()
    name = f"{checked} ({path or 'home'})" if checked.kind is not None else str(checked)
    response = page.goto(address(site_url, path))
    assert response is not None and (response.ok or path == NOT_FOUND), f"{name}: HTTP {response and response.status}"
    if checked.kind is not None and checked.kind.holds:
        held = page.locator(checked.kind.holds).first
        held.wait_for(state="attached")
    assert_accessible_in_light_and_dark(page, name)


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


def test_a_check_within_an_element_sees_what_it_holds_and_nothing_beside_it(page: Page, site_url: str) -> None:
    """A check `within` an element (an open Try it panel, say) finds its faults, in each mode, and none beside it."""
    page.goto(site_url + "rulebook/homm/melee/")
    page.evaluate(
        """() => {
            const style = document.createElement("style");
            style.textContent = '[data-md-color-scheme="slate"] #bb-inside p { color: #333; }';
            document.head.append(style);
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
