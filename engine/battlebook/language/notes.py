"""The note that puts drawings under an example on its rulebook page, shared by every game.

An annotator module under `engine/battlebook/language/steps/` turns a game's fixture into drawings with a
function `note(world, record) -> str | None` and registers it with
[`drawing_annotator`][battlebook.language.notes.drawing_annotator]; the markup helpers here
give every page the same figures and ids.

Examples:
    >>> note = drawings_note("One drawing.", [figure("<svg/>", "The battle")])
    >>> last_line = note.splitlines()[-1]
    >>> last_line.startswith('<details class="bb-drawings bb-drawings-folded"><summary>Show the drawing</summary><div')
    True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest

from battlebook.book.results import ScenarioResult
from battlebook.language.recorder import Annotator, ScenarioRecord
from battlebook.language.session import annotator

World = TypeVar("World")


def picture_ident(result: ScenarioResult, which: str) -> str:
    """An id prefix for one drawing of an example, unique on its page.

    Examples:
        >>> from battlebook.book.results import Status
        >>> result = ScenarioResult("features/homm/melee.feature", "sha", 12, "An example", Status.PASSED)
        >>> picture_ident(result, "before")
        'pic-melee-12-before'
    """
    row = f"-{result.row}" if result.row else ""
    stem = result.feature.rsplit("/", 1)[-1].removesuffix(".feature")
    return f"pic-{stem}-{result.line}{row}-{which}"


def figure(svg: str, caption: str, wide: bool = False, legend: str = "") -> str:
    """One drawing with its caption; `wide` lets a drawing take more of the page's width.

    `legend` is HTML set under the drawing as page text (it keeps its size on a small
    screen, where text inside the drawing would shrink with it).
    """
    css = "bb-picture bb-picture-wide" if wide else "bb-picture"
    return f'<figure class="{css}">{svg}{legend}<figcaption>{html.escape(caption, quote=False)}</figcaption></figure>'


def drawings_note(intro: str, figures: Sequence[str], is_open: bool = False) -> str:
    """The Markdown of a note: a sentence, then the drawings side by side (left out of the site search).

    The drawings are folded away, one click from the sentence, unless `is_open`: a chapter
    shows open only the drawings that teach its rule (a range counted, a line of sight), so
    it stays short to scan and to print (folded drawings are left out of print).
    """
    count = "the drawing" if len(figures) == 1 else f"the {len(figures)} drawings"
    attribute = ' class="bb-drawings" open' if is_open else ' class="bb-drawings bb-drawings-folded"'
    pictures = f'<div class="bb-pictures" data-search-exclude="">{"".join(figures)}</div>'
    return f"{intro}\n\n<details{attribute}><summary>Show {count}</summary>{pictures}</details>"


def drawing_annotator(fixture: str, note: Callable[[World, ScenarioRecord], str | None]) -> Annotator:
    """Register an annotator attaching `note(world, record)` as the *Drawing* of every passing example using `fixture`.

    Examples that do not use the fixture, and those for which `note` returns `None`, get no drawing.
    """

    def attach(request: pytest.FixtureRequest, record: ScenarioRecord) -> None:
        if fixture not in request.fixturenames:
            return
        markdown = note(request.getfixturevalue(fixture), record)
        if markdown is not None:
            record.annotate_markup("Drawing", markdown)

    attach.__name__ = attach.__qualname__ = f"attach_{fixture}_drawing"
    return annotator(attach)
