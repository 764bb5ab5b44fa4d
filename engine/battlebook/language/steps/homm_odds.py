"""Steps about exact chances in HoMM: an attack's chance in its battle, and the battle moved on to it.

They list under the domain they have always had, beside Heroscape's dice odds
([`heroscape_odds`][battlebook.language.steps.heroscape_odds]).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from battlebook.errors import ScenarioError
from battlebook.homm import Clock, Decline, EndPhase, MeleeAttack, Stage, Swarm
from battlebook.homm.chance import chance_of
from battlebook.language.grammar import given, then
from battlebook.language.steps.homm_world import HommWorld

DOMAIN = "Steps about exact chances: Heroscape dice against dice, and a HoMM attack in its battle"


@then("the chance that the {attacker:Stack} {:Kill} the {target:Stack} in melee is {chance:Chance}")
def melee_chance(homm: HommWorld, attacker: str, target: str, chance: Fraction) -> None:
    """The exact chance that a melee attack by the named stack kills, in the battle as it stands."""
    action = MeleeAttack(attacker, target)
    actual = chance_of(homm.state, action).success
    assert actual == chance, f"the chance is {actual}"


@given("the {stack:Stack} swarmed in round 1 and their phase of round 2 has come")
def swarmed_last_round(homm: HommWorld, stack: str) -> None:
    """The stack chose to swarm at its phase of round 1; the battle has moved on to its phase of round 2."""
    swarming = homm.state.stack(stack)
    phase = homm.state.stack_phase(swarming)
    homm.state = replace(homm.state, clock=Clock(1, phase, swarming.side, Stage.PHASE))
    homm.require(Swarm(stack))
    target = Clock(2, phase, swarming.side, Stage.PHASE)
    while (clock := homm.state.clock) is not None and clock != target:
        if (clock.round, clock.phase) > (target.round, target.phase) or homm.state.outcome is not None:
            raise ScenarioError(f"the battle never reached phase {phase} of round 2 on the {swarming.side}'s turn")
        homm.require(EndPhase(clock.turn) if clock.stage is Stage.PHASE else Decline(clock.turn))
