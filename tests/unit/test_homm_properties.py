"""Property tests: random legal play never breaks the battle's invariants.

Whatever sequence of legal actions is played (attacks, swats, support, swarming,
protecting, reorganizing, retaliation, the end-of-round steps), every card stays either in
a stack or in the discard pile, no stack is ever left empty on a line, and a Melee Line
with fewer than 3 stacks only has an empty Ranged Line behind it (or is waiting for its
side to pick the stack that moves up). Illegal actions are refused with a known rule id
and leave the state as it was.

Battles in towns keep the same invariants, with the walls' minimum in place of the three
stacks for the town's Defender: after every action the Defender has at least 1 stack on
its Melee Line once the walls are Breached and 2 once they are Sacked (or nothing left
inside to bring out); the walls only ever get worse while the battle lasts and are
intact again once it is over; the Defender never withdraws or surrenders.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from battlebook.dice import SeededDice
from battlebook.homm import (
    BattleState,
    Ending,
    Line,
    Side,
    Walls,
    rules,
)
from battlebook.homm.actions import MeleeAttack, RangedAttack, Retaliate, SpellAttack
from battlebook.homm.flow import melee_minimum
from battlebook.homm.siege import town_of
from tests.strategies import PROFILE, battles, check_refusals_along_play, random_play


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


@PROFILE
@given(st.one_of(battles(), battles(in_town=True)), st.data())
def test_trusted_steps_and_attack_thresholds_agree_with_apply(state: BattleState, data: st.DataObject) -> None:
    """Every legal action applied without the check (`apply_legal`) ends as `apply` ends it, with the same dice;
    every legal attack's `attack_threshold` is the score and defense `apply` strikes with (or `None` on a piece)."""
    for before, _ in random_play(state, data, steps=20):
        for action in rules.legal_actions(before):
            seed = data.draw(st.integers(0, 2**16))
            checked = rules.apply(before, action, SeededDice(seed))
            assert rules.apply_legal(before, action, SeededDice(seed)) == checked
            if isinstance(action, MeleeAttack | RangedAttack | SpellAttack | Retaliate) and checked.attack is not None:
                threshold = rules.attack_threshold(before, action)
                if threshold is not None:
                    assert threshold == (checked.attack.score, checked.attack.defense)
                else:
                    assert before.is_piece(action.target)


def check_town(before: BattleState, after: BattleState) -> None:
    """The walls only get worse while the battle lasts, are repaired once it is over, and the Defender never leaves."""
    town_before, town_after = town_of(before), town_of(after)
    assert town_before is not None and town_after is not None, "the town card left the battle"
    order = list(Walls)
    if after.is_over:
        assert town_after.card.walls is Walls.INTACT, "the walls were not repaired when the battle ended"
        assert after.outcome is not None
        if after.outcome.ending in (Ending.WITHDRAWAL, Ending.SURRENDER):
            assert after.outcome.winner is Side.DEFENDER, "the town's Defender withdrew or surrendered"
    else:
        assert order.index(town_after.card.walls) >= order.index(town_before.card.walls), (
            "the walls were repaired mid-battle"
        )


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
