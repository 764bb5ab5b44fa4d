"""`battlebook check`: what it says about each kind of example, and its exit statuses."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from battlebook.cli import main
from battlebook.runners.check import CheckUsageError, check_paths

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "docs" / "files" / "ruling.feature"

HEADER = """Feature: A player's question
  Background:
    Given a battle in the open field

  @id:player.question @source:001/making-melee-attacks
  Rule: Score plus roll must reach the defense
"""
GOLEMS_VS_BEHEMOTH = """      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
"""
EXAMPLES = {
    "passing": "    Example: Passing\n"
    + GOLEMS_VS_BEHEMOTH
    + "      When the Gold Golems attack the Behemoth in melee, rolling 6\n"
    + "      Then the attack kills the top card of the Behemoth\n",
    "failing": "    Example: Failing\n"
    + GOLEMS_VS_BEHEMOTH
    + "      When the Gold Golems attack the Behemoth in melee, rolling 5\n"
    + "      Then the attack kills the top card of the Behemoth\n",
    "undefined": "    Example: Undefined\n"
    + GOLEMS_VS_BEHEMOTH
    + "      When the Gold Golems attack the Behemoth in mellee, rolling 6\n"
    + "      Then the Behemoth stack has 1 card left\n",
    "unknown unit": "    Example: Unknown unit\n"
    + "      Given the Aggressor has a stack of 3 Dragons on its Melee Line\n"
    + "      Then the Behemoth stack has 1 card left\n",
    "missing stack": "    Example: Missing stack\n"
    + "      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line\n"
    + "      When the Gold Golems attack the Griffins in melee, rolling 5\n"
    + "      Then the Behemoth stack has 1 card left\n",
    "impossible state": "    Example: Impossible state\n"
    + "      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line\n"
    + "      And the die reads 1-10\n"
    + "      Then the Behemoth stack has 1 card left\n",
    "unchecked refusal": "    Example: Unchecked refusal\n"
    + "      Given the Aggressor has a stack of 3 Gold Golems on its Ranged Line\n"
    + "      And the Defender has a Behemoth on its Melee Line\n"
    + "      When the Gold Golems try to attack the Behemoth in melee\n"
    + "      Then the Behemoth stack has 1 card left\n",
}


def check(capsys: pytest.CaptureFixture[str], *paths: Path | str) -> tuple[int, str, str]:
    status = main(["check", *map(str, paths)])
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, *examples: str, name: str = "question.feature") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + "\n".join(EXAMPLES[e] for e in examples), encoding="utf-8")
    return path


def test_a_passing_file_exits_0_and_lists_rule_and_example(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = check(capsys, write(tmp_path, "passing"))
    assert status == 0, out
    assert "Rule player.question: Score plus roll must reach the defense" in out
    assert "passed     line 7: Passing" in out
    assert "1 example: 1 passed, 0 failed, 0 undefined" in out


def test_a_failure_shows_step_expected_actual_and_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = check(capsys, write(tmp_path, "passing", "failing"))
    assert status == 1
    assert "failed     line 13: Failing" in out
    assert "step (line 17): Then the attack kills the top card of the Behemoth" in out
    assert "expected: the attack kills the top card of the Behemoth" in out
    assert "actual:   the attack missed: 7 + 5 = 12 < 13" in out
    assert "rule:     player.question (Score plus roll must reach the defense)" in out
    assert "2 examples: 1 passed, 1 failed, 0 undefined" in out


def test_an_undefined_step_lists_the_three_closest_steps(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = check(capsys, write(tmp_path, "undefined"))
    assert status == 1
    assert "undefined  line 7: Undefined" in out
    assert "step (line 10): When the Gold Golems attack the Behemoth in mellee, rolling 6" in out
    hint = out.split("the closest steps are:\n", 1)[1].splitlines()[:3]
    assert hint[0].strip().startswith("When the {attacker} attack(s)")
    assert all(line.strip().split(" ", 1)[0] in ("Given", "When", "Then") for line in hint)


def test_the_closest_step_hint_reads_a_bounded_part_of_a_huge_line() -> None:
    """A line of a megabyte costs the hint what its first HINT_CHARS characters cost: the same answer."""
    from battlebook.language.catalogue import load_step_modules
    from battlebook.language.recorder import HINT_CHARS, closest_steps

    load_step_modules()
    line = "the Gold Golems atack the Behemoth in melee, rolling 6 " * 20_000
    assert closest_steps(line, game="homm") == closest_steps(line[:HINT_CHARS], game="homm")


def test_only_the_first_undefined_lines_of_a_run_get_the_closest_steps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from battlebook.language.recorder import HINT_LINES

    (tmp_path / "many.feature").write_text(
        HEADER
        + "    Example: Many\n"
        + GOLEMS_VS_BEHEMOTH
        + "".join(
            f"    Example: Undefined {n}\n"
            + GOLEMS_VS_BEHEMOTH
            + f"      Then the Behemoth stack has {n} cards lefft\n"
            for n in range(HINT_LINES + 3)
        ),
        encoding="utf-8",
    )
    status, out, _ = check(capsys, tmp_path / "many.feature")
    assert status == 1
    assert out.count("the closest steps are:") == HINT_LINES
    assert out.count(f"worked out for the first {HINT_LINES} undefined lines of a run") == 3


HEROSCAPE_TYPO = """@edition:2024
Feature: A Heroscape question

  @id:player.scape-question @source:004/attacking
  Rule: An attack rolls dice
    Example: A misspelt attack
      Given the battlefield:
        \"\"\"
        1Z1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        \"\"\"
      When the Zettian Guard Z1 atacks the Airborne Elite A1, rolling skull, skull against blank, blank
      Then the Airborne Elite A1 has 0 wound markers next to it
