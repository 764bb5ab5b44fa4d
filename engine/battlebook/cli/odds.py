"""`battlebook odds`: the exact chances of an attack, and of a whole fight, for either game.

- `battlebook odds heroscape --attack A --defense D [--json]`: the distribution of wounds;
- `battlebook odds homm --score S --defense D[,D2,...] [--faces 0-9|1-10] [--json]`: the
  chance that the attack kills (a list of defenses is a swat: they add up, and the JSON
  adds the list as `swat`). A negative score is refused;
- `battlebook odds fight GAME ...`: who wins a fight to the end, asked of the game's own
  fight calculator through the registry ([`Game.fight`][battlebook.game.Game.fight]):
  a Heroscape duel (`--first`, `--second`, `--height`) or a figure attacked again and again
  (`--life`, `--attacks`), a HoMM fight of two stacks (`--aggressor`, `--defender`,
  `--faces`, `--reading`).

Every probability is printed as an exact fraction ("n/d", or "0" and "1"); the readable
table adds a rounded percentage. Nothing of a game is imported until the arguments have
been read: a bad argument, or `--help`, costs the command's start-up only.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from battlebook.cli import OneLineParser

#: The largest number of dice the command accepts on either side.
MAX_DICE = 30
#: The largest attack or defense score the command accepts (a card's scores are below 20,
#: and every bonus of the rules together adds far less than this).
MAX_SCORE = 999
#: The most defense scores a swat may list.
MAX_SWAT = 20
#: How the HoMM die's faces may be read (the values of `battlebook.homm.ruleset.DieReading`,
#: written here so that reading the arguments imports no game; a test holds them equal).
DIE_READINGS = ("0-9", "1-10")
#: The Heroscape combat die as the ruling reads it: skulls, shields, blanks (held to
#: `battlebook.heroscape.dice.COMBAT_DIE` by a test).
COMBAT_DIE_SIDES = (3, 2, 1)
#: The bounds the fight calculators put on their numbers, as `--help` states them (each held
#: by a test to the constant of the game's `fight` module named after it).
FIGHT_BOUNDS = {
    "heroscape.MAX_DICE": 12,
    "heroscape.MAX_LIFE": 12,
    "heroscape.MAX_ATTACKS": 20,
    "homm.MAX_CARDS": 12,
    "homm.MAX_STAT": 999,
}
#: The readings the HoMM fight calculator takes by their ruling's name (`READINGS` of its module).
FIGHT_READINGS = ("retaliation-chain",)


def _whole(text: str) -> int:
    """A whole number written in ASCII digits (with an optional sign), at most 6 characters long."""
    text = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,5}", text):
        raise ValueError(text)
    return int(text)


def dice_count(text: str) -> int:
    """Parse a number of dice: a whole number from 0 to `MAX_DICE`."""
    try:
        value = _whole(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of dice") from None
    if not 0 <= value <= MAX_DICE:
        raise argparse.ArgumentTypeError(f"{value} dice: give a number from 0 to {MAX_DICE}")
    return value


def score_value(text: str) -> int:
    """Parse an attack score: a whole number from 0 to `MAX_SCORE` (bonuses included, never negative)."""
    try:
        value = _whole(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole-number attack score") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value}: an attack score cannot be negative")
    if value > MAX_SCORE:
        raise argparse.ArgumentTypeError(f"{value}: give an attack score from 0 to {MAX_SCORE}")
    return value


def defense_list(text: str) -> list[int]:
    """Parse one defense score, or up to `MAX_SWAT` separated by commas for a swat, each from 0 to `MAX_SCORE`."""
    parts = text.split(",")
    shown = text if len(text) <= 40 else text[:37] + "..."
    if len(parts) > MAX_SWAT:
        raise argparse.ArgumentTypeError(f"{len(parts)} defense scores: a swat lists at most {MAX_SWAT}")
    try:
        values = [_whole(part) for part in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{shown!r} is not a defense score or a comma-separated list of them (such as 4,4,3)"
        ) from None
    if any(value < 0 for value in values):
        raise argparse.ArgumentTypeError(f"{shown!r}: defense scores cannot be negative")
    if any(value > MAX_SCORE for value in values):
        raise argparse.ArgumentTypeError(f"{shown!r}: give defense scores from 0 to {MAX_SCORE}")
    return values


def register(subparsers: Any) -> None:
    """Add the `odds` subcommand: an attack in each game, and `fight`."""
    parser = subparsers.add_parser(
        "odds",
        help="exact chances of an attack or a whole fight, as fractions",
        description=(
            "Exact chances of an attack, for Heroscape or Heroes of Might & Magic, as fractions; "
            "`odds fight GAME` for a whole fight."
        ),
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True, parser_class=OneLineParser)

    scape = games.add_parser(
        "heroscape",
        help="wounds when attack dice roll against defense dice",
        description=(
            "The exact distribution of wounds (skulls not blocked by shields) when A attack dice roll "
            f"against D defense dice; each die has {COMBAT_DIE_SIDES[0]} skull sides, {COMBAT_DIE_SIDES[1]} shield "
            f"sides and {COMBAT_DIE_SIDES[2]} blank side (the ruling on the combat die)."
        ),
    )
    scape.add_argument(
        "--attack", type=dice_count, required=True, metavar="A", help=f"attack dice rolled (0 to {MAX_DICE})"
    )
    scape.add_argument(
        "--defense", type=dice_count, required=True, metavar="D", help=f"defense dice rolled (0 to {MAX_DICE})"
    )
    scape.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    scape.set_defaults(handler=run_heroscape)

    homm = games.add_parser(
        "homm",
        help="the chance that a Heroes of Might & Magic attack kills",
        description=(
            "The chance that an attack with score S kills: score plus the roll of the die "
            "(ten-sided, by Battlebook's reading) must reach the defense (for a swat, the sum of the swatted defenses)."
        ),
    )
    homm.add_argument(
        "--score",
        type=score_value,
        required=True,
        metavar="S",
        help=f"attack score, bonuses included (0 to {MAX_SCORE})",
    )
    homm.add_argument(
        "--defense",
        type=defense_list,
        required=True,
        metavar="D[,D2,...]",
        help=(
            f"defense score to reach (0 to {MAX_SCORE}); up to {MAX_SWAT}, separated by commas, for a swat "
            "(they add up: the JSON gives "
            'the sum as "defense" and the list as "swat")'
        ),
    )
    homm.add_argument(
        "--faces",
        choices=DIE_READINGS,
        default=DIE_READINGS[0],
        help="how the die's faces are read (default: %(default)s)",
    )
    homm.add_argument("--json", action="store_true", help="print one JSON object instead of a sentence")
    homm.set_defaults(handler=run_homm)
    register_fight(games)


def heroscape_json(attack: int, defense: int) -> dict[str, Any]:
    """The JSON object `odds heroscape --json` prints.

    Examples:
        >>> heroscape_json(2, 4)["at_least_one"]
        '20/81'
    """
    from battlebook.heroscape.dice import heroscape_wounds
    from battlebook.odds import fraction_text

    odds = heroscape_wounds(attack, defense)
    return {
        "game": "heroscape",
        "attack_dice": attack,
        "defense_dice": defense,
        "wounds": {str(k): fraction_text(p) for k, p in enumerate(odds.wounds)},
        "at_least_one": fraction_text(odds.at_least_one),
        "expected_wounds": fraction_text(odds.expected),
    }


def run_heroscape(args: argparse.Namespace) -> int:
    """Print the wound distribution as a table, or as JSON."""
    from battlebook.heroscape.dice import heroscape_wounds
    from battlebook.odds import fraction_text, percent_text

    if args.json:
        print(json.dumps(heroscape_json(args.attack, args.defense)))
        return 0
    odds = heroscape_wounds(args.attack, args.defense)
    print(f"Heroscape: {args.attack} attack dice against {args.defense} defense dice")
    rows: list[tuple[str, ...]] = [("wounds", "exactly", "at least", "at most")]
    rows += [
        (str(k), *(f"{fraction_text(p)} ({percent_text(p)})" for p in (exactly, least, most)))
        for k, exactly, least, most in odds.table()
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))
    print(f"at least one wound: {fraction_text(odds.at_least_one)} ({percent_text(odds.at_least_one)})")
    print(f"expected wounds: {fraction_text(odds.expected)} (about {float(odds.expected):.3f})")
    return 0


def homm_json(score: int, defenses: list[int], faces: str) -> dict[str, Any]:
    """The JSON object `odds homm --json` prints.

    `defense` is the total; for a swat (several defenses given) `swat` lists them too.

    Examples:
        >>> homm_json(7, [13], "0-9")
        {'game': 'homm', 'score': 7, 'defense': 13, 'faces': '0-9', 'hit': '2/5', 'min_roll': 6}
        >>> homm_json(7, [4, 4, 5], "0-9")["swat"], homm_json(7, [4, 4, 5], "0-9")["defense"]
        ([4, 4, 5], 13)
    """
    from battlebook.homm.dice import homm_hit, swat_defense
    from battlebook.homm.ruleset import DieReading
    from battlebook.odds import fraction_text

    chance = homm_hit(score, swat_defense(defenses), DieReading(faces))
    shape: dict[str, Any] = {"game": "homm", "score": score, "defense": chance.defense}
    if len(defenses) > 1:
        shape["swat"] = list(defenses)
    return shape | {"faces": faces, "hit": fraction_text(chance.hit), "min_roll": chance.min_roll}


def run_homm(args: argparse.Namespace) -> int:
    """Print the chance of a kill as a sentence, or as JSON."""
    from battlebook.homm.dice import homm_hit, swat_defense
    from battlebook.homm.ruleset import DieReading
    from battlebook.odds import fraction_text, percent_text

    if args.json:
        print(json.dumps(homm_json(args.score, args.defense, args.faces)))
        return 0
    chance = homm_hit(args.score, swat_defense(args.defense), DieReading(args.faces))
    swat = f" (a swat: {' + '.join(map(str, args.defense))})" if len(args.defense) > 1 else ""
    print(f"Heroes of Might & Magic: score {args.score} against defense {chance.defense}{swat}, die read {args.faces}")
    print(f"chance of a kill: {fraction_text(chance.hit)} ({percent_text(chance.hit)})")
    if chance.is_certain:
        print("certain: even the lowest roll kills")
    elif chance.is_impossible:
        print("impossible: even the highest roll falls short")
    else:
        print(f"smallest roll that kills: {chance.min_roll}")
    return 0


# --- odds fight -------------------------------------------------------------------------


def register_fight(games: Any) -> None:
    """Add `odds fight` and its two games; their numbers are read and bounded by the game's calculator."""
    b = FIGHT_BOUNDS
    fight = games.add_parser(
        "fight",
        help="who wins a fight to the end, exactly",
        description=(
            "Who wins a fight to the end, with what left, and how long it lasts: computed exactly through "
            "the rules engine, the same rules every example of the rulebook runs against."
        ),
    )
    fights = fight.add_subparsers(dest="fight_game", metavar="GAME", required=True, parser_class=OneLineParser)
    scape = fights.add_parser(
        "heroscape",
        help="a duel to the end, or one figure attacked again and again",
        description=(
            "Either a duel: the first and the second figure attack each other in turn, the first first, until "
            "one is destroyed (--first, --second, --height); or one figure of Life L taking attacks one after "
            "the other (--life, --attacks). Each attack is resolved by the edition's rules: 2004, more skulls "
            "than shields destroys; 2024, each unblocked skull is a wound, destroyed at its Life."
        ),
    )
    scape.add_argument("--edition", choices=("2004", "2024"), default="2004", help="the edition (default: 2004)")
    scape.add_argument(
        "--first",
        metavar="ATTACK,DEFENSE,LIFE",
        help=f"the figure attacking first: attack and defense dice (0 to {b['heroscape.MAX_DICE']}), "
        f"Life (1 to {b['heroscape.MAX_LIFE']})",
    )
    scape.add_argument("--second", metavar="ATTACK,DEFENSE,LIFE", help="the other figure, the same way")
    scape.add_argument(
        "--height",
        metavar="K",
        default="0",
        help="extra dice of height advantage, on attack and defense, for the higher figure: positive when "
        "the first stands higher, negative when the second does (2004: -1 to 1; 2024: -2 to 2; default 0)",
    )
    scape.add_argument("--life", metavar="L", help=f"the attacked figure's Life (1 to {b['heroscape.MAX_LIFE']})")
    scape.add_argument(
        "--attacks",
        metavar="AvD,AvD,...",
        help=f"each attack's attack dice and defense dice, in order (1 to {b['heroscape.MAX_ATTACKS']} attacks, "
        f"0 to {b['heroscape.MAX_DICE']} dice each), such as 3v2,4v2",
    )
    scape.add_argument("--json", action="store_true", help='print one JSON object, fractions as "p/q"')
    scape.set_defaults(handler=run_fight, fight_parser=scape)
    homm = fights.add_parser(
        "homm",
        help="two stacks fighting to the end",
        description=(
            "Two stacks, each a number of cards of one unit, fight round after round: each attacks the other "
            "in its phase (the Aggressor first in a shared phase) with its stack's score, and a surviving "
            "stack retaliates once per round. The die's faces and the retaliation chain are the rulebook's "
            "readings (rulings die-faces and retaliation-chain), chosen as a scenario chooses them."
        ),
    )
    stack = (
        f"cards (1 to {b['homm.MAX_CARDS']}), the unit's level, melee score and defense (0 to {b['homm.MAX_STAT']}) "
        "and phase (1 to 10)"
    )
    homm.add_argument("--aggressor", metavar="CARDS,LEVEL,MELEE,DEFENSE,PHASE", help=f"the Aggressor's stack: {stack}")
    homm.add_argument(
        "--defender", metavar="CARDS,LEVEL,MELEE,DEFENSE,PHASE", help="the Defender's stack, the same way"
    )
    homm.add_argument(
        "--faces", choices=DIE_READINGS, default=DIE_READINGS[0], help="how the die's faces are read (default: 0-9)"
    )
    homm.add_argument(
        "--reading",
        choices=FIGHT_READINGS,
        help="play under the alternative reading of this ruling (retaliation-chain: a retaliation may itself "
        "be retaliated against)",
    )
    homm.add_argument("--json", action="store_true", help='print one JSON object, fractions as "p/q"')
    homm.set_defaults(handler=run_fight, fight_parser=homm)


