"""Every page of the built site loads cleanly in Chromium, and shows only verified examples."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from engine.rulebook.model import feature_paths, load_book
from engine.rulebook.site import page_uri
from tests.browser.conftest import ROOT, Problems, site_pages

PAGES = site_pages()
RULEBOOK_PAGES = [p for p in PAGES if p.startswith("rulebook/")]
#: The pages made from feature files: each shows examples, each with a badge.
CHAPTER_PAGES = sorted(
    page_uri(feature).removesuffix(".md") + "/" for feature in load_book(feature_paths([ROOT / "features"]), ROOT)
)


def test_the_site_has_rulebook_pages() -> None:
    assert RULEBOOK_PAGES, "the built site has no rulebook pages"


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p or "home")
def test_page_loads_without_console_errors_or_failed_requests(
    page: Page, page_problems: Problems, site_url: str, path: str
) -> None:
    response = page.goto(site_url + path, wait_until="networkidle")
    assert response is not None and response.ok, f"{path or 'home'}: HTTP {response and response.status}"
    assert page.locator("h1").first.is_visible()
    assert page_problems.console == [], f"console errors on {path or 'home'}"
    assert page_problems.requests == [], f"failed requests on {path or 'home'}"


def test_every_chapter_page_was_built() -> None:
    assert set(CHAPTER_PAGES) <= set(RULEBOOK_PAGES)


@pytest.mark.parametrize("path", CHAPTER_PAGES)
def test_every_example_badge_reads_verified(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    badges = page.locator(".bb-example")
    texts = [text.strip() for text in badges.all_inner_texts()]
    assert texts, f"{path} shows no example badges"
    assert set(texts) == {"verified"}, f"{path}: badges read {sorted(set(texts))}"
