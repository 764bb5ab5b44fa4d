"""The fixed set of HoMM battles each ruling's page weighs its alternative reading on.

Twenty-two open-field battles of the battle calculator (`battlebook odds battle homm`),
each written as its `--aggressor` and `--defender` (`CARDS,LEVEL,MELEE,RANGED,DEFENSE,PHASE,LINE`):
one stack against one, which best play solves too; two stacks of one card against one
stack, two of them solved under best play as well, where supporting, swarming and
protecting come into play; and larger battles of up to three stacks a side, under the
plain plan only. The units are
made up for the set (illustrative stats, never the game's own cards), chosen so that the
set holds melee and ranged stacks, either side acting first in a phase, equal and unequal
armies, and stacks that must move up. A ruling's page shows, for each battle, each side's
chance of winning under Battlebook's reading and under the alternative
([`reading_worth`][battlebook.runners.reading_worth]).

Examples:
    >>> len(READING_BATTLES) >= 20, READING_BATTLES[0].name
    (True, 'H1')
"""

from __future__ import annotations

from battlebook.calculator import ReadingBattle

__all__ = ["READING_BATTLES"]

#: Each battle's Aggressor and Defender, and whether best play solves it too (the small ones).
_SIDES: tuple[tuple[str, str, bool], ...] = (
    ("2,1,3,0,7,3,melee", "1,2,4,0,7,5,melee", True),
    ("3,1,3,0,6,2,melee", "2,2,4,0,8,4,melee", True),
    ("2,2,5,0,8,1,melee", "2,2,5,0,8,1,melee", True),
    ("2,1,1,4,6,4,ranged", "2,1,4,0,7,6,melee", True),
    ("2,1,2,4,6,2,melee", "2,1,2,4,6,5,ranged", True),
    ("1,3,6,0,10,1,melee", "2,1,3,0,10,4,melee", True),
    ("3,1,4,0,9,3,melee", "3,1,4,0,9,5,melee", True),
    ("4,1,3,0,6,4,melee", "1,3,7,0,12,2,melee", True),
    ("1,1,3,0,6,3,melee;1,1,1,3,5,4,ranged", "2,2,4,0,7,5,melee", False),
    ("1,1,4,0,7,2,melee;1,1,4,0,7,5,melee", "1,2,5,0,9,3,melee", True),
    ("1,2,5,0,8,4,melee", "1,1,3,0,6,2,melee;1,1,2,3,5,6,ranged", True),
    ("1,1,3,0,6,1,melee;1,1,3,0,6,1,melee", "2,1,3,0,6,1,melee", False),
    ("2,1,3,0,6,3,melee;2,1,1,3,5,4,ranged", "2,2,4,0,7,5,melee;1,1,2,2,5,6,ranged", False),
    ("3,1,3,0,6,3,melee;2,1,3,0,6,3,melee", "2,2,4,0,7,5,melee;2,1,2,3,5,4,ranged", False),
    ("3,1,1,3,5,3,ranged", "3,1,1,3,5,4,ranged", False),
    ("4,1,3,0,7,2,melee", "4,1,3,0,7,6,melee", False),
    ("6,1,3,0,6,3,melee", "5,1,4,0,7,4,melee", False),
    ("1,1,3,0,6,2,melee;1,1,3,0,6,4,melee;1,1,1,3,5,5,ranged", "3,1,4,0,7,3,melee", False),
    ("2,1,4,0,7,3,melee", "1,1,3,0,6,2,melee;1,1,3,0,6,4,melee;1,1,1,3,5,5,ranged", False),
    ("2,1,3,0,6,3,melee;1,1,3,0,6,3,ranged;1,1,1,3,5,5,ranged", "2,1,3,0,6,4,melee;2,1,2,3,5,4,ranged", False),
    (
        "2,1,3,0,6,3,melee;2,1,1,3,5,4,ranged;2,2,4,0,7,2,melee",
        "2,2,4,0,7,5,melee;2,1,2,2,5,6,ranged;2,1,3,0,6,1,melee",
        False,
    ),
    ("2,2,4,3,7,3,melee;2,1,3,0,6,5,melee", "3,1,3,0,6,2,melee;1,2,1,4,6,4,ranged", False),
)

#: The set, named `H1`, `H2`, ... in this order.
READING_BATTLES: tuple[ReadingBattle, ...] = tuple(
    ReadingBattle(f"H{number}", (("aggressor", aggressor), ("defender", defender)), best=best)
    for number, (aggressor, defender, best) in enumerate(_SIDES, start=1)
)
