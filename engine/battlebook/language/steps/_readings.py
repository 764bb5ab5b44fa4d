"""The alternative readings of the rulings, by the words a scenario names them with.

Each ruling under `features/rulings/` settles an open question with one reading, a setting of
its game's ruleset, and names the alternative it set aside. Each game lists its readings
by their words ([`Game.readings`][battlebook.game.Game.readings]); a scenario plays under an
alternative with `Given the alternative reading: WORDS`. A reading that concerns one
Heroscape edition only (the question is open in that edition's text alone) is named in
Heroscape's `EDITION_OF_READING`.

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

from collections.abc import Iterable

from battlebook.errors import ScenarioError
from battlebook.games import GAMES
from battlebook.heroscape.readings import EDITION_OF_READING
from battlebook.heroscape.readings import READINGS as HEROSCAPE_READINGS
from battlebook.heroscape.ruleset import Edition
from battlebook.homm.readings import READINGS as HOMM_READINGS
from battlebook.language.run import READING_OPTION, all_readings, unknown_readings

__all__ = [
    "EDITION_OF_READING",
    "HEROSCAPE_READINGS",
    "HOMM_READINGS",
    "READING_OPTION",
    "all_readings",
    "check_edition",
    "readings_for",
    "unknown_readings",
]


def readings_for(game: str, words: Iterable[str], edition: Edition | None = None) -> dict[str, object]:
    """The ruleset settings `game` plays under with the readings named by `words` (others' are left out).

    A reading of one Heroscape edition is left out under the other `edition`.
    """
    table = GAMES[game].readings() if game in GAMES else {}
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
