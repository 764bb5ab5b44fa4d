"""`battlebook odds`: the exact chances of an attack, and of a whole fight, for every registered game.

- `battlebook odds GAME ...`: the game's odds of one attack, as its calculator states them
  (`battlebook odds heroscape --attack A --defense D [--json]`: the distribution of wounds;
  `battlebook odds homm --score S --defense D[,D2,...] [--faces 0-9|1-10] [--json]`: the
  chance that the attack kills, a list of defenses being a swat);
- `battlebook odds fight GAME ...`: who wins a fight to the end, asked of the game's own
  fight calculator through the registry ([`Game.fight`][battlebook.game.Game.fight]): a
  Heroscape duel or a figure attacked again and again, a HoMM fight of two stacks.

The command names no game: each game's options, their bounds and their words come from the
game's calculators ([`calculators`][battlebook.games.calculators]), and each game's answer
from the game. Every probability is printed as an exact fraction ("n/d", or "0" and "1");
the readable table adds a rounded percentage. No game's rules are imported until the
arguments have been read: a bad argument, or `--help`, costs the command's start-up and the
calculators' light modules only.
"""

from __future__ import annotations

import argparse

from battlebook.calculator import Option
from battlebook.cli import OneLineParser, say

#: `typing` is read by type checkers only: the command's start-up does without its import.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def _type(read: Callable[[str], object]) -> Callable[[str], object]:
    """An argparse type reading a value with `read`: its `ValueError` becomes argparse's one-line refusal."""

    def typed(text: str) -> object:
        try:
            return read(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    typed.__name__ = getattr(read, "__name__", "value")
    return typed


def add_options(parser: argparse.ArgumentParser, options: tuple[Option, ...], json_help: str) -> None:
    """Add a calculator's options to `parser`, then `--json`."""
    for option in options:
        settings: dict[str, Any] = {"help": option.help}
        if option.metavar is not None:
            settings["metavar"] = option.metavar
        if option.read is not None:
            settings["type"] = _type(option.read)
        if option.choices:
            settings["choices"] = option.choices
        if option.default is not None:
            settings["default"] = option.default
        if option.required:
            settings["required"] = True
        parser.add_argument(f"--{option.name}", **settings)
    parser.add_argument("--json", action="store_true", help=json_help)


def register(subparsers: Any) -> None:
    """Add the `odds` subcommand: an attack in each registered game, and `fight`."""
    from battlebook.games import GAMES, calculators

    parser = subparsers.add_parser(
        "odds",
        help="exact chances of an attack or a whole fight, as fractions",
        description=(
            "Exact chances of an attack, for "
            + " or ".join(calculators(name).title for name in GAMES)
            + ", as fractions; `odds fight GAME` for a whole fight."
        ),
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True, parser_class=OneLineParser)
    for name in GAMES:
        odds = calculators(name).odds
        game = games.add_parser(name, help=odds.help, description=odds.description)
        add_options(game, odds.options, odds.json_help)
        game.set_defaults(handler=run_odds)
    register_fight(games)
    register_battle(games)


def run_odds(args: argparse.Namespace) -> int:
    """Print the game's odds of one attack as its calculator words them, or as JSON."""
    from battlebook.games import calculators

    answer = calculators(args.game).odds.answer(vars(args))
    if args.json:
        import json

        say(json.dumps(answer.data()))
    else:
        say(answer.text())
    return 0


# --- odds fight -------------------------------------------------------------------------


def register_fight(games: Any) -> None:
    """Add `odds fight` and a game each; their numbers are read and bounded by the game's calculator."""
    from battlebook.games import GAMES, calculators

    fight = games.add_parser(
        "fight",
        help="who wins a fight to the end, exactly",
        description=(
            "Who wins a fight to the end, with what left, and how long it lasts: computed exactly through "
            "the rules engine, the same rules every example of the rulebook runs against."
        ),
    )
    fights = fight.add_subparsers(dest="fight_game", metavar="GAME", required=True, parser_class=OneLineParser)
    for name in GAMES:
        form = calculators(name).fight
        game = fights.add_parser(name, help=form.help, description=form.description)
        add_options(game, form.options, form.json_help)
        game.set_defaults(handler=run_fight, fight_parser=game)


def run_fight(args: argparse.Namespace) -> int:
    """Ask the game's fight calculator (through the registry); print its report as a table, or as JSON."""
    from battlebook.games import calculators

    parser: argparse.ArgumentParser = args.fight_parser
    try:
        question, arguments = calculators(args.fight_game).fight.question(vars(args))
    except ValueError as error:
        parser.error(str(error))
    from battlebook.errors import BattlebookError
    from battlebook.fight_report import report_table
    from battlebook.games import game_named

    try:
        report = game_named(args.fight_game).fight(question, arguments)
    except BattlebookError as error:
        parser.error(str(error))
    if args.json:
        import json

        say(json.dumps(report.json()))
    else:
        say(report_table(report))
    return 0


# --- odds battle ------------------------------------------------------------------------


def register_battle(games: Any) -> None:
    """Add `odds battle` and a game each that has a battle calculator; the game reads and bounds every value."""
    from battlebook.games import GAMES, calculators

    battle = games.add_parser(
        "battle",
        help="who wins a whole battle of several units, under a plan or best play, exactly",
        description=(
            "Who wins a battle of several units a side fought to the end, under a named plan or under best play, "
            "and how long it lasts: computed exactly through the rules engine."
        ),
    )
    battles = battle.add_subparsers(dest="battle_game", metavar="GAME", required=True, parser_class=OneLineParser)
    for name in GAMES:
        form = calculators(name).battle
        if form is None:
            continue
        game = battles.add_parser(name, help=form.help, description=form.description)
        add_options(game, form.options, form.json_help)
        game.set_defaults(handler=run_battle, fight_parser=game, fight_game=name, battle_form=True)


def run_battle(args: argparse.Namespace) -> int:
    """Ask the game's battle calculator (through the registry); print its report as a table, or as JSON."""
    from battlebook.games import calculators

    parser: argparse.ArgumentParser = args.fight_parser
    form = calculators(args.fight_game).battle
    assert form is not None
    try:
        question, arguments = form.question(vars(args))
    except ValueError as error:
        parser.error(str(error))
    from battlebook.errors import BattlebookError
    from battlebook.fight_report import report_table
    from battlebook.games import game_named

    try:
        report = game_named(args.fight_game).fight(question, arguments)
    except BattlebookError as error:
        parser.error(str(error))
    if args.json:
        import json

        say(json.dumps(report.json()))
    else:
        say(report_table(report))
    return 0
