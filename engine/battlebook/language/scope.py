"""Which game an example plays, so that only that game's steps read its lines.

A step definition's parser may carry a `game` (the step language's typed phrases do);
one without is shared by every game. An example's game is the one a `@game:` tag names,
on the Example, else on its Rule, else on its Feature; else the game most of its own lines
can only belong to, else its Rule's lines, else its file's. No folder is needed, so a
player's own file anywhere is read the same way as a chapter of the rulebook, and one file
may hold examples of both games.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass

from battlebook.errors import ScenarioError

#: The tag that names a feature file's game, as in `@game:homm`.
GAME_TAG = "game:"

#: The game of the feature file being run (`None` outside a run: every step may match).
PLAYING: ContextVar[str | None] = ContextVar("battlebook_game", default=None)


@dataclass(frozen=True)
class GameChoice:
    """The game an example is read as, and why (shown beside the closest steps of an undefined line).

    Examples:
        >>> str(GameChoice("heroscape", "its Rule is tagged @game:heroscape"))
        'heroscape (its Rule is tagged @game:heroscape)'
    """

    game: str | None
    reason: str

    def __str__(self) -> str:
        return f"{self.game or 'no game'} ({self.reason})"


#: How the example being run was given its game (`None` outside a run).
CHOICE: ContextVar[GameChoice | None] = ContextVar("battlebook_game_choice", default=None)


def current_choice() -> GameChoice | None:
    """How the example being run was given its game, or `None` when no example is running."""
    return CHOICE.get()


def tagged_game(levels: Sequence[tuple[str, Iterable[str]]], games: Sequence[str]) -> GameChoice | None:
    """The game named by the nearest `@game:` tag, `levels` being `(where, tags)`, nearest first.

    Examples:
        >>> levels = [("Example", set()), ("Rule", {"game:heroscape"}), ("Feature", {"game:homm"})]
        >>> tagged_game(levels, ["homm", "heroscape"])
        GameChoice(game='heroscape', reason='its Rule is tagged @game:heroscape')
        >>> tagged_game([("Example", {"edition:2004"})], ["homm", "heroscape"]) is None
        True
    """
    for where, tags in levels:
        named = sorted(t[len(GAME_TAG) :] for t in tags if t.startswith(GAME_TAG))
        if not named:
            continue
        if len(named) > 1 or named[0] not in games:
            raise ScenarioError(
                f"tag {'an' if where[:1] in 'AEIOU' else 'a'} {where.lower()} with one of "
                f"{', '.join('@game:' + g for g in games)}, not {named}"
            )
        return GameChoice(named[0], f"its {where} is tagged @game:{named[0]}")
    return None


def current_game() -> str | None:
    """The game of the feature file being run, or `None` when no file is running."""
    return PLAYING.get()


@contextlib.contextmanager
def playing(game: str | None) -> Iterator[None]:
    """Run the block as a feature file of `game`: only that game's steps (and shared ones) match."""
    token = PLAYING.set(game)
    try:
        yield
    finally:
        PLAYING.reset(token)


def scope_of(parser: object) -> str | None:
    """The game a step's parser is scoped to, or `None` for a step shared by every game."""
    game = getattr(parser, "game", None)
    return game if isinstance(game, str) else None


def game_by_vote(tags: Iterable[str], line_games: Iterable[set[str | None]], games: Sequence[str]) -> str | None:
    """The game of a feature file: its `@game:` tag, else the game most of its lines can only belong to.

    `line_games` gives, for each line, the scopes of the steps that match it. A line that
    only one game's steps match votes for that game; on a tie, the earliest such line wins.

    Examples:
        >>> votes = [{None}, {"homm"}, {"homm", "heroscape"}, {"heroscape"}, {"homm"}]
        >>> game_by_vote(set(), votes, ["homm", "heroscape"])
        'homm'
        >>> game_by_vote({"game:heroscape"}, [{"homm"}], ["homm", "heroscape"])
        'heroscape'
    """
    named = sorted(t[len(GAME_TAG) :] for t in tags if t.startswith(GAME_TAG))
    if named:
        if len(named) > 1 or named[0] not in games:
            raise ScenarioError(f"tag a feature with one of {', '.join('@game:' + g for g in games)}, not {named}")
        return named[0]
    votes: Counter[str] = Counter()
    first: dict[str, int] = {}
    for index, scopes in enumerate(line_games):
        decided = scopes - {None}
        if len(decided) == 1:
            game = str(decided.pop())
            votes[game] += 1
            first.setdefault(game, index)
    if not votes:
        return None
    return max(votes, key=lambda g: (votes[g], -first[g]))
