"""Heroscape: the battlefield, range, line of sight and attacks, in the 2004 and 2024 editions.

- [`hexes`][battlebook.heroscape.hexes]: hexagonal coordinates and plane geometry;
- [`battlefield`][battlebook.heroscape.battlefield]: spaces, levels, terrain, glyphs and the text map;
- [`cards`][battlebook.heroscape.cards]: army cards and the stats printed on them;
- [`ruleset`][battlebook.heroscape.ruleset]: the two editions and the combat die;
- [`powers`][battlebook.heroscape.powers]: the extension point for special powers, special attacks, glyphs;
- [`state`][battlebook.heroscape.state]: figures, cards in play, order markers, the battle state;
- [`sight`][battlebook.heroscape.sight]: range and three-dimensional line of sight;
- [`actions`][battlebook.heroscape.actions] and [`rules`][battlebook.heroscape.rules]: what may be done and
  what it does, the outcome as a [`resolution`][battlebook.heroscape.resolution];
- [`setup`][battlebook.heroscape.setup]: a battle set up from a text map, and the turn an attack waits for;
- [`rule_ids`][battlebook.heroscape.rule_ids]: the identifiers every refusal names;
- [`dice`][battlebook.heroscape.dice]: the combat die and the exact odds of rolling it;
- [`chance`][battlebook.heroscape.chance]: the exact chance of an attack in a battle state;
- [`picture`][battlebook.heroscape.picture]: the battlefield drawn as SVG, with range paths and sight lines.
"""

from typing import TYPE_CHECKING

from battlebook._lazy import lazy_exports

if TYPE_CHECKING:
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
    from battlebook.heroscape.cards import CARD_CITATION, KNOWN_CARDS, ArmyCard, ArmyCardBook, CardKind
    from battlebook.heroscape.hexes import Hex
    from battlebook.heroscape.powers import DicePool, Power, PowerKind
    from battlebook.heroscape.resolution import AttackReport, HeroscapeResolution
    from battlebook.heroscape.rules import (
        apply,
        attacks_left,
        candidate_actions,
        dice_pool,
        is_legal,
        legal_actions,
        legal_violation,
    )
    from battlebook.heroscape.ruleset import COMBAT_DIE, CommonOutOfPlay, Edition, Face, NextCopy, Ruleset, TargetSpace
    from battlebook.heroscape.setup import ready_to_attack, setup_battle, turn_for
    from battlebook.heroscape.sight import counted_range, has_line_of_sight, visible_heights
    from battlebook.heroscape.state import BattleState, CardInPlay, Figure

#: Where each public name lives: imported from there when first used, so that importing one
#: module of the package (its ruleset, say) does not load the whole engine.
_EXPORTS = {
    "ArmyCard": "battlebook.heroscape.cards",
    "ArmyCardBook": "battlebook.heroscape.cards",
    "Attack": "battlebook.heroscape.actions",
    "AttackReport": "battlebook.heroscape.resolution",
    "BattleState": "battlebook.heroscape.state",
    "Battlefield": "battlebook.heroscape.battlefield",
    "CARD_CITATION": "battlebook.heroscape.cards",
    "COMBAT_DIE": "battlebook.heroscape.ruleset",
    "CardInPlay": "battlebook.heroscape.state",
    "CardKind": "battlebook.heroscape.cards",
    "CommonOutOfPlay": "battlebook.heroscape.ruleset",
    "DicePool": "battlebook.heroscape.powers",
    "Edition": "battlebook.heroscape.ruleset",
    "EndTurn": "battlebook.heroscape.actions",
    "Face": "battlebook.heroscape.ruleset",
    "Figure": "battlebook.heroscape.state",
    "HeroscapeResolution": "battlebook.heroscape.resolution",
    "Hex": "battlebook.heroscape.hexes",
    "KNOWN_CARDS": "battlebook.heroscape.cards",
    "MapError": "battlebook.heroscape.battlefield",
    "MoveFigure": "battlebook.heroscape.actions",
    "NextCopy": "battlebook.heroscape.ruleset",
    "TargetSpace": "battlebook.heroscape.ruleset",
    "PlaceOrderMarker": "battlebook.heroscape.actions",
    "Power": "battlebook.heroscape.powers",
    "PowerKind": "battlebook.heroscape.powers",
    "RevealOrderMarker": "battlebook.heroscape.actions",
    "Ruleset": "battlebook.heroscape.ruleset",
    "Space": "battlebook.heroscape.battlefield",
    "StartRound": "battlebook.heroscape.actions",
    "StartTurn": "battlebook.heroscape.actions",
    "Terrain": "battlebook.heroscape.battlefield",
    "apply": "battlebook.heroscape.rules",
    "attacks_left": "battlebook.heroscape.rules",
    "candidate_actions": "battlebook.heroscape.rules",
    "counted_range": "battlebook.heroscape.sight",
    "dice_pool": "battlebook.heroscape.rules",
    "has_line_of_sight": "battlebook.heroscape.sight",
    "is_legal": "battlebook.heroscape.rules",
    "legal_actions": "battlebook.heroscape.rules",
    "legal_violation": "battlebook.heroscape.rules",
    "parse_map": "battlebook.heroscape.battlefield",
    "ready_to_attack": "battlebook.heroscape.setup",
    "setup_battle": "battlebook.heroscape.setup",
    "turn_for": "battlebook.heroscape.setup",
    "visible_heights": "battlebook.heroscape.sight",
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())

__all__ = [
    "CARD_CITATION",
    "COMBAT_DIE",
    "KNOWN_CARDS",
    "ArmyCard",
    "ArmyCardBook",
    "Attack",
    "AttackReport",
    "BattleState",
    "Battlefield",
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
    "TargetSpace",
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
    "ready_to_attack",
    "setup_battle",
    "turn_for",
    "visible_heights",
]
