"""Runs every example of every feature file under `features/` (or those named by `--battlebook-features`).

A new feature file needs no change here. The step definitions come from the step
language's pytest plugin (`battlebook.language.plugin`), which the project's pytest
configuration loads (`-p battlebook.language.plugin` in `addopts`); the session's run
([`battlebook.language.run`][battlebook.language.run]) fills the marker below with one test
per example. Every file must declare its game (`@game:` on its Feature).
"""

from __future__ import annotations

from pathlib import Path

from battlebook.language.run import Examples

ROOT = Path(__file__).resolve().parent.parent

examples = Examples(default=(ROOT / "features",), root=ROOT, declared=True)
