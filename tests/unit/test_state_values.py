"""Every game's states are values: frozen all the way down, equal when built alike, and equal states hash equal.

Exact computations (the whole-fight odds) memoize on states, so a state must be usable as a
dictionary key, and two states that stand for the same battle must find the same entry.
Over random states of every registered game and along random legal play from them:

- nothing reachable from a state is a `dict`, `list`, `set` or a dataclass that is not frozen;
- a deep copy and a pickled copy (new objects throughout) equal the state and hash equal;
- a Heroscape battlefield rebuilt with its spaces in the reverse order is the same value.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import pickle
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlebook.frozen import FrozenMap
from battlebook.games import GAMES
from battlebook.heroscape.battlefield import Battlefield, Space
from battlebook.heroscape.hexes import Hex
from tests.strategies import PROFILE, new_battles, play

NAMES = sorted(GAMES)
ATOMS = (str, int, float, bool, Fraction, enum.Enum, type(None))


def mutable_parts(value: Any, where: str = "state") -> list[str]:
    """Where, inside `value`, something mutable (or a dataclass that is not frozen) is held."""
    if isinstance(value, ATOMS):
        return []
    if isinstance(value, tuple | frozenset):
        return [found for index, item in enumerate(value) for found in mutable_parts(item, f"{where}[{index}]")]
    if isinstance(value, FrozenMap):
        return [
            found
            for key, item in value.items()
            for found in (*mutable_parts(key, f"{where} key"), *mutable_parts(item, f"{where}[{key!r}]"))
        ]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return [f"{where} ({type(value).__name__} is not frozen)"]
        return [
            found
            for field in dataclasses.fields(value)
            for found in mutable_parts(getattr(value, field.name), f"{where}.{field.name}")
        ]
    try:
        hash(value)
    except TypeError:
        return [f"{where} ({type(value).__name__})"]
    return []


def check_value(state: Any) -> None:
    assert mutable_parts(state) == []
    for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin is not state
        assert twin == state
        assert hash(twin) == hash(state)
        assert {state: "found"}[twin] == "found"


@pytest.mark.parametrize("name", NAMES)
@PROFILE
@given(data=st.data())
def test_equal_states_hash_equal_along_random_play(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    state = data.draw(new_battles(game))
    check_value(state)
    for before, after in play(game, state, data, steps=10):
        check_value(after)
        if after == before:
            assert hash(after) == hash(before)


@PROFILE
@given(
    st.dictionaries(
        st.builds(Hex, st.integers(-5, 5), st.integers(-5, 5)),
        st.integers(0, 9),
        max_size=12,
    )
)
def test_a_battlefield_is_the_same_value_whatever_order_its_spaces_come_in(levels: dict[Hex, int]) -> None:
    spaces = {hex_: Space(level) for hex_, level in levels.items()}
    forward, backward = Battlefield(spaces), Battlefield(dict(reversed(list(spaces.items()))))
    assert forward == backward and hash(forward) == hash(backward)
    assert isinstance(forward.spaces, FrozenMap)
    with pytest.raises(dataclasses.FrozenInstanceError):
        forward.spaces = {}  # type: ignore[misc]
