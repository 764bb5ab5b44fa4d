"""Steps that make attacks in a Heroes of Might & Magic battle."""

from __future__ import annotations

from pytest_bdd import parsers, when

from engine.homm import MeleeAttack, apply
from tests.steps.homm_world import HommWorld, dice_for

DOMAIN = "HoMM: attacks"


@when(
    parsers.re(
        r"the (?P<attacker>.+?) (?:attacks?|tries to attack|try to attack) the (?P<target>.+?) in melee"
        r"(?:, rolling (?P<roll>-?\d+))?"
    )
)
def melee_attack(homm: HommWorld, attacker: str, target: str, roll: str | None) -> None:
    """A stack makes a melee attack on an enemy stack, with the stated roll of the die.

    Write "try to attack" when the rules should refuse the attack (then no roll is needed).
    """
    rolls = [int(roll)] if roll is not None else []
    action = MeleeAttack(attacker, target)
    homm.attempt(action, lambda state: apply(state, action, dice_for(rolls)))
