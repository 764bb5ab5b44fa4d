"""The Heroscape battlefield drawing, the engine's path and sight line it shows, and its note."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from battlebook.book.results import ScenarioResult, Status
from battlebook.dice import ScriptedDice
from battlebook.errors import RuleViolation, UnstatedRoll
from battlebook.heroscape import (
    KNOWN_CARDS,
    Attack,
    BattleState,
    Face,
    StartRound,
    StartTurn,
    apply,
    parse_map,
    setup_battle,
)
from battlebook.heroscape.game import HEROSCAPE
from battlebook.heroscape.picture import draw_battlefield, measure
from battlebook.heroscape.sight import counted_range, has_line_of_sight, range_path, sight_line
from battlebook.language.notes import drawing_note
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.steps.heroscape_world import HeroscapeWorld

SVG = "{http://www.w3.org/2000/svg}"
FIELD = """
2Z1 2   1 1 .  1~ 4a 4X 4X
 2  2   1 1 .  1~ 4  4  4
Z1 = Zettian Guards (Red)
X = Xenithrax the Vineweaver (Blue)
a = glyph Astrid
"""
LEDGE = "1Z1 1 1 8 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)"
AROUND = """
1Z1 . . . . . 1A1
 1  . . . . . 1
1   . . . . . 1
 1  1 1 1 1 1 1
