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
    "BattlePage",
    "Calculators",
    "Field",
    "FightForm",
    "Group",
    "OddsAnswer",
    "OddsCalculator",
    "Option",
    "PageForm",
    "chance_data",
    "chart_rows",
]


def chance_data(value: Fraction) -> dict[str, Any]:
    """A chance as a page's calculator shows it: the exact fraction, a percentage, and a number for drawing."""
    from battlebook.odds import fraction_text, percent_text

    return {"fraction": fraction_text(value), "percent": percent_text(value), "value": float(value)}


def chart_rows(rows: Sequence[tuple[str, Fraction, bool]]) -> list[dict[str, Any]]:
    """Bars of a page calculator's chart: each label with its chance, and whether it is one the answer counts.

    Examples:
        >>> from fractions import Fraction
        >>> chart_rows([("roll 9", Fraction(1, 10), True)])[0]["on"]
        True
    """
    return [{"label": label, **chance_data(chance), "on": on} for label, chance, on in rows]


@dataclass(frozen=True)
class Field:
    """One field of a page calculator's form, as the page draws it and checks it before sending it.

    Attributes:
        name: Its key: in the values the form sends, and in a shared link.
        label: What the page writes beside it.
        default: Its text when the form opens.
        low: With `high`, the bounds of a whole number (a number field); `None` for another kind.
        high: The largest whole number it takes.
        choices: The values it may take, each with its words (a choice field).
        pattern: A regular expression the whole text must match (a text field); `numbers`
            fields are whole numbers separated by commas, each within `low` and `high`.
        hint: What the page says when the text does not match (such as "such as 3v2,4v2").
        numbers: Up to this many whole numbers separated by commas (a list field), 0 for one.
        what: How a refusal names it ("attack dice: give a whole number from 0 to 30"); empty: its label.
        counts: `(field, values)`: the field counts only while that choice field has one of
            `values` (an edition whose rules read it); otherwise the page hides and disables it,
            says `why` beside the choice, and sends nothing for it (the game reads its `default`,
            [`PageForm.completed`][battlebook.calculator.PageForm.completed]). `None`: it always counts.
        why: Why the field does not count while `counts` does not hold, in a player's words.
    """

    name: str
    label: str
    default: str
    low: int | None = None
    high: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    pattern: str = ""
    hint: str = ""
    numbers: int = 0
    what: str = ""
    counts: tuple[str, tuple[str, ...]] | None = None
    why: str = ""

    def check(self, value: object) -> int:
        """`value` itself when it is a whole number within the field's bounds; else a `BoundError` naming the field.

        Examples:
            >>> Field("a", "Attack dice", "3", 0, 30, what="attack dice").check(31)
            Traceback (most recent call last):
            ...
            battlebook.bounds.BoundError: attack dice: 31 is out of bounds: give a whole number from 0 to 30
        """
        from battlebook.bounds import check_whole

        assert self.low is not None and self.high is not None, f"{self.name} is not a number field"
        return check_whole(value, self.what or self.label, self.low, self.high)  # type: ignore[arg-type]

    def data(self) -> dict[str, Any]:
        """The field as the page reads it (plain data)."""
        kind = "choice" if self.choices else "numbers" if self.numbers else "number" if self.low is not None else "text"
        shape: dict[str, Any] = {"kind": kind, "name": self.name, "label": self.label, "default": self.default}
        if self.low is not None:
            shape |= {"low": self.low, "high": self.high}
        if self.choices:
            shape["choices"] = [list(choice) for choice in self.choices]
        if self.pattern:
            shape["pattern"] = self.pattern
        if self.hint:
            shape["hint"] = self.hint
        if self.numbers:
            shape["most"] = self.numbers
        if self.what:
            shape["what"] = self.what
        if self.counts:
            shape["counts"] = [self.counts[0], list(self.counts[1])]
            shape["why"] = self.why
        return shape


@dataclass(frozen=True)
class Group:
    """Fields the page draws together under a label, shown only while a choice field has one value (if `when`).

    Attributes:
        label: The group's legend.
        fields: Its fields, in order.
        when: `(field, value)`: the group shows only while that choice field has that value.
    """

    label: str
    fields: tuple[Field, ...]
    when: tuple[str, str] | None = None


