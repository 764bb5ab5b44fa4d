"""The round structure: phases and turns, automatic reorganizing, the end of a round and of the battle.

A combat round runs phases 1 to 10; in each, the Aggressor's stacks of that phase act,
then the Defender's ([`EndPhase`][battlebook.homm.actions.EndPhase] hands the turn on). After
phase 10 come the end-of-round steps: the Aggressor then the Defender may withdraw, then
the Aggressor then the Defender may offer surrender. [`settle`][battlebook.homm.flow.settle]
runs after every action: it moves stacks up to a Melee Line that has fewer than 3 stacks,
and ends the battle when a side has no stack left.
"""

from __future__ import annotations

from battlebook.errors import RulesSilent, RuleViolation, ScenarioError
from battlebook.frozen import evolve
from battlebook.homm import extensions
from battlebook.homm import rule_ids as ids
from battlebook.homm.actions import (
    AcceptSurrender,
    Decline,
    EndPhase,
    MoveUp,
    OfferSurrender,
    RejectSurrender,
    Withdraw,
)
from battlebook.homm.ruleset import Chooser, MoveUpRefill, SwarmExpiry
from battlebook.homm.sides import SIDES
from battlebook.homm.state import (
    BattleState,
    Clock,
    Ending,
    Line,
    Offer,
    Outcome,
    Side,
    Stack,
    Stage,
    Stance,
)
from battlebook.homm.units import LAST_PHASE

MELEE_LINE_MINIMUM = 3


def melee_minimum(state: BattleState, side: Side) -> int:
    """How many stacks automatic reorganizing keeps on `side`'s Melee Line.

    Three in the open field, unless an extension in play sets the side's minimum: for the
    side defending a town the walls stand in for its Melee Line, and the minimum is the
    walls' own, 0 while intact, 1 once Breached, 2 once Sacked (ruling *A town defender's
    Melee Line*).
    """
    standing = extensions.melee_minimum(state, side)
    return MELEE_LINE_MINIMUM if standing is None else standing


def _move(state: BattleState, stack: Stack, line: Line) -> BattleState:
    return state.replacing(stack.name, evolve(stack, line=line))


def move_up_quota(state: BattleState, side: Side, moved: int = 0, minimum: int | None = None) -> int:
    """How many more of `side`'s stacks must move up now, `moved` having come up already for this fall.

    By the ruleset's reading (ruling *Moving up to the Melee Line*): as many as the Melee
    Line is short of its minimum, or only one per fall. A town's Defender, whose walls'
    minimum holds at all times, then gets one more stack after each action until it is met.

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> from battlebook.homm.ruleset import Ruleset
        >>> golem = KNOWN_UNITS["Gold Golem"]
        >>> state = BattleState(stacks=(Stack("Golem", Side.AGGRESSOR, Line.MELEE, (golem,)),))
        >>> move_up_quota(state, Side.AGGRESSOR)
        2
        >>> one = evolve(state, ruleset=Ruleset(move_up_refill=MoveUpRefill.ONE_PER_FALL))
        >>> move_up_quota(one, Side.AGGRESSOR), move_up_quota(one, Side.AGGRESSOR, moved=1)
        (1, 0)
    """
    short = max(melee_minimum(state, side), minimum or 0) - _melee_count(state, side)
    if short <= 0:
        return 0
    if state.ruleset.move_up_refill is MoveUpRefill.ONE_PER_FALL:
        return max(0, 1 - moved)
    return short


def fill_melee_line(
    state: BattleState, side: Side, moved: int = 0, minimum: int | None = None
) -> tuple[BattleState, tuple[str, ...]]:
    """Move `side`'s stacks up from its Ranged Line: as many as its quota asks, or all that wait.

    The quota is [`move_up_quota`][battlebook.homm.flow.move_up_quota]; `moved` counts the
    stacks already come up for this fall (one just picked). When more stacks could come up
    than are needed, the choice is left to a [`MoveUp`][battlebook.homm.actions.MoveUp]:
    `state.choosing` names the side.
    """
    need = move_up_quota(state, side, moved, minimum)
    waiting = state.stacks_on(side, Line.RANGED)
    if need <= 0 or not waiting:
        return state, ()
    if len(waiting) > need:
        return evolve(state, choosing=side), ()
    for stack in waiting:
        state = _move(state, stack, Line.MELEE)
    return state, tuple(stack.name for stack in waiting)


