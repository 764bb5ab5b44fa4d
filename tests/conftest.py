"""Test configuration: the rulebook recorder and every step module, loaded as plugins."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.register_assert_rewrite("tests.steps")

pytest_plugins = [
    "engine.rulebook.pytest_plugin",
    *sorted(
        f"tests.steps.{module.stem}"
        for module in (Path(__file__).parent / "steps").glob("*.py")
        if not module.name.startswith("_")
    ),
]
