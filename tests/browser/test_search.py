"""The site's search finds rules and examples by the words readers use."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page

from battlebook.rulebook.model import feature_paths, load_book
from battlebook.rulebook.site import page_uri
from tests.browser.conftest import ROOT


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


def _section_holding(example_prefix: str) -> str:
    """The search-result address of the rule section that holds the example named `example_prefix`...

    Examples are part of their rule's search section (see `battlebook.rulebook.render`), so a
    search that finds an example lists the rule section it stands in.
    """
    for feature in load_book(feature_paths([ROOT / "features"]), ROOT):
        for rule, example in feature.examples():
            if rule is not None and example.name.startswith(example_prefix):
                page = page_uri(feature).removesuffix(".md")
                return "/" + re.escape(page) + r"/(\?[^#]*)?#" + re.escape(rule.id) + "$"
    raise AssertionError(f"no example named {example_prefix!r}...")


#: Heroscape's Example 20 (the Knave against Xenithrax), wherever its chapter puts it.
EXAMPLE_20 = _section_holding("Example 20")

SEARCHES = [
    Search("melee", r"/rulebook/homm/melee/(\?[^#]*)?#homm\.melee-attack$", first=True),
    Search("swarm", r"/rulebook/homm/[^#]+#homm\.[a-z-]*swarm", first=True),
    Search("breeched", r"/rulebook/homm/[^#]+#homm\.[a-z-]*wall", first=False),
    Search("Xenithrax", EXAMPLE_20, first=True),
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


@pytest.mark.parametrize("case", SEARCHES, ids=lambda s: s.query)
def test_search_finds(page: Page, site_url: str, case: Search) -> None:
    hrefs = search(page, site_url, case.query)
    sections = [h for h in hrefs if "#" in h]
    matching = [h for h in sections if re.search(case.where, h)]
    assert matching, f"searching {case.query!r} lists no result matching {case.where!r}: {hrefs}"
    if case.first:
        assert re.search(case.where, sections[0]), f"searching {case.query!r} lists {sections[0]} first"
