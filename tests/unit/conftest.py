"""Fixtures shared by the unit tests.

`pages`: the rulebook's generated pages (the Engine API's left out), made once per test
process for every module that reads them (`test_site_pages.py`, `test_reference_links.py`)
instead of once per module: a generation runs the whole book through the page generator.
Tests read it and must not change it. Under pytest-xdist (`make test` runs `--dist loadgroup`)
every test reading it runs on one worker (the group `pages`), so the pages are generated once
per run, not once per worker.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from battlebook.site.pages import Pages, generate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def pages() -> Pages:
    """The pages the generator makes from this project's own book, without the module pages."""
    return generate(ROOT, api=False)


def pytest_configure(config: pytest.Config) -> None:
    """Register pytest-xdist's group marker, also for runs without pytest-xdist (`-p no:xdist`)."""
    config.addinivalue_line("markers", "xdist_group(name): run these tests on one pytest-xdist worker")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that read the generated pages form one pytest-xdist group (see the module)."""
    for item in items:
        if "pages" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("pages"))
