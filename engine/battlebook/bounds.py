r"""Every bound on a number or a size that Battlebook reads, stated once.

Feature files, shared links and command lines come from strangers: each number they give
is read from ASCII digits and checked against the bound stated here, by the command line,
the step language, the engine and the page's calculators alike (each game's calculator
forms carry the bounds of their fields, see [`PageForm`][battlebook.calculator.PageForm], and the
site hands the page those forms). A bound is Battlebook's own limit, not a
rule of a game: the cards' printed numbers are far below every one of them, and each keeps
the work an answer takes small (the odds of 30 dice against 30 take milliseconds; of 20,000,
minutes).

Examples:
    >>> read_whole("12", "attack dice", 0, MAX_DICE)
    12
    >>> read_whole("\uff13", "attack dice", 0, MAX_DICE)
    Traceback (most recent call last):
    ...
    battlebook.bounds.BoundError: attack dice: '３' is not a whole number written in digits 0-9
    >>> check_whole(20000, "attack dice", 0, MAX_DICE)
    Traceback (most recent call last):
    ...
    battlebook.bounds.BoundError: attack dice: 20000 is out of bounds: give a whole number from 0 to 30
"""

from __future__ import annotations

import re

from battlebook.errors import ScenarioError

#: Dice rolled on one side of one attack, extras included (a card rolls a handful).
MAX_DICE = 30
#: Any score or stat: an attack or defense score, a unit's level, a card's life (printed ones are below 20).
MAX_SCORE = 999
#: Defense scores one swat adds up.
MAX_SWAT = 20
#: Cards in one HoMM stack.
MAX_STACK_CARDS = 99
#: The highest copy number of one army card on a battlefield (`#2` to `#99`).
MAX_CARD_COPIES = 99
#: The highest level of a battlefield space; a height difference is at most this too.
MAX_LEVEL = 99
#: Rows and cells per row of a drawn battlefield.
MAX_MAP_ROWS = 100
MAX_MAP_COLUMNS = 100
#: The fight calculators' own bounds (an exact fight to the end grows fast with every die, Life
#: and card): dice a Heroscape figure rolls before height advantage, its Life, the attacks one
#: figure takes, and the cards of a HoMM stack.
FIGHT_MAX_DICE = 12
FIGHT_MAX_LIFE = 12
FIGHT_MAX_ATTACKS = 20
FIGHT_MAX_CARDS = 12
#: The battle calculators' bounds (a battle of several units grows much faster than a duel): the
#: stacks (figures) a side fields and the cards of a stack; under best play, every option counted,
#: the stacks of both sides together, the cards of a stack, the figures of both sides together,
#: and the positions a battle may reach before it is refused.
BATTLE_MAX_STACKS = 3
BATTLE_MAX_CARDS = 6
BATTLE_BEST_MAX_STACKS = 3
BATTLE_BEST_MAX_CARDS = 4
BATTLE_BEST_MAX_TOTAL_CARDS = 4
BATTLE_MAX_FIGURES = 4
BATTLE_BEST_MAX_FIGURES = 4
BATTLE_BEST_MAX_POSITIONS = 60_000
#: Any other whole number a step reads (a count of wounds, cards, markers...).
MAX_COUNT = 999
#: A chapter's number in a `@chapter:N` tag.
MAX_CHAPTER = 9999
#: The size of a feature file, in bytes: a chapter is a few kilobytes.
MAX_FEATURE_BYTES = 1_000_000
#: Examples per feature file, each row of a Scenario Outline counted as one: its page, with a
#: drawing per example, stays a size a browser opens at once, and a run stays short.
MAX_EXAMPLES = 500
#: Characters in a name (of a feature, rule, example, outline table, unit or card) and in a
#: table cell: a name is shown in the navigation of every page.
MAX_NAME = 200
#: Characters in one step line: the longest of the rulebook is about 150.
MAX_STEP = 1000
#: Characters of a scenario the page runs (a typed one, or one from a shared link).
MAX_SCENARIO_TEXT = 100_000
#: Characters of a line the closest-step hint compares: no step reads like a longer one.
MAX_HINT_TEXT = 300

#: The most digits a whole number is read from: more cannot be within any bound above.
_DIGITS = 12
_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{_DIGITS}}}")
_LARGEST = 10**_DIGITS - 1


class BoundError(ScenarioError, ValueError):
    """A number that is not a whole number in ASCII digits, or lies outside its bound; the message is one line."""


def _shown(text: str) -> str:
    return repr(text if len(text) <= 20 else text[:17] + "...")


def read_whole(text: str, what: str, low: int, high: int) -> int:
    """The whole number `text` writes in ASCII digits (an optional sign, spaces around), from `low` to `high`.

    Digits of other scripts (`٣`, `３`), superscripts (`²`), underscores (`1_000`) and more
    digits than any bound needs are refused before any conversion.

    Raises:
        BoundError: naming `what`, the text and the bounds.

    Examples:
        >>> read_whole(" -3 ", "levels above", -MAX_LEVEL, MAX_LEVEL)
        -3
        >>> read_whole("9" * 5000, "the chapter", 0, MAX_CHAPTER)
        Traceback (most recent call last):
        ...
        battlebook.bounds.BoundError: the chapter: '99999999999999999...' is not a whole number written in digits 0-9
    """
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        raise BoundError(f"{what}: {_shown(text)} is not a whole number written in digits 0-9")
    return check_whole(int(stripped), what, low, high)


def read_number(text: str, what: str) -> int:
    """The whole number `text` writes in ASCII digits (at most twelve); its bound is checked by what reads it.

    For a number whose bound depends on what it counts (the engine checks it, with the rule or
    the bound in its message): a step's count, a stat in a table.

    Examples:
        >>> read_number("-8", "the defense")
        -8
        >>> read_number("1_000", "the defense")
        Traceback (most recent call last):
        ...
        battlebook.bounds.BoundError: the defense: '1_000' is not a whole number written in digits 0-9
    """
    return read_whole(text, what, -_LARGEST, _LARGEST)


def check_whole(value: int, what: str, low: int, high: int) -> int:
    """`value` itself when it is a whole number from `low` to `high`.

    Raises:
        BoundError: naming `what`, the value and the bounds.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoundError(f"{what}: {value!r} is not a whole number (give one from {low} to {high})")
    if not low <= value <= high:
        raise BoundError(f"{what}: {value} is out of bounds: give a whole number from {low} to {high}")
    return value
