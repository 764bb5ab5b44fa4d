"""Helpers of the package tests: commands run as a player's shell runs them, installs into a fresh virtualenv."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(
    command: list[str], cwd: Path, timeout: float = 300, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `command` in `cwd` with none of the project's or pytest's variables set (but those of `env`)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("BATTLEBOOK_", "PYTEST_", "VIRTUAL_ENV"))}
    clean.update(env or {})
    return subprocess.run(command, cwd=cwd, env=clean, capture_output=True, text=True, timeout=timeout, check=False)


def pip_install(env_dir: Path, requirement: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`pip install requirement` into the virtualenv `env_dir`, resolving its dependencies as a player's pip does.

    The pip of the environment running the tests does the install (`--python`): the new
    virtualenv is made without pip of its own, which would cost more than the rest of the
    install. Only the new virtualenv's interpreter and its empty site-packages take part.
    """
    pip = (sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"), "install")
    return run([*pip, "-q", "--no-compile", "--disable-pip-version-check", requirement], cwd)
