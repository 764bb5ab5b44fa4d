"""Which game a feature file plays, so that only that game's steps read its lines.

A step definition's parser may carry a `game` (the step language's typed phrases do);
one without is shared by every game. A file's game is the one its `@game:` tag names,
else the game most of its lines can only belong to: no folder is needed, so a player's
own file anywhere is read the same way as a chapter of the rulebook. The lines that vote
are [`feature_lines`][battlebook.language.scope.feature_lines]; the rule itself, over the
registered steps, is [`game_of`][battlebook.language.grammar.game_of].
"""

from __future__ import annotations

import contextlib
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar

from battlebook.book.model import FeatureDoc, StepDoc
from battlebook.errors import ScenarioError

#: The tag that names a feature file's game, as in `@game:homm`.
GAME_TAG = "game:"

#: The game of the feature file being run (`None` outside a run: every step may match).
PLAYING: ContextVar[str | None] = ContextVar("battlebook_game", default=None)


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


def feature_lines(feature: FeatureDoc) -> tuple[tuple[str, str], ...]:
    """Every step line of `feature` once, as `(type, text)`: its backgrounds, then every example's steps.

    Background steps are Givens; an outline's placeholders are filled from the first row
    of its table.

    Examples:
        >>> from battlebook.book.model import ExampleDoc
        >>> example = ExampleDoc("Example", "E", 3, "", (), (StepDoc("When", "a", 4), StepDoc("And", "b", 5)))
        >>> feature_lines(FeatureDoc("f.feature", "F", "", (), (StepDoc("Given", "g", 2),), (), (example,), ""))
        (('given', 'g'), ('when', 'a'), ('when', 'b'))
    """
    lines = [("given", step.text) for step in feature.background]
    lines += [("given", step.text) for rule in feature.rules for step in rule.background]
    for _, example in feature.examples():
        values = outline_values(example)
        lines += [(kind, filled(step.text, values)) for kind, step in resolved_steps(example.steps)]
    return tuple(lines)


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
