"""Properties of range and line of sight on random battlefields (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlebook.errors import ScenarioError
from battlebook.heroscape import (
    ArmyCard,
    Battlefield,
    BattleState,
    CardInPlay,
    Figure,
    Hex,
    MapError,
    Space,
    counted_range,
    has_line_of_sight,
    parse_map,
)
from battlebook.heroscape.sight import straight_distance

CARD = ArmyCard("Probes", "Probe", figures=2, life=1, range=5, attack=2, defense=2, height=4)
WIDTH, HEIGHT = 6, 5
ALL_HEXES = [Hex(q, r) for q in range(WIDTH) for r in range(HEIGHT)]


@st.composite
def battles(draw: st.DrawFn, gapless: bool = False) -> tuple[BattleState, Figure, Figure]:
    """A parallelogram of spaces (some removed unless `gapless`), random levels, two figures."""
    levels = draw(st.lists(st.integers(0, 12), min_size=len(ALL_HEXES), max_size=len(ALL_HEXES)))
    present = (
        [True] * len(ALL_HEXES)
        if gapless
        else draw(st.lists(st.booleans(), min_size=len(ALL_HEXES), max_size=len(ALL_HEXES)))
    )
    spaces = {h: Space(level) for h, level, keep in zip(ALL_HEXES, levels, present, strict=True) if keep}
    chosen = draw(st.lists(st.sampled_from(ALL_HEXES), min_size=2, max_size=2, unique=True))
    for hex_ in chosen:
        spaces.setdefault(hex_, Space(draw(st.integers(0, 12))))
    a = Figure("A", "Probes", "Red", (chosen[0],))
    b = Figure("B", "Probes", "Blue", (chosen[1],))
    state = BattleState(
        battlefield=Battlefield(spaces),
        cards=(CardInPlay("Probes", "Red", CARD), CardInPlay("Probes", "Blue", CARD)),
        figures=(a, b),
    )
    return state, a, b


@settings(max_examples=40)
@given(battles())
def test_range_is_symmetric(battle: tuple[BattleState, Figure, Figure]) -> None:
    state, a, b = battle
    assert counted_range(state, a, b) == counted_range(state, b, a)


@settings(max_examples=40)
@given(battles())
def test_range_is_never_less_than_the_straight_distance(battle: tuple[BattleState, Figure, Figure]) -> None:
    state, a, b = battle
    counted = counted_range(state, a, b)
    assert counted is None or counted >= straight_distance(a, b)


@settings(max_examples=40)
@given(battles(gapless=True))
def test_range_equals_the_straight_distance_on_a_gapless_map(battle: tuple[BattleState, Figure, Figure]) -> None:
    state, a, b = battle
    assert counted_range(state, a, b) == straight_distance(a, b)


@settings(max_examples=40, deadline=None)
@given(battles(), st.sampled_from(ALL_HEXES), st.integers(1, 20))
def test_adding_terrain_never_creates_line_of_sight(
    battle: tuple[BattleState, Figure, Figure], where: Hex, raise_by: int
) -> None:
    state, a, b = battle
    if where in a.spaces or where in b.spaces:
        return
    before = has_line_of_sight(state, a, b)
    current = state.battlefield.spaces.get(where)
    higher = Space((current.level if current else 0) + raise_by)
    after_state = BattleState(
        battlefield=state.battlefield.with_space(where, higher), cards=state.cards, figures=state.figures
    )
    assert before or not has_line_of_sight(after_state, a, b)


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("1 1\n 1 ?", 2, 4),
        ("1 1A\n", 1, 3),
        ("1 1\nA = Probes\n", 2, 1),
        ("", 1, 1),
        ("1 1\nA = Probes (Red)\n", 2, 1),
    ],
)
def test_malformed_maps_name_line_and_column(text: str, line: int, column: int) -> None:
    with pytest.raises(MapError) as caught:
        parse_map(text)
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)
    assert isinstance(caught.value, ScenarioError)
