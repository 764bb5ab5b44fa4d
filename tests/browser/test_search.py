"""The site's search finds rules and examples by the words readers use."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page


@dataclass(frozen=True)
class Search:
    """A query, and the result that must come up.

    Attributes:
        query: What the reader types into the search box.
        where: A pattern the result's address (page and #anchor) must match.
        first: Whether that result must be the first section listed, or only listed.
    """

    query: str
    where: str
    first: bool


SEARCHES = [
    Search("melee", r"/rulebook/homm/melee/(\?[^#]*)?#homm\.melee-attack$", first=True),
    Search("swarm", r"/rulebook/homm/[^#]+#homm\.[a-z-]*swarm", first=True),
    Search("breeched", r"/rulebook/homm/[^#]+#homm\.[a-z-]*wall", first=False),
    Search("Xenithrax", r"/rulebook/heroscape/[^#]+#[^#]*20", first=False),
]

#: Searches for pages that other branches add. Each is expected to fail until they are
#: merged; the mark is strict, so once a page arrives its test fails as "XPASS" until the
#: lead deletes its entry here. This list must end up empty.
NOT_YET_MERGED = {
    "Xenithrax": "Heroscape's Example 20 (features/heroscape) is not merged yet",
}


def _params() -> list[object]:
    return [
        pytest.param(s, marks=pytest.mark.xfail(reason=NOT_YET_MERGED[s.query], strict=True))
        if s.query in NOT_YET_MERGED
        else s
        for s in SEARCHES
    ]


def search(page: Page, site_url: str, query: str) -> list[str]:
    """Type `query` into the site's search box and return the addresses of the results, in order."""
    page.goto(site_url)
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query)
    page.locator(".md-search-result__meta").filter(has_text=re.compile(r"match|result", re.I)).wait_for()
    items = page.locator(".md-search-result__item")
    if items.count():
        items.first.wait_for()
    return [link.get_attribute("href") or "" for link in page.locator("a.md-search-result__link").all()]


@pytest.mark.parametrize("case", _params(), ids=lambda s: s.query)
def test_search_finds(page: Page, site_url: str, case: Search) -> None:
    hrefs = search(page, site_url, case.query)
    sections = [h for h in hrefs if "#" in h]
    matching = [h for h in sections if re.search(case.where, h)]
    assert matching, f"searching {case.query!r} lists no result matching {case.where!r}: {hrefs}"
    if case.first:
        assert re.search(case.where, sections[0]), f"searching {case.query!r} lists {sections[0]} first"
