"""The data tables of steps, read one way: a header of distinct known columns, then rows of cells.

A step such as "these units, defined for this example only:" reads its table through
[`table_rows`][battlebook.language.tables.table_rows]: a column named twice, an unknown
column or a missing required one is refused with one line (read as a dictionary, the
second of two columns with one name would silently win), and each row becomes a
dictionary of stripped cells. Numbers in cells are read by
[`table_number`][battlebook.language.tables.table_number], from ASCII digits only; the
engine checks their bounds.

Examples:
    >>> table_rows([["name", "defense"], [" Bulwark ", "17"]], "unit", ("name", "defense"))
    [{'name': 'Bulwark', 'defense': '17'}]
    >>> table_rows([["name", "defense", "defense"], ["Bulwark", "17", "3"]], "unit", ("name", "defense"))
    Traceback (most recent call last):
    ...
    battlebook.errors.ScenarioError: the unit table names the column 'defense' twice: keep one
"""

from __future__ import annotations

from collections.abc import Sequence

from battlebook.bounds import read_number
from battlebook.errors import ScenarioError


def table_rows(
    table: Sequence[Sequence[str]], what: str, columns: Sequence[str], required: Sequence[str] = ("name",)
) -> list[dict[str, str]]:
    """The rows of a step's table as dictionaries by column, once the header is checked.

    Raises:
        ScenarioError: the header names a column twice, a column not among `columns`, or lacks
            one of `required`.
    """
    if not table:
        raise ScenarioError(f"the {what} table is empty: give a header line, then one line per {what}")
    header, *rows = table
    seen: set[str] = set()
    for column in header:
        if column in seen:
            raise ScenarioError(f"the {what} table names the column {column!r} twice: keep one")
        seen.add(column)
    unknown = [column for column in header if column not in columns]
    missing = [column for column in required if column not in seen]
    if unknown or missing:
        raise ScenarioError(
            f"a {what} table needs the column(s) {', '.join(required)} and others among {', '.join(columns)}; "
            f"got {', '.join(header)}"
        )
    return [dict(zip(header, (cell.strip() for cell in row), strict=True)) for row in rows]


def table_number(text: str, what: str) -> int:
    r"""A whole number in a table cell, in ASCII digits (a sign allowed); its bound is the engine's to check.

    Raises:
        ScenarioError: the cell is not such a number; the message names `what`.

    Examples:
        >>> table_number("7", "the Captain's defense")
        7
        >>> table_number("\u0663", "the Captain's defense")
        Traceback (most recent call last):
        ...
        battlebook.bounds.BoundError: the Captain's defense: '٣' is not a whole number written in digits 0-9
    """
    return read_number(text, what)
