"""Unit cards, and the few stats the source rulebook actually gives.

A [`UnitCard`][battlebook.homm.units.UnitCard] carries the six numbers printed on a card.
The rulebook quotes only some of them, for only a few units; Battlebook does not invent
the rest. A stat the sources leave out is `None`, and asking for it raises a
[`MissingStatError`][battlebook.errors.MissingStatError] that tells the scenario to define
it (for instance in a unit table).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from battlebook.bounds import MAX_SCORE
from battlebook.cards import CardBook
from battlebook.errors import MissingStatError, ScenarioError, UnknownUnitError
from battlebook.frozen import keeps_hash
from battlebook.homm.rule_ids import PHASES


class AttackKind(StrEnum):
    """The kinds of attack a stack can make."""

    MELEE = "melee"
    RANGED = "ranged"
    SPELL = "spell"


@dataclass(frozen=True)
class Spell:
    """An offensive spell a unit can cast, with the attack score the spell attacks with.

    The sources name Magic Fist, Lightning and Fireball but give none of their scores:
    a scenario defines the spells it uses.
    """

    name: str
    attack: int


class Ability(StrEnum):
    """A special ability printed on a unit card that some rule asks about.

    The sources name abilities but list no unit that has them: a scenario gives them to
    the units it defines (the `abilities` column of a unit table).
    """

    IGNORES_OBSTACLES = "ignores obstacles"


#: The largest stat a unit card may be given: Battlebook's own bound (printed stats are small),
#: which keeps every sum of scores a small number (see `battlebook.bounds`).
MAX_STAT = MAX_SCORE

#: The phases of a combat round, first and last: a card's Phase entry names one of them (source 001,
#: "Phases & Rounds": a round has as many as ten phases, and each card attacks in the phase it names).
FIRST_PHASE = 1
LAST_PHASE = 10

STAT_NAMES: dict[str, str] = {
    "level": "level",
    "phase": "phase",
    "melee": "melee attack score",
    "ranged": "ranged attack score",
    "defense": "defense score",
}


@keeps_hash
@dataclass(frozen=True)
class UnitCard:
    """One unit card. Stats the sources do not give are `None`.

    Examples:
        >>> golem = KNOWN_UNITS["Gold Golem"]
        >>> golem.stat("melee"), golem.stat("defense")
        (3, 7)
        >>> KNOWN_UNITS["Behemoth"].stat("melee")
        Traceback (most recent call last):
        ...
        battlebook.errors.MissingStatError: the sources give no melee attack score for the Behemoth; ...
    """

    name: str
    level: int | None = None
    phase: int | None = None
    melee: int | None = None
    ranged: int | None = None
    defense: int | None = None
    spells: tuple[Spell, ...] = ()
    abilities: tuple[Ability, ...] = ()
    is_hero: bool = False

    def __post_init__(self) -> None:
        for stat in STAT_NAMES:
            value = getattr(self, stat)
            if value is not None and not 0 <= value <= MAX_STAT:
                raise ScenarioError(
                    f"the {self.name}'s {STAT_NAMES[stat]} is {value}: a stat is a whole number from 0 to {MAX_STAT}"
                )
        if self.phase is not None and not FIRST_PHASE <= self.phase <= LAST_PHASE:
            raise ScenarioError(
                f"the {self.name}'s phase is {self.phase}: a card attacks in one of the phases {FIRST_PHASE} to "
                f"{LAST_PHASE} of a combat round (rule {PHASES})"
            )

    def has_ability(self, ability: Ability) -> bool:
        """Whether the card has the special `ability`."""
        return ability in self.abilities

    def stat(self, stat: str) -> int:
        """The value of `stat` (one of `level`, `phase`, `melee`, `ranged`, `defense`)."""
        value = getattr(self, stat)
        if value is None:
            raise MissingStatError(
                f"the sources give no {STAT_NAMES[stat]} for the {self.name}; define it in the scenario's unit table"
            )
        return int(value)

    def score(self, kind: AttackKind) -> int:
        """The card's printed attack score for a melee or ranged attack."""
        if kind is AttackKind.SPELL:
            raise ValueError("a spell's score comes from the spell: use spell()")
        return self.stat(kind.value)

    def spell(self, name: str) -> Spell | None:
        """The offensive spell called `name` this unit can cast, or `None`."""
        return next((spell for spell in self.spells if spell.name == name), None)

    @property
    def is_spell_caster(self) -> bool:
        """Whether this unit can cast at least one offensive spell."""
        return bool(self.spells)


#: The units whose stats the source rulebook gives, with only those stats.
#: The Gold Golem's five numbers come from the examples of seeds 001 and 000 (level 2,
#: melee 3, ranged 0, defense 7, attacking in phase 7); of the Behemoth, the text gives
#: only its defense score of 13; of the Bandit, its melee attack score of 1 and, since
#: the example of source 000 has it attack in phase 3, its phase. The same retaliation text
#: has an Orc attack in phase 6, and says the Magi have no ranged attack score (0).
KNOWN_UNITS: Mapping[str, UnitCard] = {
    "Gold Golem": UnitCard("Gold Golem", level=2, phase=7, melee=3, ranged=0, defense=7),
    "Behemoth": UnitCard("Behemoth", defense=13),
    "Bandit": UnitCard("Bandit", phase=3, melee=1),
    "Orc": UnitCard("Orc", phase=6),
    "Magi": UnitCard("Magi", ranged=0),
}


