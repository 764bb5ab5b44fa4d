"""A player's install: the wheel, with the check extra, in a fresh virtualenv, used far from the repository."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.package.tools import ROOT, run


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


def test_a_players_install_has_no_sympy_and_its_odds_run(player: tuple[Path, Path]) -> None:
    """sympy prints the odds pages' formulas and comes with the `site` extra: a player's commands never need it."""
    battlebook, folder = player
    python = battlebook.parent / "python"
    done = run([str(python), "-c", "import importlib.util as u; print(u.find_spec('sympy'))"], folder)
    assert done.stdout.strip() == "None", "battlebook[check] installs sympy"
    done = run([str(battlebook), "odds", "heroscape", "--attack", "2", "--defense", "4"], folder)
    assert done.returncode == 0 and "wound" in done.stdout.lower(), done.stdout + done.stderr
