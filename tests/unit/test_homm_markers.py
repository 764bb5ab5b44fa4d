"""Markers the HoMM drawing reads from the state: swarming, protecting, support promised, retaliated."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from battlebook.homm import KNOWN_UNITS, BattleState, Line, Side, Stack
from battlebook.homm.picture import Marker, battle_view, draw_battle
from battlebook.homm.state import Backing, Stance

SVG = "{http://www.w3.org/2000/svg}"
GOLEM, BEHEMOTH = KNOWN_UNITS["Gold Golem"], KNOWN_UNITS["Behemoth"]


def _battle(golems: Stack | None = None, retaliated: frozenset[str] = frozenset()) -> BattleState:
    golems = golems or Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,) * 3)
    state = BattleState().with_stack(golems).with_stack(Stack("Behemoth", Side.DEFENDER, Line.MELEE, (BEHEMOTH,)))
    return replace(state, retaliated=retaliated)


def _markers(state: BattleState, name: str) -> tuple[Marker, ...]:
    return next(s.markers for s in battle_view(state).stacks if s.name == name)


def test_a_ready_stack_carries_no_marker() -> None:
    state = _battle()
    assert _markers(state, "Gold Golems") == () and _markers(state, "Behemoth") == ()


def test_swarming_and_protecting_stacks_are_marked() -> None:
    golems = Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,) * 3)
    assert _markers(_battle(replace(golems, stance=Stance.SWARMING)), "Gold Golems") == (
        Marker("swarming", "swarming"),
    )
    assert _markers(_battle(replace(golems, stance=Stance.PROTECTING)), "Gold Golems") == (
        Marker("protecting", "protecting"),
    )


def test_support_promised_names_its_sac_value_supporter_and_target() -> None:
    golems = Stack(
        "Gold Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,) * 3, Stance.SWARMING, (Backing("Imps", "Behemoth", 2),)
    )
    assert _markers(_battle(golems), "Gold Golems") == (
        Marker("swarming", "swarming"),
        Marker("supported", "+2 from Imps", "+2 support from Imps for attacks on Behemoth"),
    )


def test_a_stack_that_retaliated_this_round_is_marked_and_others_are_not() -> None:
    state = _battle(retaliated=frozenset({"Behemoth"}))
    assert _markers(state, "Behemoth") == (Marker("retaliated", "retaliated this round"),)
    assert _markers(state, "Gold Golems") == ()


def test_markers_are_drawn_read_out_and_wrap_inside_the_row() -> None:
    golems = Stack(
        "Gold Golems",
        Side.AGGRESSOR,
        Line.MELEE,
        (GOLEM,) * 3,
        Stance.SWARMING,
        (Backing("Imps", "Behemoth", 2), Backing("Sprites", "Behemoth", 1)),
    )
    plain = ET.fromstring(draw_battle(_battle(), "x"))
    svg = draw_battle(_battle(golems, frozenset({"Gold Golems"})), "x")
    root = ET.fromstring(svg)
    for kind in ("swarming", "supported", "retaliated"):
        assert f'class="bb-pic-marker-{kind}"' in svg
    desc = root.findtext(f"{SVG}desc") or ""
    assert (
        "swarming, +2 support from Imps for attacks on Behemoth, +1 support from Sprites for attacks on Behemoth, "
        "retaliated this round" in desc
    )
    assert float(root.get("height") or 0) > float(plain.get("height") or 0)
    ys = {float(r.get("y") or 0) for r in root.iter(f"{SVG}rect") if r.get("class") == "bb-pic-marker"}
    assert len(ys) == 3, "a marker too wide for the rest of the line goes on the next line"
