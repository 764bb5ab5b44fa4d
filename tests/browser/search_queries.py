"""Questions players type into the search box, and the section each must land on.

Shared by the browser test of the ranking (`test_search.py`) and the figures script
(`benchmarks/reading_figures.py`). Each query names the rule (or reference entry) that
answers it; the search must list that section first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from playwright.sync_api import Page


@dataclass(frozen=True)
class Query:
    """A question and the sections that answer it.

    Attributes:
        text: What the reader types.
        anchors: The `#anchor`s of the sections that answer it (a rule id, or a reference entry).
    """

    text: str
    anchors: tuple[str, ...]

    def matches(self, href: str) -> bool:
        """Whether a result's address is one of the answering sections."""
        return href.rsplit("#", 1)[-1] in self.anchors if "#" in href else False


def _q(text: str, *anchors: str) -> Query:
    return Query(text, anchors)


QUERIES = [
    _q("retaliate ranged", "homm.retaliation"),
    _q("can I retaliate against a spell", "homm.retaliation"),
    _q("half round up", "homm.town-ranged-penalties"),
    _q("double-space", "heroscape.battlefield"),
    _q("Gold Golem", "unit-gold-golem"),
    _q("Behemoth", "unit-behemoth"),
    _q("swarm", "homm.swarming"),
    _q("protect", "homm.protecting"),
    _q("height advantage", "heroscape.height-advantage"),
    _q("line of sight", "heroscape.line-of-sight"),
    _q("surrender", "homm.surrendering"),
    _q("withdraw", "homm.withdrawing"),
    _q("reorganize", "homm.reorganizing"),
    _q("walls breached", "homm.town-walls"),
    _q("wounds", "heroscape.life"),
    _q("glyph", "heroscape.glyphs"),
    _q("attack my own figure", "heroscape.attacking-friendly-figures"),
    _q("skulls shields", "heroscape.attack-outcome"),
    _q("how far can I shoot", "heroscape.range"),
    _q("sac value", "homm.sacrificing-for-support"),
    _q("swat", "homm.swatting"),
    _q("who attacks first", "homm.phases-and-rounds"),
    _q("common army card", "heroscape.common-army-cards"),
    _q("town card defense", "homm.town-card"),
]


def search_hrefs(page: Page, base: str, query: str) -> tuple[list[str], set[str]]:
    """Type `query` into the site's search box: every section listed, in order, and those shown directly.

    A section is a result whose address has an `#anchor`; those folded under "N more on
    this page" are listed but not shown directly. The page is loaded only when it is not at
    `base` already: searches follow each other in one page, as a reader's do.

    The theme reads the box on each key released, asks its search worker, and on the answer
    writes the count of results and the first results in one go (more only on scrolling). So
    the whole query goes into the box at once, one key release sends it, and the answer is in
    when the count, blanked before, is written again.
    """
    if page.url != base:
        page.goto(base)
    box = page.locator("input.md-search__input")
    box.click()
    if box.input_value() != query:  # the same query again would send nothing, and its answer is shown
        page.evaluate("() => { document.querySelector('.md-search-result__meta').textContent = ''; }")
        box.fill(query)
        box.press("End")
        page.wait_for_function(
            "() => document.querySelector('.md-search-result__meta').textContent !== ''", timeout=30_000
        )
    meta = page.locator(".md-search-result__meta").inner_text()
    assert re.search(r"match|result", meta, re.I), f"searching {query!r}: the search reads {meta!r}"
    listed: list[tuple[str, bool]] = page.evaluate(
        """() => [...document.querySelectorAll("a.md-search-result__link")].map(link => {
            const box = link.getBoundingClientRect();  // shown: as Playwright's is_visible() has it
            const shown = link.checkVisibility() && box.width > 0 && box.height > 0
                && getComputedStyle(link).visibility !== "hidden";
            return [link.getAttribute("href") || "", shown];
        })"""
    )
    shown = {href for href, visible in listed if "#" in href and visible}
    return [href for href, _ in listed if "#" in href], shown
