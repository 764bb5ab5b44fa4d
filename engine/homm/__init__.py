"""Heroes of Might & Magic IV, the card and tile game: its combat rules.

- [`ruleset`][engine.homm.ruleset]: the settings a battle is played under (the die's reading);
- [`units`][engine.homm.units]: unit cards and the stats the sources give;
- [`state`][engine.homm.state]: sides, lines, creature stacks and the battle state;
- [`actions`][engine.homm.actions]: what a stack can attempt;
- [`rules`][engine.homm.rules]: what the rules allow and what an action does.
"""

from engine.homm.actions import MeleeAttack
from engine.homm.rules import apply, is_legal, legal_violation, smallest_winning_roll
from engine.homm.ruleset import DieReading, Ruleset
from engine.homm.state import BattleState, Line, Side, Stack
from engine.homm.units import KNOWN_UNITS, AttackKind, UnitBook, UnitCard

__all__ = [
    "KNOWN_UNITS",
    "AttackKind",
    "BattleState",
    "DieReading",
    "Line",
    "MeleeAttack",
    "Ruleset",
    "Side",
    "Stack",
    "UnitBook",
    "UnitCard",
    "apply",
    "is_legal",
    "legal_violation",
    "smallest_winning_roll",
]
