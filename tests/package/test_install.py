"""A player's install: the wheel, with the check extra, in a fresh virtualenv, used far from the repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(command: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BATTLEBOOK_", "PYTEST_", "VIRTUAL_ENV"))}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)


def pip_install(env_dir: Path, requirement: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`pip install requirement` into the virtualenv `env_dir`, resolving its dependencies as a player's pip does.

    The pip of the environment running the tests does the install (`--python`): the new
    virtualenv is made without pip of its own, which would cost more than the rest of the
    install. Only the new virtualenv's interpreter and its empty site-packages take part.
    """
    pip = (sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"), "install")
    return run([*pip, "-q", "--no-compile", "--disable-pip-version-check", requirement], cwd)


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """A fresh virtualenv with only the wheel (no extra), the wheel, and an empty folder to work in."""
    base = tmp_path_factory.mktemp("player")
    wheels = base / "wheels"
    # The backend installed with the dev extra builds it (no isolated build environment to set up first).
    wheel_command = ["-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels), str(ROOT)]
    built = run([sys.executable, *wheel_command], ROOT)
    assert built.returncode == 0, built.stderr
    wheel = next(wheels.glob("battlebook-*.whl"))
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=False)
    installed = pip_install(env_dir, str(wheel), base)
    assert installed.returncode == 0, installed.stderr
    folder = base / "somewhere"
    folder.mkdir()
    return env_dir / "bin" / "battlebook", wheel, folder


@pytest.fixture(scope="module")
def player(bare: tuple[Path, Path, Path]) -> tuple[Path, Path]:
    """The same virtualenv once the check extra is installed."""
    battlebook, wheel, folder = bare
    installed = pip_install(battlebook.parent.parent, f"{wheel}[check]", folder)
    assert installed.returncode == 0, installed.stderr
    return battlebook, folder


def test_without_the_extra_check_and_steps_say_which_extra_in_one_line(bare: tuple[Path, Path, Path]) -> None:
    battlebook, _, folder = bare
    for command in (["check", "x.feature"], ["steps"]):
        done = run([str(battlebook), *command], folder)
        assert done.returncode == 2
        assert done.stderr.strip().splitlines() == [
            f"battlebook {command[0]}: needs pytest, pytest-bdd and parse-type, not installed here: "
            "pip install 'battlebook[check]'"
        ]


def test_check_runs_a_copied_chapter(player: tuple[Path, Path]) -> None:
    battlebook, folder = player
    shutil.copy(ROOT / "features" / "homm" / "melee.feature", folder)
    done = run([str(battlebook), "check", "melee.feature"], folder)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 failed, 0 undefined" in done.stdout
    assert not (folder / ".battlebook").exists(), "a check records nothing in the player's folder"


def test_a_misspelt_step_lists_the_closest_steps(player: tuple[Path, Path]) -> None:
    battlebook, folder = player
    text = (ROOT / "features" / "homm" / "melee.feature").read_text(encoding="utf-8")
    (folder / "typo.feature").write_text(text.replace("in melee, rolling", "in mellee, rolling", 1), encoding="utf-8")
    done = run([str(battlebook), "check", "typo.feature"], folder)
    assert done.returncode == 1
    hint = done.stdout.split("the closest steps are:\n", 1)[1].splitlines()[0]
    assert hint.strip().startswith("When the {attacker} attack(s)"), done.stdout


def test_steps_finds_the_retaliation_steps(player: tuple[Path, Path]) -> None:
    battlebook, folder = player
    done = run([str(battlebook), "steps", "retaliate"], folder)
    assert done.returncode == 0, done.stderr
    assert "retaliate(s)" in done.stdout
