"""The site served from a folder whose name holds a `%` not followed by two hex digits (issue 36).

`decodeURI` refuses such an address (a URIError), and the search died on it. The hostile
site (built by the hostile suite, see `tests.hostile.site`) is served under `/a%zz/`; the
search must still answer.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.search_queries import search_hrefs
from tests.hostile.site import shared_hostile_site

PREFIX = "/a%zz/"


class _Prefixed(http.server.SimpleHTTPRequestHandler):
    """Serves the site under `PREFIX` only, the folder name kept as it is written."""

    def log_message(self, format: str, *args: object) -> None:
        """No access log."""

    def translate_path(self, path: str) -> str:
        """The site's file for an address under `PREFIX`; any other address is missing."""
        if not path.startswith(PREFIX):
            return str(self.directory) + "/no such file"
        return super().translate_path("/" + path.removeprefix(PREFIX))


@pytest.fixture(scope="module")
def odd_site() -> Iterator[str]:
    """The hostile site served under `PREFIX`: its address."""
    with shared_hostile_site() as (site, _):
        handler = functools.partial(_Prefixed, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"http://127.0.0.1:{server.server_port}{PREFIX}"
        server.shutdown()
        server.server_close()


def test_the_search_answers_on_a_site_under_an_odd_folder(browser: BrowserContext, odd_site: str) -> None:
    page: Page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        response = page.goto(odd_site)
        assert response is not None and response.ok
        sections, _ = search_hrefs(page, odd_site, "golems")
        assert sections, "the search listed nothing"
    finally:
        page.close()
    assert not errors, errors
