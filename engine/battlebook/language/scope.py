"""Which game an example plays, so that only that game's steps read its lines.

A step definition's parser may carry a `game` (the step language's typed phrases do);
one without is shared by every game. An example's game is the one a `@game:` tag names,
on the Example, else on its Rule, else on its Feature; else the game most of its own lines
can only belong to, else its Rule's lines, else its file's. No folder is needed, so a
player's own file anywhere is read the same way as a chapter of the rulebook, and one file
may hold examples of both games. The rule is one function,
[`choose_game`][battlebook.language.scope.choose_game], that every reader of a feature file
asks: a run of each example, the step catalogue, the site's pages.
"""

from __future__ import annotations

import contextlib
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass

from battlebook.book.model import ExampleDoc, FeatureDoc, RuleDoc, StepDoc
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


#: The keywords that set a step's type; `And`, `But` and `*` take the type of the step before them.
PRIMARY = ("given", "when", "then")


def resolved_steps(steps: Sequence[StepDoc], previous: str = "given") -> Iterator[tuple[str, StepDoc]]:
    """Each step with its type: `And`, `But` and `*` take the type of the step before them.

    Examples:
        >>> steps = [StepDoc("Given", "a", 1), StepDoc("And", "b", 2), StepDoc("Then", "c", 3)]
        >>> " ".join(kind for kind, _ in resolved_steps(steps))
        'given given then'
    """
    for step in steps:
        keyword = step.keyword.strip().lower()
        if keyword in PRIMARY:
            previous = keyword
        yield previous, step


def outline_values(steps_of: object) -> dict[str, str]:
    """The first row of an example's outline table, by column (empty for a plain example)."""
    for table in getattr(steps_of, "outline_tables", ()):
        if len(table) > 1:
            return dict(zip(table[0], table[1], strict=False))
    return {}


def filled(text: str, values: dict[str, str]) -> str:
    """`text` with each outline placeholder (`<name>`) replaced by its value, where one is given."""
    return re.sub(r"<([^<>]+)>", lambda m: values.get(m[1], m[0]), text)


def feature_lines(
    feature: FeatureDoc, rule: RuleDoc | None = None, example: ExampleDoc | None = None
) -> tuple[tuple[str, str], ...]:
    """Every step line of `feature` once, as `(type, text)`: its backgrounds, then every example's steps.

    With `rule`, only those of the Rule (the feature's background, the Rule's, its examples);
    with `example` too, only those the example runs. Background steps are Givens; an
    outline's placeholders are filled from the first row of its table.

    Examples:
        >>> from battlebook.book.model import ExampleDoc
        >>> example = ExampleDoc("Example", "E", 3, "", (), (StepDoc("When", "a", 4), StepDoc("And", "b", 5)))
        >>> feature_lines(FeatureDoc("f.feature", "F", "", (), (StepDoc("Given", "g", 2),), (), (example,), ""))
        (('given', 'g'), ('when', 'a'), ('when', 'b'))
    """
    rules = feature.rules if rule is None else (rule,)
    lines = [("given", step.text) for step in feature.background]
    lines += [("given", step.text) for each in rules for step in each.background]
    for owner, each in feature.examples():
        if (rule is None or owner is rule) and (example is None or each is example):
            values = outline_values(each)
            lines += [(kind, filled(step.text, values)) for kind, step in resolved_steps(each.steps)]
    return tuple(lines)


def choose_game(
    levels: Sequence[tuple[str, Iterable[str]]],
    line_sets: Sequence[tuple[str, Sequence[tuple[str, str]]]],
    vote: Callable[[str, Sequence[tuple[str, str]]], str | None],
    games: Sequence[str],
) -> GameChoice:
    """The game an example plays, and why: the one rule for it.

    The nearest `@game:` tag among `levels` (`(where, tags)`: the Example, its Rule, its
    Feature); else the vote of the first of `line_sets` (`(key, lines)`: the example's own
    lines, its Rule's, its file's) that votes for a game, `vote(key, lines)` counting the
    lines only one game's steps read.

    Examples:
        >>> def vote(key, lines):
        ...     return {"rule": "heroscape"}.get(key)
        >>> levels = [("Example", ()), ("Rule", ()), ("Feature", ())]
        >>> sets = [("own", [("given", "x")]), ("rule", [("given", "x")]), ("file", [])]
        >>> str(choose_game(levels, sets, vote, ["homm", "heroscape"]))
        "heroscape (most of its Rule's lines are heroscape steps)"
    """
    tagged = tagged_game(levels, games)
    if tagged is not None:
        return tagged
    reasons = ("its lines", "its Rule's lines", "its file's lines")
    for (key, lines), reason in zip(line_sets, reasons, strict=False):
        if not key:
            continue
        game = vote(key, lines)
        if game is not None:
            return GameChoice(game, f"most of {reason} are {game} steps")
    return GameChoice(None, "no line of its file belongs to one game only")


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
