"""The drawing under every passing example, one annotator for every game: before and after its last change.

After an example passes, [`attach_drawing`][battlebook.language.notes.attach_drawing] reads
the world of each registered game the example used (the fixture named after the game): the
battle as it stands and the journal of the actions attempted, the very states the engine
ran. It asks the game for what a drawing shows ([`Game.view`][battlebook.game.Game.view])
and for the drawings ([`Game.draw`][battlebook.game.Game.draw]):

- the battle before and after the last action that changed what is drawn, when the last
  action was carried out and some action changed the drawing;
- otherwise one drawing of the battle as it stands (the last action refused, or nothing
  drawn changed), not an identical pair.

What the example's steps checked on the battle (a Heroscape range count or line of sight)
is drawn over it, and such a drawing, which teaches its rule, is shown open; every other
drawing is folded away. A new game needs no change here. The markup helpers give every
page the same figures and ids.

Examples:
    >>> note = drawings_note("One drawing.", [figure("<svg/>", "The battle")])
    >>> last_line = note.splitlines()[-1]
    >>> last_line.startswith('<details class="bb-drawings bb-drawings-folded"><summary>')
    True
    >>> '<span class="bb-when-closed">Show the drawing</span>' in last_line
    True
    >>> '<span class="bb-when-open">Hide the drawing</span>' in last_line
    True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import pytest

from battlebook.book.results import ScenarioResult
from battlebook.errors import RuleViolation, UnstatedRoll
from battlebook.game import Drawing, Game
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.session import annotator, played_worlds

#: The title of the note holding an example's drawings.
DRAWING_NOTE = "Drawing"


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
    # The summary says what a click does: Show while folded, Hide once open (the stylesheet shows one).
    summary = f'<span class="bb-when-closed">Show {count}</span><span class="bb-when-open">Hide {count}</span>'
    return f"{intro}\n\n<details{attribute}><summary>{summary}</summary>{pictures}</details>"


def drawn(drawing: Drawing, caption: str) -> str:
    """One of a game's drawings as a figure with its caption, its legend and its width."""
    return figure(drawing.svg, caption, wide=drawing.wide, legend=drawing.legend)


def drawing_note(game: Game[Any, Any], world: Any, record: ScenarioRecord) -> str | None:
    """The note showing `world`'s battle (see the module), or `None` when the example set none up."""
    if not world.has_battle:
        return None
    result, state, journal = record.result, world.state, world.journal
    if not journal and game.view(state) is None:
        return None
    marks, scene = world.marks(), game.scene
    last = journal[-1] if journal else None
    carried_out = (e for e in reversed(journal) if e.refusal is None and e.resolution is not None)
    changing = next((e for e in carried_out if game.view(e.before) != game.view(e.resolution.state)), None)
    if last is not None and last.refusal is None and changing is not None:
        which = "last action" if changing is last else f"last action that changed the {scene}"
        before = game.draw(changing.before, f"The {scene} before the {which}", picture_ident(result, "before"))
        after = game.draw(
            changing.resolution.state, f"The {scene} after the {which}", picture_ident(result, "after"), marks
        )
        # One line under the example on a desktop screen: the figures' captions name the scene.
        intro = f"Before and after the {which}, from the states the engine ran."
        figures = [drawn(before, "Before"), drawn(after, f"After the {which}")]
        return drawings_note(intro, figures, is_open=bool(after.marked))
    single = game.draw(state, f"The {scene}", picture_ident(result, "state"), marks)
    if last is not None and isinstance(last.refusal, UnstatedRoll):
        intro = f"The {scene}{single.marked}; its last action is allowed but was not rolled (too few rolls stated)."
        caption = f"The {scene}: the last action is allowed but not rolled, nothing changed"
    elif last is not None and isinstance(last.refusal, RuleViolation):
        intro = f"The {scene}{single.marked}; its last action was refused under {last.refusal.rule}."
        caption = f"The {scene}: the last action was refused under {last.refusal.rule}, nothing changed"
    elif last is not None and last.refusal is not None:
        intro = f"The {scene}{single.marked}; its last action's roll was refused."
        caption = f"The {scene}: the last action's roll was refused, nothing changed"
    else:
        intro, caption = f"The {scene}{single.marked}, from the state the engine ran.", f"The {scene}"
    return drawings_note(intro, [drawn(single, caption)], is_open=bool(single.marked))


@annotator
def attach_drawing(request: pytest.FixtureRequest, record: ScenarioRecord) -> None:
    """Attach the drawing of each registered game's battle a passing example set up."""
    for game, world in played_worlds(request):
        note = drawing_note(game, world, record)
        if note is not None:
            record.annotate_markup(DRAWING_NOTE, note)
