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
from battlebook.frozen import kept
from battlebook.game import AttackChance, Roll
from battlebook.homm import chance, rules
from battlebook.homm.actions import Action
from battlebook.homm.resolution import HommResolution
from battlebook.homm.ruleset import Ruleset
from battlebook.homm.state import BattleState

__all__ = ["HOMM_PLAY", "HommPlay", "RememberingPlay"]


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
        lowest = state.ruleset.numbered_faces[0]
        yield from self.outcomes_after(state, action, self.apply(state, action, chance.FirstRollDice(lowest)))

    def outcomes_after(self, state: BattleState, action: Action, lowest: HommResolution) -> Iterator[Roll]:
        """[`outcomes`][battlebook.homm.play.HommPlay.outcomes], given `action` resolved with the die's lowest face."""
        faces = state.ruleset.numbered_faces
        made = lowest.attack
        if made is None:
            yield from self.rolls(state, action)
            return
        hits = [face for face in faces if made.score + face >= made.defense]
        misses = [face for face in faces if made.score + face < made.defense]
        shares = _shares(state.ruleset)
        for group in (misses, hits):
            if group:
                yield Roll(shares[len(group)], chance.FirstRollDice(group[0]))

    def attack_effect(self, resolution: Any) -> tuple[int, bool]:
        """A hit removes what it struck: (1, True); a miss (0, False)."""
        hit = chance.is_success(resolution)
        return int(hit), hit


def _shares(ruleset: Ruleset) -> tuple[Fraction, ...]:
    """The chance of `k` of the die's numbered faces, for each `k` from 0 to all of them (kept by the ruleset)."""
    faces = len(ruleset.numbered_faces)
    return kept(ruleset, ("die_reading", "shares"), lambda: tuple(Fraction(k, faces) for k in range(faces + 1)))


class RememberingPlay(HommPlay):
    """The HoMM rules, remembering every attack they resolve: for one exact solve, which asks again and again.

    An attack resolved with dice whose first roll is a stated face
    ([`FirstRollDice`][battlebook.homm.chance.FirstRollDice], as
    [`outcomes`][battlebook.homm.play.HommPlay.outcomes] gives them) is a pure function of the
    state, the action and that face: it is resolved once, through
    [`rules.apply`][battlebook.homm.rules.apply], and its resolution kept for as long as this
    object lives (make one per solve), or only the latest `keep` of them. Anything else is
    applied as `HommPlay` applies it.

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> from battlebook.homm.state import Line, Side, Stack
        >>> from battlebook.homm.actions import MeleeAttack
        >>> golem = KNOWN_UNITS["Gold Golem"]
        >>> state = (BattleState()
        ...     .with_stack(Stack("Golems", Side.AGGRESSOR, Line.MELEE, (golem,) * 3))
        ...     .with_stack(Stack("Golem", Side.DEFENDER, Line.MELEE, (golem,))))
        >>> play, attack = RememberingPlay(), MeleeAttack("Golems", "Golem")
        >>> [roll.chance for roll in play.outcomes(state, attack)]  # three golems always hit one
        [Fraction(1, 1)]
        >>> play.apply(state, attack, chance.FirstRollDice(9)) is play.apply(state, attack, chance.FirstRollDice(9))
        True
    """

    def __init__(self, *, keep: int | None = None, trusting: bool = False) -> None:
        """`keep`: remember only the latest `keep` resolutions (all of them by default).

        `trusting`: apply every action without checking it again
        ([`rules.apply_legal`][battlebook.homm.rules.apply_legal]), for a solver that applies
        only options it has itself listed through the rules' legality checks.
        """
        self._resolved: dict[tuple[BattleState, Action, int], HommResolution] = {}
        self._keep = keep
        self._apply = rules.apply_legal if trusting else rules.apply

    def apply(self, state: BattleState, action: Action, dice: Dice) -> HommResolution:
        """The resolution of `action`, remembered when it is an attack rolled from a stated first face."""
        face = dice.first if isinstance(dice, chance.FirstRollDice) and chance.is_attack(action) else None
        if face is None:
            return self._apply(state, action, dice)
        key = (state, action, face)
        found = self._resolved.get(key)
        if found is None:
            found = self._resolved[key] = self._apply(state, action, dice)
            if self._keep is not None and len(self._resolved) > self._keep:
                del self._resolved[next(iter(self._resolved))]  # the oldest
        return found


#: The one object playing HoMM; the game's contract object is one too.
HOMM_PLAY = HommPlay()