"""


def test_a_misspelt_heroscape_step_suggests_the_heroscape_attack(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "scape.feature"
    path.write_text(HEROSCAPE_TYPO, encoding="utf-8")
    status, out, _ = check(capsys, path)
    assert status == 1, out
    hint = out.split("the closest steps are:\n", 1)[1].splitlines()[:3]
    assert hint[0].strip().startswith("When {attacker} attacks/tries to attack {defender}"), hint


SCENARIO_MISTAKES = {
    "unknown unit": "the scenario cannot be played: no unit called 'Dragons': the sources give ",
    "missing stack": "the scenario cannot be played: no stack called 'Griffins' in the battle",
    "impossible state": "the scenario cannot be played: choose the rules before placing any stack",
    "unchecked refusal": "after the last step: an action was not carried out and no step checked it: refused under",
}


def test_scenario_mistakes_are_named_plainly(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = check(capsys, write(tmp_path, *SCENARIO_MISTAKES))
    assert status == 1
    for example, message in SCENARIO_MISTAKES.items():
        section = out.split(f": {example.capitalize()}\n", 1)[1]
        assert message in "\n".join(section.splitlines()[:2]), (example, out)
    assert "(a scenario may define its own units in a table: battlebook steps units)" in out
    assert "Traceback" not in out + err


def test_a_malformed_file_gives_file_line_and_message(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.feature"
    bad.write_text("Feature: Bad\n  Example: x\n    Given a\n  Feature: again\n", encoding="utf-8")
    good = write(tmp_path, "passing")
    status, out, err = check(capsys, bad, good)
    assert status == 1
    assert f"{bad}:4: malformed feature file: " in out
    assert "line reads: 'Feature: again'" in out
    assert "passed     line 7: Passing" in out, "the readable file is still checked"
    assert "Traceback" not in out + err


def test_a_file_without_examples_does_not_pass(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "empty.feature"
    empty.write_text("Feature: Nothing yet\n", encoding="utf-8")
    status, out, _ = check(capsys, empty)
    assert status == 1
    assert f"{empty}:1: malformed feature file: the file holds no Example" in out


@pytest.mark.parametrize("argument", ["no-such.feature", "notes.txt", "empty-folder"])
def test_bad_paths_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path, argument: str) -> None:
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    (tmp_path / "empty-folder").mkdir()
    status, out, err = check(capsys, tmp_path / argument)
    assert status == 2
    assert err.startswith("battlebook check: ") and out == ""


def test_no_path_at_all_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["check"])
    assert exit_info.value.code == 2
    assert "the following arguments are required: PATH" in capsys.readouterr().err


def test_folders_are_searched_and_the_template_passes(tmp_path: Path) -> None:
    write(tmp_path, "passing", name="a.feature")
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "passing", name="b.feature")
    assert [p.name for p in check_paths([tmp_path])] == ["a.feature", "b.feature"]
    with pytest.raises(CheckUsageError, match="no such file or folder"):
        check_paths([tmp_path / "missing"])
    assert main(["check", str(TEMPLATE)]) == 0


def test_the_command_runs_outside_the_repository_and_leaves_its_results_alone(tmp_path: Path) -> None:
    results = ROOT / ".battlebook" / "results.json"
    before = results.read_bytes() if results.exists() else None
    feature = write(tmp_path, "passing", "failing")
    env = {k: v for k, v in os.environ.items() if not k.startswith("BATTLEBOOK_")}
    env["PYTHONPROFILEIMPORTTIME"] = "1"  # standard error lists every module the run imported
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "battlebook"), "check", feature.name],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stdout.startswith("question.feature: A player's question\n")
    assert "2 examples: 1 passed, 1 failed, 0 undefined" in proc.stdout
    assert (results.read_bytes() if results.exists() else None) == before
    # (`import` statements before pytest's session starts; the session captures standard error.)
    imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
    assert {"pytest", "pytest_bdd.cucumber_json", "battlebook.runners.check"} <= imported, "pytest-bdd's plugin"
    # (pytest-bdd's plugin imports its code generator, and Mako with it: loaded through its public
    # entry point, the plugin comes whole.)
    never = {"hypothesis", "battlebook.homm.picture", "battlebook.heroscape.picture"}
    assert not never & imported, "a check imports no code it never runs (no notes are drawn)"


def test_a_copied_rule_identifier_gets_a_note(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ruling = ROOT / "features" / "rulings" / "die-faces.feature"
    copy = tmp_path / "copy.feature"
    copy.write_text(ruling.read_text(encoding="utf-8"), encoding="utf-8")
    status, out, _ = check(capsys, copy)
    assert status == 0, out
    assert "the rule identifier 'ruling.die-faces' is already used at features/rulings/die-faces.feature:" in out
    status, out, _ = check(capsys, ruling)
    assert status == 0 and "note: " not in out, "the rulebook's own file is not a clash with itself"
    status, out, _ = check(capsys, ruling, copy)
    assert status == 1
    assert re.search(
        r"copy\.feature:\d+: the rule identifier 'ruling\.die-faces' is already used at features/rulings/", out
    )
    assert "give the Rule an identifier of its own" in out
    assert ", 0 failed, 0 undefined; 1 problem(s) to fix" in out, "both files still run"
    assert out.count("passed     line") == 2 * out.count("passed     line", 0, out.index("copy.feature"))


TAGGED = """Feature: A player's file with slips in its tags
  Background:
    Given a battle in the open field

  @id:player.slip @source:001/no-such-section
  Rule: Score plus roll must reach the defense

    Example: Passing
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth

    @wip
    Example: Nothing checked
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
"""


def test_a_bad_tag_names_line_and_fix_and_the_rest_still_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "slips.feature"
    path.write_text(TAGGED, encoding="utf-8")
    status, out, err = check(capsys, path)
    assert status == 1
    assert "slips.feature:6: unknown source section '001/no-such-section' (known: 001/" in out
    assert "slips.feature:14: unknown tag '@wip': a tag is @id:<rule id>" in out
    assert "slips.feature:15: the example 'Nothing checked' has no Then step" in out
    assert "passed     line 8: Passing" in out
    assert "checks nothing  line 15: Nothing checked" in out
    assert "2 examples: 1 passed, 0 failed, 0 undefined, 1 checking nothing; 3 problem(s) to fix" in out
    assert "Traceback" not in out + err


BAD_MAP = """@edition:2024
Feature: A Heroscape map with a typo

  @id:player.bad-map @source:003/range
  Rule: A map must be readable
    Example: A misdrawn cell
      Given the battlefield:
        \"\"\"
        1Z1 1A1
        1 x1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        \"\"\"
      Then the Zettian Guard Z1 may attack the Airborne Elite A1
