"""The wheel, built once for the whole run, and the virtualenvs the package tests install it into.

pytest-xdist may spread these tests over several workers: the first one to need the wheel
builds it into a folder all workers share, under a lock, and the others take it from there
(the pattern pytest-xdist documents for a session fixture that must run once).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sys
import venv
from pathlib import Path

import pytest

from tests.package.tools import ROOT, pip_install, run


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The battlebook wheel built from this checkout, once per run (shared by pytest-xdist's workers)."""
    base = tmp_path_factory.getbasetemp()
    # Under pytest-xdist each worker's folder sits in the run's own folder, which they share.
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "battlebook-wheel"
    shared.mkdir(exist_ok=True)
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            built = sorted(shared.glob("battlebook-*.whl"))
            if not built:
                # Built from a copy of what the package is made of: setuptools builds in the
                # source folder's build/lib and keeps what it copied there on earlier builds, so
                # a module deleted or renamed since would still ship from the checkout itself.
                source = shared / "source"
                shutil.rmtree(source, ignore_errors=True)
                source.mkdir()
                for name in ("pyproject.toml", "README.md", "LICENSE"):
                    shutil.copy2(ROOT / name, source / name)
                shutil.copytree(
                    ROOT / "engine", source / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
                )
                # The backend installed with the dev extra builds it (no isolated build environment to set up first).
                command = [
                    "-m",
                    "pip",
                    "wheel",
                    "--no-deps",
                    "--no-build-isolation",
                    "-q",
                    "-w",
                    str(shared),
                    str(source),
                ]
                done = run([sys.executable, *command], source)
                assert done.returncode == 0, done.stderr
                built = sorted(shared.glob("battlebook-*.whl"))
            return built[0]
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _virtualenv(base: Path, requirement: str) -> Path:
    """A fresh virtualenv under `base` with `requirement` installed: its folder."""
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=False)
    installed = pip_install(env_dir, requirement, base)
    assert installed.returncode == 0, installed.stderr
    return env_dir


@pytest.fixture(scope="session")
def bare(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> tuple[Path, Path, Path]:
    """A fresh virtualenv with only the wheel (no extra), the wheel, and an empty folder to work in."""
    base = tmp_path_factory.mktemp("bare")
    env_dir = _virtualenv(base, str(wheel))
    folder = base / "somewhere"
    folder.mkdir()
    return env_dir / "bin" / "battlebook", wheel, folder


@pytest.fixture(scope="session")
def player(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> tuple[Path, Path]:
    """A fresh virtualenv with the wheel and its check extra, and an empty folder to work in."""
    base = tmp_path_factory.mktemp("player")
    env_dir = _virtualenv(base, f"{wheel}[check]")
    folder = base / "somewhere"
    folder.mkdir()
    return env_dir / "bin" / "battlebook", folder
