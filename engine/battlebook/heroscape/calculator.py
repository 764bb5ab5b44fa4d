"""Heroscape's calculators: the wounds when attack dice roll against defense dice, and the questions of a whole fight.

A light module: it names the options and reads their text without loading the rules; the
odds themselves come from [`heroscape_wounds`][battlebook.heroscape.dice.heroscape_wounds]
and the whole fight from [`HEROSCAPE.fight`][battlebook.heroscape.game.HeroscapeGame.fight],
imported when asked. The command line (`battlebook odds heroscape`, `battlebook odds fight
heroscape`) and the odds page reach it through the registry
([`calculators`][battlebook.games.calculators]).

Examples:
    >>> CALCULATORS.odds.answer({"attack": 2, "defense": 4}).data()["at_least_one"]
    '20/81'
    >>> attacked = {"edition": "2004", "life": "3", "attacks": "3v2", "first": None, "second": None}
    >>> CALCULATORS.fight.question(attacked)
    ('attacked', {'edition': '2004', 'life': '3', 'attacks': '3v2'})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from battlebook import bounds
from battlebook.calculator import (
    BattlePage,
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
from battlebook.heroscape import battle_page
from battlebook.heroscape.reading_battles import READING_BATTLES

__all__ = [
    "CALCULATORS",
    "COMBAT_DIE_SIDES",
    "FIGHT_FORM",
    "MAX_ATTACKS",
    "MAX_DICE",
    "MAX_FIGHT_DICE",
    "MAX_LIFE",
    "ODDS_FORM",
    "page_fight",
]

#: The most dice the calculators take on either side (from `battlebook.bounds`).
MAX_DICE = bounds.MAX_DICE
#: The combat die as the ruling reads it: skulls, shields, blanks (held to
#: `battlebook.heroscape.dice.COMBAT_DIE` by a test, so that reading the options loads no rule).
COMBAT_DIE_SIDES = (3, 2, 1)
#: The bounds the fight calculator puts on its numbers, as `--help` states them (from
#: `battlebook.bounds`, as `battlebook.heroscape.fight` takes them).
MAX_FIGHT_DICE = bounds.FIGHT_MAX_DICE
MAX_LIFE = bounds.FIGHT_MAX_LIFE
#: What every battle of the battle calculator is fought with (its `--help` and the ruling pages say it).
BATTLE_SCOPE = "with every figure in range and sight of every enemy, on one level"
#: The battle calculator's bounds (from `battlebook.bounds`, as `battlebook.heroscape.battle` takes them).
BATTLE_MAX_FIGURES = bounds.BATTLE_MAX_FIGURES
BEST_MAX_FIGURES = bounds.BATTLE_BEST_MAX_FIGURES
MAX_ATTACKS = bounds.FIGHT_MAX_ATTACKS


def dice_count(text: str) -> int:
    """Read a number of dice: a whole number from 0 to `MAX_DICE`."""
    return bounds.read_whole(text, "dice", 0, MAX_DICE)


@dataclass(frozen=True)
class Wounds:
    """The answer of `battlebook odds heroscape`: the wounds when `attack` dice roll against `defense` dice."""

    attack: int
    defense: int

    def data(self) -> dict[str, Any]:
        """The JSON object: the chance of each number of wounds, of at least one, and the expected wounds."""
        from battlebook.heroscape.dice import heroscape_wounds
        from battlebook.odds import fraction_text

        odds = heroscape_wounds(self.attack, self.defense)
        return {
            "game": "heroscape",
            "attack_dice": self.attack,
            "defense_dice": self.defense,
            "wounds": {str(k): fraction_text(p) for k, p in enumerate(odds.wounds)},
            "at_least_one": fraction_text(odds.at_least_one),
            "expected_wounds": fraction_text(odds.expected),
        }

    def text(self) -> str:
        """The wound distribution as a table, with the chance of at least one wound and the expected wounds."""
        from battlebook.heroscape.dice import heroscape_wounds
        from battlebook.odds import fraction_text, percent_text

        odds = heroscape_wounds(self.attack, self.defense)
        lines = [f"Heroscape: {self.attack} attack dice against {self.defense} defense dice"]
        rows: list[tuple[str, ...]] = [("wounds", "exactly", "at least", "at most")]
        rows += [
            (str(k), *(f"{fraction_text(p)} ({percent_text(p)})" for p in (exactly, least, most)))
            for k, exactly, least, most in odds.table()
        ]
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        lines += ["  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)) for row in rows]
        lines.append(f"at least one wound: {fraction_text(odds.at_least_one)} ({percent_text(odds.at_least_one)})")
        lines.append(f"expected wounds: {fraction_text(odds.expected)} (about {float(odds.expected):.3f})")
        return "\n".join(lines)


def wounds(values: Mapping[str, Any]) -> Wounds:
    """The answer for the options' values: `attack` and `defense` dice."""
    return Wounds(int(values["attack"]), int(values["defense"]))


