"""A site built from the hostile corpus publishes every payload inert (see `tests.hostile.site`).

This reads the built HTML; `tests/browser/test_injection.py` opens the same pages in Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.site import build_hostile_site, site_verdicts

pytest.importorskip("mkdocs", reason="the site extra builds the rulebook")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """The hostile site and its build's output."""
    yield build_hostile_site(tmp_path_factory.mktemp("hostile-site"))


def test_every_payload_is_published_inert(built: tuple[Path, str]) -> None:
    problems = [
        f"{v.outcome}: {v.attempt.id}: {v.detail}" for v in site_verdicts(*built) if v.outcome != "handled well"
    ]
    assert not problems, "\n".join(problems)


def test_names_are_shown_as_text(built: tuple[Path, str]) -> None:
    site, _ = built
    page = (site / "rulebook" / "hostile" / "names" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;window.bbPwned" in page or "&#60;script&#62;window.bbPwned" in page


def test_a_page_title_cannot_close_the_title_element(built: tuple[Path, str]) -> None:
    site, _ = built
    page = (site / "rulebook" / "hostile" / "names" / "index.html").read_text(encoding="utf-8")
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    assert "<" not in title and "&lt;script&gt;" in title


def test_every_page_forbids_inline_script_but_the_themes(built: tuple[Path, str]) -> None:
    site, _ = built
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if "<head" not in html:
            continue
        head = html.split("<head", 1)[1].split(">", 1)[1]
        assert head.startswith('<meta http-equiv="Content-Security-Policy" content="script-src \'self\''), page
        policy = head.split('content="', 1)[1].split('"', 1)[0]
        assert "'unsafe-inline'" not in policy and "object-src 'none'" in policy, page
