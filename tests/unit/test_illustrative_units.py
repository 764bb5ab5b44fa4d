"""One step brings in the rulebook's illustrative units; the seed values stay the game's."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlebook.cli import main
from battlebook.homm import KNOWN_UNITS
from battlebook.language.steps.homm_units import ILLUSTRATIVE_UNITS, illustrative_units
from battlebook.language.steps.homm_world import HommWorld

PLAYERS_FILE = """Feature: A player's file using the rulebook's units
  Background:
    Given a battle in the open field
    And the rulebook's illustrative units

  @id:player.units @source:001/making-ranged-attacks
  Rule: The rulebook's units play as in its chapters
    Example: Halflings shoot an Orc off the Ranged Line with 2 + 2 + 1 = 5
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Halflings attack the Orcs at range, rolling 1
      Then the Orcs stack has 1 card left

    Example: Magi cast Magic Fist with 4 + 3 = 7
      Given the Aggressor has a stack of 2 Magi on its Ranged Line
      And the Defender has an Orc on its Ranged Line
      When the Magi attack the Orc with Magic Fist, rolling 0
      Then the attack score is 7

    Example: The Bandit keeps its printed melee attack score of 1
      Given the Aggressor has a Bandit on its Melee Line
      Then the Bandit attacks in melee with a score of 1

    Example: A table after the step overrides a unit
      Given these units, defined for this example only:
        | name | level | phase | melee | ranged | defense |
        | Orc  | 2     | 6     | 2     | 3      | 9       |
      And the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has an Orc on its Ranged Line
      Then the smallest roll with which the Halflings kill the Orc at range is 5

    Example: A spell table after the step replaces Magic Fist
      Given these spells, defined for this example only:
        | name       | attack |
        | Magic Fist | 5      |
      And the Aggressor has a stack of 2 Magi on its Ranged Line
      And the Defender has an Orc on its Ranged Line
      When the Magi attack the Orc with Magic Fist, rolling 0
      Then the attack score is 8
"""


def test_the_step_brings_in_the_units_and_a_table_still_overrides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "mine.feature"
    path.write_text(PLAYERS_FILE, encoding="utf-8")
    assert main(["check", str(path)]) == 0, capsys.readouterr().out


def test_the_seed_values_stay_the_only_ones_presented_as_the_games() -> None:
    world = HommWorld()
    illustrative_units(world)
    assert world.units.card("Bandit").melee == KNOWN_UNITS["Bandit"].melee == 1
    assert not {card.name for card in ILLUSTRATIVE_UNITS} & {"Gold Golem", "Behemoth"}
    for card in ILLUSTRATIVE_UNITS:
        known = KNOWN_UNITS.get(card.name)
        given = [
            stat
            for stat in ("level", "phase", "melee", "ranged", "defense")
            if known and getattr(known, stat) is not None
        ]
        assert all(getattr(card, stat) is None for stat in given), f"{card.name} restates a stat the sources give"
        assert all(getattr(world.units.card(card.name), stat) == getattr(known, stat) for stat in given)
    assert world.units.card("Orc").phase == 6 and world.units.card("Magi").ranged == 0
    doc = illustrative_units.__doc__ or ""
    assert "illustrative, not the game's" in doc
    assert "Halfling (level 1, phase 4, melee 1, ranged 2, defense 4)" in doc


def test_the_catalogue_labels_them_illustrative(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", "illustrative"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Given the rulebook's illustrative units" in out
    assert "illustrative, not the game's" in out
