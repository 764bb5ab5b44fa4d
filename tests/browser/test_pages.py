"""Every page of the built site, once: it loads cleanly and shows only verified examples.

These checks are cheap, so `make test` runs them on every page; axe-core's accessibility
checks are in `test_a11y.py` (one page of each kind in `make test`, every page in `make a11y`).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from battlebook.rulebook.site import page_uri
from tests.browser.conftest import Problems, address, book, every_page
from tests.browser.templates import NOT_FOUND

PAGES = every_page()
RULEBOOK_PAGES = [p for p in PAGES if p.startswith("rulebook/")]
#: The pages made from feature files: each shows examples, each with a badge.
CHAPTER_PAGES = sorted(page_uri(feature).removesuffix(".md") + "/" for feature in book())
#: The search index, which every page's scripts fetch after the load event.
SEARCH_INDEX = "search/search_index.json"


def test_the_site_has_rulebook_pages() -> None:
    assert RULEBOOK_PAGES, "the built site has no rulebook pages"


def test_every_chapter_page_was_built() -> None:
    assert set(CHAPTER_PAGES) <= set(RULEBOOK_PAGES)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p or "home")
def test_page_loads_cleanly(page: Page, page_problems: Problems, site_url: str, path: str) -> None:
    """One visit per page: no console error, no failed request, on a chapter every badge verified.

    Every page loads the same scripts, which fetch the search index after the load event: the
    home page also waits for that request to finish; the others wait for their own load event
    (images, styles, scripts), which is what differs between pages. The page for a missing
    address is shown at one, with the status 404, which is then no failed request.
    """
    name = path or "home"
    url = address(site_url, path)
    if path == "":
        with page.expect_request_finished(lambda request: request.url.endswith(SEARCH_INDEX)):
            response = page.goto(url)
    else:
        response = page.goto(url)
    assert response is not None, f"{name}: no response"
    if path == NOT_FOUND:
        assert response.status == 404, f"{name}: HTTP {response.status} at a missing address"
        page_problems.requests.remove(f"GET {url}: HTTP 404")
        # Chromium logs the status of the page itself too.
        console = page_problems.console
        console[:] = [line for line in console if not ("status of 404" in line and line.endswith(f"({url})"))]
    else:
        assert response.ok, f"{name}: HTTP {response.status}"
    assert page.locator("h1").first.is_visible()
    if path in CHAPTER_PAGES:
        texts = [text.strip() for text in page.locator(".bb-example").all_inner_texts()]
        assert texts, f"{path} shows no example badges"
        assert set(texts) == {"verified"}, f"{path}: badges read {sorted(set(texts))}"
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default", f"{name} is not in light mode"
    assert page_problems.console == [], f"console errors on {name}"
    assert page_problems.requests == [], f"failed requests on {name}"
