r"""Text from strangers, shown with its invisible characters made visible.

A name in a feature file, a file's own name or a record of a results file may hold
characters that act instead of showing: terminal control sequences (`ESC[8m` hides what
follows, `\r` lets a line overwrite itself, OSC 52 writes the clipboard) and bidirectional
overrides (U+202E shows what follows backwards, in a terminal and in a page's navigation
alike). [`visible`][battlebook.visible.visible] writes each of them as an escape a reader
sees (`\x1b`, `\r`, `\u202e`); the command line prints every such text through it, and
the pages show names through it.

Examples:
    >>> print(visible("failed\r\x1b[8mpassed"))
    failed\r\x1b[8mpassed
    >>> print(visible("Golems \u202eeno"))
    Golems \u202eeno
    >>> visible("Heroes of Might & Magic: ça va\tbien")
    'Heroes of Might & Magic: ça va\tbien'
"""

from __future__ import annotations

import re

#: Control characters (C0 but tab and line feed, DEL, C1), bidirectional marks, embeddings,
#: overrides and isolates, and the line and paragraph separators.
_ACTING = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code == 0x0D:
        return "\\r"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with every control, bidirectional or line-separating character written as a visible escape.

    Tabs and line feeds are kept (a report is made of lines); everything else prints as it is.
    """
    return _ACTING.sub(_escape, text)


def has_acting(text: str) -> bool:
    r"""Whether `text` holds a character [`visible`][battlebook.visible.visible] would escape.

    Examples:
        >>> has_acting("plain"), has_acting("a\x1b[2Jb")
        (False, True)
    """
    return _ACTING.search(text) is not None
