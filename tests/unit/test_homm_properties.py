"""Property tests: random legal play never breaks the battle's invariants.

Whatever sequence of legal actions is played (attacks, swats, support, swarming,
protecting, reorganizing, retaliation, the end-of-round steps), every card stays either in
a stack or in the discard pile, no stack is ever left empty on a line, and a Melee Line
with fewer than 3 stacks only has an empty Ranged Line behind it (or is waiting for its
side to pick the stack that moves up). Illegal actions are refused with a known rule id
before any die is rolled, naming the same rule as the legality check.

Battles in towns keep the same invariants, with the walls' minimum in place of the three
stacks for the town's Defender: after every action the Defender has at least 1 stack on
its Melee Line once the walls are Breached and 2 once they are Sacked (or nothing left
inside to bring out); the walls only ever get worse while the battle lasts and are
intact again once it is over; the Defender never withdraws or surrenders.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlebook.dice import Die, SeededDice
from battlebook.errors import RuleViolation
from battlebook.homm import (
    Ability,
    Action,
    Army,
    BattleState,
    Clock,
    Decline,
    Ending,
    EndPhase,
    Line,
    Side,
    Spell,
    Stack,
    TownCard,
    UnitCard,
    Walls,
    apply,
    is_legal,
    legal_actions,
    legal_violation,
)
from battlebook.homm import rule_ids as ids
from battlebook.homm.flow import melee_minimum
from battlebook.homm.rules import candidate_actions

PROFILE = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STEPS = 60

UNITS = (
    UnitCard("Gold Golem", level=2, phase=7, melee=3, ranged=0, defense=7),
    UnitCard("Archer", level=1, phase=4, melee=1, ranged=3, defense=4),
    UnitCard("Mage", level=3, phase=5, melee=1, ranged=0, defense=6, spells=(Spell("Magic Fist", 4),)),
    UnitCard("Brute", level=3, phase=2, melee=5, ranged=0, defense=9),
    UnitCard("Griffin", level=2, phase=3, melee=4, ranged=0, defense=6, abilities=(Ability.IGNORES_OBSTACLES,)),
    UnitCard("Sharpshooter", level=2, phase=4, melee=1, ranged=3, defense=5, abilities=(Ability.IGNORES_OBSTACLES,)),
)
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
        state = state.with_town(TownCard("Town Card", Side.DEFENDER, draw(st.sampled_from(list(Walls)))))
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


def check_invariants(state: BattleState, cards: int) -> None:
    assert state.card_count() == cards, "a card was created or lost"
    assert all(stack.size > 0 for stack in state.stacks), "an empty stack was left on a line"
    for side in Side:
        if state.choosing is side or state.is_over:
            continue
        short = len(state.stacks_on(side, Line.MELEE)) < melee_minimum(state, side)
        assert not (short and state.stacks_on(side, Line.RANGED)), f"the {side}'s Melee Line was left short"


@PROFILE
@given(battles(), st.data())
def test_random_legal_play_keeps_the_invariants(state: BattleState, data: st.DataObject) -> None:
    cards = state.card_count()
    check_invariants(state, cards)
    for _, after in random_play(state, data):
        check_invariants(after, cards)


@PROFILE
@given(battles(), st.data())
def test_refused_actions_name_a_rule_and_change_nothing(state: BattleState, data: st.DataObject) -> None:
    check_refusals_along_play(state, data)


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
    """An illegal action drawn at random is refused before any die is rolled, naming the rule the legality check names.

    `apply` and `legal_violation` are two ways in to the same rules: the refusal must name
    the same known rule with the same reason, and a refused action must not have rolled.
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


def check_town(before: BattleState, after: BattleState) -> None:
    """The walls only get worse while the battle lasts, are repaired once it is over, and the Defender never leaves."""
    assert before.town is not None and after.town is not None, "the town card left the battle"
    order = list(Walls)
    if after.is_over:
        assert after.town.walls is Walls.INTACT, "the walls were not repaired when the battle ended"
        assert after.outcome is not None
        if after.outcome.ending in (Ending.WITHDRAWAL, Ending.SURRENDER):
            assert after.outcome.winner is Side.DEFENDER, "the town's Defender withdrew or surrendered"
    else:
        assert order.index(after.town.walls) >= order.index(before.town.walls), "the walls were repaired mid-battle"


@PROFILE
@given(battles(in_town=True), st.data())
def test_town_battles_keep_the_walls_minimum(state: BattleState, data: st.DataObject) -> None:
    cards = state.card_count()
    check_invariants(state, cards)
    for before, after in random_play(state, data):
        check_invariants(after, cards)
        check_town(before, after)


@PROFILE
@given(battles(in_town=True), st.data())
def test_town_refusals_name_a_rule_and_change_nothing(state: BattleState, data: st.DataObject) -> None:
    check_refusals_along_play(state, data)
