"""What an alternative reading is worth: each side's chance of winning a fixed set of battles under each reading.

Every registered game whose battle calculator takes readings (an option `reading`) and
declares a set of battles ([`Calculators.reading_battles`][battlebook.calculator.Calculators])
has each battle of the set solved under Battlebook's readings and under each alternative
reading of its rulings ([`Game.readings`][battlebook.game.Game.readings]): under the plan
the calculator plays by default and, for a battle small enough, under best play. Each
answer comes from the game's own battle calculator through the registry, asked exactly as
`battlebook odds battle GAME ... --reading WORDS` asks it.

Solving every battle under every reading takes minutes, too long for each build of the
pages, so the answers are worked out once and checked in: `make worth` writes
[`DATA`][battlebook.runners.reading_worth.DATA] (atomically), the page generator reads it
to put a table on each ruling's page, and `tests/unit/test_reading_worth.py` checks that
the file is current (the battles and readings it covers are the declared ones, and its
numbers agree with the solver's).

Examples:
    >>> from fractions import Fraction
    >>> changed({"plain": ["1/2", "1/2", "0"]}, {"plain": ["1/2", "1/2", "0"]})
    False
    >>> parse_chances(["2/3", "1/3", "0"])[0] == Fraction(2, 3)
    True
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from battlebook.calculator import FightForm, ReadingBattle
from battlebook.errors import RulesSilent
from battlebook.fight_report import FightArgumentError, FightTooLarge
from battlebook.games import GAMES, calculators, game_named

__all__ = [
    "DATA",
    "BattleAnswers",
    "GameWorth",
    "answers",
    "changed",
    "load_worth",
    "parse_chances",
    "plays_of",
    "weighed_games",
    "work_out",
    "write_data",
]

#: The checked-in answers, relative to the project root (`make worth` writes them).
DATA = "features/reading-worth.json"
#: The option of a battle calculator that takes alternative readings, and the one that names the way of playing.
READING_OPTION = "reading"
PLAY_OPTION = "play"

#: One battle's answers: by way of playing, each chance of the calculator's report as `"p/q"`, in its order.
BattleAnswers = dict[str, list[str]]


def _form(game: str) -> FightForm | None:
    """The game's battle calculator, when it takes alternative readings."""
    form = calculators(game).battle
    if form is None or not any(option.name == READING_OPTION for option in form.options):
        return None
    return form


def weighed_games() -> list[str]:
    """The registered games whose rulings' readings are weighed on battles: a battle set, and readings to take.

    Examples:
        >>> "homm" in weighed_games()
        True
    """
    return [name for name in GAMES if calculators(name).reading_battles and _form(name) is not None]


def plays_of(game: str, battle: ReadingBattle) -> tuple[str, ...]:
    """The ways `battle` is played: the calculator's default plan, then, for a small battle, its other ways (best play).

    Examples:
        >>> from battlebook.games import calculators
        >>> [plays_of("homm", b) for b in calculators("homm").reading_battles[:1]]
        [('plain', 'best')]
    """
    form = _form(game)
    assert form is not None
    option = next(option for option in form.options if option.name == PLAY_OPTION)
    plan = str(option.default)
    others = tuple(choice for choice in option.choices if choice != plan)
    return (plan, *others) if battle.best else (plan,)


def answers(game: str, battle: ReadingBattle, play: str, reading: str = "") -> tuple[tuple[str, Fraction], ...]:
    """The calculator's chances for `battle` played as `play` under the alternative `reading` ("" for none).

    Asked of the game's battle calculator through the registry, as the command line asks it.

    Examples:
        >>> from battlebook.games import calculators
        >>> first = calculators("homm").reading_battles[0]
        >>> answers("homm", first, "plain")[0]
        ('the Aggressor wins', Fraction(25969, 31174))
    """
    form = _form(game)
    assert form is not None
    values: dict[str, Any] = {option.name: option.default for option in form.options}
    values |= dict(battle.arguments) | {PLAY_OPTION: play, READING_OPTION: reading}
    question, arguments = form.question(values)
    return game_named(game).fight(question, arguments).chances


def parse_chances(texts: Sequence[str]) -> list[Fraction]:
    """Chances written `"p/q"`, as exact fractions."""
    return [Fraction(text) for text in texts]


def changed(default: BattleAnswers, alternative: BattleAnswers) -> bool:
    """Whether a battle's answers under an alternative reading differ from Battlebook's, where both are answered."""
    return any(parse_chances(alternative[play]) != parse_chances(default[play]) for play in alternative)


