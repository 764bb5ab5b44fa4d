"""The editions of Heroscape, as rulesets: fixed settings a battle is played under.

Each edition is declared once, in [`EDITION_SETTINGS`][battlebook.heroscape.ruleset.EDITION_SETTINGS]:
the 2004 basic game is the ruleset's defaults, and every rule only the later text states
(wounds and Life, two dice for a great height, friendly fire, special powers and special
attacks, glyphs, losing an unclaimed extra die, army cards going out of play) is a named
setting that the 2024 edition switches on. Battlebook also records readings of open
questions as settings. Every rule asks the ruleset; no rule tests the edition by name, so a
rule the 2004 text does not state cannot act in a 2004 battle.

Examples:
    >>> Ruleset.for_edition(Edition.BASIC_2004).height.extra_dice(12)
    1
    >>> Ruleset.for_edition(Edition.EDITION_2024).height.extra_dice(12)
    2
    >>> Ruleset.for_edition(Edition.EDITION_2024).height.extra_dice(0)
    0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from battlebook.dice import Die
from battlebook.frozen import keeps_hash
from battlebook.heroscape.dice import COMBAT_DIE, CombatDie, Face
from battlebook.heroscape.powers import PowerKind

#: `COMBAT_DIE` (three skulls, two shields, one blank: the sources never print the sides;
#: see the ruling *The Heroscape combat die*) and `Face` live once, in `battlebook.heroscape.dice`.
__all__ = [
    "COMBAT_DIE",
    "EDITION_SETTINGS",
    "CombatDie",
    "CommonOutOfPlay",
    "Edition",
    "Face",
    "Harm",
    "HeightAdvantage",
    "NextCopy",
    "Ruleset",
    "TargetSpace",
]


class Edition(StrEnum):
    """The two editions the sources describe."""

    BASIC_2004 = "2004"
    EDITION_2024 = "2024"

    @property
    def words(self) -> str:
        """The edition in words.

        Examples:
            >>> Edition.BASIC_2004.words
            'the 2004 basic game'
        """
        return "the 2004 basic game" if self is Edition.BASIC_2004 else "the 2024 edition"


class Harm(StrEnum):
    """What a successful attack does to its defender."""

    DESTROY = "destroyed by any successful attack"
    WOUNDS = "one wound per unblocked skull, destroyed at its life"


class CommonOutOfPlay(StrEnum):
    """When a copy of a Common army card goes out of play, in an army holding two or more copies.

    Battlebook reads the figures as stood for by the copies together: a copy is out of play
    once it is **full** (it holds as many destroyed figures as it depicts), or once every
    figure of that kind is destroyed (ruling *Copies of a Common army card*). The
    alternative ties each figure to its own copy: a copy is out of play once **its own
    figures** are all destroyed, wherever they were placed.
    """

    FULL_COPY = "full copy"
    OWN_FIGURES = "own figures"


class NextCopy(StrEnum):
    """Where a destroyed Common figure goes when no started copy has room (the started one is full).

    Battlebook reads that, as with the very first figure, the player picks **any matching
    copy** with room (a scenario that does not say gets its own card, if it has room). The
    alternative sends it to **its own card** whenever that card has room, leaving the player
    a choice only for the first figure.
    """

    PLAYER_CHOICE = "player's choice"
    OWN_CARD = "own card"


class TargetSpace(StrEnum):
    """Which space of a double-space target a range is counted to.

    Battlebook counts to its **nearer space**, as it counts from either space of a
    double-space attacker (ruling *Range to a double-space target*); the alternative counts
    to its **farther space**, so that the whole figure must be within range.
    """

    NEARER = "nearer space"
    FARTHER = "farther space"


@dataclass(frozen=True)
class HeightAdvantage:
    """Extra dice for the figure whose base is higher: `(levels above, extra dice)` steps.

    The largest step whose level count the gap reaches applies.

    Examples:
        >>> HeightAdvantage(((1, 1), (10, 2))).extra_dice(9)
        1
    """

    steps: tuple[tuple[int, int], ...] = ((1, 1),)

    def extra_dice(self, levels_above: int) -> int:
        """The extra dice for a base `levels_above` levels higher than the other's (0 if not higher)."""
        return max((dice for levels, dice in self.steps if levels_above >= levels), default=0)

    def in_words(self) -> str:
        """The steps in words.

        Examples:
            >>> HeightAdvantage(((1, 1), (10, 2))).in_words()
            '+1 die from 1 level higher, +2 dice from 10 levels higher'
        """
        return ", ".join(
            f"+{dice} {'die' if dice == 1 else 'dice'} from {levels} {'level' if levels == 1 else 'levels'} higher"
            for levels, dice in self.steps
        )


