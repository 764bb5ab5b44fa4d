"""Step patterns as a scenario writer reads them: shared by the recorder and the step catalogue."""

from __future__ import annotations

import re

__all__ = ["readable_pattern"]


def readable_pattern(pattern: str) -> str:
    r"""A step pattern (parse or regex style) in a form a scenario writer can read.

    >>> readable_pattern(r'the (?P<side>Aggressor|Defender) has (?P<what>.+?)(?: called "(?P<name>[^"]+)")? here')
    'the {side} has {what} [called "{name}"] here'
    >>> readable_pattern("the die reads {reading} and shows {face:d}")
    'the die reads {reading} and shows {face}'
    >>> readable_pattern(r"the (?P<a>.+?) (?:attacks?|tries to attack) it")
    'the {a} attack(s)/tries to attack it'
    """
    out: list[str] = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("(?P<", i):
            name_end = pattern.index(">", i)
            out.append("{" + pattern[i + 4 : name_end] + "}")
            i = _group_end(pattern, i)
            i += 1 if i < len(pattern) and pattern[i] == "?" else 0
        elif pattern.startswith("(?:", i):
            end = _group_end(pattern, i)
            inner = readable_pattern(pattern[i + 3 : end - 1]).replace("|", "/")
            if end < len(pattern) and pattern[end] == "?":
                out.append(f"[{inner.strip()}]" if not inner.startswith(" ") else f" [{inner.strip()}]")
                end += 1
            else:
                out.append(inner)
            i = end
        elif pattern[i] == "\\" and i + 1 < len(pattern):
            out.append(pattern[i + 1])
            i += 2
        elif i + 1 < len(pattern) and pattern[i + 1] == "?" and pattern[i].isalpha():
            out.append(f"({pattern[i]})")
            i += 2
        else:
            out.append(pattern[i])
            i += 1
    return re.sub(r"\{(\w+):[^}]*\}", r"{\1}", "".join(out)).replace("  ", " ")


def _group_end(pattern: str, start: int) -> int:
    """The index just after the parenthesis closing the group opened at `start`."""
    depth = 0
    i = start
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":
            i = pattern.index("]", i + 2)
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(pattern)
