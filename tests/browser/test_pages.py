"""Every page of the built site, once: it loads cleanly, shows only verified examples, and where
it is checked, axe-core finds no serious or critical violation on it in light nor in dark mode.

The load checks are cheap, so every page gets them. axe-core is not: `make test` runs it on
the page chosen for each kind of page (`tests.browser.templates`), in the same visit, and
`make a11y` (`--a11y=every-page`, run by CI after `make test`) on every page. The checks
of the checker itself are in `test_a11y.py`.

axe-core comes from the npm registry (`package.json`, installed by `npm ci`) and is
injected into each page by the test: the published site never carries it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from battlebook.site.pages import page_uri
from tests.browser.a11y import assert_accessible_in_light_and_dark
from tests.browser.conftest import SITE, Problems, address, book, every_page
from tests.browser.templates import NOT_FOUND, templates

PAGES = every_page()
RULEBOOK_PAGES = [p for p in PAGES if p.startswith("rulebook/")]
#: The pages made from feature files: each shows examples, each with a badge.
CHAPTER_PAGES = sorted(page_uri(feature).removesuffix(".md") + "/" for feature in book())


@dataclass(frozen=True)
class Visit:
    """One page to visit, and whether axe-core checks it: as the page chosen for `kinds`, or as every page is."""

    path: str
    kinds: tuple[str, ...] = ()
    every: bool = False

    @property
    def axe(self) -> bool:
        """Whether axe-core checks the page on this visit."""
        return self.every or bool(self.kinds)

    def __str__(self) -> str:
        return (self.path or "home") + (" +axe" if self.axe else "")


def chosen_pages() -> dict[str, list[str]]:
    """The page chosen for each kind of page the site has, with the kinds it stands for.

    A kind with no page is left out here: `test_a11y.py` fails naming it.
    """
    chosen: dict[str, list[str]] = {}
    for kind in templates(book()):
        if any(kind.matches(page) for page in PAGES):
            chosen.setdefault(kind.choose(PAGES, SITE), []).append(kind.name)
    return chosen


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """One visit per page; axe-core on the pages chosen by kind, or with `--a11y=every-page` on all."""
    if "visit" not in metafunc.fixturenames:
        return
    every = metafunc.config.getoption("a11y", default="templates") == "every-page"
    chosen = chosen_pages()
    visits = [Visit(path, tuple(chosen.get(path, ())), every) for path in PAGES]
    # The page chosen for each kind is in the browser smoke of `make test`.
    params = [pytest.param(v, marks=pytest.mark.smoke) if v.kinds else v for v in visits]
    metafunc.parametrize("visit", params, ids=str)


@pytest.mark.smoke
def test_the_site_has_rulebook_pages() -> None:
    assert RULEBOOK_PAGES, "the built site has no rulebook pages"


@pytest.mark.smoke
def test_every_chapter_page_was_built() -> None:
    assert set(CHAPTER_PAGES) <= set(RULEBOOK_PAGES)


def test_page(page: Page, page_problems: Problems, site_url: str, visit: Visit) -> None:
    """One visit per page: no console error, no failed request, on a chapter every badge verified;
    then, where it is checked, axe-core in light mode and again once the palette toggle turned it dark.

    Every page waits for its own load event (images, styles, scripts); the search index is
    fetched only when the search is opened (`test_search.py`). The page for a missing
    address is shown at one, with the status 404, which is then no failed request.
    """
    path = visit.path
    name = path or "home"
    url = address(site_url, path)
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
    expect(page.locator("h1").first).to_be_visible()
    if path in CHAPTER_PAGES:
        texts = [text.strip() for text in page.locator(".bb-example").all_inner_texts()]
        assert texts, f"{path} shows no example badges"
        assert set(texts) == {"verified"}, f"{path}: badges read {sorted(set(texts))}"
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default", f"{name} is not in light mode"
    if visit.axe:
        for kind in templates(book()):
            if kind.name in visit.kinds and kind.holds:  # what the page's scripts build is checked too
                page.locator(kind.holds).first.wait_for(state="attached")
        assert_accessible_in_light_and_dark(page, f"{name} ({', '.join(visit.kinds) or 'every page'})")
    assert page_problems.console == [], f"console errors on {name}"
    assert page_problems.requests == [], f"failed requests on {name}"
