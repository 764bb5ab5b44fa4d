"""`battlebook check` runs a player's file that declares no game: it guesses, and says so.

The rulebook's files declare their game (`@game:` on the Feature); a player's own file may
not. The check then reads each example as the game its lines show, and its report says
what it guessed and how to declare it; a declared file gets no such note.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from battlebook.cli import main
from battlebook.runners.check import format_report, run_check

HEROSCAPE = '''Feature: My Heroscape question
  Example: Two skulls against one shield
    Given the battlefield:
      """
      1Z1 1A1
      Z1 = Zettian Guards (Red)
      A1 = Airborne Elite (Blue)
      """
    When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, skull against shield, blank
    Then the attack destroys the Airborne Elite A1
'''
NOTE = (
    "note: the file declares no game: its examples were read as Heroscape, guessed from their lines; "
    "declare it with @game:heroscape on the line above `Feature:`"
)


def test_an_undeclared_file_runs_and_the_report_says_what_was_guessed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "mine.feature"
    path.write_text("@edition:2004\n" + HEROSCAPE, encoding="utf-8")
    assert main(["check", "mine.feature"]) == 0
    out = capsys.readouterr().out
    assert NOTE in out
    assert "1 example: 1 passed" in out


def test_a_declared_file_gets_no_guess(tmp_path: Path) -> None:
    path = tmp_path / "mine.feature"
    path.write_text("@game:heroscape @edition:2004\n" + HEROSCAPE, encoding="utf-8")
    report = run_check([path], tmp_path)
    assert report.ok and report.guesses == []
    assert "guessed" not in format_report(report)


def test_a_guessed_example_with_an_undefined_line_says_it_was_guessed(tmp_path: Path) -> None:
    path = tmp_path / "mine.feature"
    path.write_text(
        "@edition:2004\n" + HEROSCAPE.replace("Then the attack destroys", "Then the attack obliterates"),
        encoding="utf-8",
    )
    out = format_report(run_check([path], tmp_path))
    assert NOTE in out
    assert "(the example was read as Heroscape: guessed, most of its lines are Heroscape steps;" in out
    assert "tag it or its Rule @game:homm to read it as Heroes of Might & Magic IV)" in out
