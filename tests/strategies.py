"""Hypothesis strategies and play helpers shared by the property tests, in one place.

Test modules import from here, never from one another:

- HoMM battles (`battles`) and random legal HoMM play (`random_play`, `check_refusal`,
  `CountingDice`);
- random first states of any registered game (`new_battles`: the game's own
  `new_battle`) and random legal play of it through the shared contract (`play`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from battlebook.dice import Die, SeededDice
from battlebook.errors import RuleViolation
from battlebook.game import Game
from battlebook.homm import (
    Action,
    Army,
    BattleState,
    Clock,
    Decline,
    EndPhase,
    Line,
    Side,
    Stack,
    Town,
    TownCard,
    Walls,
    apply,
    is_legal,
    legal_actions,
)
from battlebook.homm import rule_ids as ids
from battlebook.homm.battles import UNITS
from battlebook.homm.flow import melee_minimum
from battlebook.homm.rules import candidate_actions, legal_violation

PROFILE = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STEPS = 60

# --- Heroes of Might & Magic ------------------------------------------------------------

RULE_IDS = {value for name, value in vars(ids).items() if name.isupper()}


def pick(data: st.DataObject, legal: list[Action]) -> Action:
    """A legal action, four times in five one that is not merely handing the turn on."""
    busy = [action for action in legal if not isinstance(action, EndPhase | Decline)]
    prefer_busy: int = data.draw(st.integers(0, 4))
    pool = busy if busy and prefer_busy else legal
    return data.draw(st.sampled_from(pool))


@st.composite
def battles(draw: st.DrawFn, in_town: bool = False) -> BattleState:
    """A battle at round 1, phase 1, whose Melee Lines hold their minimum or have nothing behind them.

    With `in_town`, the Defender defends its town, whose walls are in any position.
    """
    state = BattleState(clock=Clock())
    if in_town:
        state = state.with_extension(Town(TownCard("Town Card", Side.DEFENDER, draw(st.sampled_from(list(Walls))))))
    for side in Side:
        count = draw(st.integers(1, 5))
        melee = draw(st.integers(min(count, melee_minimum(state, side)), count))
        for index in range(count):
            cards = tuple(draw(st.lists(st.sampled_from(UNITS), min_size=1, max_size=2)))
            line = Line.MELEE if index < melee else Line.RANGED
            state = state.with_stack(Stack(f"{side} {index}", side, line, cards))
        army = Army(
            hand=draw(st.integers(0, 3)),
            deck=10,
            town_distance=draw(st.integers(2, 5)),
            is_guard=draw(st.booleans()),
        )
        state = state.with_army(side, army)
    return state


def random_play(
    state: BattleState, data: st.DataObject, steps: int = STEPS
) -> Iterator[tuple[BattleState, BattleState]]:
    """Random legal play from `state`: the battle before and after each action, until it is over."""
    for _ in range(steps):
        legal = list(legal_actions(state))
        if not legal:
            assert state.is_over, "a running battle must always allow some action"
            return
        after = apply(state, pick(data, legal), SeededDice(data.draw(st.integers(0, 2**16)))).state
        yield state, after
        state = after


class CountingDice(SeededDice):
    """Seeded dice that count their rolls."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.rolls = 0

    def roll(self, die: Die) -> Hashable:
        self.rolls += 1
        return super().roll(die)


def check_refusal(state: BattleState, data: st.DataObject) -> None:
    """An illegal action drawn at random is refused before any die is rolled, as the legality check says.

    `apply` and `legal_violation` are two ways in to the same rules: the refusal must name
    the same known rule with the same reason, and a refused action must not have rolled.
    (The state cannot change: every value in it is frozen.)
    """
    illegal = [action for action in candidate_actions(state) if not is_legal(state, action)]
    if not illegal:
        return
    action = data.draw(st.sampled_from(illegal))
    expected = legal_violation(state, action)
    assert expected is not None
    dice = CountingDice(0)
    try:
        apply(state, action, dice)
    except RuleViolation as violation:
        assert violation.rule in RULE_IDS, f"unknown rule {violation.rule}"
        assert (violation.rule, str(violation)) == (expected.rule, str(expected)), f"{violation} but {expected}"
    else:
        raise AssertionError(f"{action} was carried out though it is illegal")
    assert dice.rolls == 0, f"{action} rolled the die before it was refused"


def check_refusals_along_play(state: BattleState, data: st.DataObject) -> None:
    """Along random legal play, every illegal action names a known rule and changes nothing."""
    check_refusal(state, data)
    for _, after in random_play(state, data, steps=10):
        check_refusal(after, data)


# --- Any registered game, through the shared contract ---------------------------------


def new_battles(game: Game[Any, Any]) -> st.SearchStrategy[Any]:
    """Random first states of `game`: its own `new_battle`, drawn with a generator Hypothesis controls."""
    return st.randoms(use_true_random=False).map(game.new_battle)


def prefer(game: Game[Any, Any], data: st.DataObject, legal: list[Any]) -> Any:
    """A legal action, four times in five an attack when there is one."""
    attacks = [action for action in legal if game.is_attack(action)]
    prefer_attack: int = data.draw(st.integers(0, 4))
    if attacks and prefer_attack:
        return data.draw(st.sampled_from(attacks))
    return data.draw(st.sampled_from(legal))


def play(game: Game[Any, Any], state: Any, data: st.DataObject, steps: int = 30) -> Iterator[tuple[Any, Any]]:
    """Random legal play of any game: the state before and after each action, while any is legal."""
    for _ in range(steps):
        legal = [a for a in game.candidate_actions(state) if game.legal_violation(state, a) is None]
        if not legal:
            return
        action = prefer(game, data, legal)
        after = game.apply(state, action, SeededDice(data.draw(st.integers(0, 2**16)))).state
        yield state, after
        state = after
