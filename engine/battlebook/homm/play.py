"""Heroes of Might & Magic as it is played: the part of the [`Game`][battlebook.game.Game] contract that acts on states.

Legality, `apply`, the candidate actions, and what the die of an attack can show. The
game's contract object [`HOMM`][battlebook.homm.game.HOMM] inherits it; the whole-fight
odds ([`battlebook.homm.fight`][battlebook.homm.fight]) play through it, without the rest of
the contract (pages, drawings, the fight calculator itself).

Examples:
    >>> from battlebook.homm.actions import EndPhase, MeleeAttack
    >>> from battlebook.homm.sides import Side
    >>> HOMM_PLAY.is_attack(MeleeAttack("Gold Golems", "Behemoth")), HOMM_PLAY.is_attack(EndPhase(Side.AGGRESSOR))
    (True, False)
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from battlebook.dice import Dice
from battlebook.errors import RuleViolation
from battlebook.game import AttackChance, Roll
from battlebook.homm import chance, rules
from battlebook.homm.actions import Action
from battlebook.homm.resolution import HommResolution
from battlebook.homm.state import BattleState

__all__ = ["HOMM_PLAY", "HommPlay"]


class HommPlay:
    """The HoMM rules acting on states."""

    def legal_violation(self, state: BattleState, action: Action) -> RuleViolation | None:
        """See [`rules.legal_violation`][battlebook.homm.rules.legal_violation]."""
        return rules.legal_violation(state, action)

    def apply(self, state: BattleState, action: Action, dice: Dice) -> HommResolution:
        """See [`rules.apply`][battlebook.homm.rules.apply]."""
        return rules.apply(state, action, dice)

    def candidate_actions(self, state: BattleState) -> Iterator[Action]:
        """See [`rules.candidate_actions`][battlebook.homm.rules.candidate_actions]."""
        return rules.candidate_actions(state)

    def is_attack(self, action: object) -> bool:
        """Melee, ranged and spell attacks, and retaliations."""
        return chance.is_attack(action)

    def chance_of(self, state: BattleState, action: Action) -> AttackChance:
        """See [`chance.chance_of`][battlebook.homm.chance.chance_of]."""
        return chance.chance_of(state, action)

    def rolls(self, state: BattleState, action: Action) -> Iterator[Roll]:
        """Every face of the battle's die, each as likely; the attack's roll is the first."""
        faces = state.ruleset.die.faces
        for face in faces:
            if isinstance(face, int):
                yield Roll(Fraction(1, len(faces)), chance.FirstRollDice(face))

    def outcomes(self, state: BattleState, action: Action) -> Iterator[Roll]:
        """Every face of the die, as [`rolls`][battlebook.homm.play.HommPlay.rolls]: one die, ten results."""
        return self.rolls(state, action)

    def attack_effect(self, resolution: Any) -> tuple[int, bool]:
        """A hit removes what it struck: (1, True); a miss (0, False)."""
        hit = chance.is_success(resolution)
        return int(hit), hit


#: The one object playing HoMM; the game's contract object is one too.
HOMM_PLAY = HommPlay()
