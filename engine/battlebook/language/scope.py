"""Which game's steps may read a line: only those of the game the running example plays.

A step definition's parser may carry a `game` (the step language's typed phrases do);
one without is shared by every game. While an example runs, its game is in force
([`playing`][battlebook.language.scope.playing]): the game its tags declare, which the run
knew before any step ran ([`Run.game_of`][battlebook.language.run.Run.game_of]), so a
step of another game never reads one of its lines. Outside a run every step may match.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass

from battlebook.book.model import ExampleDoc, FeatureDoc, RuleDoc, StepDoc

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
    #: Whether the game was guessed from the example's lines (its file declares none).
    guessed: bool = False

    def __str__(self) -> str:
        return f"{self.game or 'no game'} ({self.reason})"


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
