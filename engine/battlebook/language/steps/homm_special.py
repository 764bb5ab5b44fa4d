"""Steps for the attack opportunities a stack skips: support, swarm, protect, reorganize; and moving up."""

from __future__ import annotations

from battlebook.homm import Line, MoveUp, Protect, Reorganize, Side, Stance, Support, Swarm
from battlebook.homm.actions import Action
from battlebook.homm.flow import chooser
from battlebook.language.steps.homm_world import HommWorld, given, then, when


def _stance_action(stack: str, stance: str) -> Action:
    return Swarm(stack) if stance.startswith("swarm") else Protect(stack)


@given("the {stack:Stack} have chosen to {stance:StanceChoice}")
def have_taken_stance(homm: HommWorld, stack: str, stance: str) -> None:
    """The stack has already used an attack opportunity to swarm or to protect."""
    homm.require(_stance_action(stack, stance))


@given("the {supporter:Stack} have sacrificed to support the {ally:Stack} against the {target:Stack}")
def have_supported(homm: HommWorld, supporter: str, ally: str, target: str) -> None:
    """The supporter has already sacrificed its attack opportunity for the ally's attack on the target."""
    homm.require(Support(supporter, ally, target))


@when("the {stack:Stack} {:Try}{stance:StanceVerb}")
def take_stance(homm: HommWorld, stack: str, stance: str) -> None:
    """The stack skips its attack to swarm or to protect."""
    homm.act(_stance_action(stack, stance))


@when("the {supporter:Stack} {:Try}{:Sacrifice} to support the {ally:Stack} against the {target:Stack}")
def sacrifice(homm: HommWorld, supporter: str, ally: str, target: str) -> None:
    """The stack skips its attack to add its Sac value to the ally's next attack on the target."""
    homm.act(Support(supporter, ally, target))


@when("the {stack:Stack} {:Try}{:Reorganize} to the {line:Line} Line")
def reorganize(homm: HommWorld, stack: str, line: Line) -> None:
    """The stack skips its attack to move to the other line."""
    homm.act(Reorganize(stack, line))


@when("the {side:Side} {:Pick} the {stack:Stack} to move up")
def pick_move_up(homm: HommWorld, side: Side, stack: str) -> None:
    """The side picks which stack moves up to a Melee Line short of stacks."""
    homm.act(MoveUp(stack, side))


@then("the {stack:Stack} have a Sac value of {value:Count}")
def sac_value(homm: HommWorld, stack: str, value: int) -> None:
    """The levels of all the stack's cards added up."""
    actual = homm.state.stack(stack).sac_value
    assert actual == value, f"the {stack} have a Sac value of {actual}"


@then("each card of the {stack:Stack} has a defense score of {value:Count}")
def card_defenses(homm: HommWorld, stack: str, value: int) -> None:
    """The defense score of every card in the stack, as attacks must reach it now."""
    found = homm.state.stack(stack)
    actual = {found.card_defense(card) for card in found.cards}
    assert actual == {value}, f"the {stack}' cards have defense scores {sorted(actual)}"


@then("the {stack:Stack} {:Stand} on the {line:Line} Line")
def stands_on(homm: HommWorld, stack: str, line: Line) -> None:
    """The line the stack is on now."""
    actual = homm.state.stack(stack).line
    assert actual is line, f"the {stack} stand on the {actual} Line"


@then("the {side:Side} has {count:Count} {:Stacks} on its {line:Line} Line")
def stacks_on_line(homm: HommWorld, side: Side, count: int, line: Line) -> None:
    """How many stacks the side has on that line."""
    actual = len(homm.state.stacks_on(side, line))
    assert actual == count, f"the {side} has {actual} stacks on its {line} Line"


@then("the {side:Side} must pick which stack moves up")
def must_pick(homm: HommWorld, side: Side) -> None:
    """The battle waits for the side to pick the stack that moves up."""
    waiting = homm.state.choosing
    assert waiting is not None, "no stack is waiting to move up"
    assert chooser(homm.state, waiting) is side, f"the {chooser(homm.state, waiting)} picks"


@then("the {stack:Stack} have support of {value:Count} waiting")
def support_waiting(homm: HommWorld, stack: str, value: int) -> None:
    """The Sac values promised to the stack's next attack, added up."""
    actual = sum(backing.sac for backing in homm.state.stack(stack).backing)
    assert actual == value, f"the {stack} have support of {actual} waiting"


@then("the {stack:Stack} have no support waiting")
def no_support_waiting(homm: HommWorld, stack: str) -> None:
    """No Sac value is promised to the stack's next attack."""
    backing = homm.state.stack(stack).backing
    assert not backing, f"the {stack} still have support waiting: {backing}"


@then("the {stack:Stack} are {stance:Stance}")
def stance_is(homm: HommWorld, stack: str, stance: Stance) -> None:
    """How the stack's cards are turned now."""
    actual = homm.state.stack(stack).stance
    assert actual is stance, f"the {stack} are {actual}"


@then("the {stack:Stack} act in phase {phase:Count}")
def acts_in_phase(homm: HommWorld, stack: str, phase: int) -> None:
    """The phase in which the stack attacks, by the reading in force."""
    actual = homm.state.stack_phase(homm.state.stack(stack))
    assert actual == phase, f"the {stack} act in phase {actual}"