def kills_before_move_up(state: BattleState, side: Side) -> int | None:
    """How many of `side`'s Melee Line stacks must fall before a stack must move up from its Ranged Line.

    `None` when nothing waits on the Ranged Line, or when nothing ever has to move up.

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> golem = KNOWN_UNITS["Gold Golem"]
        >>> state = BattleState(stacks=tuple(
        ...     Stack(f"Golem {n}", Side.AGGRESSOR, Line.MELEE, (golem,)) for n in range(1, 7)))
        >>> state = state.with_stack(Stack("Golems", Side.AGGRESSOR, Line.RANGED, (golem,)))
        >>> kills_before_move_up(state, Side.AGGRESSOR)
        4
    """
    minimum = melee_minimum(state, side)
    if not state.stacks_on(side, Line.RANGED) or minimum == 0:
        return None
    return max(0, _melee_count(state, side) - minimum + 1)


def _melee_count(state: BattleState, side: Side) -> int:
    return len(state.holding(side, Line.MELEE))


def end_if_destroyed(state: BattleState) -> BattleState:
    """End the battle when a side has no creature stack left; the other side wins.

    A side left with nothing but its hero stays in the battle, unless the ruleset reads
    otherwise (ruling *Heroes in battle*).
    """
    if state.outcome is not None:
        return state
    standing = state.standing_sides()
    if len(standing) < len(SIDES):
        winner = standing[0] if standing else None
        return evolve(state, outcome=Outcome(winner, Ending.DESTRUCTION), choosing=None, last_attack=None)
    return state


def settle(state: BattleState, before: BattleState) -> tuple[BattleState, tuple[str, ...]]:
    """After an action: refill each Melee Line whose count fell below 3, then end the battle if a side is gone.

    Automatic reorganizing is triggered by the count *falling* (from `before` to `state`);
    a battle set up with fewer than 3 stacks on a Melee Line is left as it is. A minimum
    an extension sets holds at all times (a town's defender must hold its walls' minimum:
    a hit on the walls raises it at once); an extension may also have a side refilled to a
    count whenever it falls (a town's, under its three rule). An action an extension says
    calls stacks out (the hit that Breaches a town's walls) moves that many more up at once.

    Returns:
        The settled state and the names of the stacks moved up.
    """
    moved: tuple[str, ...] = ()
    if state.stacks is before.stacks and not state.extensions and not state.ruleset.move_up_when_short:
        # No stack changed, and nothing asks for a count that did not fall: no line can be short now.
        return end_if_destroyed(state), moved
    extended = bool(state.extensions)
    for side in SIDES:
        if state.outcome is not None or state.choosing is not None:
            continue
        count = _melee_count(state, side)
        standing = extensions.melee_minimum(state, side) if extended else None
        minimum = MELEE_LINE_MINIMUM if standing is None else standing
        fell = count < min(MELEE_LINE_MINIMUM, _melee_count(before, side))
        # Without extensions none calls stacks out or refills a line (each would answer 0 or None).
        called = extensions.calls_out(before, state, side) if extended else 0
        refill = extensions.refill_on_fall(state, side) if extended else None
        if called:
            state, up = fill_melee_line(state, side, minimum=count + called)
        elif refill is not None and fell:
            state, up = fill_melee_line(state, side, minimum=refill)
        elif count < (
            minimum
            if standing is not None or state.ruleset.move_up_when_short
            else min(minimum, _melee_count(before, side))
        ):
            state, up = fill_melee_line(state, side)
        else:
            continue
        moved += up
    return end_if_destroyed(state), moved


