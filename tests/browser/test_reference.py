"""The reference pages a player reaches for: the glossary's terms, and the units and army cards as sortable tables."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from battlebook.games import GAMES

#: Terms the chapters use throughout, each with the rule whose page defines it (issue 35).
TERMS = {
    "aggressor": "homm.phases-and-rounds",
    "defender": "homm.phases-and-rounds",
    "phase": "homm.phases-and-rounds",
    "skull": "heroscape.attack-outcome",
    "shield": "heroscape.attack-outcome",
    "figure": "heroscape.army-cards",
}


@pytest.fixture(scope="module")
def glossary(browser: BrowserContext, site_url: str) -> Iterator[Page]:
    page = browser.new_page()
    page.goto(site_url + "reference/glossary/")
    yield page
    page.close()


@pytest.mark.parametrize(("term", "rule"), TERMS.items())
def test_the_glossary_defines_the_term_and_links_its_rule(glossary: Page, term: str, rule: str) -> None:
    entry = glossary.locator(f"#term-{term}")
    expect(entry).to_be_visible()
    expect(entry.locator("dt")).to_contain_text(term, ignore_case=True)
    assert len(entry.locator("dd").inner_text()) > 40, "a term with no definition"
    expect(entry.locator(f"a[href*='#{rule}']").first).to_be_attached()


#: The units and army cards: a sortable table per registered game.
UNITS = "reference/units/"


def _column(page: Page, game: str, index: int) -> list[str]:
    """The sort values of a column of a game's table, row by row as the page shows them."""
    return page.evaluate(  # type: ignore[no-any-return]
        """([game, index]) => [...document.querySelectorAll(`table[data-game="${game}"] tbody tr`)].map(
            (row) => (row.cells[index].getAttribute('data-sort') ?? row.cells[index].textContent).trim())""",
        [game, index],
    )


def _in_order(values: list[str], descending: bool) -> bool:
    """Whether `values` are sorted as the page sorts them: whole numbers as numbers, empty values last."""
    present = [v for v in values if v != ""]
    if values[: len(present)] != present:
        return False
    key = (lambda v: int(v)) if all(re.fullmatch(r"-?\d+", v) for v in present) else (lambda v: v)
    keys = [key(v) for v in present]
    return keys == sorted(keys, reverse=descending)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_units_table_sorts_by_any_column_with_the_mouse_and_the_keyboard(
    page: Page, site_url: str, game: str
) -> None:
    page.goto(site_url + UNITS)
    table = page.locator(f"table[data-game={game}]")
    buttons = table.locator("thead th button.bb-sort")
    expect(buttons.first).to_be_visible()
    count = table.locator("thead th").count()
    assert buttons.count() == count, "a column without its sort button"
    for index in range(count):
        heading, button = table.locator("thead th").nth(index), buttons.nth(index)
        if index % 2:
            button.click()
        else:
            button.focus()
            page.keyboard.press("Enter" if index % 4 == 0 else "Space")
        expect(heading).to_have_attribute("aria-sort", "ascending")
        assert _in_order(_column(page, game, index), descending=False), f"column {index} not ascending"
        button.press("Enter")
        expect(heading).to_have_attribute("aria-sort", "descending")
        assert _in_order(_column(page, game, index), descending=True), f"column {index} not descending"
        assert table.locator("thead th[aria-sort]").count() == 1


def test_every_link_of_the_units_tables_reaches_its_example(page: Page, site_url: str) -> None:
    page.goto(site_url + UNITS)
    hrefs = page.evaluate("[...document.querySelectorAll('table.bb-units a[href]')].map(a => a.href)")
    examples = [h for h in hrefs if "/rulebook/" in h]
    assert len(examples) > 500, f"only {len(examples)} links to the rulebook"
    by_page: dict[str, set[str]] = {}
    for href in examples:
        address, _, anchor = href.partition("#")
        by_page.setdefault(address, set()).add(anchor)
    for address, anchors in by_page.items():
        response = page.request.get(address)
        assert response.ok, f"{address}: {response.status}"
        ids = set(re.findall(r'id="([^"]+)"', response.text()))
        missing = {a for a in anchors if a and a not in ids}
        assert not missing, f"{address} lacks {sorted(missing)[:3]}"
    # A reader opens a row's examples and follows the first one.
    row = page.locator("table.bb-units tbody tr", has=page.locator("details.bb-used-in")).first
    row.locator("summary").click()
    link = row.locator("details.bb-used-in a").first
    expect(link).to_be_visible()
    target = link.get_attribute("href") or ""
    link.click()
    anchor = target.partition("#")[2]
    expect(page).to_have_url(re.compile(re.escape("#" + anchor) + "$"))
    expect(page.locator(f"[id='{anchor}']")).to_be_attached()


def test_on_a_phone_the_units_tables_scroll_in_their_box_not_the_page(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + UNITS)
    box = page.locator(".bb-units-scroll").first
    expect(box).to_be_visible()
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"
    inner = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert inner[0] > inner[1], "the table fits, so this test proves nothing: is it still a table?"
    box.focus()
    page.keyboard.press("ArrowRight")
    expect(box).not_to_have_js_property("scrollLeft", 0)


def test_without_its_script_a_units_table_is_a_plain_table(page: Page, site_url: str) -> None:
    page.route("**/javascripts/sort-table.js", lambda route: route.abort())
    page.goto(site_url + UNITS)
    for game in GAMES:
        table = page.locator(f"table[data-game={game}]")
        expect(table.locator("tbody tr").first).to_be_visible()
        expect(table.locator("thead th").first).to_have_text(GAMES[game].card_noun.capitalize())
    expect(page.locator("button.bb-sort")).to_have_count(0)
