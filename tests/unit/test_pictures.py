"""The HoMM battle drawing: well-formed, accessible SVG that shows what the state holds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from battlebook.homm import KNOWN_UNITS, BattleState, Line, Side, Stack, UnitCard
from battlebook.homm.picture import (
    BattleView,
    Marker,
    StackView,
    TownView,
    battle_view,
    draw_battle,
    draw_view,
)

SVG = "{http://www.w3.org/2000/svg}"
GOLEM, BEHEMOTH = KNOWN_UNITS["Gold Golem"], KNOWN_UNITS["Behemoth"]


def _battle() -> BattleState:
    return (
        BattleState()
        .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,) * 3))
        .with_stack(Stack("Behemoth", Side.DEFENDER, Line.MELEE, (BEHEMOTH,)))
    )


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def test_the_drawing_is_one_line_of_well_formed_accessible_svg() -> None:
    svg = draw_battle(_battle(), "Before the attack", "pic-1")
    assert "\n" not in svg
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-label") == "Before the attack"
    assert root.findtext(f"{SVG}title") == "Before the attack"
    desc = root.findtext(f"{SVG}desc") or ""
    assert "Gold Golems, 3 cards" in desc and "Behemoth, 1 card" in desc
    assert root.get("aria-describedby") == root.find(f"{SVG}desc").get("id")  # type: ignore[union-attr]


def test_each_stack_shows_its_top_card_scores_and_count() -> None:
    texts = _texts(draw_battle(_battle(), "x"))
    assert "Gold Golem" in texts and "Gold Golems: 3 cards" in texts
    assert "Melee 3 · Ranged 0" in texts and "Defense 7" in texts
    assert "1 card" in texts and "Melee – · Ranged –" in texts  # scores the sources do not give: a dash


def test_the_pile_has_one_outline_per_card_up_to_five() -> None:
    root = ET.fromstring(draw_battle(_battle(), "x"))
    cards = [r for r in root.iter(f"{SVG}rect") if "bb-pic-card" in (r.get("class") or "")]
    assert len(cards) == 3 + 1


def test_colours_come_from_css_not_fixed_values() -> None:
    svg = draw_battle(_battle(), "x")
    assert 'fill="#' not in svg and 'stroke="#' not in svg


def test_names_are_escaped() -> None:
    state = BattleState().with_stack(Stack("A<&>B", Side.DEFENDER, Line.RANGED, (UnitCard("Imp & Co", defense=2),)))
    texts = _texts(draw_battle(state, "Fish & <chips>"))
    assert "Imp & Co" in texts and "A<&>B: 1 card" in texts


def test_the_drawing_reads_markers_and_the_town_card_from_the_state() -> None:
    from dataclasses import replace

    from battlebook.homm import Stance, Town, TownCard, Walls

    state = _battle()
    state = state.replacing("Gold Golems", replace(state.stack("Gold Golems"), stance=Stance.SWARMING))
    state = state.with_extension(Town(TownCard("Stronghold", Side.DEFENDER, Walls.BREACHED)))
    view = battle_view(state)
    svg = draw_view(view, "x")
    assert view.town == TownView("Stronghold", Side.DEFENDER, "walls Breached")
    assert view.on(Side.AGGRESSOR, Line.MELEE)[0].markers == (Marker("swarming", "swarming"),)
    assert 'class="bb-pic-marker-swarming"' in svg
    texts = _texts(svg)
    assert "swarming" in texts and "Stronghold" in texts and "walls Breached" in texts
    desc = ET.fromstring(svg).findtext(f"{SVG}desc") or ""
    assert "Defender's town card: Stronghold, walls Breached." in desc and "swarming" in desc


def test_a_wide_line_widens_the_drawing() -> None:
    stacks = tuple(StackView(f"S{i}", Side.AGGRESSOR, Line.RANGED, GOLEM, 1) for i in range(4))
    narrow = ET.fromstring(draw_view(BattleView(stacks[:1]), "x"))
    wide = ET.fromstring(draw_view(BattleView(stacks), "x"))
    assert float(wide.get("width") or 0) > float(narrow.get("width") or 0)