def chooser(state: BattleState, side: Side) -> Side:
    """The side that picks which of `side`'s stacks moves up, by the ruleset's reading."""
    return side if state.ruleset.move_up_chooser is Chooser.OWNER else side.opponent


def move_up_violation(state: BattleState, action: MoveUp) -> RuleViolation | None:
    """Why `action` is not the move-up automatic reorganizing asks for, or `None`."""
    side = state.choosing
    if side is None:
        return RuleViolation(ids.AUTOMATIC_REORGANIZING, "no Melee Line is waiting for a stack to move up")
    stack = state.stack(action.stack)
    if stack.side is not side or stack.line is not Line.RANGED:
        return RuleViolation(
            ids.AUTOMATIC_REORGANIZING, f"a stack from the {side}'s Ranged Line must move up, not the {stack.name}"
        )
    picker = chooser(state, side)
    if action.by is not picker:
        return RuleViolation(
            ids.RULING_MOVE_UP_CHOICE, f"the {picker} picks which of the {side}'s stacks moves up, not the {action.by}"
        )
    return None


def move_up(state: BattleState, action: MoveUp) -> tuple[BattleState, tuple[str, ...]]:
    """Carry out a legal move-up, then settle again."""
    stack = state.stack(action.stack)
    state = evolve(_move(state, stack, Line.MELEE), choosing=None)
    after, moved = fill_melee_line(state, stack.side, moved=1)
    return end_if_destroyed(after), (stack.name, *moved)


def _enter_phase(state: BattleState, clock: Clock) -> BattleState:
    """Set the clock; protecting stacks whose turn comes again return to the ready position."""
    state = evolve(state, clock=clock)
    if clock.stage is Stage.PHASE:
        for stack in state.stacks_on(clock.turn):
            if stack.stance is Stance.PROTECTING and state.stack_phase(stack) == clock.phase:
                state = state.replacing(stack.name, evolve(stack, stance=Stance.READY))
    return state


def _next_round(state: BattleState, clock: Clock) -> BattleState:
    return _enter_phase(state, Clock(clock.round + 1, 1, Side.AGGRESSOR, Stage.PHASE))


def _running_clock(state: BattleState) -> Clock:
    if state.clock is None:
        raise ScenarioError("this battle follows no round structure: start the battle or set its phase first")
    return state.clock


def end_phase_violation(state: BattleState, action: EndPhase) -> RuleViolation | None:
    """Why `action.side` cannot end its part of the phase now, or `None`."""
    clock = _running_clock(state)
    if clock.stage is not Stage.PHASE:
        return RuleViolation(ids.PHASES, f"round {clock.round} has no phase left to end")
    if clock.turn is not action.side:
        return RuleViolation(ids.PHASES, f"it is the {clock.turn}'s turn in phase {clock.phase}")
    return None


def lapsed_stance(state: BattleState, stack: Stack) -> Stance:
    """The stance `stack` is left in after an opportunity not spent attacking: let pass, support, reorganize.

    Its cards go back to the ready position, unless it is swarming and the ruleset keeps
    a swarm until the stack's next attack (ruling *How long a swarm lasts*).
    """
    if stack.stance is Stance.SWARMING and state.ruleset.swarm_expiry is SwarmExpiry.NEXT_ATTACK:
        return Stance.SWARMING
    return Stance.READY


