"""What an action did: the new battle state, and the attack it made if any."""

from __future__ import annotations

from dataclasses import dataclass

from battlebook.homm.state import BattleState
from battlebook.homm.units import AttackKind, UnitCard


@dataclass(frozen=True)
class AttackRoll:
    """What one attack did: the numbers on both sides and the cards it removed."""

    attacker: str
    target: str
    kind: AttackKind
    score: int
    roll: int
    defense: int
    removed: tuple[UnitCard, ...]
    swat: int = 1
    is_retaliation: bool = False

    @property
    def total(self) -> int:
        """The attack score plus the die roll."""
        return self.score + self.roll

    @property
    def is_sure(self) -> bool:
        """Whether the score alone reached the defense, so that any roll would have hit."""
        return self.score >= self.defense

    @property
    def is_hit(self) -> bool:
        """Whether the total reached the defense score."""
        return self.total >= self.defense


@dataclass(frozen=True)
class HommResolution:
    """The outcome of an action: the battle after it, the attack it made, the stacks moved up."""

    state: BattleState
    attack: AttackRoll | None = None
    moved_up: tuple[str, ...] = ()
