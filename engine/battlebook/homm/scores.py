"""An attack's score, in its parts, so that a score modifier may change one part or the whole.

The general rules build an [`AttackScore`][battlebook.homm.scores.AttackScore] (the top
card's printed score, the levels under it, support, swarming), and every extension in play
may change it (see [`Extension.modify_score`][battlebook.homm.state.Extension.modify_score]),
much as Heroscape's modifiers change a [`DicePool`][battlebook.heroscape.powers.DicePool]:
the town's walls halve a ranged attack's whole score, or, under another reading, the top
card's printed score before anything is added.

Examples:
    >>> score = AttackScore(printed=3, levels=2)
    >>> score.whole, score.with_printed(2).whole, score.adjusted_to(3).whole
    (5, 4, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlebook.homm.ruleset import SwarmDoubling

__all__ = ["AttackScore"]


@dataclass(frozen=True)
class AttackScore:
    """The parts an attack's score is made of.

    Attributes:
        printed: The top card's printed score for the attack (or the spell's).
        levels: The levels of the cards under the top one.
        support: The support that counts for this attack.
        doubling: How a swarm doubles the score (before support is added, or after), or
            `None` when it is not doubled.
        adjustment: What modifiers added to the whole score (negative when they took off).

    Examples:
        >>> AttackScore(3, 2, support=4, doubling=SwarmDoubling.BEFORE_SUPPORT).whole
        14
        >>> AttackScore(3, 2, support=4, doubling=SwarmDoubling.AFTER_SUPPORT).whole
        18
    """

    printed: int
    levels: int = 0
    support: int = 0
    doubling: SwarmDoubling | None = None
    adjustment: int = 0

    @property
    def whole(self) -> int:
        """The score the attack is made with: printed score and levels, support and swarming, adjustments."""
        base = self.printed + self.levels
        if self.doubling is None:
            total = base + self.support
        elif self.doubling is SwarmDoubling.BEFORE_SUPPORT:
            total = 2 * base + self.support
        else:
            total = 2 * (base + self.support)
        return total + self.adjustment

    def with_printed(self, printed: int) -> AttackScore:
        """This score with the top card's printed score changed to `printed`; everything else is added to it."""
        return replace(self, printed=printed)

    def adjusted_to(self, whole: int) -> AttackScore:
        """This score changed so that the whole comes to `whole`."""
        return replace(self, adjustment=self.adjustment + whole - self.whole)
