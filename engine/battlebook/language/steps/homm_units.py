"""The rulebook's illustrative units, brought into a scenario with one step.

The sources print the stats of very few units: the Gold Golem, the Behemoth's defense of
13 and the Bandit's melee attack score of 1 (the engine's `KNOWN_UNITS`). The chapters'
examples also need Halflings, Orcs, Magi and others; their stats here are **chosen for the
examples**, not the game's. Those seed values stay the only ones presented as the game's:
the Bandit brought in here keeps its printed melee attack score and only gains the
stats the sources leave out. A file may still define its own units and spells in a
table, which replace these.
"""

from __future__ import annotations

from battlebook.homm import Ability, Spell, UnitCard
from battlebook.language.steps.homm_world import HommWorld, given

DOMAIN = "HoMM: battle setup"

#: The offensive spells the rulebook's examples use, with attack scores chosen for them.
ILLUSTRATIVE_SPELLS: tuple[Spell, ...] = (Spell("Magic Fist", 4),)

_FIST = ILLUSTRATIVE_SPELLS[0]
#: The units the rulebook's examples use, with stats chosen for them (never the game's own).
#: The Bandit leaves out its melee attack score: the sources print it (1).
ILLUSTRATIVE_UNITS: tuple[UnitCard, ...] = (
    UnitCard("Halfling", level=1, phase=4, melee=1, ranged=2, defense=4),
    UnitCard("Orc", level=2, melee=2, ranged=3, defense=5),
    UnitCard("Magi", level=3, phase=5, melee=1, defense=6, spells=(_FIST,)),
    UnitCard("Bandit", level=1, ranged=0, defense=4),
    UnitCard("Griffin", level=2, phase=3, melee=4, ranged=0, defense=6, abilities=(Ability.IGNORES_OBSTACLES,)),
    UnitCard("Sharpshooter", level=2, phase=4, melee=1, ranged=3, defense=5, abilities=(Ability.IGNORES_OBSTACLES,)),
    UnitCard("Peasant", level=1, phase=2, melee=1, ranged=0, defense=2),
    UnitCard("Slinger", level=1, phase=4, melee=1, ranged=1, defense=4),
    UnitCard("Captain", level=4, phase=5, melee=6, ranged=0, defense=8),
)


def _stats(card: UnitCard) -> str:
    shown = [
        f"{name} {value}"
        for name in ("level", "phase", "melee", "ranged", "defense")
        if (value := getattr(card, name)) is not None
    ]
    shown += [f"casts {spell.name}" for spell in card.spells]
    shown += [ability.value for ability in card.abilities]
    return f"{card.name} ({', '.join(shown)})"


@given("the rulebook's illustrative units")
def illustrative_units(homm: HommWorld) -> None:
    """Bring in the units and spells the rulebook's examples use; their stats are illustrative, not the game's."""
    homm.units.bring_in(ILLUSTRATIVE_UNITS, ILLUSTRATIVE_SPELLS)


illustrative_units.__doc__ = (
    f"{illustrative_units.__doc__}\n\n"
    "Stats chosen for the examples: "
    + "; ".join(_stats(card) for card in ILLUSTRATIVE_UNITS)
    + "; and the spell "
    + "; ".join(f"{spell.name} (attack {spell.attack})" for spell in ILLUSTRATIVE_SPELLS)
    + ". The Bandit keeps the phase 3 and melee attack score of 1 the sources give it, the Orc its phase 6 and "
    "the Magi their ranged score of 0 (all from the retaliation text of source 000). A unit or spell the "
    "example defines in its own table replaces the illustrative one."
)
