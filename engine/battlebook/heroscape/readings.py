"""The alternative readings of the Heroscape rulings, by the words a scenario names them with.

Each ruling under `features/rulings/` settles an open question with one reading, a setting
of the [`Ruleset`][battlebook.heroscape.ruleset.Ruleset], and names the alternative it set
aside. A scenario plays under an alternative with `Given the alternative reading: WORDS`;
the words are the keys of [`READINGS`][battlebook.heroscape.readings.READINGS], each mapped
to the settings it changes. A reading of a question only one edition's text leaves open
applies under that edition only ([`EDITION_OF_READING`][battlebook.heroscape.readings.EDITION_OF_READING]).

Examples:
    >>> from battlebook.heroscape.state import BattleState
    >>> played_under(BattleState(), READINGS["figures never block line of sight"]).ruleset.figures_block_sight
    False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from battlebook.heroscape.dice import CombatDie
from battlebook.heroscape.ruleset import CommonOutOfPlay, Edition, NextCopy, TargetSpace
from battlebook.heroscape.state import BattleState

__all__ = ["EDITION_OF_READING", "READINGS", "played_under"]

#: The alternative readings of the Heroscape rulings, by their words: the settings each changes.
READINGS: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        "each copy of a Common card stands for its own figures only": {
            "common_out_of_play": CommonOutOfPlay.OWN_FIGURES
        },
        "once the started copy is full, a destroyed figure goes on its own card": {"next_copy": NextCopy.OWN_CARD},
        "the 2004 game lets a figure attack a friendly figure": {"friendly_fire": True},
        "figures never block line of sight": {"figures_block_sight": False},
        "the first destroyed figure of a Common card goes on its own card": {"first_copy_choice": False},
        "a double-space figure looks only from above the space its head is over": {"head_space_named": True},
        "a combat die has four skulls and two shields": {"combat_die": CombatDie(4, 2, 0)},
        "defense dice have three shields, two skulls and one blank": {"defense_die": CombatDie(2, 3, 1)},
        "range to a double-space target is counted to its farther space": {"target_space": TargetSpace.FARTHER},
        "the 2004 game names no player to take the next turn": {"turn_passes_left": False},
        "the 2024 edition states no way to win a battle": {"victory_by_destruction": False},
        "the 2024 edition measures range and line of sight in a way its text does not state": {
            "measures_as_2004": False
        },
    }
)

#: Readings of a question only one edition's text leaves open: they apply under that edition only.
EDITION_OF_READING: Mapping[str, Edition] = MappingProxyType(
    {
        "the 2004 game lets a figure attack a friendly figure": Edition.BASIC_2004,
        "the 2004 game names no player to take the next turn": Edition.BASIC_2004,
        "the 2024 edition states no way to win a battle": Edition.EDITION_2024,
        "the 2024 edition measures range and line of sight in a way its text does not state": Edition.EDITION_2024,
    }
)


def played_under(state: BattleState, settings: Mapping[str, object]) -> BattleState:
    """`state` played under `settings`, every one a setting of its ruleset."""
    return replace(state, ruleset=replace(state.ruleset, **settings))  # type: ignore[arg-type]
