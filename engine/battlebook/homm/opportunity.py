"""The attack opportunity: one per stack per round, in the stack's own phase and on its side's turn.

A rule of its own, below both the general rules ([`combat`][battlebook.homm.combat],
[`flow`][battlebook.homm.flow]) and the battlefield's extensions (the town's
[`siege`][battlebook.homm.siege] rules), since all of them ask it.
"""

from __future__ import annotations

from battlebook.errors import RuleViolation
from battlebook.homm import rule_ids as ids
from battlebook.homm.state import BattleState, Stack, Stage

__all__ = ["opportunity_violation"]


def opportunity_violation(state: BattleState, stack: Stack) -> RuleViolation | None:
    """Why `stack` cannot use an attack opportunity now, or `None`.

    A stack has one opportunity per round, in its own phase and on its side's turn; a
    battle without a clock checks only the one-per-round limit.
    """
    if stack.name in state.acted:
        return RuleViolation(
            ids.ATTACK_OPPORTUNITY, f"the {stack.name} have already used their attack opportunity this round"
        )
    clock = state.clock
    if clock is None:
        return None
    if clock.stage is not Stage.PHASE:
        return RuleViolation(ids.PHASES, f"round {clock.round} is over: no stack attacks until the next round")
    if clock.turn is not stack.side:
        return RuleViolation(
            ids.PHASES, f"it is the {clock.turn}'s turn in phase {clock.phase}, not the {stack.side}'s"
        )
    phase = state.stack_phase(stack)
    if phase != clock.phase:
        return RuleViolation(
            ids.PHASES, f"the {stack.name} act in phase {phase}, and the battle is in phase {clock.phase}"
        )
    return None
