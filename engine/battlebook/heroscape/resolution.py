"""What an action did: the new battle state, and the attack it made if any.

Examples:
    >>> report = AttackReport("Z1", "A1", DicePool(2, 1), (Face.SKULL, Face.SKULL), (Face.SHIELD,))
    >>> report.skulls, report.shields, report.is_successful
    (2, 1, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from battlebook.heroscape.powers import DicePool
from battlebook.heroscape.ruleset import Face
from battlebook.heroscape.state import BattleState

__all__ = ["AttackReport", "HeroscapeResolution"]


@dataclass(frozen=True)
class AttackReport:
    """What one attack did.

    Attributes:
        attacker: The attacker's key.
        defender: The defender's key.
        pool: The dice rolled and why.
        attack_faces: The attack dice as rolled.
        defense_faces: The defense dice as rolled.
        wounds: Wound markers the attack added.
        destroyed: Whether the defender was destroyed.
        placed_on: The army card the destroyed figure was placed on (2024), if any.
        card_out_of_play: The army card the attack put out of play, if any.
    """

    attacker: str
    defender: str
    pool: DicePool
    attack_faces: tuple[Face, ...]
    defense_faces: tuple[Face, ...]
    wounds: int = 0
    destroyed: bool = False
    placed_on: str | None = None
    card_out_of_play: str | None = None

    @property
    def skulls(self) -> int:
        """Skulls among the attack dice (the attacker counts only skulls)."""
        return self.attack_faces.count(Face.SKULL)

    @property
    def shields(self) -> int:
        """Shields among the defense dice (the defender counts only shields)."""
        return self.defense_faces.count(Face.SHIELD)

    @property
    def is_successful(self) -> bool:
        """Whether the skulls outnumber the shields."""
        return self.skulls > self.shields


@dataclass(frozen=True)
class HeroscapeResolution:
    """The outcome of an action: the battle after it, and the attack or turn it made."""

    state: BattleState
    attack: AttackReport | None = None
    turn_ended_at_once: bool = False
