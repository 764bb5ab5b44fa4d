"""Steps for the round structure: phases and turns, the end of a round, withdrawing and surrendering."""

from __future__ import annotations

from dataclasses import replace

from battlebook.dice import ScriptedDice
from battlebook.errors import RulesSilent, ScenarioError
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
    apply,
)
from battlebook.language.steps.homm_world import HommWorld, given, then, when

_STEP_WORDS = {"withdraw": Stage.WITHDRAWAL, "surrender": Stage.SURRENDER}
_WORD_OF_STEP = {stage: word for word, stage in _STEP_WORDS.items()}


@given("the battle begins")
def battle_begins(homm: HommWorld) -> None:
    """Start the round structure: round 1, phase 1, the Aggressor's turn."""
    homm.state = replace(homm.state, clock=Clock())


@given("the battle is in phase {phase:Count} of round {round:Count}, on the {side:Side}'s turn")
def battle_in_phase(homm: HommWorld, phase: int, round: int, side: Side) -> None:
    """Look at the battle at a given phase and turn of a round (nobody has acted yet this round)."""
    homm.state = replace(homm.state, clock=Clock(round, phase, side, Stage.PHASE))


@given("combat round {round:Count} has ended")
def round_has_ended(homm: HommWorld, round: int) -> None:
    """Look at the battle at the end of a round: the Aggressor is first to choose whether to withdraw."""
    homm.state = replace(homm.state, clock=Clock(round, 10, Side.AGGRESSOR, Stage.WITHDRAWAL))


@given("the surrender step of combat round {round:Count} has come")
def surrender_step(homm: HommWorld, round: int) -> None:
    """Look at the battle after both sides chose not to withdraw: the Aggressor may offer surrender first."""
    homm.state = replace(homm.state, clock=Clock(round, 10, Side.AGGRESSOR, Stage.SURRENDER))


@when("the battle moves on to phase {phase:Count} of round {round:Count}")
def move_on(homm: HommWorld, phase: int, round: int) -> None:
    """Hand the turn on, and let every end-of-round choice pass, one action at a time, up to that phase."""
    target = Clock(round, phase, Side.AGGRESSOR, Stage.PHASE)
    while (clock := homm.state.clock) is not None and clock != target and homm.refusal is None:
        if (clock.round, clock.phase) > (target.round, target.phase) or homm.state.outcome is not None:
            break
        homm.act(EndPhase(clock.turn) if clock.stage is Stage.PHASE else Decline(clock.turn))


@when("the {side:Side} {:End} its turn in the phase")
def end_turn(homm: HommWorld, side: Side) -> None:
    """The side is done with its part of the current phase."""
    homm.act(EndPhase(side))


@when("both sides end their turns until phase {phase:Count}")
def end_turns_until(homm: HommWorld, phase: int) -> None:
    """Both sides hand the turn on, one action at a time, until the given phase begins."""
    target = phase
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
    "the {attacker:Stack} destroy one of the {side:Side}'s Melee Line stacks each round, "
    "rolling {roll:Count}, until a stack moves up"
)
def destroy_until_move_up(homm: HommWorld, attacker: str, side: Side, roll: int) -> None:
    """Round after round, in its own phase and turn, the attacker kills a stack on the side's Melee Line.

    Between two kills both sides play on to the same phase and turn of the next round. The
    play stops as soon as a stack has left the side's Ranged Line (or anything is refused).
    """
    start = homm.state.clock
    if start is None or start.stage is not Stage.PHASE:
        raise ScenarioError("say which phase and turn the battle is in before the attacks")
    waiting = {stack.name for stack in homm.state.stacks_on(side, Line.RANGED)}
    for _ in range(len(homm.state.stacks_on(side, Line.MELEE))):
        target = homm.state.stacks_on(side, Line.MELEE)[0]
        homm.act(MeleeAttack(attacker, target.name), [roll])
        still_waiting = {stack.name for stack in homm.state.stacks_on(side, Line.RANGED)}
        if homm.refusal is not None or homm.state.outcome is not None or waiting - still_waiting:
            return
        play_on_into_next_round(homm)
        while (clock := homm.state.clock) is not None and homm.refusal is None:
            if clock.stage is Stage.PHASE and (clock.phase, clock.turn) == (start.phase, start.turn):
                break
            homm.act(EndPhase(clock.turn) if clock.stage is Stage.PHASE else Decline(clock.turn))


@when("the {side:Side} {:Decline} to {what:EndStep}")
def decline(homm: HommWorld, side: Side, what: str) -> None:
    """The side lets its chance to withdraw, or to offer surrender, pass.

    The word names the step the battle must stand at: declining to surrender at the
    withdrawal step (or the reverse) is a mistake in the scenario, reported as such.
    """
    clock = homm.state.clock
    if clock is not None and clock.stage in _STEP_WORDS.values() and clock.stage is not _STEP_WORDS[what]:
        raise ScenarioError(
            f"the battle stands at the {clock.stage} step of round {clock.round}, not at the {what} step: "
            f"write 'declines to {_WORD_OF_STEP[clock.stage]}'"
        )
    homm.act(Decline(side))


@when("the {side:Side} {:Withdraw}")
def withdraw(homm: HommWorld, side: Side) -> None:
    """The side withdraws its hero to its nearest town."""
    homm.act(Withdraw(side))


@when("the {side:Side} {:Offer} {cards:Number} {:Cards} to surrender")
def offer(homm: HommWorld, side: Side, cards: int) -> None:
    """The side offers cards from its hand for safe passage home."""
    homm.act(OfferSurrender(side, cards))


@when("the {side:Side} {:Accept} the surrender")
def accept(homm: HommWorld, side: Side) -> None:
    """The side accepts the surrender offered to it."""
    homm.act(AcceptSurrender(side))