def _battle_answers(game: str, battle: ReadingBattle, reading: str) -> tuple[BattleAnswers, dict[str, str], list[str]]:
    """The battle's answers under `reading`, by way of playing; the ways it is not answered, with the one line."""
    found: BattleAnswers = {}
    refused: dict[str, str] = {}
    labels: list[str] = []
    for play in plays_of(game, battle):
        try:
            chances = answers(game, battle, play, reading)
        except (RulesSilent, FightArgumentError, FightTooLarge) as error:
            if not reading:
                raise
            refused[play] = str(error)
            continue
        labels = [label for label, _ in chances]
        found[play] = [str(value) for _, value in chances]
    return found, refused, labels


def work_out(
    game: str, readings: Iterable[str] | None = None, say: Callable[[str], None] = lambda _: None
) -> dict[str, Any]:
    """The game's answers: every battle of its set under Battlebook's readings and under each alternative.

    Under an alternative reading only the battles it changes are kept (every way of playing
    each that is answered); a reading that changes none keeps none. A way of playing a
    battle the calculator will not answer under a reading (the rules don't say, the
    reading is of another edition than the battle's, or the battle grows past the bound
    of best play) is kept among the reading's refusals, with the calculator's one line.
    `readings` limits the alternatives (default: every one the game has).
    """
    battles = calculators(game).reading_battles
    default: dict[str, BattleAnswers] = {}
    labels: list[str] = []
    for battle in battles:
        default[battle.name], _, labels = _battle_answers(game, battle, "")
        say(f"{game} {battle.name}: Battlebook's readings")
    by_reading: dict[str, dict[str, BattleAnswers]] = {}
    refused: dict[str, dict[str, dict[str, str]]] = {}
    for words in sorted(GAMES[game].readings() if readings is None else readings):
        kept: dict[str, BattleAnswers] = {}
        for battle in battles:
            found, refusals, _ = _battle_answers(game, battle, words)
            if refusals:
                refused.setdefault(words, {})[battle.name] = refusals
            if changed(default[battle.name], found):
                kept[battle.name] = found
        by_reading[words] = kept
        say(f"{game}: {words!r} changes {len(kept)} of {len(battles)} battles")
    return {
        "battles": [
            {"name": b.name, "arguments": dict(b.arguments), "plays": list(plays_of(game, b))} for b in battles
        ],
        "labels": labels,
        "default": default,
        "readings": by_reading,
        "refused": refused,
    }


def write_data(root: Path, games: Iterable[str] | None = None, say: Callable[[str], None] = lambda _: None) -> Path:
    """Work out the weighed games' answers and write them to `DATA` under `root`, atomically (`make worth`).

    `games` limits the games worked out anew (default: every weighed game); another game's
    answers already in the file are kept as they are.
    """
    path = root / DATA
    kept: dict[str, Any] = {}
    if games is not None and path.is_file():
        kept = json.loads(path.read_text(encoding="utf-8")).get("games", {})
    chosen = weighed_games() if games is None else [game for game in weighed_games() if game in set(games)]
    found = {game: kept[game] for game in weighed_games() if game in kept and game not in chosen}
    found |= {game: work_out(game, say=say) for game in chosen}
    data = {
        "about": "What each alternative reading is worth on a fixed set of battles: written by `make worth`.",
        "games": found,
    }
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    handle, temporary = tempfile.mkstemp(prefix=".reading-worth-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


@dataclass(frozen=True)
class GameWorth:
    """One game's checked-in answers (see [`work_out`][battlebook.runners.reading_worth.work_out]).

    Attributes:
        game: The game's name.
        battles: The set's battles, each with its `name`, calculator `arguments` and `plays`.
        labels: The chances each answer lists, in order (who wins, whether it never ends).
        default: Each battle's answers under Battlebook's readings, by its name.
        readings: Under each alternative reading, the answers of the battles it changes.
        refused: Under each alternative reading, the battles the calculator would not answer, by way of
            playing, with its one line.
    """

    game: str
    battles: tuple[Mapping[str, Any], ...]
    labels: tuple[str, ...]
    default: Mapping[str, BattleAnswers]
    readings: Mapping[str, Mapping[str, BattleAnswers]]
    refused: Mapping[str, Mapping[str, Mapping[str, str]]]


def load_worth(root: Path) -> dict[str, GameWorth]:
    """The checked-in answers under `root`, by game; none when the file is missing.

    Raises `ValueError` naming the file when it is not what `make worth` writes.
    """
    path = root / DATA
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {
            game: GameWorth(
                game,
                tuple(found["battles"]),
                tuple(found["labels"]),
                found["default"],
                found["readings"],
                found.get("refused", {}),
            )
            for game, found in data["games"].items()
        }
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{DATA}: not the answers `make worth` writes ({error}): run `make worth`") from None