def end_phase(state: BattleState, action: EndPhase) -> BattleState:
    """Hand the turn on: Aggressor to Defender, then to the next phase; after phase 10 the round ends.

    Stacks of this phase that let their opportunity pass are left in their
    [lapsed stance][battlebook.homm.flow.lapsed_stance]: by default they lose a swarm.
    """
    clock = _running_clock(state)
    for stack in state.stacks_on(action.side):
        lapses = stack.backing and not state.ruleset.support_until_attack
        if (
            stack.name not in state.acted
            and (stack.stance is not Stance.READY or lapses)
            and state.stack_phase(stack) == clock.phase
        ):
            backing = stack.backing if state.ruleset.support_until_attack else ()
            state = state.replacing(stack.name, evolve(stack, stance=lapsed_stance(state, stack), backing=backing))
    if clock.turn is Side.AGGRESSOR:
        return _enter_phase(state, evolve(clock, turn=Side.DEFENDER))
    if clock.phase < LAST_PHASE:
        return _enter_phase(state, Clock(clock.round, clock.phase + 1, Side.AGGRESSOR, Stage.PHASE))
    ended = evolve(state, acted=frozenset(), retaliated=frozenset())
    return evolve(ended, clock=Clock(clock.round, LAST_PHASE, Side.AGGRESSOR, Stage.WITHDRAWAL))


def _step_violation(state: BattleState, side: Side, stages: tuple[Stage, ...], what: str) -> RuleViolation | None:
    clock = state.clock
    if clock is None or clock.stage not in stages:
        return RuleViolation(ids.END_OF_ROUND, f"a side may {what} only at its step at the end of a round")
    if clock.turn is not side:
        return RuleViolation(ids.END_OF_ROUND, f"it is the {clock.turn}'s turn to choose, not the {side}'s")
    return None


def decline_violation(state: BattleState, action: Decline) -> RuleViolation | None:
    """Why `action.side` cannot let its end-of-round choice pass now, or `None`."""
    return _step_violation(state, action.side, (Stage.WITHDRAWAL, Stage.SURRENDER), "pass")


def _after_surrender_step(state: BattleState, side: Side) -> BattleState:
    clock = _running_clock(state)
    if side is Side.AGGRESSOR:
        return evolve(state, clock=evolve(clock, stage=Stage.SURRENDER, turn=Side.DEFENDER))
    return _next_round(state, clock)


def decline(state: BattleState, action: Decline) -> BattleState:
    """Pass on withdrawing or surrendering: on to the next side's step, or the next round."""
    clock = _running_clock(state)
    if clock.stage is Stage.WITHDRAWAL:
        if action.side is Side.AGGRESSOR:
            return evolve(state, clock=evolve(clock, turn=Side.DEFENDER))
        return evolve(state, clock=evolve(clock, stage=Stage.SURRENDER, turn=Side.AGGRESSOR))
    return _after_surrender_step(state, action.side)


def withdraw_violation(state: BattleState, action: Withdraw) -> RuleViolation | None:
    """Why `action.side` may not withdraw now, or `None`."""
    step = _step_violation(state, action.side, (Stage.WITHDRAWAL,), "withdraw")
    if step is not None:
        return step
    retreat = extensions.retreat_violation(state, action)
    if retreat is not None:
        return retreat
    army = state.army(action.side)
    if army.is_guard:
        if state.ruleset.guard_withdraws:
            return None
        return RuleViolation(
            ids.RULING_GUARD_WITHDRAWAL,
            f"the {action.side} is a guard stack: it has no hero to withdraw and no town to withdraw to",
        )
    if army.heroes_fallen and not state.has_hero_standing(action.side) and not state.ruleset.fallen_hero_withdraws:
        return RuleViolation(
            ids.RULING_HEROES_IN_BATTLE,
            f"under this ruleset the {action.side}, whose hero has fallen in the battle, has no hero to withdraw",
        )
    distance = army.town_distance
    if distance is None:
        raise ScenarioError(f"the scenario does not say how far the {action.side}'s nearest town is")
    limit = state.ruleset.withdraw_distance
    if distance <= limit:
        return RuleViolation(
            ids.WITHDRAWING,
            f"the {action.side}'s hero is {distance} spaces from its nearest town: no withdrawing within {limit}",
        )
    return None


