"""No step that cannot fail: each of these lines is false in its example, and the run says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlebook.cli import main
from battlebook.games import GAMES

HEADER = """Feature: Lines that must be able to fail
  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line

  @id:player.vacuous @source:001/making-melee-attacks
  Rule: A statement is checked against what the engine did
"""

FALSE_LINES = {
    # The attack was carried out: the battle moved on, so it is not unchanged.
    "carried out, called unchanged": """    Example: An attack that went through
      When the Gold Golems attack the Behemoth in melee, rolling 0
      Then the attack does no harm
      And the battle is unchanged
""",
    # The word names the step: declining to surrender at the withdrawal step is a mistake.
    "declines the other step": """    Example: Declining the wrong thing
      Given combat round 1 has ended
      When the Aggressor declines to surrender
      Then the Defender is to choose whether to withdraw in round 1
""",
    # A swarm doubles the score: the bare stack's 7 is no longer the score.
    "bare score after a swarm": """    Example: The swarm counts
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Gold Golems swarm
      And the battle moves on to phase 7 of round 2
      Then the Gold Golems attack in melee with a score of 7
""",
}

REASONS = {
    "carried out, called unchanged": "the engine carried out the last action",
    "declines the other step": "not at the surrender step: write 'declines to withdraw'",
    "bare score after a swarm": "attack with a score of 14",
}

TRUE_LINES = {
    "refused, called unchanged": """    Example: An attack from the wrong line
      Given the Aggressor has a stack of 2 Gold Golems called "Reserve" on its Ranged Line
      When the Reserve try to attack the Behemoth in melee
      Then the action is refused under the rule homm.melee-attack
      And the battle is unchanged
""",
    "declines the right step": """    Example: Declining to withdraw
      Given combat round 1 has ended
      When the Aggressor declines to withdraw
      Then the Defender is to choose whether to withdraw in round 1
""",
}


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], example: str) -> tuple[int, str]:
    path = tmp_path / "lines.feature"
    path.write_text(HEADER + example, encoding="utf-8")
    status = main(["check", str(path)])
    return status, capsys.readouterr().out


@pytest.mark.parametrize("case", FALSE_LINES)
def test_a_false_statement_fails(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out = run(tmp_path, capsys, FALSE_LINES[case])
    assert status == 1, out
    assert REASONS[case] in " ".join(out.split())


@pytest.mark.parametrize("case", TRUE_LINES)
def test_the_same_statement_passes_when_true(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out = run(tmp_path, capsys, TRUE_LINES[case])
    assert status == 0, out


def test_every_word_a_step_captures_is_used() -> None:
    """A step that reads a value from its line uses it (none passes whatever the word says)."""
    import ast
    import inspect

    from battlebook.language.steps import load_step_modules

    fixtures = {*GAMES, "dice_question", "request", "datatable", "docstring"}
    unused = []
    for module in load_step_modules():
        tree = ast.parse(inspect.getsource(module))
        functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
        for name, node in functions.items():
            func = getattr(module, name, None)
            if func is None or not any(isinstance(d, ast.Call) for d in node.decorator_list):
                continue
            used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            captured = [a.arg for a in node.args.args if a.arg not in fixtures]
            unused += [f"{module.__name__}.{name}: {arg}" for arg in captured if arg not in used]
    assert unused == []
