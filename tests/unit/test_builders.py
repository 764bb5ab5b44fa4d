"""The sites MkDocs and ProperDocs build carry no address nobody configured, and the pages they read name no builder.

That both builders publish the same rulebook (the same pages, the same text) is checked on
the strict builds `make test` makes: `python -m tests.site_text site build/site-properdocs`
compares every page of the two (see `tests.site_text`), instead of building them again here.
These tests read the hostile site that `tests/hostile/test_site.py` has built with each
builder (`tests.hostile.site.shared_hostile_site`: the same `mkdocs.yml`, `docs/` and page
generator, from the hostile corpus), so they add no build of their own.
"""

from __future__ import annotations

import pytest

from tests.hostile.site import BUILDERS, shared_hostile_site

pytest.importorskip("properdocs", reason="the dev extra installs ProperDocs")


def test_no_address_is_invented_when_none_is_configured() -> None:
    """Built without BATTLEBOOK_SITE_URL and BATTLEBOOK_REPO_URL, no page links to a canonical or repository address."""
    for builder in BUILDERS:
        with shared_hostile_site(builder=builder) as (site, _):
            home = (site / "index.html").read_text(encoding="utf-8")
            chapter = (site / "rulebook" / "hostile" / "names" / "index.html").read_text(encoding="utf-8")
            reference = (site / "reference" / "units" / "index.html").read_text(encoding="utf-8")
        for page in (home, chapter, reference):
            assert 'rel="canonical"' not in page and 'class="md-source"' not in page, builder
            assert "github.com" not in page and "battlebook.github.io" not in page, builder


def test_the_pages_name_no_builder_of_their_own() -> None:
    """The generated pages are plain files: no builder-specific marker, directive or hook reaches them."""
    with shared_hostile_site(builder=BUILDERS[0]) as (site, _):
        pages = site.parent / "build" / "pages" / "docs"
        texts = [path.read_text(encoding="utf-8") for path in pages.rglob("*.md")]
    assert texts and not [text for text in texts if "bb-prose " in text or "rulebook.generated" in text]
