"""Steps for the attack opportunities a stack skips: support, swarm, protect, reorganize; and moving up."""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from battlebook.homm import Line, MoveUp, Protect, Reorganize, Side, Stance, Support, Swarm
from battlebook.homm.actions import Action
from battlebook.homm.flow import chooser
from battlebook.steps.homm_world import HommWorld

_TRY = r"(?:tries to |try to )?"


def _stance_action(stack: str, stance: str) -> Action:
    return Swarm(stack) if stance.startswith("swarm") else Protect(stack)


@given(parsers.re(r"the (?P<stack>.+?) have chosen to (?P<stance>swarm|protect)"))
def have_taken_stance(homm: HommWorld, stack: str, stance: str) -> None:
    """The stack has already used an attack opportunity to swarm or to protect."""
    homm.require(_stance_action(stack, stance))


@given(parsers.re(r"the (?P<supporter>.+?) have sacrificed to support the (?P<ally>.+?) against the (?P<target>.+)"))
def have_supported(homm: HommWorld, supporter: str, ally: str, target: str) -> None:
    """The supporter has already sacrificed its attack opportunity for the ally's attack on the target."""
    homm.require(Support(supporter, ally, target))


@when(parsers.re(r"the (?P<stack>.+?) " + _TRY + r"(?P<stance>swarms?|protects?)"))
def take_stance(homm: HommWorld, stack: str, stance: str) -> None:
    """The stack skips its attack to swarm or to protect."""
    homm.act(_stance_action(stack, stance))


@when(
    parsers.re(
        r"the (?P<supporter>.+?) " + _TRY + r"sacrifices? to support the (?P<ally>.+?) against the (?P<target>.+)"
    )
)
def sacrifice(homm: HommWorld, supporter: str, ally: str, target: str) -> None:
    """The stack skips its attack to add its Sac value to the ally's next attack on the target."""
    homm.act(Support(supporter, ally, target))


@when(parsers.re(r"the (?P<stack>.+?) " + _TRY + r"reorganizes? to the (?P<line>Melee|Ranged) Line"))
def reorganize(homm: HommWorld, stack: str, line: str) -> None:
    """The stack skips its attack to move to the other line."""
    homm.act(Reorganize(stack, Line(line)))


@when(parsers.re(r"the (?P<side>Aggressor|Defender) (?:picks|tries to pick) the (?P<stack>.+?) to move up"))
def pick_move_up(homm: HommWorld, side: str, stack: str) -> None:
    """The side picks which stack moves up to a Melee Line short of stacks."""
    homm.act(MoveUp(stack, Side(side)))


@then(parsers.re(r"the (?P<stack>.+?) have a Sac value of (?P<value>\d+)"))
def sac_value(homm: HommWorld, stack: str, value: str) -> None:
    """The levels of all the stack's cards added up."""
    actual = homm.state.stack(stack).sac_value
    assert actual == int(value), f"the {stack} have a Sac value of {actual}"


@then(parsers.re(r"each card of the (?P<stack>.+?) has a defense score of (?P<value>\d+)"))
def card_defenses(homm: HommWorld, stack: str, value: str) -> None:
    """The defense score of every card in the stack, as attacks must reach it now."""
    found = homm.state.stack(stack)
    actual = {found.card_defense(card) for card in found.cards}
    assert actual == {int(value)}, f"the {stack}' cards have defense scores {sorted(actual)}"


@then(parsers.re(r"the (?P<stack>.+?) (?:stands?|are standing|is standing) on the (?P<line>Melee|Ranged) Line"))
def stands_on(homm: HommWorld, stack: str, line: str) -> None:
    """The line the stack is on now."""
    actual = homm.state.stack(stack).line
    assert actual is Line(line), f"the {stack} stand on the {actual} Line"


@then(parsers.re(r"the (?P<side>Aggressor|Defender) has (?P<count>\d+) stacks? on its (?P<line>Melee|Ranged) Line"))
def stacks_on_line(homm: HommWorld, side: str, count: str, line: str) -> None:
    """How many stacks the side has on that line."""
    actual = len(homm.state.stacks_on(Side(side), Line(line)))
    assert actual == int(count), f"the {side} has {actual} stacks on its {line} Line"


@then(parsers.re(r"the (?P<side>Aggressor|Defender) must pick which stack moves up"))
def must_pick(homm: HommWorld, side: str) -> None:
    """The battle waits for the side to pick the stack that moves up."""
    waiting = homm.state.choosing
    assert waiting is not None, "no stack is waiting to move up"
    assert chooser(homm.state, waiting) is Side(side), f"the {chooser(homm.state, waiting)} picks"


@then(parsers.re(r"the (?P<stack>.+?) have support of (?P<value>\d+) waiting"))
def support_waiting(homm: HommWorld, stack: str, value: str) -> None:
    """The Sac values promised to the stack's next attack, added up."""
    actual = sum(backing.sac for backing in homm.state.stack(stack).backing)
    assert actual == int(value), f"the {stack} have support of {actual} waiting"


@then(parsers.re(r"the (?P<stack>.+?) have no support waiting"))
def no_support_waiting(homm: HommWorld, stack: str) -> None:
    """No Sac value is promised to the stack's next attack."""
    backing = homm.state.stack(stack).backing
    assert not backing, f"the {stack} still have support waiting: {backing}"


@then(parsers.re(r"the (?P<stack>.+?) are (?P<stance>ready|swarming|protecting)"))
def stance_is(homm: HommWorld, stack: str, stance: str) -> None:
    """How the stack's cards are turned now."""
    actual = homm.state.stack(stack).stance
    assert actual is Stance(stance), f"the {stack} are {actual}"


@then(parsers.re(r"the (?P<stack>.+?) act in phase (?P<phase>\d+)"))
def acts_in_phase(homm: HommWorld, stack: str, phase: str) -> None:
    """The phase in which the stack attacks, by the reading in force."""
    actual = homm.state.stack_phase(homm.state.stack(stack))
    assert actual == int(phase), f"the {stack} act in phase {actual}"
