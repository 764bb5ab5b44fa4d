"""Drawings of battles show on the pages, in light and dark mode, with a text alternative."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.a11y import set_scheme
from tests.browser.png import colour_summary

#: Pages that must show a drawing: a HoMM battle, a swarm with its marker, a line of sight.
DRAWN_PAGES = ["rulebook/homm/melee/", "rulebook/homm/swarming/", "rulebook/heroscape/line-of-sight/"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", DRAWN_PAGES)
def test_a_drawing_is_visible(page: Page, site_url: str, path: str, scheme: str) -> None:
    set_scheme(page, scheme, site_url)  # no remembered palette: follow the system's scheme
    response = page.goto(site_url + path)
    assert response is not None and response.ok, f"{path}: HTTP {response and response.status}"
    expected = "slate" if scheme == "dark" else "default"
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", expected)  # the page is in that mode
    folded = page.locator("details.bb-drawings").first
    if folded.get_attribute("open") is None:  # a drawing that does not teach the rule is one click away
        folded.locator("summary").click()
    drawing = folded.locator("svg.bb-pic").first
    drawing.scroll_into_view_if_needed()
    expect(drawing).to_be_visible()
    box = drawing.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100, f"the drawing is too small: {box}"
    label = drawing.get_attribute("aria-label") or ""
    assert label, "the drawing has no accessible name"
    expect(page.get_by_role("img", name=label).first).to_be_visible()
    assert drawing.locator("desc").text_content()
    colours, inked = colour_summary(drawing.screenshot())
    assert colours >= 8, f"the drawing's screenshot has only {colours} colours: blank"
    assert inked > 0.02, f"only {inked:.1%} of the drawing differs from its background: blank"
