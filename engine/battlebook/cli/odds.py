"""`battlebook odds`: the exact chances of an attack, for either game.

- `battlebook odds heroscape --attack A --defense D [--json]`: the distribution of wounds;
- `battlebook odds homm --score S --defense D[,D2,...] [--faces 0-9|1-10] [--json]`: the
  chance that the attack kills (a list of defenses is a swat: they add up, and the JSON
  adds the list as `swat`). A negative score is refused.

Every probability is printed as an exact fraction ("n/d", or "0" and "1"); the readable
table adds a rounded percentage.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from battlebook.cli import OneLineParser
from battlebook.heroscape.dice import COMBAT_DIE, heroscape_wounds
from battlebook.homm.dice import homm_hit, swat_defense
from battlebook.homm.ruleset import DieReading
from battlebook.odds import fraction_text, percent_text

#: The largest number of dice the command accepts on either side.
MAX_DICE = 30
#: The largest attack or defense score the command accepts (a card's scores are below 20,
#: and every bonus of the rules together adds far less than this).
MAX_SCORE = 999
#: The most defense scores a swat may list.
MAX_SWAT = 20


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
    """Add the `odds` subcommand and its two games."""
    parser = subparsers.add_parser(
        "odds",
        help="exact chances of an attack, as fractions",
        description="Exact chances of an attack, for Heroscape or Heroes of Might & Magic, as fractions.",
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True, parser_class=OneLineParser)

    scape = games.add_parser(
        "heroscape",
        help="wounds when attack dice roll against defense dice",
        description=(
            "The exact distribution of wounds (skulls not blocked by shields) when A attack dice roll "
            f"against D defense dice; each die has {COMBAT_DIE.skulls} skull sides, {COMBAT_DIE.shields} shield "
            f"sides and {COMBAT_DIE.blanks} blank side (the ruling on the combat die)."
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
        choices=[reading.value for reading in DieReading],
        default=DieReading.ZERO_TO_NINE.value,
        help="how the die's faces are read (default: %(default)s)",
    )
    homm.add_argument("--json", action="store_true", help="print one JSON object instead of a sentence")
    homm.set_defaults(handler=run_homm)


def heroscape_json(attack: int, defense: int) -> dict[str, Any]:
    """The JSON object `odds heroscape --json` prints.

    Examples:
        >>> heroscape_json(2, 4)["at_least_one"]
        '20/81'
    """
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
    chance = homm_hit(score, swat_defense(defenses), DieReading(faces))
    shape: dict[str, Any] = {"game": "homm", "score": score, "defense": chance.defense}
    if len(defenses) > 1:
        shape["swat"] = list(defenses)
    return shape | {"faces": faces, "hit": fraction_text(chance.hit), "min_roll": chance.min_roll}


def run_homm(args: argparse.Namespace) -> int:
    """Print the chance of a kill as a sentence, or as JSON."""
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
