"""MkDocs and ProperDocs publish the same rulebook: the same pages, the same text.

Both build the pages the generator wrote from the rulebook's own chapters (see
`tests.hostile.site`, `features="rulebook"`; the Engine API's pages are left out, as the
hostile site leaves them out), each build finished by `battlebook site finish`. Every
rulebook, reference and odds page is compared by its text (`tests.site_text`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.site import BUILDERS, shared_hostile_site
from tests.site_text import differences, site_pages

pytest.importorskip("properdocs", reason="the dev extra installs ProperDocs")

#: The reader's pages: the chapters, the rulings, the reference pages, the odds pages, the home page.
READERS_PAGES = ("rulebook/", "reference/", "odds/", "playground/", "contributing/")


def test_both_builders_publish_the_same_rulebook() -> None:
    with (
        shared_hostile_site(builder=BUILDERS[0], features="rulebook") as (first, first_output),
        shared_hostile_site(builder=BUILDERS[1], features="rulebook") as (second, second_output),
    ):
        a = site_pages(first, READERS_PAGES)
        b = site_pages(second, READERS_PAGES)
        home = (site_pages(first, ("",))[""], site_pages(second, ("",))[""])
    assert len(a) > 30, f"{BUILDERS[0]} built {len(a)} reader's pages"
    assert differences(a, b) == []
    assert home[0] == home[1]
    for output in (first_output, second_output):
        assert "checked: every page has the policy, none holds live script" in output, output[-2000:]


def test_no_address_is_invented_when_none_is_configured() -> None:
    """Built without BATTLEBOOK_SITE_URL and BATTLEBOOK_REPO_URL, no page links to a canonical or repository address."""
    for builder in BUILDERS:
        with shared_hostile_site(builder=builder, features="rulebook") as (site, _):
            home = (site / "index.html").read_text(encoding="utf-8")
            chapter = (site / "rulebook" / "homm" / "melee" / "index.html").read_text(encoding="utf-8")
        for page in (home, chapter):
            assert 'rel="canonical"' not in page and 'class="md-source"' not in page, builder
            assert "github.com" not in page and "battlebook.github.io" not in page, builder


def test_the_pages_name_no_builder_of_their_own(tmp_path: Path) -> None:
    """The generated pages are plain files: no builder-specific marker, directive or hook reaches them."""
    with shared_hostile_site(builder=BUILDERS[0], features="rulebook") as (site, _):
        pages = site.parent / "build" / "pages" / "docs"
        texts = [path.read_text(encoding="utf-8") for path in pages.rglob("*.md")]
    assert texts and not [text for text in texts if "bb-prose " in text or "rulebook.generated" in text]
