"""The reference pages a player reaches for: the glossary holds the terms every chapter leans on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

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
