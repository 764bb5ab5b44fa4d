"""The alternative readings of the Heroscape rulings, by the words a scenario names them with.

Each ruling under `features/rulings/` settles an open question with one reading, a setting
of the [`Ruleset`][battlebook.heroscape.ruleset.Ruleset], and names the alternative it set
aside. A scenario plays under an alternative with `Given the alternative reading: WORDS`;
the words are the keys of [`READINGS`][battlebook.heroscape.readings.READINGS], each mapped
to the settings it changes.

Examples:
    >>> from battlebook.heroscape.state import BattleState
    >>> played_under(BattleState(), READINGS["figures never block line of sight"]).ruleset.figures_block_sight
    False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from battlebook.heroscape.ruleset import CommonOutOfPlay, NextCopy
from battlebook.heroscape.state import BattleState

__all__ = ["READINGS", "played_under"]

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
    }
)


def played_under(state: BattleState, settings: Mapping[str, object]) -> BattleState:
    """`state` played under `settings`, every one a setting of its ruleset."""
    return replace(state, ruleset=replace(state.ruleset, **settings))  # type: ignore[arg-type]