"""


def test_a_malformed_map_names_its_line_in_the_feature_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "map.feature"
    path.write_text(BAD_MAP, encoding="utf-8")
    status, out, _ = check(capsys, path)
    assert status == 1, out
    assert "map line 2, column 3: cannot read the cell 'x1'" in out, out
    assert "(line 10 of the feature file)" in out, out


OPEN_QUESTION = """Feature: An open question
  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line

  @id:player.open @source:000/surrendering
  Rule: A surrender the accepting side cannot pay out

    Example: The offer is larger than the accepting side's deck
      Given the Aggressor holds 5 cards in hand and 10 in its deck
      And the Defender holds 2 cards in hand and 1 in its deck
      And the surrender step of combat round 1 has come
      When the Aggressor offers 3 cards to surrender
      And the Defender accepts the surrender
      Then the battle is over: the Defender wins by surrender
"""


def test_a_case_the_sources_do_not_settle_reads_the_rules_dont_say(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "open.feature"
    path.write_text(OPEN_QUESTION, encoding="utf-8")
    status, out, _ = check(capsys, path)
    assert status == 1
    assert "open       line 10: The offer is larger than the accepting side's deck" in out
    assert "the rules don't say: what happens when the Defender accepts an offer of 3 cards" in out
    assert "cannot be played" not in out
    assert "1 example: 0 passed, 0 failed, 0 undefined, 1 the rules don't say" in out
