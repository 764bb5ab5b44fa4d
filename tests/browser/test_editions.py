"""The editions page reads as a player's comparison: short to scan, outcomes in words, an anchor per example."""

from __future__ import annotations

from dataclasses import fields

from playwright.sync_api import Page, ViewportSize, expect

from battlebook.heroscape.ruleset import Ruleset

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PAGE = "reference/editions/"


def test_the_editions_page_is_short_and_speaks_a_players_words(page: Page, site_url: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(site_url + PAGE)
    screens = page.evaluate("document.documentElement.scrollHeight") / DESKTOP["height"]
    # The five 2024-only settings (issue 31) and the "Decided by" column (issue 34) put it at 10.5; a
    # ruling's examples that end differently are folded under its heading since (issue 35).
    assert screens < 10, f"the editions page is {screens:.1f} desktop screens"
    shown = page.locator("article").inner_text()
    for item in fields(Ruleset):
        if "_" in item.name:
            assert item.name not in shown, f"the setting's engine name {item.name!r} is on the page"
    for word in ("False", "None", "expected:", "actual:", "step (line", "*"):
        assert word not in shown, f"{word!r} is on the page"
    assert "As written." in shown and "Ends otherwise." in shown
    # The line above the tables leads to each page's table.
    page.locator("article p a[href$='#in-attacking']").click()
    expect(page.locator("[id='in-attacking']")).to_be_in_viewport()
    # The rulings a setting names are links to their pages.
    assert page.locator("article a[href*='rulings/heroscape-sight/']").count() > 0


def test_each_example_has_an_anchor_on_the_editions_page(page: Page, site_url: str) -> None:
    page.set_viewport_size(DESKTOP)
    anchor = "in-the-2004-game-twelve-levels-up-still-earn-only-one-extra-die"
    page.goto(site_url + PAGE + "#" + anchor)
    target = page.locator(f"[id='{anchor}']")
    expect(target).to_have_count(1)
    expect(target).to_be_visible()
    # An example that ends the same sits in the folded list; its anchor is there too, and opens it.
    same = page.locator("details a[id]")
    assert same.count() > 0
    folded = same.first.get_attribute("id")
    assert folded
    expect(same.first).to_be_hidden()
    page.goto(site_url + PAGE + "#" + folded)
    # The browser (and the theme, on `hashchange`) opens the folded list once it has scrolled to the
    # fragment, which can come a moment later: the assertions retry until it holds.
    expect(page.locator(f"details[open] [id='{folded}']")).to_have_count(1)
    expect(page.locator(f"[id='{folded}']")).to_be_visible()
    expect(page.locator(f"[id='{folded}']")).to_be_in_viewport()
