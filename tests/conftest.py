"""Test configuration.

The step definitions and the rulebook recorder are not listed here: the installed
`battlebook` package provides them as a pytest plugin (entry point `battlebook.language.plugin`).

Every property test runs under one Hypothesis profile, `battlebook`: derandomized (the same
examples on every run, so CI never fails by chance), with no deadline (several properties
call sympy or play whole battles, whose time varies with the machine's load) and no
example database (nothing carried over from one run to the next). Set
`HYPOTHESIS_PROFILE=explore` to search with fresh random examples instead.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "battlebook",
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "battlebook"))


def pytest_configure(config: pytest.Config) -> None:
    """Register the `full` marker: the exhaustive sweeps that only the full tier runs."""
    config.addinivalue_line(
        "markers",
        "full: an exhaustive sweep of the full tier (`make full`, which CI runs after `make test`); "
        "`make test` runs a sample of it (`-m 'not full'`)",
    )


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--a11y`: which pages the browser tests check with axe-core (see `tests/browser/test_a11y.py`)."""
    parser.addoption(
        "--a11y",
        choices=("templates", "every-page"),
        default="templates",
        help="axe-core on one page of each kind (make test), or on every page (make a11y)",
    )
