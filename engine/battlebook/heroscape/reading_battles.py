"""The fixed set of Heroscape battles each ruling's page weighs its alternative reading on.

Twenty-two battles of the battle calculator (`battlebook odds battle heroscape`), eleven
under each edition, each written as its `--edition`, `--first` and `--second`
(`FIGURES,ATTACK,DEFENSE,LIFE`): small ones of at most four figures in all, which best
play solves too, and larger ones of up to four figures a side, under the focus plan only.
The army cards are made up for the set (illustrative stats, never the game's own cards),
chosen so that it holds equal and unequal armies, strong single figures against squads,
and, under the later edition, figures with several Life. A ruling's page shows, for each
battle, each side's chance of winning under Battlebook's reading and under the
alternative ([`reading_worth`][battlebook.runners.reading_worth]).

Examples:
    >>> len(READING_BATTLES) >= 20, READING_BATTLES[0].name
    (True, 'S1')
"""

from __future__ import annotations

from battlebook.calculator import ReadingBattle

__all__ = ["READING_BATTLES"]

#: Each battle's edition, first and second army, and whether best play solves it too (four figures or fewer).
_ARMIES: tuple[tuple[str, str, str, bool], ...] = (
    ("2004", "1,3,2,1", "1,2,3,1", True),
    ("2004", "2,2,2,1", "1,4,3,1", True),
    ("2004", "2,2,2,1", "2,2,2,1", True),
    ("2004", "1,4,4,1", "3,2,1,1", True),
    ("2004", "2,3,1,1", "2,1,2,1", True),
    ("2004", "3,3,2,1", "3,2,3,1", False),
    ("2004", "4,2,2,1", "2,3,3,1", False),
    ("2004", "4,3,1,1", "4,2,2,1", False),
    ("2004", "3,2,4,1", "4,3,2,1", False),
    ("2004", "1,6,5,1", "4,2,2,1", False),
    ("2004", "4,1,1,1", "4,1,1,1", False),
    ("2024", "1,3,2,3", "1,2,3,3", True),
    ("2024", "2,2,2,2", "1,4,3,4", True),
    ("2024", "2,2,2,2", "2,2,2,2", True),
    ("2024", "1,4,4,5", "3,2,1,1", True),
    ("2024", "1,5,4,6", "2,4,3,3", True),
    ("2024", "3,3,2,1", "3,2,3,1", False),
    ("2024", "4,2,2,1", "2,3,3,2", False),
    ("2024", "2,3,3,3", "2,3,3,3", False),
    ("2024", "3,2,4,2", "4,3,2,1", False),
    ("2024", "1,6,5,5", "4,2,2,1", False),
    ("2024", "2,3,1,2", "3,1,2,1", False),
)

#: The set, named `S1`, `S2`, ... in this order.
READING_BATTLES: tuple[ReadingBattle, ...] = tuple(
    ReadingBattle(f"S{number}", (("edition", edition), ("first", first), ("second", second)), best=best)
    for number, (edition, first, second, best) in enumerate(_ARMIES, start=1)
)