Z1 = Zettian Guards (Red)
A1 = Airborne Elite (Blue)
"""


def _state(text: str) -> BattleState:
    return setup_battle(parse_map(text), KNOWN_CARDS.get)


def _classes(root: ET.Element, css: str) -> list[ET.Element]:
    return [e for e in root.iter() if css in (e.get("class") or "").split()]


def test_the_drawing_is_one_line_of_accessible_svg_describing_the_battlefield() -> None:
    svg = draw_battlefield(_state(FIELD), "The battlefield", "pic-1")
    assert "\n" not in svg and 'fill="#' not in svg and 'stroke="#' not in svg
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-label") == "The battlefield"
    desc = root.findtext(f"{SVG}desc") or ""
    assert desc.startswith("A battlefield of 2 rows seen from above. Row 1: level 2 with Zettian Guard Z1 (Red)")
    assert "empty area; water at level 1; level 4 with the glyph Astrid" in desc
    assert "Row 2 (set half a space to the right)" in desc
    assert "X: Xenithrax the Vineweaver of Blue" in desc


def test_spaces_empty_areas_water_glyphs_and_levels_are_drawn() -> None:
    root = ET.fromstring(draw_battlefield(_state(FIELD), "x"))
    assert len(_classes(root, "bb-pic-space")) == 16
    assert len(_classes(root, "bb-pic-void")) == 2
    assert len(_classes(root, "bb-pic-water")) == 2
    assert len(_classes(root, "bb-pic-glyph")) == 1
    levels = sorted(t.text or "" for t in _classes(root, "bb-pic-level"))
    assert levels == sorted(["2", "2", "1", "1", "1", "4", "4", "4", "2", "2", "1", "1", "1", "4", "4", "4"])
    shades = {float(p.get("fill-opacity") or 0) for p in _classes(root, "bb-pic-space")}
    assert len(shades) == 3, "each level its own shade"


def test_a_double_space_figure_is_one_token_over_both_spaces() -> None:
    state = _state(FIELD)
    root = ET.fromstring(draw_battlefield(state, "x"))
    tokens = _classes(root, "bb-pic-figure")
    assert [t.findtext(f"{SVG}text") for t in tokens] == ["Z1", "X"]
    line = tokens[1].find(f"{SVG}line")
    assert line is not None and float(line.get("x2") or 0) - float(line.get("x1") or 0) == pytest.approx(48)


def test_the_range_path_is_the_counted_one_with_numbered_steps() -> None:
    state = _state(AROUND)
    root = ET.fromstring(draw_battlefield(state, "x", measures=[measure(state, "Z1", "A1", sees=False)]))
    (polyline,) = root.iter(f"{SVG}polyline")
    assert len((polyline.get("points") or "").split()) == 12
    assert [t.text for t in _classes(root, "bb-pic-step")] == [str(n) for n in range(1, 12)]
    assert _classes(root, "bb-pic-sight") == []
    assert "Range from Z1 to A1: 11 spaces" in (root.findtext(f"{SVG}desc") or "")


def test_a_clear_sight_line_is_solid_and_a_blocked_one_dashed_with_its_blocker() -> None:
    clear_state, blocked_state = _state(FIELD), _state(LEDGE)
    clear = ET.fromstring(draw_battlefield(clear_state, "x", measures=[measure(clear_state, "Z1", "X")]))
    blocked = ET.fromstring(draw_battlefield(blocked_state, "x", measures=[measure(blocked_state, "Z1", "A1")]))
    solid = [g.find(f"{SVG}line") for g in _classes(clear, "bb-pic-sight-clear")]
    assert len(solid) == 2, "on the map and in the side view"
    assert all(line is not None and line.get("stroke-dasharray") is None for line in solid)
    dashed = [g.find(f"{SVG}line") for g in _classes(blocked, "bb-pic-sight-blocked")]
    assert len(dashed) == 2 and all(line is not None and line.get("stroke-dasharray") for line in dashed)
    assert len(_classes(blocked, "bb-pic-blocker")) == 1
    assert len(_classes(blocked, "bb-pic-ground-blocker")) == 1, "the side view marks the ledge that blocks"
    assert len(_classes(blocked, "bb-pic-body")) == 2 and len(_classes(blocked, "bb-pic-profile")) == 1
    assert "Line of sight from Z1 to X: clear" in (clear.findtext(f"{SVG}desc") or "")
    assert "blocked (dashed line) by the terrain at row 1, column 4" in (blocked.findtext(f"{SVG}desc") or "")
    assert "Range from Z1 to X: no path of spaces joins them." in (clear.findtext(f"{SVG}desc") or "")


@pytest.mark.parametrize(
    "text", [FIELD, LEDGE, AROUND, "3Z1 1 4 1 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)"]
)
def test_the_drawn_path_and_line_agree_with_the_rules(text: str) -> None:
    state = _state(text)
    for a, b in itertools.permutations(state.figures, 2):
        path = range_path(state, a, b)
        count = counted_range(state, a, b)
        assert (path is None and count is None) or (path is not None and len(path) - 1 == count)
        if path:
            assert path[0] in a.spaces and path[-1] in b.spaces
            assert all(q in p.neighbours() for p, q in itertools.pairwise(path))
        line = sight_line(state, a, b)
        assert line.is_clear == has_line_of_sight(state, a, b)
        assert line.is_clear == (not line.blockers), "a blocked line names what blocks it"


def _record() -> ScenarioRecord:
    return ScenarioRecord(
        frozenset(), ScenarioResult("features/heroscape/x.feature", "sha", 9, "An example", Status.PASSED)
    )


def _world(text: str) -> HeroscapeWorld:
    world = HeroscapeWorld(tags=frozenset({"edition:2004"}))
    world.draw(text)
    return world


def test_no_battlefield_no_drawing() -> None:
    assert drawing_note(HEROSCAPE, HeroscapeWorld(), _record()) is None


def test_a_checked_line_of_sight_is_drawn_on_the_one_drawing() -> None:
    world = _world(LEDGE)
    world.measuring("Z1", "A1", counts=False, sees=True)
    note = drawing_note(HEROSCAPE, world, _record()) or ""
    assert note.count("<svg") == 1 and "bb-pic-sight-blocked" in note and "bb-pic-range" not in note
    assert 'id="pic-x-9-state-title"' in note and "bb-picture-wide" in note


def test_an_attack_refused_for_sight_shows_the_blocked_line_once() -> None:
    world = _world(LEDGE)
    world.state = apply(world.state, StartTurn("Red", "Zettian Guards"), ScriptedDice()).state
    world.attempt(Attack("Z1", "A1"))
    assert isinstance(world.refused(), RuleViolation)
    note = drawing_note(HEROSCAPE, world, _record()) or ""
    assert note.count("<svg") == 1 and "bb-pic-sight-blocked" in note and "bb-pic-range" in note
    assert "the last action was refused under heroscape.line-of-sight, nothing changed" in note


def test_an_attack_allowed_but_given_no_roll_is_not_called_refused() -> None:
    world = _world("1Z1 1 1 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)")
    world.state = apply(world.state, StartTurn("Red", "Zettian Guards"), ScriptedDice()).state
    world.attempt(Attack("Z1", "A1"))
    short = world.refused()
    assert isinstance(short, UnstatedRoll) and (short.needed, short.stated) == (4, 0)
    assert "(2 attack dice and 2 defense dice); the scenario states none" in str(short)
    note = drawing_note(HEROSCAPE, world, _record()) or ""
    assert "the last action is allowed but not rolled, nothing changed" in note and "refused" not in note


def test_an_attack_that_destroys_its_target_is_drawn_before_and_after() -> None:
    world = _world("1Z1 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)")
    world.state = apply(world.state, StartTurn("Red", "Zettian Guards"), ScriptedDice()).state
    world.attempt(Attack("Z1", "A1"), ScriptedDice([Face.SKULL, Face.SKULL, Face.BLANK, Face.BLANK]))
    assert not world.state.has_figure("A1")
    note = drawing_note(HEROSCAPE, world, _record()) or ""
    before, after = re.findall(r"<svg.*?</svg>", note)
    assert "A1: Airborne Elite" in before and "A1: Airborne Elite" not in after


def test_a_later_action_that_changes_nothing_drawn_keeps_the_pair_around_the_attack() -> None:
    world = _world("1Z1 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)")
    world.state = apply(world.state, StartTurn("Red", "Zettian Guards"), ScriptedDice()).state
    world.attempt(Attack("Z1", "A1"), ScriptedDice([Face.SKULL, Face.SKULL, Face.BLANK, Face.BLANK]))
    world.attempt(StartRound())
    note = drawing_note(HEROSCAPE, world, _record()) or ""
    before, after = re.findall(r"<svg.*?</svg>", note)
    assert "A1: Airborne Elite" in before and "A1: Airborne Elite" not in after
    assert "After the last action that changed the battlefield" in note