@keeps_hash
@dataclass(frozen=True)
class Ruleset:
    """The settings of one battle.

    Attributes:
        edition: Which edition's rules are in force.
        harm: What a successful attack does.
        height: How many extra dice a higher base earns.
        friendly_fire: Whether a figure may attack a figure of its own army.
        figures_block_sight: Whether figures block a line of sight like terrain
            (Battlebook's reading: they do, as any body standing in the way would; see the ruling
            *Figures and line of sight*).
        destroyed_to_card: Whether a destroyed figure is placed on its army card (2024)
            rather than put out of the game (2004).
        combat_die: The combat die, for rolls and odds alike.
        common_out_of_play: When a copy of a Common card with several copies goes out of play.
        next_copy: Where a destroyed Common figure goes once the started copy is full.
        first_copy_choice: Whether the owner picks the copy the first destroyed Common figure
            goes on (Battlebook's reading); `False` puts it on its own card when that has room.
        head_space_named: Whether a double-space figure looks only from above the one space
            its head is over, which the scenario names; `False` (Battlebook's reading) lets it
            look from above either space (ruling *Figures and line of sight*).
        defense_die: The die defense dice are, when it is not the attack die (`None`, Battlebook's
            reading: one combat die for both; ruling *The Heroscape combat die*).
        target_space: Which space of a double-space target a range is counted to.
        turn_passes_left: Whether, once a turn ends, the player on the left must take the
            next one; the 2004 text names no next player (ruling *Turns and victory in the
            two editions*).
        victory_by_destruction: Whether destroying every opposing figure wins the battle; the
            2024 text states no objective (same ruling). `False` answers "the rules don't say".
        measures_as_2004: Whether range and line of sight are decided as the 2004 text
            describes; `False` answers "the rules don't say" (ruling *Range and line of
            sight in the 2024 edition*).
        special_powers: Whether the special powers of army cards act: the dice they add and
            the extra attacks they grant. The later text has them; the 2004 text has none,
            and lets each figure attack once a turn.
        special_attacks: Whether a figure may make a special attack of its army card in place
            of its normal attack (the later text's rule; the 2004 text has none).
        glyphs: Whether a glyph's power gives dice to the figure standing on it (the later
            text's rule; the 2004 text has no glyphs).
        unclaimed_extras_lost: Whether an extra die nobody claimed before the roll is lost
            for that attack (the later text's rule). The 2004 text gives the higher figure its
            extra die with no condition, so an attack may not leave it out.
        cards_out_of_play: Whether an army card whose figures are all destroyed is out of
            play, with no turns or order markers from then on (the later text's rule). In
            the 2004 text a destroyed figure leaves the game and nothing happens to its card.
    """

    edition: Edition = Edition.BASIC_2004
    harm: Harm = Harm.DESTROY
    height: HeightAdvantage = HeightAdvantage()
    friendly_fire: bool = False
    figures_block_sight: bool = True
    destroyed_to_card: bool = False
    combat_die: CombatDie = COMBAT_DIE
    common_out_of_play: CommonOutOfPlay = CommonOutOfPlay.FULL_COPY
    next_copy: NextCopy = NextCopy.PLAYER_CHOICE
    head_space_named: bool = False
    first_copy_choice: bool = True
    defense_die: CombatDie | None = None
    target_space: TargetSpace = TargetSpace.NEARER
    turn_passes_left: bool = True
    victory_by_destruction: bool = True
    measures_as_2004: bool = True
    special_powers: bool = False
    special_attacks: bool = False
    glyphs: bool = False
    unclaimed_extras_lost: bool = False
    cards_out_of_play: bool = False

    def plays(self, kind: PowerKind) -> bool:
        """Whether powers of this kind act in a battle under this ruleset.

        Examples:
            >>> Ruleset().plays(PowerKind.GLYPH), Ruleset.for_edition(Edition.EDITION_2024).plays(PowerKind.GLYPH)
            (False, True)
        """
        return {
            PowerKind.SPECIAL_POWER: self.special_powers,
            PowerKind.SPECIAL_ATTACK: self.special_attacks,
            PowerKind.GLYPH: self.glyphs,
        }[kind]

    @property
    def die(self) -> Die:
        """The attack die as rolled in a battle, made from `combat_die`.

        Examples:
            >>> Ruleset(combat_die=CombatDie(4, 2, 0)).die.faces.count(Face.SKULL)
            4
        """
        return self.combat_die.die

    @property
    def defense_sides(self) -> CombatDie:
        """The sides of a defense die: `defense_die` if the battle reads one, else the combat die.

        Examples:
            >>> Ruleset().defense_sides == COMBAT_DIE
            True
            >>> Ruleset(defense_die=CombatDie(1, 4, 1)).defense_sides.shields
            4
        """
        return self.defense_die or self.combat_die

    @classmethod
    def for_edition(
        cls, edition: Edition, *, figures_block_sight: bool = True, combat_die: CombatDie = COMBAT_DIE
    ) -> Ruleset:
        """The ruleset of `edition`, as `EDITION_SETTINGS` declares it, with the open readings as given.

        Examples:
            >>> Ruleset.for_edition(Edition.BASIC_2004) == Ruleset()
            True
            >>> Ruleset.for_edition(Edition.EDITION_2024).special_powers
            True
        """
        settings = EDITION_SETTINGS[edition]
        return cls(edition=edition, figures_block_sight=figures_block_sight, combat_die=combat_die, **settings)  # type: ignore[arg-type]


#: Each edition, declared: the settings it plays with besides the ruleset's defaults. The
#: defaults are the 2004 basic game's; each setting the 2024 edition changes is a rule its
#: text states and the 2004 text does not.
EDITION_SETTINGS: Mapping[Edition, Mapping[str, object]] = MappingProxyType(
    {
        Edition.BASIC_2004: MappingProxyType({}),
        Edition.EDITION_2024: MappingProxyType(
            {
                "harm": Harm.WOUNDS,
                "height": HeightAdvantage(((1, 1), (10, 2))),
                "friendly_fire": True,
                "destroyed_to_card": True,
                "special_powers": True,
                "special_attacks": True,
                "glyphs": True,
                "unclaimed_extras_lost": True,
                "cards_out_of_play": True,
            }
        ),
    }
)
