"""Heroes of Might & Magic's calculators: the chance that an attack kills, and the questions of a whole fight.

A light module: it names the options and reads their text without loading the rules; the
odds themselves come from [`homm_hit`][battlebook.homm.dice.homm_hit] and the whole fight
from [`HOMM.fight`][battlebook.homm.game.HommGame.fight], imported when asked. The command
line (`battlebook odds homm`, `battlebook odds fight homm`) and the odds page reach it
through the registry ([`calculators`][battlebook.games.calculators]).

Examples:
    >>> CALCULATORS.odds.answer({"score": 7, "defense": [13], "faces": "0-9"}).data()
    {'game': 'homm', 'score': 7, 'defense': 13, 'faces': '0-9', 'hit': '2/5', 'min_roll': 6}
    >>> CALCULATORS.fight.question({"aggressor": "3,2,3,7,7", "defender": "1,3,5,9,4", "faces": "0-9", "reading": None})
    ('stacks', {'aggressor': '3,2,3,7,7', 'defender': '1,3,5,9,4', 'faces': '0-9', 'reading': ''})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
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
from battlebook.homm import battle_page
from battlebook.homm.reading_battles import READING_BATTLES

__all__ = [
    "CALCULATORS",
    "DIE_READINGS",
    "FIGHT_FORM",
    "FIGHT_READINGS",
    "MAX_CARDS",
    "MAX_SCORE",
    "MAX_STAT",
    "MAX_SWAT",
    "ODDS_FORM",
    "page_fight",
]

#: The bounds of the numbers the calculators read, from `battlebook.bounds` (where the command
#: line, the step language, the engine and the page read theirs): a score, a swat's defenses.
MAX_SCORE = bounds.MAX_SCORE
MAX_SWAT = bounds.MAX_SWAT
#: How the die's faces may be read (the values of `battlebook.homm.ruleset.DieReading`,
#: written here so that reading the options loads no rule; a test holds them equal).
DIE_READINGS = ("0-9", "1-10")
#: What every battle of the battle calculator is fought with or without (its `--help` and the ruling pages say it).
BATTLE_SCOPE = "in the open field, with no heroes, towns or spells"
#: The bounds the fight calculator puts on its numbers, as `--help` states them (from
#: `battlebook.bounds`, as `battlebook.homm.fight` takes them).
MAX_CARDS = bounds.FIGHT_MAX_CARDS
MAX_STAT = bounds.MAX_SCORE
#: The readings the fight calculator takes by their ruling's name (`READINGS` of `battlebook.homm.fight`).
FIGHT_READINGS = ("retaliation-chain",)
#: The battle calculator's bounds (from `battlebook.bounds`, as `battlebook.homm.battle` takes them).
BATTLE_MAX_STACKS = bounds.BATTLE_MAX_STACKS
BATTLE_MAX_CARDS = bounds.BATTLE_MAX_CARDS
BEST_MAX_STACKS = bounds.BATTLE_BEST_MAX_STACKS
BEST_MAX_CARDS = bounds.BATTLE_BEST_MAX_CARDS
BEST_MAX_TOTAL_CARDS = bounds.BATTLE_BEST_MAX_TOTAL_CARDS


def score_value(text: str) -> int:
    """Read an attack score: a whole number from 0 to `MAX_SCORE` (bonuses included, never negative)."""
    return bounds.read_whole(text, "attack score", 0, MAX_SCORE)


def defense_list(text: str) -> list[int]:
    """Read one defense score, or up to `MAX_SWAT` separated by commas for a swat, each from 0 to `MAX_SCORE`."""
    parts = text.split(",")
    if len(parts) > MAX_SWAT:
        raise ValueError(f"{len(parts)} defense scores: a swat lists at most {MAX_SWAT}")
    return [bounds.read_whole(part, "defense score", 0, MAX_SCORE) for part in parts]


@dataclass(frozen=True)
class KillChance:
    """The answer of `battlebook odds homm`: the chance that an attack with `score` kills against `defenses`."""

    score: int
    defenses: tuple[int, ...]
    faces: str

    def _hit(self) -> Any:
        from battlebook.homm.dice import homm_hit, swat_defense
        from battlebook.homm.ruleset import DieReading

        return homm_hit(self.score, swat_defense(self.defenses), DieReading(self.faces))

    def data(self) -> dict[str, Any]:
        """The JSON object: `defense` is the total; for a swat (several defenses given) `swat` lists them too.

        Examples:
            >>> KillChance(7, (4, 4, 5), "0-9").data()["swat"], KillChance(7, (4, 4, 5), "0-9").data()["defense"]
            ([4, 4, 5], 13)
        """
        from battlebook.odds import fraction_text

        chance = self._hit()
        shape: dict[str, Any] = {"game": "homm", "score": self.score, "defense": chance.defense}
        if len(self.defenses) > 1:
            shape["swat"] = list(self.defenses)
        return shape | {"faces": self.faces, "hit": fraction_text(chance.hit), "min_roll": chance.min_roll}

    def text(self) -> str:
        """The chance of a kill as sentences."""
        from battlebook.odds import fraction_text, percent_text

        chance = self._hit()
        swat = f" (a swat: {' + '.join(map(str, self.defenses))})" if len(self.defenses) > 1 else ""
        lines = [
            f"Heroes of Might & Magic: score {self.score} against defense {chance.defense}{swat}, "
            f"die read {self.faces}",
            f"chance of a kill: {fraction_text(chance.hit)} ({percent_text(chance.hit)})",
        ]
        if chance.is_certain:
            lines.append("certain: even the lowest roll kills")
        elif chance.is_impossible:
            lines.append("impossible: even the highest roll falls short")
        else:
            lines.append(f"smallest roll that kills: {chance.min_roll}")
        return "\n".join(lines)


def kill_chance(values: Mapping[str, Any]) -> KillChance:
    """The answer for the options' values: `score`, `defense` (a list) and `faces`."""
    return KillChance(int(values["score"]), tuple(values["defense"]), str(values["faces"]))


