"""One feature file may hold both games: each example is read as the game its tags or lines show.

Also: the plain "is in play", the note a `Then` gets after a refused action, and the hint
that says which game an undefined line was read as.
"""

from __future__ import annotations

from pathlib import Path

from battlebook.runners.check import CheckReport, explain, format_report, run_check

HOMM_RULE = """
  @id:mine.golems
  Rule: Gold Golems kill a Behemoth with a 6
    Example: Three Gold Golems roll a 6
      Given a battle in the open field
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
"""
MAP = '''
      Given the battlefield:
        """
        1Z1 1A1 1 1K1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        K1 = Knaves of the Silver Scimitar (Green)
        """
'''


def _check(tmp_path: Path, text: str) -> CheckReport:
    path = tmp_path / "mine.feature"
    path.write_text(text, encoding="utf-8")
    return run_check([path], tmp_path)


def _kinds(report: CheckReport) -> dict[str, str]:
    return {checked.example.name: checked.kind for _, examples in report.features for checked in examples}


def test_a_file_holds_a_rule_of_each_game(tmp_path: Path) -> None:
    text = (
        "Feature: Both games\n"
        + HOMM_RULE
        + "\n  @id:mine.guard @game:heroscape @edition:2004\n"
        + "  Rule: A Zettian Guard destroys an Airborne Elite\n"
        + "    Example: Two skulls against one shield"
        + MAP
        + "      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, skull against shield, blank\n"
        + "      Then the attack destroys the Airborne Elite A1\n"
        + "\n  @id:mine.card @edition:2024\n"
        + "  Rule: An untagged Heroscape rule is read by its lines\n"
        + "    Example: The Knaves' card is in play"
        + MAP
        + '      Then the army card "Knaves of the Silver Scimitar" of Green is in play\n'
    )
    report = _check(tmp_path, text)
    assert _kinds(report) == {
        "Three Gold Golems roll a 6": "passed",
        "Two skulls against one shield": "passed",
        "The Knaves' card is in play": "passed",
    }, format_report(report)


def test_an_undefined_line_says_which_game_it_was_read_as(tmp_path: Path) -> None:
    text = (
        "Feature: Both games\n"
        + HOMM_RULE
        + "\n  @id:mine.flight @game:heroscape @edition:2004\n"
        + "  Rule: A line no step reads\n"
        + "    Example: The Guard flies"
        + MAP
        + "      Then the Zettian Guard Z1 flies over the Airborne Elite A1\n"
    )
    report = _check(tmp_path, text)
    out = format_report(report)
    assert _kinds(report)["The Guard flies"] == "undefined", out
    assert "the example was read as Heroscape: its Rule is tagged @game:heroscape" in out
    assert "@game:homm to read it as Heroes of Might & Magic IV" in out


def test_a_then_after_a_refused_action_names_the_refusal(tmp_path: Path) -> None:
    text = (
        "@edition:2024\nFeature: A refused turn\n  @id:mine.refused\n  Rule: Out of turn\n"
        "    Example: Green plays out of turn"
        + MAP
        + "      And the players sit in this order, each on the left of the one before: Red, Blue, Green\n"
        + "      And it is Red's turn with the Zettian Guards card\n"
        + "      When Red ends its turn\n"
        + "      And Green tries to take a turn with the Knaves of the Silver Scimitar card\n"
        + '      Then Green takes a turn with the army card "Knaves of the Silver Scimitar"\n'
    )
    report = _check(tmp_path, text)
    [[checked]] = [examples for _, examples in report.features]
    lines = "\n".join(explain(checked.outcomes[0]))
    assert "the turn never started: refused under heroscape.turn-order" in lines


def test_a_homm_then_after_a_refused_action_names_the_refusal(tmp_path: Path) -> None:
    text = (
        "Feature: A refused withdrawal\n  @id:mine.stay\n  Rule: Too close\n"
        "    Example: The hero is too close to withdraw\n"
        "      Given a battle in the open field\n"
        "      And the Aggressor has a stack of 3 Gold Golems on its Melee Line\n"
        "      And the Defender has a Behemoth on its Melee Line\n"
        "      And the Aggressor's nearest town is 3 spaces away\n"
        "      And combat round 1 has ended\n"
        "      When the Aggressor tries to withdraw\n"
        "      Then the battle is over: the Defender wins by withdrawal\n"
    )
    report = _check(tmp_path, text)
    [[checked]] = [examples for _, examples in report.features]
    lines = "\n".join(explain(checked.outcomes[0]))
    assert "(the action before was refused under homm.withdrawing:" in lines, lines
