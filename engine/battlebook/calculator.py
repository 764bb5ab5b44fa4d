"""A game's calculators, as the command line and the odds pages ask them: their options and their answers.

Each game describes its calculators beside its rules, in a light module of its own (its
`calculator` module, reached through the registry's
[`calculators`][battlebook.games.calculators] without loading the game's rules): the exact
odds of one attack, and the questions its whole-fight calculator takes. The command line
(`battlebook odds GAME`, `battlebook odds fight GAME`) builds its options from them and
prints their answers; the page's calculator asks them through the in-page runner. Neither
names a game.

An option reads its text with `read`, which refuses a value with a `ValueError` whose
message is one line the command prints as it is (a number is read and bounded by
[`battlebook.bounds`][battlebook.bounds], as everywhere else).

Examples:
    >>> from fractions import Fraction
    >>> chance_data(Fraction(1, 4))
    {'fraction': '1/4', 'percent': '25%', 'value': 0.25}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

#: `fractions` is read by type checkers only here: reading a calculator's options imports none.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "Calculators",
    "FightForm",
    "OddsAnswer",
    "OddsCalculator",
    "Option",
    "chance_data",
]


def chance_data(value: Fraction) -> dict[str, Any]:
    """A chance as a page's calculator shows it: the exact fraction, a percentage, and a number for drawing."""
    from battlebook.odds import fraction_text, percent_text

    return {"fraction": fraction_text(value), "percent": percent_text(value), "value": float(value)}


@dataclass(frozen=True)
class Option:
    """One option of a calculator, as the command line offers it (`--NAME`).

    Attributes:
        name: The option's name (`attack` is written `--attack`).
        help: What the option is, for `--help`.
        metavar: How `--help` writes its value.
        read: What turns its text into the value the calculator takes (`None`: the text
            itself); a `ValueError` refuses it, its message the one line printed.
        choices: The only texts it may take, if it is a choice.
        default: Its text when the command leaves it out (`None`: no default).
        required: Whether the command must give it.
    """

    name: str
    help: str
    metavar: str | None = None
    read: Callable[[str], object] | None = None
    choices: tuple[str, ...] = ()
    default: str | None = None
    required: bool = False


class OddsAnswer(Protocol):
    """What a game's odds calculator answers: lines for a terminal, and one JSON object."""

    def text(self) -> str:
        """The answer as the command prints it, line by line."""
        ...

    def data(self) -> dict[str, Any]:
        """The answer as one JSON object (every probability an exact fraction written as text)."""
        ...


@dataclass(frozen=True)
class OddsCalculator:
    """The exact odds of one attack, as a game computes them (`battlebook odds GAME`).

    Attributes:
        help: One line for the list of games.
        description: What the calculator answers, for `--help`.
        options: Its options, in the order `--help` lists them.
        json_help: What `--json` prints instead of the plain answer.
        answer: The answer for the options' values, by name.
    """

    help: str
    description: str
    options: tuple[Option, ...]
    json_help: str
    answer: Callable[[Mapping[str, Any]], OddsAnswer]


@dataclass(frozen=True)
class FightForm:
    """The questions a game's whole-fight calculator takes, as `battlebook odds fight GAME` asks them.

    Attributes:
        help: One line for the list of games.
        description: What the calculator answers, for `--help`.
        options: Its options, in the order `--help` lists them (every value read as text: the
            game's [`fight`][battlebook.game.Game.fight] reads and bounds it).
        json_help: What `--json` prints instead of the table.
        question: The question the options' values ask, and its arguments as text; a
            `ValueError` says, in one line, which options are missing or do not go together.
    """

    help: str
    description: str
    options: tuple[Option, ...]
    json_help: str
    question: Callable[[Mapping[str, Any]], tuple[str, dict[str, str]]]


@dataclass(frozen=True)
class Calculators:
    """A game's calculators: an attack's odds, a whole fight's questions, and the odds page's calculator.

    `battle`, when the game has one, is its calculator of whole battles of several units
    (`battlebook odds battle GAME`), asked of the game's fight calculator as the question
    `battle`. `title` is how the command line names the game in a sentence; `page_odds` answers the
    odds page's calculator, given the values of its fields in its order, with plain data (the
    page shows every string as text).
    """

    title: str
    odds: OddsCalculator
    fight: FightForm
    page_odds: Callable[[Sequence[object]], dict[str, Any]]
    battle: FightForm | None = None
