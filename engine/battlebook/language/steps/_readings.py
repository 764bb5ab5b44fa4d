"""The alternative readings of the rulings, by the words a scenario names them with.

Each ruling under `features/rulings/` settles an open question with one reading, a setting of
its game's ruleset, and names the alternative it set aside. A scenario plays under an
alternative with `Given the alternative reading: WORDS`; the words are the keys below, and
each maps to the ruleset settings it changes. A reading that concerns one Heroscape edition
only (the question is open in that edition's text alone) names it in `EDITION_OF_READING`.

A whole run may also take alternatives as its defaults: `--battlebook-reading WORDS`
(pytest) or `battlebook check --reading WORDS` plays every example as if the alternative
were Battlebook's reading, so that the examples pinning a ruling show up as failing. An
example that states Battlebook's reading outright (`Given the die reads 0-9`) still plays it.

Examples:
    >>> readings_for("homm", ["only melee attacks may swat"])
    {'swat_reach': <SwatReach.MELEE_ONLY: 'melee only'>}
    >>> readings_for("heroscape", ["only melee attacks may swat"])
    {}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from battlebook.errors import ScenarioError
from battlebook.heroscape.dice import CombatDie
from battlebook.heroscape.ruleset import CommonOutOfPlay, Edition, NextCopy, TargetSpace
from battlebook.homm.ruleset import ALTERNATIVE_READINGS

#: The pytest option that plays a whole run under an alternative reading (repeatable).
READING_OPTION = "--battlebook-reading"

#: The alternative readings of the HoMM rulings, by their words (kept with the HoMM ruleset).
HOMM_READINGS = ALTERNATIVE_READINGS

#: The alternative readings of the Heroscape rulings, by their words.
HEROSCAPE_READINGS: Mapping[str, Mapping[str, object]] = MappingProxyType(
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

#: Readings of a question only one Heroscape edition's text leaves open: they apply under that edition only.
EDITION_OF_READING: Mapping[str, Edition] = MappingProxyType(
    {
        "the 2004 game lets a figure attack a friendly figure": Edition.BASIC_2004,
        "the 2004 game names no player to take the next turn": Edition.BASIC_2004,
        "the 2024 edition states no way to win a battle": Edition.EDITION_2024,
        "the 2024 edition measures range and line of sight in a way its text does not state": Edition.EDITION_2024,
    }
)

#: Every game's readings, by the name of the game (as its steps are scoped).
READINGS: Mapping[str, Mapping[str, Mapping[str, object]]] = MappingProxyType(
    {"homm": HOMM_READINGS, "heroscape": HEROSCAPE_READINGS}
)


def all_readings() -> list[str]:
    """The words of every alternative reading, sorted.

    Examples:
        >>> "a guard stack may withdraw" in all_readings()
        True
    """
    return sorted(words for table in READINGS.values() for words in table)


def unknown_readings(words: Iterable[str]) -> list[str]:
    """The words among `words` that name no alternative reading."""
    known = set(all_readings())
    return [w for w in words if w not in known]


def readings_for(game: str, words: Iterable[str], edition: Edition | None = None) -> dict[str, object]:
    """The ruleset settings `game` plays under with the readings named by `words` (others' are left out).

    A reading of one Heroscape edition is left out under the other `edition`.
    """
    table = READINGS.get(game, {})
    settings: dict[str, object] = {}
    for reading in words:
        if reading not in table:
            continue
        only = EDITION_OF_READING.get(reading)
        if only is not None and edition is not None and only is not edition:
            continue
        settings.update(table[reading])
    return settings


def check_edition(reading: str, edition: Edition) -> None:
    """Refuse, as a mistake in the scenario, a reading of one edition chosen under the other."""
    only = EDITION_OF_READING.get(reading)
    if only is not None and only is not edition:
        raise ScenarioError(
            f"the reading {reading!r} concerns the {only.value} edition, but this example plays the {edition.value} one"
        )