def withdraw(state: BattleState, action: Withdraw) -> BattleState:
    """The hero goes back to its nearest town; every creature stack of the side is discarded; the opponent wins.

    A hero card in the battle (a scenario may field one) leaves with its hero, not to the discard pile.
    A side whose heroes have all fallen (ruling *Heroes in battle*) sends no hero home, and a
    guard stack (under the alternative of the ruling *A guard stack and withdrawing*) has none.
    """
    army = state.army(action.side)
    hero_goes_home = not army.is_guard and (not army.heroes_fallen or state.has_hero_standing(action.side))
    for stack in state.stacks_on(action.side):
        state = state.replacing(stack.name, None, tuple(card for card in stack.cards if not card.is_hero))
    if hero_goes_home:
        state = state.with_army(action.side, evolve(state.army(action.side), town_distance=0))
    return evolve(state, outcome=Outcome(action.side.opponent, Ending.WITHDRAWAL), choosing=None)


def offer_violation(state: BattleState, action: OfferSurrender) -> RuleViolation | None:
    """Why `action.side` may not offer this surrender now, or `None`."""
    step = _step_violation(state, action.side, (Stage.SURRENDER,), "offer surrender")
    if step is not None:
        return step
    army, other = state.army(action.side), state.army(action.side.opponent)
    retreat = extensions.retreat_violation(state, action)
    if retreat is not None:
        return retreat
    if army.is_guard:
        return RuleViolation(
            ids.WHO_CANNOT_SURRENDER, f"the {action.side} is a guard stack: guard stacks never surrender"
        )
    if other.is_guard:
        return RuleViolation(
            ids.WHO_CANNOT_SURRENDER, f"the {action.side.opponent} is a guard stack: it cannot accept a surrender"
        )
    if not 0 <= action.cards <= army.hand:
        return RuleViolation(
            ids.SURRENDERING, f"the {action.side} cannot offer {action.cards} cards with {army.hand} in hand"
        )
    if action.cards < state.ruleset.surrender_minimum:
        return RuleViolation(
            ids.RULING_EMPTY_OFFER,
            f"under this ruleset an offer must give at least {state.ruleset.surrender_minimum} card",
        )
    return None


def offer(state: BattleState, action: OfferSurrender) -> BattleState:
    """Put the offer on the table; the opponent must answer it."""
    clock = _running_clock(state)
    return evolve(
        state,
        offer=Offer(action.side, action.cards),
        clock=evolve(clock, stage=Stage.ANSWER, turn=action.side.opponent),
    )


def answer_violation(state: BattleState, action: AcceptSurrender | RejectSurrender) -> RuleViolation | None:
    """Why `action.side` cannot answer a surrender offer now, or `None`."""
    step = _step_violation(state, action.side, (Stage.ANSWER,), "answer a surrender")
    if step is not None:
        return step
    if isinstance(action, AcceptSurrender) and state.army(action.side).is_guard:
        return RuleViolation(
            ids.WHO_CANNOT_SURRENDER, f"the {action.side} is a guard stack: it cannot accept a surrender"
        )
    return None


def _pending_offer(state: BattleState) -> Offer:
    if state.offer is None:
        raise ScenarioError("no surrender has been offered")
    return state.offer


def accept(state: BattleState, action: AcceptSurrender) -> BattleState:
    """The offerer discards the offered cards and goes home with its whole army; the acceptor draws and wins."""
    pending = _pending_offer(state)
    giver, taker = state.army(pending.side), state.army(action.side)
    if taker.deck < pending.cards:
        raise RulesSilent(
            f"what happens when the {action.side} accepts an offer of {pending.cards} cards "
            f"with only {taker.deck} in its deck to draw"
        )
    state = state.with_army(pending.side, evolve(giver, hand=giver.hand - pending.cards, town_distance=0))
    state = state.with_army(
        action.side, evolve(taker, hand=taker.hand + pending.cards, deck=taker.deck - pending.cards)
    )
    return evolve(state, offer=None, outcome=Outcome(action.side, Ending.SURRENDER))


def reject(state: BattleState, action: RejectSurrender) -> BattleState:
    """The fight goes on: on to the next surrender step, or the next round."""
    pending = _pending_offer(state)
    return _after_surrender_step(evolve(state, offer=None), pending.side)
