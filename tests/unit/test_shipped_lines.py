"""The step lines shipped with the package match the rulebook (they feed the closest-step hints)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from battlebook.language.recorder import SHIPPED_LINES, shipped_lines_json
from battlebook.language.steps import load_step_modules
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "make lines"


def test_the_shipped_step_lines_are_those_of_the_rulebook() -> None:
    load_step_modules()
    expected = shipped_lines_json(rulebook())
    shipped = resources.files("battlebook.language.steps").joinpath(SHIPPED_LINES).read_text(encoding="utf-8")
    assert shipped == expected, f"engine/battlebook/language/steps/{SHIPPED_LINES} is stale: run `{REGENERATE}`"