def fight_question(values: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    """The question a HoMM fight's options ask: two stacks to the end (`stacks`), and its arguments as text."""
    missing = [name for name in ("aggressor", "defender") if values.get(name) is None]
    if missing:
        raise ValueError(f"give --{' and --'.join(missing)}")
    names = {"aggressor": values["aggressor"], "defender": values["defender"], "faces": values["faces"]}
    return "stacks", names | {"reading": values.get("reading") or ""}


def battle_question(values: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    """The question a HoMM battle's options ask (`battle`), and its arguments as text."""
    missing = [name for name in ("aggressor", "defender") if values.get(name) is None]
    if missing:
        raise ValueError(f"give --{' and --'.join(missing)}")
    names = ("aggressor", "defender", "play", "faces", "reading")
    return "battle", {name: str(values.get(name) or "") for name in names}


#: The odds page's attack calculator: an attack score, its defenses (several for a swat), the die's reading.
ODDS_FORM = PageForm(
    "Odds calculator: score against defense",
    "Compute",
    (
        Field("s", "Attack score (bonuses included)", "7", 0, MAX_SCORE, what="score"),
        Field(
            "d",
            "Defense (several, separated by commas, for a swat)",
            "13",
            0,
            MAX_SCORE,
            numbers=MAX_SWAT,
            what="defense",
        ),
        Field("r", "The die reads", DIE_READINGS[0], choices=tuple((r, r) for r in DIE_READINGS)),
    ),
)

_CARDS = f"1 to {MAX_CARDS}"
_STAT = f"0 to {MAX_STAT}"


def _stack(prefix: str, values: tuple[int, ...]) -> tuple[Field, ...]:
    cards, level, melee, defense, phase = (str(v) for v in values)
    return (
        Field(f"{prefix}c", f"Cards ({_CARDS})", cards, 1, MAX_CARDS, what="cards"),
        Field(f"{prefix}l", f"Level ({_STAT})", level, 0, MAX_STAT, what="level"),
        Field(f"{prefix}m", f"Melee score ({_STAT})", melee, 0, MAX_STAT, what="melee score"),
        Field(f"{prefix}d", f"Defense ({_STAT})", defense, 0, MAX_STAT, what="defense"),
        Field(f"{prefix}p", "Phase (1 to 10)", phase, 1, 10, what="phase"),
    )


#: The odds page's fight calculator: two stacks fighting to the end.
FIGHT_FORM = PageForm(
    "Fight calculator: who wins a fight to the end",
    "Compute the fight",
    (
        Group("The Aggressor's stack", _stack("a", (3, 2, 3, 7, 7))),
        Group("The Defender's stack", _stack("d", (3, 1, 4, 9, 3))),
        Field("r", "The die reads", DIE_READINGS[0], choices=(("0-9", "0-9 (Battlebook's reading)"), ("1-10", "1-10"))),
        Field(
            "c",
            "A retaliation may itself be answered",
            "",
            choices=(("", "no (Battlebook's reading)"), (FIGHT_READINGS[0], "yes (the alternative)")),
        ),
    ),
)


def page_fight(values: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """The question the page's fight form asks (two stacks to the end), and its arguments as text.

    Examples:
        >>> page_fight(FIGHT_FORM.defaults())
        ('stacks', {'aggressor': '3,2,3,7,7', 'defender': '3,1,4,9,3', 'faces': '0-9', 'reading': ''})
    """
    try:
        aggressor, defender = (",".join(values[f"{side}{k}"] for k in "clmdp") for side in "ad")
        return "stacks", {"aggressor": aggressor, "defender": defender, "faces": values["r"], "reading": values["c"]}
    except KeyError as missing:
        raise ValueError(f"the fight calculator's field {missing} is missing") from None


def page_odds(arguments: Sequence[object]) -> dict[str, Any]:
    """The odds page's calculator: an attack score, its defenses (several for a swat) and the die's reading.

    Examples:
        >>> odds = page_odds([7, [13], "1-10"])
        >>> odds["chance"]["fraction"], odds["min_roll"]
        ('1/2', 6)
    """
    from battlebook.errors import BattlebookError
    from battlebook.homm.dice import homm_hit
    from battlebook.homm.ruleset import DieReading
    from battlebook.odds import fraction_text, percent_text

    score, defenses, reading = arguments
    field = {f.name: f for f in ODDS_FORM.fields()}
    field["s"].check(score)
    swat = list(defenses)  # type: ignore[call-overload]
    bounds.check_whole(len(swat), "swat", 1, field["d"].numbers)
    for defense in swat:
        field["d"].check(defense)
    try:
        die = DieReading(str(reading))
    except ValueError:
        raise BattlebookError(f"the die reads 0-9 or 1-10, not {reading!r}") from None
    hit = homm_hit(score, swat, die)  # type: ignore[arg-type]
    swatted = f" (a swat: {' + '.join(map(str, swat))})" if len(swat) > 1 else ""
    need = "no roll kills" if hit.min_roll is None else f"a roll of {hit.min_roll} or more kills"
    shown = {
        "lines": [f"Score {score} against defense {hit.defense}{swatted}, the die reading {die.value}: {need}."],
        "main": f"Chance to kill: {fraction_text(hit.hit)} ({percent_text(hit.hit)}).",
        "rows": chart_rows([(f"roll {face}", Fraction(1, 10), face in hit.winning_faces) for face in hit.faces]),
    }
    return {
        "game": "homm",
        "shown": shown,
        "score": score,
        "defense": hit.defense,
        "swat": swat,
        "reading": die.value,
        "faces": list(hit.faces),
        "winning_faces": list(hit.winning_faces),
        "min_roll": hit.min_roll,
        "chance": chance_data(hit.hit),
    }


_BATTLE_STACK = (
    f"CARDS,LEVEL,MELEE,RANGED,DEFENSE,PHASE,LINE each: cards (1 to {BATTLE_MAX_CARDS}), the unit's level, melee "
    f"score, ranged score and defense (0 to {MAX_STAT}), phase (1 to 10) and line (melee or ranged)"
)
_STACK = f"cards (1 to {MAX_CARDS}), the unit's level, melee score and defense (0 to {MAX_STAT}) and phase (1 to 10)"

#: HoMM's calculators, as the command line and the odds page ask them.
CALCULATORS = Calculators(
    title="Heroes of Might & Magic",
    odds=OddsCalculator(
        help="the chance that a Heroes of Might & Magic attack kills",
        description=(
            "The chance that an attack with score S kills: score plus the roll of the die "
            "(ten-sided, by Battlebook's reading) must reach the defense (for a swat, the sum of the swatted defenses)."
        ),
        options=(
            Option("score", f"attack score, bonuses included (0 to {MAX_SCORE})", "S", score_value, required=True),
            Option(
                "defense",
                (
                    f"defense score to reach (0 to {MAX_SCORE}); up to {MAX_SWAT}, separated by commas, for a swat "
                    "(they add up: the JSON gives "
                    'the sum as "defense" and the list as "swat")'
                ),
                "D[,D2,...]",
                defense_list,
                required=True,
            ),
            Option(
                "faces",
                "how the die's faces are read (default: %(default)s)",
                choices=DIE_READINGS,
                default=DIE_READINGS[0],
            ),
        ),
        json_help="print one JSON object instead of a sentence",
        answer=kill_chance,
    ),
    fight=FightForm(
        help="two stacks fighting to the end",
        description=(
            "Two stacks, each a number of cards of one unit, fight round after round: each attacks the other "
            "in its phase (the Aggressor first in a shared phase) with its stack's score, and a surviving "
            "stack retaliates once per round. The die's faces and the retaliation chain are the rulebook's "
            "readings (rulings die-faces and retaliation-chain), chosen as a scenario chooses them."
        ),
        options=(
            Option("aggressor", f"the Aggressor's stack: {_STACK}", "CARDS,LEVEL,MELEE,DEFENSE,PHASE"),
            Option("defender", "the Defender's stack, the same way", "CARDS,LEVEL,MELEE,DEFENSE,PHASE"),
            Option(
                "faces", "how the die's faces are read (default: 0-9)", choices=DIE_READINGS, default=DIE_READINGS[0]
            ),
            Option(
                "reading",
                "play under the alternative reading of this ruling (retaliation-chain: a retaliation may itself "
                "be retaliated against)",
                choices=FIGHT_READINGS,
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
        help="a battle of several stacks a side, under the plain plan or best play",
        description=(
            f"A whole battle {BATTLE_SCOPE}, fought to the end through the rules engine: "
            "in each phase the Aggressor's stacks of that phase act, then the Defender's, each side's in the order "
            "listed. --play plain: every stack attacks when it can (melee from the Melee Line, else ranged) the "
            "target it kills with the highest chance, and always retaliates; --play best: every decision the rules "
            "allow, the Aggressor maximizing its chance of winning, the Defender minimizing it (exact, proved). "
            f"Bounds: up to {BATTLE_MAX_STACKS} stacks a side of up to {BATTLE_MAX_CARDS} cards; best play up to "
            f"{BEST_MAX_STACKS} stacks in all, {BEST_MAX_CARDS} cards a stack and {BEST_MAX_TOTAL_CARDS} cards in all "
            "past two stacks; a larger battle is refused at once."
        ),
        options=(
            Option("aggressor", f"the Aggressor's stacks, separated by ';': {_BATTLE_STACK}", "STACKS"),
            Option("defender", "the Defender's stacks, the same way", "STACKS"),
            Option("play", "how both sides play (default: plain)", choices=("plain", "best"), default="plain"),
            Option(
                "faces", "how the die's faces are read (default: 0-9)", choices=DIE_READINGS, default=DIE_READINGS[0]
            ),
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