@when("the {side:Side} rejects the surrender")
def reject(homm: HommWorld, side: Side) -> None:
    """The side rejects the surrender offered to it."""
    homm.act(RejectSurrender(side))


@then("the battle is in phase {phase:Count} of round {round:Count}, on the {side:Side}'s turn")
def is_in_phase(homm: HommWorld, phase: int, round: int, side: Side) -> None:
    """Where the round stands now."""
    expected = Clock(round, phase, side, Stage.PHASE)
    assert homm.state.clock == expected, f"the battle stands at {homm.state.clock}"


@then("the {side:Side} is to choose whether to {what:EndStep} in round {round:Count}")
def is_to_choose(homm: HommWorld, side: Side, what: str, round: int) -> None:
    """The end-of-round step the battle stands at: whose choice, and which."""
    clock = homm.state.clock
    assert clock is not None and clock.stage is _STEP_WORDS[what], f"the battle stands at {clock}"
    assert clock.turn is side and clock.round == round, f"the battle stands at {clock}"


@then("the {side:Side} is to answer the offer of {cards:Count} {:Cards}")
def is_to_answer(homm: HommWorld, side: Side, cards: int) -> None:
    """A surrender offer waits for the side's answer."""
    clock, pending = homm.state.clock, homm.state.offer
    assert clock is not None and clock.stage is Stage.ANSWER and clock.turn is side, f"at {clock}"
    assert pending is not None and pending.cards == cards, f"the offer is {pending}"


@then("the battle is over: the {side:Side} wins by {how:Ending}")
def battle_won(homm: HommWorld, side: Side, how: Ending) -> None:
    """The battle has ended, with this winner and this kind of ending."""
    outcome = homm.state.outcome
    assert outcome is not None, "the battle goes on"
    assert outcome.winner is side and outcome.ending is how, f"the battle ended as {outcome}"


@then("the battle goes on")
def battle_goes_on(homm: HommWorld) -> None:
    """The battle has not ended."""
    assert homm.state.outcome is None, f"the battle ended: {homm.state.outcome}"


@then("the {stack:Stack} {:Have} {used:Used} {:Their} attack opportunity this round")
def opportunity_used(homm: HommWorld, stack: str, used: bool) -> None:
    """Whether the stack has spent its attack opportunity in the current round."""
    actual = homm.known_stack(stack) in homm.state.acted
    assert actual is used, f"the {stack} have {'used' if actual else 'not used'} it"


@then("no stack is marked as having retaliated")
def no_retaliation_marks(homm: HommWorld) -> None:
    """The round's retaliation markers are all cleared."""
    assert not homm.state.retaliated, f"still marked: {sorted(homm.state.retaliated)}"


@then("the {side:Side} holds {hand:Count} cards in hand and {deck:Count} in its deck")
def holds_cards(homm: HommWorld, side: Side, hand: int, deck: int) -> None:
    """The number of cards in the side's hand and deck now."""
    army = homm.state.army(side)
    assert (army.hand, army.deck) == (hand, deck), f"hand {army.hand}, deck {army.deck}"


@then("{count:Count} {:Cards} {:Are} in the discard pile")
def discard_pile(homm: HommWorld, count: int) -> None:
    """How many unit cards have been discarded in the battle."""
    actual = len(homm.state.discard)
    assert actual == count, f"{actual} cards are in the discard pile"


@then("the {side:Side}'s {who:HeroOrArmy} is back at its nearest town")
def back_at_town(homm: HommWorld, side: Side, who: str) -> None:
    """The side's hero (after withdrawing) or whole army (after surrendering) stands at its nearest town.

    For an army, its creature stacks are still in play: they went home with it.
    """
    army = homm.state.army(side)
    if who == "hero" and army.heroes_fallen and not army.is_at_town:
        raise AssertionError(f"the {side}'s hero fell in the battle: it went back to no town")
    assert army.is_at_town, f"the {side}'s nearest town is still {army.town_distance} spaces away"
    if who == "army":
        stacks = homm.state.stacks_on(side)
        assert stacks, f"the {side} has no creature stack left to go home with"


@then("the rules don't say what happens if the {side:Side} accepts the surrender")
def acceptance_open(homm: HommWorld, side: Side) -> None:
    """Accepting the offer on the table is a case the sources leave open: the engine answers "the rules don't say".

    The battle is not changed: the step asks the engine what accepting would do.
    """
    try:
        apply(homm.state, AcceptSurrender(side), ScriptedDice())
    except RulesSilent:
        return
    raise AssertionError("the engine carries the acceptance out: the rules settle this case")


@then("the {side:Side}'s hero has fallen in the battle")
def hero_fallen(homm: HommWorld, side: Side) -> None:
    """A hero card of the side was killed in the battle, and none of its heroes still stands."""
    army = homm.state.army(side)
    assert army.heroes_fallen, f"no hero of the {side} has been killed in the battle"
    assert not homm.state.has_hero_standing(side), f"a hero of the {side} still stands"


@then("the {side:Side}'s {who:HeroOrArmy} is still {distance:Count} spaces from its nearest town")
def not_at_town(homm: HommWorld, side: Side, who: str, distance: int) -> None:
    """The side has not gone home: its hero has not withdrawn (or its army surrendered), and the town is as far.

    The word says which way home is meant: `hero` for a withdrawal, `army` for a surrender.
    """
    outcome = homm.state.outcome
    gone = Ending.WITHDRAWAL if who == "hero" else Ending.SURRENDER
    assert not (outcome and outcome.ending is gone and outcome.winner is side.opponent), f"the battle ended: {outcome}"
    army = homm.state.army(side)
    assert army.town_distance == distance, f"the {side}'s nearest town is {army.town_distance} spaces away"
