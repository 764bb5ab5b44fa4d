"""Drawings attached to every passing HoMM example: the battle before its last action and after it.

An annotator, not a step module: after an example passes, it draws the battle from the
same states the engine ran (the `homm` fixture's journal and final state) and attaches
the drawing to the example's page.
"""

from __future__ import annotations

import pytest

from engine.homm.picture import draw_battle
from engine.rulebook.pytest_plugin import ScenarioRecord, annotator
from tests.steps.homm_world import HommWorld


def _ident(record: ScenarioRecord, which: str) -> str:
    result = record.result
    row = f"-{result.row}" if result.row else ""
    stem = result.feature.rsplit("/", 1)[-1].removesuffix(".feature")
    return f"pic-{stem}-{result.line}{row}-{which}"


def _figure(svg: str, caption: str) -> str:
    return f'<figure class="bb-picture">{svg}<figcaption>{caption}</figcaption></figure>'


def picture_markdown(world: HommWorld, record: ScenarioRecord) -> str | None:
    """The note showing `world`'s battle: before and after its last attempted action, or as it stands."""
    if not world.journal:
        if not world.state.stacks:
            return None
        figures = [_figure(draw_battle(world.state, "The battle", _ident(record, "state")), "The battle")]
        intro = "The battle of this example, drawn from the state the engine ran."
    else:
        last = world.journal[-1]
        after_caption = "After: refused, nothing changed" if last.refusal is not None else "After the last action"
        figures = [
            _figure(draw_battle(last.before, "The battle before the last action", _ident(record, "before")), "Before"),
            _figure(
                draw_battle(world.state, "The battle after the last action", _ident(record, "after")), after_caption
            ),
        ]
        intro = "The battle before the example's last action and after it, drawn from the states the engine ran."
    return f'{intro}\n\n<div class="bb-pictures" data-search-exclude="">{"".join(figures)}</div>'


@annotator
def attach_homm_picture(request: pytest.FixtureRequest, record: ScenarioRecord) -> None:
    """Attach the drawing of the battle to a passing example that set up a HoMM battle."""
    if "homm" not in request.fixturenames:
        return
    world: HommWorld = request.getfixturevalue("homm")
    markdown = picture_markdown(world, record)
    if markdown is not None:
        record.annotate("Drawing", markdown)
