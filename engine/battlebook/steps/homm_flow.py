"""Steps for the round structure: phases and turns, the end of a round, withdrawing and surrendering."""

from __future__ import annotations

from dataclasses import replace

from pytest_bdd import given, parsers, then, when

from battlebook.errors import ScenarioError
from battlebook.homm import (
    AcceptSurrender,
    Clock,
    Decline,
    Ending,
    EndPhase,
    Line,
    MeleeAttack,
    OfferSurrender,
    RejectSurrender,
    Side,
    Stage,
    Withdraw,
)
from battlebook.steps.homm_world import HommWorld

_SIDE = r"(?P<side>Aggressor|Defender)"
_STEP_WORDS = {"withdraw": Stage.WITHDRAWAL, "surrender": Stage.SURRENDER}
_ENDINGS = {"withdrawal": Ending.WITHDRAWAL, "surrender": Ending.SURRENDER, "destruction": Ending.DESTRUCTION}


@given("the battle begins")
def battle_begins(homm: HommWorld) -> None:
    """Start the round structure: round 1, phase 1, the Aggressor's turn."""
    homm.state = replace(homm.state, clock=Clock())


@given(parsers.re(r"the battle is in phase (?P<phase>\d+) of round (?P<round>\d+), on the " + _SIDE + "'s turn"))
def battle_in_phase(homm: HommWorld, phase: str, round: str, side: str) -> None:
    """Look at the battle at a given phase and turn of a round (nobody has acted yet this round)."""
    homm.state = replace(homm.state, clock=Clock(int(round), int(phase), Side(side), Stage.PHASE))


@given(parsers.re(r"combat round (?P<round>\d+) has ended"))
def round_has_ended(homm: HommWorld, round: str) -> None:
    """Look at the battle at the end of a round: the Aggressor is first to choose whether to withdraw."""
    homm.state = replace(homm.state, clock=Clock(int(round), 10, Side.AGGRESSOR, Stage.WITHDRAWAL))


@given(parsers.re(r"the surrender step of combat round (?P<round>\d+) has come"))
def surrender_step(homm: HommWorld, round: str) -> None:
    """Look at the battle after both sides chose not to withdraw: the Aggressor may offer surrender first."""
    homm.state = replace(homm.state, clock=Clock(int(round), 10, Side.AGGRESSOR, Stage.SURRENDER))


@when(parsers.re(r"the battle moves on to phase (?P<phase>\d+) of round (?P<round>\d+)"))
def move_on(homm: HommWorld, phase: str, round: str) -> None:
    """Hand the turn on, and let every end-of-round choice pass, one action at a time, up to that phase."""
    target = Clock(int(round), int(phase), Side.AGGRESSOR, Stage.PHASE)
    while (clock := homm.state.clock) is not None and clock != target and homm.refusal is None:
        if (clock.round, clock.phase) > (target.round, target.phase) or homm.state.outcome is not None:
            break
        homm.act(EndPhase(clock.turn) if clock.stage is Stage.PHASE else Decline(clock.turn))


@when(parsers.re(r"the " + _SIDE + r" (?:ends|tries to end) its turn in the phase"))
def end_turn(homm: HommWorld, side: str) -> None:
    """The side is done with its part of the current phase."""
    homm.act(EndPhase(Side(side)))


@when(parsers.re(r"both sides end their turns until phase (?P<phase>\d+)"))
def end_turns_until(homm: HommWorld, phase: str) -> None:
    """Both sides hand the turn on, one action at a time, until the given phase begins."""
    target = int(phase)
    clock = homm.state.clock
    while clock is not None and clock.stage is Stage.PHASE and clock.phase < target and homm.refusal is None:
        homm.act(EndPhase(clock.turn))
        clock = homm.state.clock


@when("both sides end their turns until the round ends")
def end_turns_until_round_ends(homm: HommWorld) -> None:
    """Both sides hand the turn on, one action at a time, through phase 10."""
    clock = homm.state.clock
    while clock is not None and clock.stage is Stage.PHASE and homm.refusal is None:
        homm.act(EndPhase(clock.turn))
        clock = homm.state.clock


