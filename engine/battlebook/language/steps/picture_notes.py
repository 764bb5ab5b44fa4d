"""Drawings attached to every passing HoMM example: the battle before its last action and after it.

An annotator, not a step module: after an example passes, it draws the battle from the
same states the engine ran (the `homm` fixture's journal and final state) and attaches
the drawing to the example's page.
"""

from __future__ import annotations

from battlebook.language.notes import drawing_annotator, drawings_note, figure, picture_ident
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.steps.homm_world import HommWorld


def picture_markdown(world: HommWorld, record: ScenarioRecord) -> str | None:
    """The note showing `world`'s battle: before and after its last attempted action, or as it stands."""
    from battlebook.homm.picture import battle_view, draw_battle  # drawing code, only where a note is drawn

    result = record.result
    if not world.journal:
        if not world.state.stacks:
            return None
        figures = [figure(draw_battle(world.state, "The battle", picture_ident(result, "state")), "The battle")]
        intro = "The battle, from the state the engine ran."
    else:
        last = world.journal[-1]
        if battle_view(last.before) == battle_view(world.state):
            # Refused, or nothing drawn changed: one picture, not an identical pair.
            why = "was refused" if last.refusal is not None else "changed nothing shown"
            figures = [figure(draw_battle(world.state, "The battle", picture_ident(result, "state")), "The battle")]
            intro = f"The battle; its last action {why}."
        else:
            before = draw_battle(last.before, "The battle before the last action", picture_ident(result, "before"))
            after = draw_battle(world.state, "The battle after the last action", picture_ident(result, "after"))
            figures = [figure(before, "Before"), figure(after, "After the last action")]
            intro = "Before and after the last action, from the states the engine ran."
    return drawings_note(intro, figures)


#: Attaches the drawing of the battle to a passing example that set up a HoMM battle.
attach_homm_picture = drawing_annotator("homm", picture_markdown)
