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
        """Two results: every face that misses, and every face that hits, each with its whole chance.

        The attack is resolved once with the die's lowest face; the score and the defense it
        struck with (the resolution's own numbers) tell which faces reach the defense, as the
        attack's rule reads the die (score plus roll reaching the defense hits). Every face
        that misses leaves the battle as the lowest one does, every face that hits as the
        lowest hitting one does. An action that resolves no attack gets every face, as
        [`rolls`][battlebook.homm.play.HommPlay.rolls].
        """
        faces = sorted(face for face in state.ruleset.die.faces if isinstance(face, int))
        made = rules.apply(state, action, chance.FirstRollDice(faces[0])).attack
        if made is None:
            yield from self.rolls(state, action)
            return
        hits = [face for face in faces if made.score + face >= made.defense]
        misses = [face for face in faces if made.score + face < made.defense]
        for group in (misses, hits):
            if group:
                yield Roll(Fraction(len(group), len(faces)), chance.FirstRollDice(group[0]))

    def attack_effect(self, resolution: Any) -> tuple[int, bool]:
        """A hit removes what it struck: (1, True); a miss (0, False)."""
        hit = chance.is_success(resolution)
        return int(hit), hit


#: The one object playing HoMM; the game's contract object is one too.
HOMM_PLAY = HommPlay()
