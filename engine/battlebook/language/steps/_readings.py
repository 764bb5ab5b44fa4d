"""The alternative readings of the rulings, by the words a scenario names them with.

Each ruling under `features/rulings/` settles an open question with one reading, a setting of
its game's ruleset, and names the alternative it set aside. Each game lists its readings
by their words ([`Game.readings`][battlebook.game.Game.readings]); a scenario plays under an
alternative with `Given the alternative reading: WORDS`. Nothing here names a game: what
else a game's readings depend on (a Heroscape reading that concerns one edition only) is
its own step library's to check.

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

from collections.abc import Callable, Iterable

from battlebook.games import GAMES
from battlebook.language.run import READING_OPTION, all_readings, unknown_readings

__all__ = ["READING_OPTION", "all_readings", "readings_for", "unknown_readings"]


def readings_for(game: str, words: Iterable[str], keep: Callable[[str], bool] = lambda _: True) -> dict[str, object]:
    """The ruleset settings `game` plays under with the readings named by `words` (others' are left out).

    `keep` leaves out, further, a reading the example cannot take (one of another edition).
    """
    table = GAMES[game].readings() if game in GAMES else {}
    settings: dict[str, object] = {}
    for reading in words:
        if reading in table and keep(reading):
            settings.update(table[reading])
    return settings
