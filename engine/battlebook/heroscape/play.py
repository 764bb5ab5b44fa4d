"""Heroscape as it is played: the part of the [`Game`][battlebook.game.Game] contract that acts on states.

Legality, `apply`, the candidate actions, and what the dice of an attack can show. The
game's contract object [`HEROSCAPE`][battlebook.heroscape.game.HEROSCAPE] inherits it; the
whole-fight odds ([`battlebook.heroscape.fight`][battlebook.heroscape.fight]) play through
it, without the rest of the contract (pages, drawings, the fight calculator itself).

Examples:
    >>> from battlebook.heroscape.actions import StartRound
    >>> HEROSCAPE_PLAY.legal_violation(BattleState(), StartRound()) is None
    True
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import comb
from typing import Any

from battlebook.dice import Dice, ScriptedDice
from battlebook.errors import RuleViolation
from battlebook.game import AttackChance, Roll
from battlebook.heroscape import chance, rules
from battlebook.heroscape.actions import Action, Attack
from battlebook.heroscape.dice import Face
from battlebook.heroscape.resolution import HeroscapeResolution
from battlebook.heroscape.state import BattleState

__all__ = ["HEROSCAPE_PLAY", "HeroscapePlay"]


def _binomial(count: int, hits: int, chance: Fraction) -> Fraction:
    return comb(count, hits) * chance**hits * (1 - chance) ** (count - hits)


class HeroscapePlay:
    """Heroscape's rules acting on states, both editions."""

    def legal_violation(self, state: BattleState, action: Action) -> RuleViolation | None:
        """See [`rules.legal_violation`][battlebook.heroscape.rules.legal_violation]."""
        return rules.legal_violation(state, action)

    def apply(self, state: BattleState, action: Action, dice: Dice) -> HeroscapeResolution:
        """See [`rules.apply`][battlebook.heroscape.rules.apply]."""
        return rules.apply(state, action, dice)

    def candidate_actions(self, state: BattleState) -> Iterator[Action]:
        """See [`rules.candidate_actions`][battlebook.heroscape.rules.candidate_actions]."""
        return rules.candidate_actions(state)

    def is_attack(self, action: object) -> bool:
        """Only an `Attack` rolls dice."""
        return isinstance(action, Attack)

    def chance_of(self, state: BattleState, action: Action) -> AttackChance:
        """See [`chance.chance_of`][battlebook.heroscape.chance.chance_of]."""
        if not isinstance(action, Attack):
            raise TypeError(f"not an attack: {action!r}")
        return chance.chance_of(state, action)

    def rolls(self, state: BattleState, action: Action) -> Iterator[Roll]:
        """Every count of skulls among the attack dice and of shields among the defense dice.

        The other dice show a face that neither scores nor blocks (a blank where the die has
        one); the order of the dice does not matter to the rules.
        """
        if not isinstance(action, Attack):
            return
        pool = rules.dice_pool(state, action)
        die, defense_die = state.ruleset.combat_die, state.ruleset.defense_sides
        no_skull = Face.BLANK if die.blanks else Face.SHIELD
        no_shield = Face.BLANK if defense_die.blanks else Face.SKULL
        for skulls in range(pool.attack + 1):
            for shields in range(pool.defense + 1):
                odds = _binomial(pool.attack, skulls, die.skull_chance) * _binomial(
                    pool.defense, shields, defense_die.shield_chance
                )
                if odds:
                    attack = [Face.SKULL] * skulls + [no_skull] * (pool.attack - skulls)
                    defense = [Face.SHIELD] * shields + [no_shield] * (pool.defense - shields)
                    yield Roll(odds, ScriptedDice(attack + defense))

    def outcomes(self, state: BattleState, action: Action) -> Iterator[Roll]:
        """One result per number of skulls the shields leave unblocked.

        See [`chance.unblocked_rolls`][battlebook.heroscape.chance.unblocked_rolls].
        """
        if not isinstance(action, Attack):
            return
        for _, odds, dice in chance.unblocked_rolls(state, action):
            yield Roll(odds, dice)

    def attack_effect(self, resolution: Any) -> tuple[int, bool]:
        """The skulls the shields did not block, and whether the defender was destroyed."""
        report = resolution.attack
        if report is None:
            return 0, False
        return max(report.skulls - report.shields, 0), report.destroyed


#: The one object playing Heroscape; the game's contract object is one too.
HEROSCAPE_PLAY = HeroscapePlay()
