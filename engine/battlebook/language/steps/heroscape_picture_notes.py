"""Drawings attached to every passing Heroscape example with a battlefield.

An annotator, not a step module: after an example passes, it draws the battlefield from
the states the engine ran (the `heroscape` fixture's journal and final state). The
battlefield before the last action that changed what is drawn (figures, wounds) is drawn
beside the one after it, even when later actions (revealing an order marker) changed
nothing drawn; when the last action was refused, or no action changed the map, the
example gets one drawing.
Range and line-of-sight checks (the steps note them with `HeroscapeWorld.measuring`, and
an attack refused for range or sight) add the counted path and the sight line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlebook.errors import RuleViolation
from battlebook.heroscape.actions import Attack
from battlebook.heroscape.resolution import HeroscapeResolution
from battlebook.heroscape.rules import LINE_OF_SIGHT, RANGE
from battlebook.heroscape.state import BattleState
from battlebook.language.notes import drawing_annotator, drawings_note, figure, picture_ident
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.steps._attempts import JournalEntry
from battlebook.language.steps.heroscape_world import HeroscapeWorld, Measured

if TYPE_CHECKING:
    from battlebook.heroscape.picture import Measure

HeroscapeEntry = JournalEntry[BattleState, HeroscapeResolution]


def _checks(world: HeroscapeWorld) -> list[Measured]:
    """What the example measured: the checks its steps made, and an attack refused for range or sight."""
    checks = list(world.measured)
    if world.journal:
        last = world.journal[-1]
        refused = isinstance(last.refusal, RuleViolation) and last.refusal.rule in (RANGE, LINE_OF_SIGHT)
        if isinstance(last.action, Attack) and refused:
            checks.append(Measured(last.action.attacker, last.action.defender, True, True))
    return checks


def measures(world: HeroscapeWorld, state: BattleState) -> list[Measure]:
    """The range paths and sight lines to draw on `state`, one per pair of figures, in the order checked."""
    from battlebook.heroscape.picture import measure  # drawing code, only where a note is drawn

    merged: dict[tuple[str, str], tuple[bool, bool]] = {}
    for check in _checks(world):
        if state.has_figure(check.attacker) and state.has_figure(check.target):
            counts, sees = merged.get((check.attacker, check.target), (False, False))
            merged[(check.attacker, check.target)] = (counts or check.counts, sees or check.sees)
    return [measure(state, a, t, counts=c, sees=s) for (a, t), (c, s) in merged.items()]


def _drawn(state: BattleState) -> object:
    """What a drawing shows of a state: figures (with their wounds) and the wounds on cards."""
    return (state.figures, tuple(c.wound_markers for c in state.cards), state.battlefield)


def last_change(world: HeroscapeWorld) -> HeroscapeEntry | None:
    """The last action carried out that changed what a drawing shows, if any."""
    carried_out = (e for e in reversed(world.journal) if e.refusal is None and e.resolution is not None)
    return next((e for e in carried_out if e.resolution and _drawn(e.before) != _drawn(e.resolution.state)), None)


def picture_markdown(world: HeroscapeWorld, record: ScenarioRecord) -> str | None:
    """The note showing `world`'s battlefield, or `None` when the example drew none."""
    from battlebook.heroscape.picture import draw_battlefield, legend_html  # only where a note is drawn

    if not world.has_battlefield:
        return None
    result, state = record.result, world.state
    shown = measures(world, state)
    with_lines = " with the range counted and the line of sight" if shown else ""
    last = world.journal[-1] if world.journal else None
    changing = last_change(world)
    if last is not None and last.refusal is None and changing is not None:
        which = "last action" if changing is last else "last action that changed the battlefield"
        after = changing.resolution.state if changing.resolution is not None else state
        figures = [
            figure(
                draw_battlefield(
                    changing.before, f"The battlefield before the {which}", picture_ident(result, "before")
                ),
                "Before",
                wide=True,
                legend=legend_html(changing.before),
            ),
            figure(
                draw_battlefield(after, f"The battlefield after the {which}", picture_ident(result, "after"), shown),
                f"After the {which}",
                wide=True,
                legend=legend_html(after, shown),
            ),
        ]
        intro = f"The battlefield before and after the {which}, from the states the engine ran."
        return drawings_note(intro, figures, is_open=bool(shown))
    if last is not None and last.refusal is not None:
        caption = "The battlefield: the last action was refused, nothing changed"
    else:
        caption = "The battlefield"
    svg = draw_battlefield(state, f"The battlefield{with_lines}", picture_ident(result, "state"), shown)
    intro = f"The battlefield{with_lines}, from the state the engine ran."
    return drawings_note(
        intro, [figure(svg, caption, wide=True, legend=legend_html(state, shown))], is_open=bool(shown)
    )


#: Attaches the drawing of the battlefield to a passing Heroscape example.
attach_heroscape_picture = drawing_annotator("heroscape", picture_markdown)
