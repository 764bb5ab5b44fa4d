"""Actions a stack can take, as frozen values.

An action only names what is attempted; whether it is allowed and what it does is
decided by [`engine.homm.rules`][engine.homm.rules].
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.homm.units import AttackKind


@dataclass(frozen=True)
class MeleeAttack:
    """The stack `attacker` makes a melee attack on the stack `target`."""

    attacker: str
    target: str

    kind = AttackKind.MELEE


Action = MeleeAttack