@dataclass(frozen=True)
class PageForm:
    """A page calculator's form: its title, the words of its button, and its fields (some in groups).

    The page draws every game's form with one generic form; the values it sends (each field's
    text, by name, only the fields shown) are read and bounded again by the game.

    Examples:
        >>> form = PageForm("Odds", "Compute", (Field("s", "Score", "7", 0, 99),))
        >>> form.defaults(), form.data()["parts"][0]["fields"][0]["high"]
        ({'s': '7'}, 99)
    """

    title: str
    submit: str
    parts: tuple[Field | Group, ...]

    def fields(self) -> tuple[Field, ...]:
        """Every field, groups' included, in order."""
        return tuple(f for part in self.parts for f in (part.fields if isinstance(part, Group) else (part,)))

    def defaults(self) -> dict[str, str]:
        """Every field's text when the form opens, by name."""
        return {field.name: field.default for field in self.fields()}

    def completed(self, values: Mapping[str, str]) -> dict[str, str]:
        """`values` as the page sent them, and each field left out because it does not count, at its default.

        A field whose [`counts`][battlebook.calculator.Field] condition does not hold is sent
        by no page; every other value is kept as sent (the game reads and bounds it).

        Examples:
            >>> edition = Field("e", "Edition", "a", choices=(("a", "A"), ("b", "B")))
            >>> life = Field("l", "Life", "4", 1, 9, counts=("e", ("b",)), why="A has no Life")
            >>> PageForm("Fight", "Compute", (edition, life)).completed({"e": "a"})
            {'e': 'a', 'l': '4'}
        """
        given = dict(values)
        for field in self.fields():
            if field.counts is not None and field.name not in given:
                choice, taken = field.counts
                if given.get(choice) not in taken:
                    given[field.name] = field.default
        return given

    def data(self) -> dict[str, Any]:
        """The form as the page reads it (plain data): loose fields are groups without a label."""
        parts = [
            {
                "label": part.label,
                "when": list(part.when) if part.when else None,
                "fields": [f.data() for f in part.fields],
            }
            if isinstance(part, Group)
            else {"label": "", "when": None, "fields": [part.data()]}
            for part in self.parts
        ]
        return {"title": self.title, "submit": self.submit, "parts": parts}


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
class BattlePage:
    """What the odds page's battle calculator needs beyond the battle's options.

    Attributes:
        values: The text each field of the form opens with, by option name (an option not
            named opens with its default).
        example: Writes a battle the calculator answered as a feature file, given the
            arguments it was asked with and its JSON answer, so that `battlebook check` runs
            it again through the engine; `None` when the game writes no example.
    """

    values: Mapping[str, str]
    example: Callable[[Mapping[str, str], Mapping[str, Any]], str] | None = None


@dataclass(frozen=True)
class ReadingBattle:
    """One battle of the fixed set each ruling's page weighs its alternative reading on.

    See [`Calculators.reading_battles`][battlebook.calculator.Calculators].

    Attributes:
        name: Its short name on the pages (`H1`).
        arguments: The battle calculator's arguments, as its options name them and as text
            (`play` and `reading` left out: the set is played under each).
        best: Whether it is small enough to be solved under best play too, besides the plan.

    Examples:
        >>> ReadingBattle("H1", (("aggressor", "2,1,3,0,7,3,melee"),), best=True).best
        True
    """

    name: str
    arguments: tuple[tuple[str, str], ...]
    best: bool = False


@dataclass(frozen=True)
class Calculators:
    """A game's calculators: an attack's odds, a whole fight's questions, and the odds page's two forms.

    `title` is how the command line names the game in a sentence. The odds page draws
    `odds_form` and `fight_form` (see [`PageForm`][battlebook.calculator.PageForm]) with one
    generic form. `page_odds` answers the first, given the values of its fields in its
    order (a number field's as a number, a list field's as a list of numbers, any other as
    its text), with plain data whose `shown` part the page draws: `lines` of text, the
    `main` one, and a chart's `rows` ([`chart_rows`][battlebook.calculator.chart_rows]); the
    page shows every string as text. `page_fight` turns the fight form's values (its shown
    fields' texts, by name) into the question and arguments of the game's
    [`fight`][battlebook.game.Game.fight]; a `ValueError` says, in one line, what is wrong.
    `battle`, when the game has one, is its calculator of whole battles of several units
    (`battlebook odds battle GAME`), asked of the game's `fight` as the question `battle`;
    `battle_page` the page's own parts of it ([`BattlePage`][battlebook.calculator.BattlePage]).
    `reading_battles` is the fixed set of battles (at least 20) on which each ruling's page
    shows what its alternative reading is worth: each side's chance of winning under
    Battlebook's reading and under the alternative (see
    [`reading_worth`][battlebook.runners.reading_worth]). `battle_scope` says, in a phrase, what
    every battle of the battle calculator is fought with or without ("in the open field, with no
    heroes, towns or spells"): the ruling pages say it, since a reading about what the battles
    leave out cannot change them.
    """

    title: str
    odds: OddsCalculator
    fight: FightForm
    page_odds: Callable[[Sequence[object]], dict[str, Any]]
    odds_form: PageForm
    fight_form: PageForm
    page_fight: Callable[[Mapping[str, str]], tuple[str, dict[str, str]]]
    battle: FightForm | None = None
    battle_page: BattlePage | None = None
    reading_battles: tuple[ReadingBattle, ...] = ()
    battle_scope: str = ""
