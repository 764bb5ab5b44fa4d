"""The one extension point for special powers, special attacks and glyphs.

Every effect that changes how many dice an attack rolls is a
[`DiceModifier`][battlebook.heroscape.powers.DiceModifier]: given the
[`AttackSetup`][battlebook.heroscape.powers.AttackSetup] (who attacks whom, from which
spaces, with which special attack) it returns the
[`DicePool`][battlebook.heroscape.powers.DicePool] changed. The rules fold every modifier in
play over the printed values, then add height advantage. A scenario defines its own
effects as [`Power`][battlebook.heroscape.powers.Power] values (a special power of a card, a
special attack of a card, or the power of a glyph); code may add other modifiers.

Examples:
    >>> setup = AttackSetup("Z1", "A1", "Zettian Guards", "Airborne Elite", frozenset(), frozenset({"Astrid"}), None)
    >>> ward = Power("Ward", PowerKind.GLYPH, "Astrid", defense_dice=1)
    >>> ward.modify(setup, DicePool(2, 2)).defense
    3
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol


@dataclass(frozen=True)
class DicePool:
    """The dice of one attack: the base values (printed, or a special attack's) and extras.

    Attributes:
        base_attack: Attack dice before extras.
        base_defense: Defense dice before extras.
        extra_attack: Extra attack dice, with `notes` saying where each came from.
        extra_defense: Extra defense dice.
        notes: Why the pool differs from the printed values, in order.
    """

    base_attack: int
    base_defense: int
    extra_attack: int = 0
    extra_defense: int = 0
    notes: tuple[str, ...] = ()

    @property
    def attack(self) -> int:
        """Attack dice to roll."""
        return max(0, self.base_attack + self.extra_attack)

    @property
    def defense(self) -> int:
        """Defense dice to roll."""
        return max(0, self.base_defense + self.extra_defense)

    def adding(self, why: str, attack: int = 0, defense: int = 0) -> DicePool:
        """This pool with extra dice added (or removed, if negative), noting `why`."""
        if not attack and not defense:
            return self
        return replace(
            self, extra_attack=self.extra_attack + attack, extra_defense=self.extra_defense + defense,
            notes=(*self.notes, why),
        )  # fmt: skip

    def with_base_attack(self, dice: int, why: str) -> DicePool:
        """This pool attacking with `dice` instead of the printed attack value."""
        return replace(self, base_attack=dice, notes=(*self.notes, why))


@dataclass(frozen=True)
class AttackSetup:
    """What a modifier may look at: the two figures, their cards, the glyphs under them.

    Attributes:
        attacker: The attacking figure's key.
        defender: The defending figure's key.
        attacker_card: The attacker's army card name.
        defender_card: The defender's army card name.
        attacker_glyphs: Names of the glyphs under the attacker.
        defender_glyphs: Names of the glyphs under the defender.
        special_attack: The special attack used instead of a normal attack, if any.
    """

    attacker: str
    defender: str
    attacker_card: str
    defender_card: str
    attacker_glyphs: frozenset[str]
    defender_glyphs: frozenset[str]
    special_attack: str | None


class DiceModifier(Protocol):
    """Anything that changes the dice of an attack: the extension point."""

    @property
    def name(self) -> str:
        """The effect's name, shown in the attack's notes."""
        ...

    def modify(self, setup: AttackSetup, pool: DicePool) -> DicePool:
        """The pool with this effect applied (unchanged when it does not apply)."""
        ...


class PowerKind(StrEnum):
    """Where a scenario-defined power lives and when it acts."""

    SPECIAL_POWER = "special power"
    SPECIAL_ATTACK = "special attack"
    GLYPH = "glyph"


@dataclass(frozen=True)
class Power:
    """A power a scenario defines.

    - a **special power** of the card `holder` adds `attack_dice` when one of its figures
      attacks and `defense_dice` when one defends;
    - a **special attack** of the card `holder` is used instead of a normal attack: the
      attacker rolls `attack_dice` in place of its attack value, at range `range`;
    - a **glyph** power of the glyph named `holder` adds `attack_dice` to a figure attacking
      from it and `defense_dice` to a figure defending on it.

    A special power may also let each figure of its card attack `extra_attacks` more times
    per turn (the rules consult it through
    [`attacks_allowed`][battlebook.heroscape.rules.attacks_allowed]; it changes no dice).

    Examples:
        >>> volley = Power("Volley Special Attack", PowerKind.SPECIAL_ATTACK, "Zettian Guards", attack_dice=4, range=5)
        >>> setup = AttackSetup("Z1", "A1", "Zettian Guards", "Airborne Elite", frozenset(), frozenset(),
        ...                     "Volley Special Attack")
        >>> volley.modify(setup, DicePool(2, 2)).attack
        4
    """

    name: str
    kind: PowerKind
    holder: str
    attack_dice: int = 0
    defense_dice: int = 0
    range: int | None = None
    extra_attacks: int = 0

    def modify(self, setup: AttackSetup, pool: DicePool) -> DicePool:
        """Apply this power to the pool if it concerns the attack."""
        if self.kind is PowerKind.SPECIAL_ATTACK:
            if setup.special_attack == self.name and setup.attacker_card == self.holder:
                return pool.with_base_attack(self.attack_dice, f"{self.name}: {self.attack_dice} attack dice")
            return pool
        if self.kind is PowerKind.SPECIAL_POWER:
            attacks, defends = setup.attacker_card == self.holder, setup.defender_card == self.holder
        else:
            attacks, defends = self.holder in setup.attacker_glyphs, self.holder in setup.defender_glyphs
        if attacks and self.attack_dice:
            pool = pool.adding(f"{self.name}: {self.attack_dice:+d} attack", attack=self.attack_dice)
        if defends and self.defense_dice:
            pool = pool.adding(f"{self.name}: {self.defense_dice:+d} defense", defense=self.defense_dice)
        return pool