@when("both sides play on into the next round")
def play_on_into_next_round(homm: HommWorld) -> None:
    """Both sides hand the turn on through phase 10, then neither withdraws nor surrenders."""
    end_turns_until_round_ends(homm)
    for side in (Side.AGGRESSOR, Side.DEFENDER, Side.AGGRESSOR, Side.DEFENDER):
        if homm.refusal is None:
            homm.act(Decline(side))


@when(
    parsers.re(
        r"the (?P<attacker>.+?) destroy one of the " + _SIDE + r"'s Melee Line stacks each round, "
        r"rolling (?P<roll>\d+), until a stack moves up"
    )
)
def destroy_until_move_up(homm: HommWorld, attacker: str, side: str, roll: int) -> None:
    """Round after round, in its own phase and turn, the attacker kills a stack on the side's Melee Line.

    Between two kills both sides play on to the same phase and turn of the next round. The
    play stops as soon as a stack has left the side's Ranged Line (or anything is refused).
    """
    start = homm.state.clock
    if start is None or start.stage is not Stage.PHASE:
        raise ScenarioError("say which phase and turn the battle is in before the attacks")
    waiting = {stack.name for stack in homm.state.stacks_on(Side(side), Line.RANGED)}
    for _ in range(len(homm.state.stacks_on(Side(side), Line.MELEE))):
        target = homm.state.stacks_on(Side(side), Line.MELEE)[0]
        homm.act(MeleeAttack(attacker, target.name), [int(roll)])
        still_waiting = {stack.name for stack in homm.state.stacks_on(Side(side), Line.RANGED)}
        if homm.refusal is not None or homm.state.outcome is not None or waiting - still_waiting:
            return
        play_on_into_next_round(homm)
        while (clock := homm.state.clock) is not None and homm.refusal is None:
            if clock.stage is Stage.PHASE and (clock.phase, clock.turn) == (start.phase, start.turn):
                break
            homm.act(EndPhase(clock.turn) if clock.stage is Stage.PHASE else Decline(clock.turn))


@when(parsers.re(r"the " + _SIDE + r" (?:declines|tries to decline) to (?P<what>withdraw|surrender)"))
def decline(homm: HommWorld, side: str, what: str) -> None:
    """The side lets its chance to withdraw, or to offer surrender, pass."""
    homm.act(Decline(Side(side)))


@when(parsers.re(r"the " + _SIDE + r" (?:withdraws|tries to withdraw)"))
def withdraw(homm: HommWorld, side: str) -> None:
    """The side withdraws its hero to its nearest town."""
    homm.act(Withdraw(Side(side)))


@when(parsers.re(r"the " + _SIDE + r" (?:offers|tries to offer) (?P<cards>-?\d+) cards? to surrender"))
def offer(homm: HommWorld, side: str, cards: str) -> None:
    """The side offers cards from its hand for safe passage home."""
    homm.act(OfferSurrender(Side(side), int(cards)))


@when(parsers.re(r"the " + _SIDE + r" (?:accepts|tries to accept) the surrender"))
def accept(homm: HommWorld, side: str) -> None:
    """The side accepts the surrender offered to it."""
    homm.act(AcceptSurrender(Side(side)))


@when(parsers.re(r"the " + _SIDE + r" rejects the surrender"))
def reject(homm: HommWorld, side: str) -> None:
    """The side rejects the surrender offered to it."""
    homm.act(RejectSurrender(Side(side)))


@then(parsers.re(r"the battle is in phase (?P<phase>\d+) of round (?P<round>\d+), on the " + _SIDE + "'s turn"))
def is_in_phase(homm: HommWorld, phase: str, round: str, side: str) -> None:
    """Where the round stands now."""
    expected = Clock(int(round), int(phase), Side(side), Stage.PHASE)
    assert homm.state.clock == expected, f"the battle stands at {homm.state.clock}"