def fight_question(args: argparse.Namespace) -> tuple[str, dict[str, str]]:
    """The question the arguments ask of the game's calculator, and its arguments as text.

    Examples:
        >>> fight_question(argparse.Namespace(fight_game="homm", aggressor="3,2,3,7,7", defender="1,3,5,9,4",
        ...                                   faces="0-9", reading=None))
        ('stacks', {'aggressor': '3,2,3,7,7', 'defender': '1,3,5,9,4', 'faces': '0-9', 'reading': ''})
    """
    if args.fight_game == "homm":
        missing = [name for name in ("aggressor", "defender") if getattr(args, name) is None]
        if missing:
            raise ValueError(f"give --{' and --'.join(missing)}")
        names = {"aggressor": args.aggressor, "defender": args.defender, "faces": args.faces}
        return "stacks", names | {"reading": args.reading or ""}
    duel = {name: getattr(args, name) for name in ("first", "second")}
    attacked = {name: getattr(args, name) for name in ("life", "attacks")}
    if any(v is not None for v in duel.values()) and any(v is not None for v in attacked.values()):
        raise ValueError("ask either for a duel (--first, --second) or for one figure attacked (--life, --attacks)")
    if any(v is not None for v in attacked.values()):
        if None in attacked.values():
            raise ValueError("one figure attacked needs both --life and --attacks")
        return "attacked", {"edition": args.edition, "life": args.life, "attacks": args.attacks}
    if None in duel.values():
        raise ValueError("give --first and --second (a duel), or --life and --attacks (one figure attacked)")
    return "duel", {"edition": args.edition, "first": args.first, "second": args.second, "height": args.height}


def run_fight(args: argparse.Namespace) -> int:
    """Ask the game's fight calculator (through the registry); print its report as a table, or as JSON."""
    parser: argparse.ArgumentParser = args.fight_parser
    try:
        question, arguments = fight_question(args)
    except ValueError as error:
        parser.error(str(error))
    from battlebook.errors import BattlebookError
    from battlebook.fight_report import report_table
    from battlebook.games import game_named

    try:
        report = game_named(args.fight_game).fight(question, arguments)
    except BattlebookError as error:
        parser.error(str(error))
    print(json.dumps(report.json()) if args.json else report_table(report))
    return 0
