"""Heroscape: the battlefield, range, line of sight and attacks, in the 2004 and 2024 editions.

- [`hexes`][battlebook.heroscape.hexes]: hexagonal coordinates and plane geometry;
- [`battlefield`][battlebook.heroscape.battlefield]: spaces, levels, terrain, glyphs and the text map;
- [`cards`][battlebook.heroscape.cards]: army cards and the stats printed on them;
- [`ruleset`][battlebook.heroscape.ruleset]: the two editions and the combat die;
- [`powers`][battlebook.heroscape.powers]: the extension point for special powers, special attacks, glyphs;
- [`state`][battlebook.heroscape.state]: figures, cards in play, order markers, the battle state;
- [`sight`][battlebook.heroscape.sight]: range and three-dimensional line of sight;
- [`actions`][battlebook.heroscape.actions] and [`rules`][battlebook.heroscape.rules]: what may be done and
  what it does;
- [`rule_ids`][battlebook.heroscape.rule_ids]: the identifiers every refusal names;
- [`dice`][battlebook.heroscape.dice]: the combat die and the exact odds of rolling it;
- [`chance`][battlebook.heroscape.chance]: the exact chance of an attack in a battle state;
- [`picture`][battlebook.heroscape.picture]: the battlefield drawn as SVG, with range paths and sight lines.
"""

from battlebook.heroscape.actions import (
    Attack,
    EndTurn,
    MoveFigure,
    PlaceOrderMarker,
    RevealOrderMarker,
    StartRound,
    StartTurn,
)
from battlebook.heroscape.battlefield import Battlefield, MapError, Space, Terrain, parse_map
from battlebook.heroscape.cards import CARD_CITATION, KNOWN_CARDS, ArmyCard, CardBook, CardKind
from battlebook.heroscape.hexes import Hex
from battlebook.heroscape.powers import DicePool, Power, PowerKind
from battlebook.heroscape.rules import (
    HeroscapeResolution,
    apply,
    attacks_left,
    candidate_actions,
    dice_pool,
    is_legal,
    legal_actions,
    legal_violation,
    setup_battle,
)
from battlebook.heroscape.ruleset import COMBAT_DIE, CommonOutOfPlay, Edition, Face, NextCopy, Ruleset
from battlebook.heroscape.sight import counted_range, has_line_of_sight, visible_heights
from battlebook.heroscape.state import BattleState, CardInPlay, Figure

__all__ = [
    "CARD_CITATION",
    "COMBAT_DIE",
    "KNOWN_CARDS",
    "ArmyCard",
    "Attack",
    "BattleState",
    "Battlefield",
    "CardBook",
    "CardInPlay",
    "CardKind",
    "CommonOutOfPlay",
    "DicePool",
    "Edition",
    "EndTurn",
    "Face",
    "Figure",
    "HeroscapeResolution",
    "Hex",
    "MapError",
    "MoveFigure",
    "NextCopy",
    "PlaceOrderMarker",
    "Power",
    "PowerKind",
    "RevealOrderMarker",
    "Ruleset",
    "Space",
    "StartRound",
    "StartTurn",
    "Terrain",
    "apply",
    "attacks_left",
    "candidate_actions",
    "counted_range",
    "dice_pool",
    "has_line_of_sight",
    "is_legal",
    "legal_actions",
    "legal_violation",
    "parse_map",
    "setup_battle",
    "visible_heights",
]
