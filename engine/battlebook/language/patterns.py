"""Step patterns as a scenario writer reads them: shared by the recorder and the step catalogue."""

from __future__ import annotations

import re

__all__ = ["allowed_words_of", "readable_of", "readable_pattern"]


def readable_pattern(pattern: str) -> str:
    r"""A `parse`-style step pattern as a scenario writer reads it: `{name}` for each value.

    The step language's own patterns say more (optional parts, allowed words): see
    [`readable_of`][battlebook.language.patterns.readable_of]. A regular-expression
    pattern (a player's own step, say) is shown as written.

    Examples:
        >>> readable_pattern("the die reads {reading} and shows {face:d}")
        'the die reads {reading} and shows {face}'
    """
    return re.sub(r"\{(\w+):[^}]*\}", r"{\1}", pattern)


def readable_of(parser: object) -> str:
    """How a step's parser reads to a scenario writer: its own `readable` form, else its pattern's."""
    shown = getattr(parser, "readable", None)
    return shown if isinstance(shown, str) else readable_pattern(str(getattr(parser, "name", "")))


def allowed_words_of(parser: object) -> tuple[tuple[str, str], ...]:
    """Each named value of a step, with the words (or the shape of value) it accepts, if the parser says."""
    allowed = getattr(parser, "allowed", None)
    return tuple(allowed()) if callable(allowed) else ()