@then(parsers.re(r"the " + _SIDE + r" is to choose whether to (?P<what>withdraw|surrender) in round (?P<round>\d+)"))
def is_to_choose(homm: HommWorld, side: str, what: str, round: str) -> None:
    """The end-of-round step the battle stands at: whose choice, and which."""
    clock = homm.state.clock
    assert clock is not None and clock.stage is _STEP_WORDS[what], f"the battle stands at {clock}"
    assert clock.turn is Side(side) and clock.round == int(round), f"the battle stands at {clock}"


@then(parsers.re(r"the " + _SIDE + r" is to answer the offer of (?P<cards>\d+) cards?"))
def is_to_answer(homm: HommWorld, side: str, cards: str) -> None:
    """A surrender offer waits for the side's answer."""
    clock, pending = homm.state.clock, homm.state.offer
    assert clock is not None and clock.stage is Stage.ANSWER and clock.turn is Side(side), f"at {clock}"
    assert pending is not None and pending.cards == int(cards), f"the offer is {pending}"


@then(parsers.re(r"the battle is over: the " + _SIDE + r" wins by (?P<how>withdrawal|surrender|destruction)"))
def battle_won(homm: HommWorld, side: str, how: str) -> None:
    """The battle has ended, with this winner and this kind of ending."""
    outcome = homm.state.outcome
    assert outcome is not None, "the battle goes on"
    assert outcome.winner is Side(side) and outcome.ending is _ENDINGS[how], f"the battle ended as {outcome}"


@then("the battle goes on")
def battle_goes_on(homm: HommWorld) -> None:
    """The battle has not ended."""
    assert homm.state.outcome is None, f"the battle ended: {homm.state.outcome}"


@then(
    parsers.re(r"the (?P<stack>.+?) (?:have|has) (?P<used>used|not used) (?:their|its) attack opportunity this round")
)
def opportunity_used(homm: HommWorld, stack: str, used: str) -> None:
    """Whether the stack has spent its attack opportunity in the current round."""
    actual = stack in homm.state.acted
    assert actual is (used == "used"), f"the {stack} have {'used' if actual else 'not used'} it"


@then(parsers.re(r"no stack is marked as having retaliated"))
def no_retaliation_marks(homm: HommWorld) -> None:
    """The round's retaliation markers are all cleared."""
    assert not homm.state.retaliated, f"still marked: {sorted(homm.state.retaliated)}"


@then(parsers.re(r"the " + _SIDE + r" holds (?P<hand>\d+) cards in hand and (?P<deck>\d+) in its deck"))
def holds_cards(homm: HommWorld, side: str, hand: str, deck: str) -> None:
    """The number of cards in the side's hand and deck now."""
    army = homm.state.army(Side(side))
    assert (army.hand, army.deck) == (int(hand), int(deck)), f"hand {army.hand}, deck {army.deck}"


@then(parsers.re(r"(?P<count>\d+) cards? (?:is|are) in the discard pile"))
def discard_pile(homm: HommWorld, count: str) -> None:
    """How many unit cards have been discarded in the battle."""
    actual = len(homm.state.discard)
    assert actual == int(count), f"{actual} cards are in the discard pile"


@then(parsers.re(r"the " + _SIDE + r"'s (?P<who>hero|army) is back at its nearest town"))
def back_at_town(homm: HommWorld, side: str, who: str) -> None:
    """The side's hero (after withdrawing) or whole army (after surrendering) stands at its nearest town.

    For an army, its creature stacks are still in play: they went home with it.
    """
    army = homm.state.army(Side(side))
    assert army.is_at_town, f"the {side}'s nearest town is still {army.town_distance} spaces away"
    if who == "army":
        stacks = homm.state.stacks_on(Side(side))
        assert stacks, f"the {side} has no creature stack left to go home with"


@then(parsers.re(r"the " + _SIDE + r"'s (?P<who>hero|army) is still (?P<distance>\d+) spaces from its nearest town"))
def not_at_town(homm: HommWorld, side: str, who: str, distance: str) -> None:
    """The side has not gone home: its nearest town is as far as the scenario set it."""
    army = homm.state.army(Side(side))
    assert army.town_distance == int(distance), f"the {side}'s nearest town is {army.town_distance} spaces away"