#: For each stat of `KNOWN_UNITS`, the section of the source texts that gives it (`<text>/<section>`,
#: as a rule's `@source:` tag writes it): the Gold Golems are level 2 with an attack score of 3
#: in the example of attacking as a stack, have a ranged score of 0 in that of the common target,
#: and attack in phase 7 with a defense of 7 in that of protecting; the Behemoth's defense of 13
#: is the swarming example's, the Bandit's phase 3 and melee score of 1 the retaliation example's.
SOURCE_SECTIONS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "Gold Golem": (
        ("level", "001/attacking-as-a-stack"),
        ("phase", "000/protecting"),
        ("melee", "001/attacking-as-a-stack"),
        ("ranged", "001/common-target"),
        ("defense", "000/protecting"),
    ),
    "Behemoth": (("defense", "000/swarming"),),
    "Bandit": (("phase", "000/retaliations"), ("melee", "000/retaliations")),
    "Orc": (("phase", "000/retaliations"),),
    "Magi": (("ranged", "000/retaliations"),),
}


#: Where the stats of `KNOWN_UNITS` come from.
SOURCE_STATS_ORIGIN = (
    "Given by the source texts (the Gold Golem's from the worked examples of sources 000 and 001, "
    "the Behemoth's defense, the Bandit's melee attack score and phase, the Orc's phase and the Magi's "
    "ranged score of 0, from their examples); "
    "a stat they do not give is left blank."
)


def unit_stats(card: UnitCard) -> tuple[tuple[str, str], ...]:
    """The stats a unit card is given, in words, in the card's order (a stat nobody gave is left out).

    Examples:
        >>> unit_stats(KNOWN_UNITS["Behemoth"])
        (('defense', '13'),)
        >>> unit_stats(UnitCard("Knight", level=3, spells=(Spell("Magic Fist", 4),), is_hero=True))
        (('level', '3'), ('spells', 'Magic Fist'), ('hero', 'yes'))
    """
    stats = [(name, str(value)) for name in STAT_NAMES if (value := getattr(card, name)) is not None]
    if card.spells:
        stats.append(("spells", ", ".join(spell.name for spell in card.spells)))
    if card.abilities:
        stats.append(("abilities", ", ".join(ability.value for ability in card.abilities)))
    if card.is_hero:
        stats.append(("hero", "yes"))
    return tuple(stats)


def singular(name: str) -> str:
    """A unit name without a plain English plural ending, for lookups.

    Examples:
        >>> singular("Gold Golems"), singular("Halflings"), singular("Behemoth")
        ('Gold Golem', 'Halfling', 'Behemoth')
    """
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


class SpellBook(CardBook[Spell]):
    """The offensive spells a scenario may use: the sources give none, so each is illustrative or the scenario's own."""

    noun = "spell"

    def unknown(self, name: str) -> UnknownUnitError:
        """No spell of that name: the ones the scenario has are listed."""
        defined = ", ".join(sorted({*self.defined, *self.illustrative})) or "none"
        return UnknownUnitError(f"no spell called {name!r}: the scenario defines {defined}")


class UnitBook(CardBook[UnitCard]):
    """The units a scenario may use: the known ones plus any it defines itself, and their spells.

    A unit is found by its name in the singular or the plural ("Gold Golems").

    Examples:
        >>> book = UnitBook()
        >>> book.define(UnitCard("Bandit", level=1, melee=1, defense=4))
        >>> book.card("Bandits").melee
        1
        >>> book.card("Dragon")
        Traceback (most recent call last):
        ...
        battlebook.errors.UnknownUnitError: no unit called 'Dragon': the sources give Bandit, ...
    """

    noun = "unit"

    def __init__(self, known: Mapping[str, UnitCard] = KNOWN_UNITS) -> None:
        super().__init__(known)
        self.spells = SpellBook()

    def spellings(self, name: str) -> tuple[str, ...]:
        """The name as written, then without a plain English plural ending."""
        return (name, singular(name))

    def unknown(self, name: str) -> UnknownUnitError:
        """No unit of that name: the ones the sources give and those the scenario defines are listed."""
        known = ", ".join(sorted(self.known)) or "none"
        defined = ", ".join(sorted({*self.defined, *self.illustrative}))
        extra = f" and the scenario defines {defined}" if defined else ""
        return UnknownUnitError(f"no unit called {name!r}: the sources give {known}{extra}")

    def found(self, card: UnitCard, illustrative: bool) -> UnitCard:
        """An illustrative unit casts its spells as the scenario has them now (a table may replace one)."""
        if not illustrative:
            return card
        return replace(card, spells=tuple(self.spell(spell.name) for spell in card.spells))

    def bring_in(self, cards: Iterable[UnitCard], spells: Iterable[Spell] = ()) -> None:
        """Make illustrative units and spells available: the scenario's own definitions still override them.

        A unit the sources know keeps the stats the illustrative card leaves out.
        """
        self.spells.bring_in(spells)
        super().bring_in(cards)

    def define_spell(self, spell: Spell) -> None:
        """Add an offensive spell for this scenario (the sources give no spell's score)."""
        if spell.name not in self.spells.defined and not 0 <= spell.attack <= MAX_STAT:
            raise ScenarioError(
                f"the spell {spell.name!r} attacks with {spell.attack}: give a score from 0 to {MAX_STAT}"
            )
        self.spells.define(spell)

    def spell(self, name: str) -> Spell:
        """The spell called `name`, as the scenario defined it (or brought it in)."""
        return self.spells.card(name)
