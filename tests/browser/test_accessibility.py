"""axe-core finds no serious or critical violation on any page of the site, in light or dark mode.

axe-core comes from the npm registry (`package.json`, installed by `npm ci`) and is
injected into each page by the test: the published site never carries it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.a11y import FAILING_IMPACTS, axe_results, set_scheme
from tests.browser.conftest import site_pages

PAGES = site_pages()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES, ids=lambda p: p or "home")
def test_no_serious_accessibility_violation(page: Page, site_url: str, path: str, scheme: str) -> None:
    set_scheme(page, scheme)
    response = page.goto(site_url + path)
    assert response is not None and response.ok, f"{path or 'home'}: HTTP {response and response.status}"
    expected = "slate" if scheme == "dark" else "default"
    assert page.locator("body").get_attribute("data-md-color-scheme") == expected, f"the page is not in {scheme} mode"
    found = [v for v in axe_results(page) if v["impact"] in FAILING_IMPACTS]
    report = [
        f"{v['id']} ({v['impact']}, {len(v['nodes']) if isinstance(v['nodes'], list) else '?'} nodes): {v['help']}; "
        f"first at {v['nodes'][0]['target'] if isinstance(v['nodes'], list) and v['nodes'] else '?'}"
        for v in found
    ]
    assert not found, f"{path or 'home'} in {scheme} mode:\n" + "\n".join(report)