def fight_question(values: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    """The question a Heroscape fight's options ask: a duel, or one figure attacked; and its arguments as text."""
    duel = {name: values.get(name) for name in ("first", "second")}
    attacked = {name: values.get(name) for name in ("life", "attacks")}
    if any(v is not None for v in duel.values()) and any(v is not None for v in attacked.values()):
        raise ValueError("ask either for a duel (--first, --second) or for one figure attacked (--life, --attacks)")
    if any(v is not None for v in attacked.values()):
        if None in attacked.values():
            raise ValueError("one figure attacked needs both --life and --attacks")
        return "attacked", {"edition": values["edition"], "life": values["life"], "attacks": values["attacks"]}
    if None in duel.values():
        raise ValueError("give --first and --second (a duel), or --life and --attacks (one figure attacked)")
    return "duel", {
        "edition": values["edition"],
        "first": values["first"],
        "second": values["second"],
        "height": values["height"],
    }


def battle_question(values: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    """The question a Heroscape battle's options ask (`battle`), and its arguments as text."""
    missing = [name for name in ("first", "second") if values.get(name) is None]
    if missing:
        raise ValueError(f"give --{' and --'.join(missing)}")
    return "battle", {name: str(values.get(name) or "") for name in ("edition", "first", "second", "play", "reading")}


#: The editions, as the page's choices write them.
EDITIONS = (("2004", "2004 basic game"), ("2024", "2024 edition"))

#: The odds page's attack calculator: printed dice, the levels between the figures, the edition.
ODDS_FORM = PageForm(
    "Odds calculator: attack against defense",
    "Compute",
    (
        Field("a", "Attack dice", "3", 0, MAX_DICE, what="attack dice"),
        Field("d", "Defense dice", "2", 0, MAX_DICE, what="defense dice"),
        Field(
            "h",
            "Levels the attacker stands above the defender (negative: below)",
            "0",
            -bounds.MAX_LEVEL,
            bounds.MAX_LEVEL,
            what="levels above",
        ),
        Field("e", "Edition", "2004", choices=EDITIONS),
    ),
)

_DICE = f"0 to {MAX_FIGHT_DICE}"
_LIFE = f"1 to {MAX_LIFE}"
_ATTACKS = r"\d+\s*v\s*\d+(\s*,\s*\d+\s*v\s*\d+)*"


#: Only the 2024 edition's attacks wound, so only there does a figure's Life count.
_LIFE_COUNTS = ("e", ("2024",))
_NO_LIFE = "No Life in the 2004 game: more skulls than shields destroys a figure."


def _life(name: str, default: str) -> Field:
    return Field(name, f"Life ({_LIFE})", default, 1, MAX_LIFE, what="Life", counts=_LIFE_COUNTS, why=_NO_LIFE)


def _figure(prefix: str, life: str) -> tuple[Field, ...]:
    return (
        Field(f"{prefix}a", f"Attack dice ({_DICE})", "3", 0, MAX_FIGHT_DICE, what="attack dice"),
        Field(f"{prefix}d", f"Defense dice ({_DICE})", "3", 0, MAX_FIGHT_DICE, what="defense dice"),
        _life(f"{prefix}l", life),
    )


#: The odds page's fight calculator: a duel to the end, or one figure attacked again and again.
FIGHT_FORM = PageForm(
    "Fight calculator: who wins a fight to the end",
    "Compute the fight",
    (
        Field(
            "q",
            "Question",
            "duel",
            choices=(("duel", "a duel to the end"), ("attacked", "one figure attacked again and again")),
        ),
        Field("e", "Edition", "2004", choices=EDITIONS),
        Group("First figure (attacks first)", _figure("f", "4"), ("q", "duel")),
        Group("Second figure", _figure("s", "4"), ("q", "duel")),
        Group(
            "Height",
            (
                Field(
                    "h",
                    "Extra dice for the higher figure: positive, the first; negative, the second "
                    "(2004: -1 to 1; 2024: -2 to 2)",
                    "0",
                    -2,
                    2,
                    what="height",
                ),
            ),
            ("q", "duel"),
        ),
        Group(
            "The figure attacked",
            (
                _life("l", "3"),
                Field(
                    "t",
                    f"Attacks, each AvD (1 to {MAX_ATTACKS} attacks, {_DICE} dice each)",
                    "3v2,3v2,3v2",
                    pattern=_ATTACKS,
                    hint="such as 3v2,4v2",
                    what="attacks: write each attack as AvD, separated by commas",
                ),
            ),
            ("q", "attacked"),
        ),
    ),
)


def page_fight(values: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """The question the page's fight form asks, and its arguments as text.

    Examples:
        >>> page_fight(FIGHT_FORM.defaults())
        ('duel', {'edition': '2004', 'first': '3,3,4', 'second': '3,3,4', 'height': '0'})
    """
    try:
        if values.get("q") == "attacked":
            return "attacked", {"edition": values["e"], "life": values["l"], "attacks": values["t"]}
        first, second = (",".join(values[f"{p}{k}"] for k in "adl") for p in "fs")
        return "duel", {"edition": values["e"], "first": first, "second": second, "height": values["h"]}
    except KeyError as missing:
        raise ValueError(f"the fight calculator's field {missing} is missing") from None


def page_odds(arguments: Sequence[object]) -> dict[str, Any]:
    """The odds page's calculator: printed dice, the levels the attacker stands above the defender, the edition.

    The edition's ruleset turns the height into extra dice (for the defender when it stands
    higher). Answers the dice rolled, the wound distribution and the chance of at least one.

    Examples:
        >>> odds = page_odds([2, 4, 1, "2004"])
        >>> odds["attack_dice"], odds["defense_dice"], odds["at_least_one"]["fraction"]
        (3, 4, '11/27')
    """
    from battlebook.errors import BattlebookError
    from battlebook.heroscape.dice import heroscape_wounds
    from battlebook.heroscape.ruleset import Edition, Ruleset
    from battlebook.odds import fraction_text, percent_text

    given_attack, given_defense, given_above, edition = arguments
    field = {f.name: f for f in ODDS_FORM.fields()}
    attack, defense, above = (
        field["a"].check(given_attack),
        field["d"].check(given_defense),
        field["h"].check(given_above),
    )
    try:
        ruleset = Ruleset.for_edition(Edition(str(edition)))
    except ValueError:
        raise BattlebookError(f"the edition is 2004 or 2024, not {edition!r}") from None
    extra = ruleset.height.extra_dice(abs(above))
    attack_dice = attack + (extra if above > 0 else 0)
    defense_dice = defense + (extra if above < 0 else 0)
    odds = heroscape_wounds(attack_dice, defense_dice, ruleset.combat_die, ruleset.defense_sides)
    notes = []
    if extra:
        side = "attack" if above > 0 else "defense"
        notes.append(f"height advantage under the {ruleset.edition.value} edition: +{extra} {side}")
    later = ruleset.edition is Edition.EDITION_2024

    def count(k: int) -> str:
        return ("wound" if k == 1 else "wounds") if later else "unblocked"

    main = "At least one wound" if later else "Destroyed (more skulls than shields)"
    noted = "; " + "; ".join(notes) if notes else ""
    shown = {
        "lines": [
            f"{attack_dice} attack dice against {defense_dice} defense dice ({ruleset.edition.value} edition){noted}."
        ],
        "main": f"{main}: {fraction_text(odds.at_least_one)} ({percent_text(odds.at_least_one)}); "
        f"expected unblocked skulls {fraction_text(odds.expected)}.",
        "rows": chart_rows([(f"{k} {count(k)}", p, k > 0) for k, p in enumerate(odds.wounds)]),
    }
    return {
        "game": "heroscape",
        "shown": shown,
        "edition": ruleset.edition.value,
        "attack_dice": attack_dice,
        "defense_dice": defense_dice,
        "notes": notes,
        "wounds": [chance_data(p) for p in odds.wounds],
        "at_least_one": chance_data(odds.at_least_one),
        "expected": chance_data(odds.expected),
    }


_FIGURE = f"attack and defense dice (0 to {MAX_FIGHT_DICE}), Life (1 to {MAX_LIFE})"

#: Heroscape's calculators, as the command line and the odds page ask them.
CALCULATORS = Calculators(
    title="Heroscape",
    odds=OddsCalculator(
        help="wounds when attack dice roll against defense dice",
        description=(
            "The exact distribution of wounds (skulls not blocked by shields) when A attack dice roll "
            f"against D defense dice; each die has {COMBAT_DIE_SIDES[0]} skull sides, {COMBAT_DIE_SIDES[1]} shield "
            f"sides and {COMBAT_DIE_SIDES[2]} blank side (the ruling on the combat die)."
        ),
        options=(
            Option("attack", f"attack dice rolled (0 to {MAX_DICE})", "A", dice_count, required=True),
            Option("defense", f"defense dice rolled (0 to {MAX_DICE})", "D", dice_count, required=True),
        ),
        json_help="print one JSON object instead of a table",
        answer=wounds,
    ),
    fight=FightForm(
        help="a duel to the end, or one figure attacked again and again",
        description=(
            "Either a duel: the first and the second figure attack each other in turn, the first first, until "
            "one is destroyed (--first, --second, --height); or one figure of Life L taking attacks one after "
            "the other (--life, --attacks). Each attack is resolved by the edition's rules: 2004, more skulls "
            "than shields destroys; 2024, each unblocked skull is a wound, destroyed at its Life."
        ),
        options=(
            Option("edition", "the edition (default: 2004)", choices=("2004", "2024"), default="2004"),
            Option("first", f"the figure attacking first: {_FIGURE}", "ATTACK,DEFENSE,LIFE"),
            Option("second", "the other figure, the same way", "ATTACK,DEFENSE,LIFE"),
            Option(
                "height",
                "extra dice of height advantage, on attack and defense, for the higher figure: positive when "
                "the first stands higher, negative when the second does (2004: -1 to 1; 2024: -2 to 2; default 0)",
                "K",
                default="0",
            ),
            Option("life", f"the attacked figure's Life (1 to {MAX_LIFE})", "L"),
            Option(
                "attacks",
                f"each attack's attack dice and defense dice, in order (1 to {MAX_ATTACKS} attacks, "
                f"0 to {MAX_FIGHT_DICE} dice each), such as 3v2,4v2",
                "AvD,AvD,...",
            ),
        ),
        json_help='print one JSON object, fractions as "p/q"',
        question=fight_question,
    ),
    page_odds=page_odds,
    odds_form=ODDS_FORM,
    fight_form=FIGHT_FORM,
    page_fight=page_fight,
    battle=FightForm(
        help="a battle of two army cards of several figures, under the focus plan or best play",
        description=(
            f"Two armies of one army card each, {BATTLE_SCOPE}, fight "
            "to the end through the rules engine: turns alternate, the first army first, and on its turn each "
            "living figure of the army attacks once. --play focus: every attack on the enemy figure with the most "
            "wounds (ties: the first); --play best: each target chosen after the rolls before it, the first army "
            "maximizing its chance of winning, the second minimizing it (exact, proved). "
            f"Bounds: up to {BATTLE_MAX_FIGURES} figures an army, attack and defense 0 to {MAX_FIGHT_DICE}, Life 1 "
            f"to {MAX_LIFE}; best play up to {BEST_MAX_FIGURES} figures in all; a larger battle is refused at once."
        ),
        options=(
            Option("edition", "the edition (default: 2004)", choices=("2004", "2024"), default="2004"),
            Option(
                "first",
                "the army taking the first turn: its figures, and each one's attack, defense, Life",
                "FIGURES,ATTACK,DEFENSE,LIFE",
            ),
            Option("second", "the other army, the same way", "FIGURES,ATTACK,DEFENSE,LIFE"),
            Option("play", "how both armies play (default: focus)", choices=("focus", "best"), default="focus"),
            Option(
                "reading",
                "play under alternative readings: their words as a scenario writes them (see the rulings), "
                "separated by ';'",
                "WORDS",
            ),
        ),
        json_help='print one JSON object, fractions as "p/q"',
        question=battle_question,
    ),
    battle_page=BattlePage(battle_page.PAGE_VALUES, battle_page.example),
    reading_battles=READING_BATTLES,
    battle_scope=BATTLE_SCOPE,
)
