"""Fixtures shared by the unit tests.

`pages`: the rulebook's generated pages (the Engine API's left out), made once per test
process for every module that reads them (`test_site_pages.py`, `test_reference_links.py`)
instead of once per module: a generation runs the whole book through the page generator.
Tests read it and must not change it.
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
