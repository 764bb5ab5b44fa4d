"""Every page of the built site loads cleanly in Chromium, and shows only verified examples."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from battlebook.rulebook.model import feature_paths, load_book
from battlebook.rulebook.site import page_uri
from tests.browser.conftest import ROOT, Problems, site_pages

PAGES = site_pages()
RULEBOOK_PAGES = [p for p in PAGES if p.startswith("rulebook/")]
#: The pages made from feature files: each shows examples, each with a badge.
CHAPTER_PAGES = sorted(
    page_uri(feature).removesuffix(".md") + "/" for feature in load_book(feature_paths([ROOT / "features"]), ROOT)
)


def test_the_site_has_rulebook_pages() -> None:
    assert RULEBOOK_PAGES, "the built site has no rulebook pages"


def test_every_chapter_page_was_built() -> None:
    assert set(CHAPTER_PAGES) <= set(RULEBOOK_PAGES)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p or "home")
def test_page_loads_cleanly_and_shows_only_verified_examples(
    page: Page, page_problems: Problems, site_url: str, path: str
) -> None:
    """One visit per page: no console error, no failed request, and on a chapter every badge verified.

    Every page loads the same scripts, which fetch the search index after the load event:
    the home page waits for the network to fall idle to catch those; the others wait for
    their own load event (images, styles, scripts), which is what differs between pages.
    """
    response = page.goto(site_url + path, wait_until="networkidle" if path == "" else "load")
    assert response is not None and response.ok, f"{path or 'home'}: HTTP {response and response.status}"
    assert page.locator("h1").first.is_visible()
    assert page_problems.console == [], f"console errors on {path or 'home'}"
    assert page_problems.requests == [], f"failed requests on {path or 'home'}"
    if path in CHAPTER_PAGES:
        texts = [text.strip() for text in page.locator(".bb-example").all_inner_texts()]
        assert texts, f"{path} shows no example badges"
        assert set(texts) == {"verified"}, f"{path}: badges read {sorted(set(texts))}"
