"""The drawing note on an example: before and after the last action, and it survives Markdown."""

from __future__ import annotations

import markdown

from battlebook.book.render import _notes
from battlebook.book.results import ScenarioResult, Status
from battlebook.homm import Line, RangedAttack, Side
from battlebook.homm.game import HOMM
from battlebook.language.notes import drawing_note
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.steps.homm_world import HommWorld


def _record() -> ScenarioRecord:
    return ScenarioRecord(frozenset(), ScenarioResult("features/homm/x.feature", "sha", 7, "An example", Status.PASSED))


def _world() -> HommWorld:
    world = HommWorld()
    world.place(Side.AGGRESSOR, Line.MELEE, "a stack of 3 Gold Golems", None)
    world.place(Side.DEFENDER, Line.MELEE, "a Behemoth", None)
    return world


def test_no_battle_no_drawing() -> None:
    assert drawing_note(HOMM, HommWorld(), _record()) is None


def test_a_battle_with_no_action_is_drawn_once() -> None:
    note = drawing_note(HOMM, _world(), _record()) or ""
    assert note.count("<svg") == 1 and 'id="pic-x-7-state-title"' in note


def test_a_refused_action_is_drawn_once() -> None:
    """Nothing changed, so one picture: not an identical before-and-after pair (issue 13)."""
    world = _world()
    world.act(RangedAttack("Gold Golems", "Behemoth"))  # a Gold Golem has a ranged score of 0
    world.refused()
    note = drawing_note(HOMM, world, _record()) or ""
    assert note.count("<svg") == 1 and "its last action was refused" in note
    assert "bb-drawings-folded" in note, "a drawing that does not teach the rule is folded away"


def test_the_svg_survives_the_page_markdown() -> None:
    record = _record()
    record.annotate_markup("Drawing", drawing_note(HOMM, _world(), record) or "")
    page = "\n".join(_notes([record.result]))
    html = markdown.markdown(page, extensions=["md_in_html", "attr_list", "tables", "admonition"])
    assert html.count("<svg") == 1 and "&lt;svg" not in html
    assert 'data-search-exclude=""' in html and "<figcaption>The battle</figcaption>" in html
