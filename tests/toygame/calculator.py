"""Coin Duel's calculators, as the command line and the odds page ask them (read without loading its rules)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from battlebook import bounds
from battlebook.calculator import (
    Calculators,
    Field,
    FightForm,
    Group,
    OddsCalculator,
    Option,
    PageForm,
    chance_data,
    chart_rows,
)

#: The bounds of the toy's numbers: a champion's hearts, and a guard.
MAX_HEARTS = 6
MAX_GUARD = 7


def guard_value(text: str) -> int:
    """Read a guard: a whole number from 1 to `MAX_GUARD`."""
    return bounds.read_whole(text, "guard", 1, MAX_GUARD)


def read_champion(text: str, what: str) -> tuple[int, int]:
    """Read a champion written HEARTS,GUARD; a `ValueError` says what is wrong, in one line."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"the {what} champion: write HEARTS,GUARD (such as 2,4), not {text!r}")
    return bounds.read_whole(parts[0], f"the {what} champion's hearts", 1, MAX_HEARTS), guard_value(parts[1])


def hit_chance(guard: int, six_always_hits: bool = True) -> Fraction:
    """The chance that a strike reaches `guard` on the six-sided die (a 6 always does, under the ruling)."""
    return Fraction(sum(face >= guard or (face == 6 and six_always_hits) for face in range(1, 7)), 6)


@dataclass(frozen=True)
class HitChance:
    """The answer of `battlebook odds toy`: the chance that a strike against `guard` takes a heart."""

    guard: int

    def data(self) -> dict[str, Any]:
        """The JSON object."""
        from battlebook.odds import fraction_text

        return {"game": "toy", "guard": self.guard, "hit": fraction_text(hit_chance(self.guard))}

    def text(self) -> str:
        """The chance as a sentence."""
        from battlebook.odds import fraction_text

        return (
            f"Coin Duel: a strike against guard {self.guard} hits with chance {fraction_text(hit_chance(self.guard))}"
        )


#: The odds page's form: the guard struck at.
ODDS_FORM = PageForm("Odds calculator: a strike", "Compute", (Field("g", "Guard", "4", 1, MAX_GUARD, what="guard"),))


def _champion(prefix: str, words: str) -> Group:
    return Group(
        words,
        (
            Field(f"{prefix}h", f"Hearts (1 to {MAX_HEARTS})", "2", 1, MAX_HEARTS, what="hearts"),
            Field(f"{prefix}g", f"Guard (1 to {MAX_GUARD})", "4", 1, MAX_GUARD, what="guard"),
        ),
    )


#: The odds page's fight form: two champions.
FIGHT_FORM = PageForm(
    "Fight calculator: a duel to the end",
    "Compute the duel",
    (_champion("f", "The first champion (strikes first)"), _champion("s", "The second champion")),
)


def page_odds(arguments: Sequence[object]) -> dict[str, Any]:
    """The odds page's calculator: the guard struck at."""
    (guard,) = arguments
    ODDS_FORM.fields()[0].check(guard)
    chance = hit_chance(guard)  # type: ignore[arg-type]
    faces = [(f"roll {face}", Fraction(1, 6), face >= guard or face == 6) for face in range(1, 7)]  # type: ignore[operator]
    shown = {"lines": [f"A strike against guard {guard}."], "main": f"Hit: {chance}.", "rows": chart_rows(faces)}
    return {"game": "toy", "guard": guard, "chance": chance_data(chance), "shown": shown}


def page_fight(values: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """The duel the fight form asks about."""
    return "duel", {"first": f"{values['fh']},{values['fg']}", "second": f"{values['sh']},{values['sg']}"}


def fight_question(values: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    """The question the options ask: a duel of the two champions."""
    missing = [name for name in ("first", "second") if values.get(name) is None]
    if missing:
        raise ValueError(f"give --{' and --'.join(missing)}")
    return "duel", {"first": values["first"], "second": values["second"]}


#: The toy's calculators.
CALCULATORS = Calculators(
    title="Coin Duel",
    odds=OddsCalculator(
        help="the chance that a Coin Duel strike hits",
        description="The chance that a strike's roll of the six-sided die reaches the guard.",
        options=(Option("guard", f"the guard (1 to {MAX_GUARD})", "G", guard_value, required=True),),
        json_help="print one JSON object instead of a sentence",
        answer=lambda values: HitChance(int(values["guard"])),
    ),
    fight=FightForm(
        help="two champions striking each other until one is knocked out",
        description="Two champions strike each other in turn, the first one first, until one has no heart left.",
        options=(
            Option(
                "first", f"the first champion: hearts (1 to {MAX_HEARTS}) and guard (1 to {MAX_GUARD})", "HEARTS,GUARD"
            ),
            Option("second", "the second champion, the same way", "HEARTS,GUARD"),
        ),
        json_help="print one JSON object instead of the table",
        question=fight_question,
    ),
    page_odds=page_odds,
    odds_form=ODDS_FORM,
    fight_form=FIGHT_FORM,
    page_fight=page_fight,
)
