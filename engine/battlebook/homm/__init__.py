"""Heroes of Might & Magic IV, the card and tile game: its combat rules.

- [`ruleset`][battlebook.homm.ruleset]: the settings a battle is played under (the die, disputed readings);
- [`units`][battlebook.homm.units]: unit cards, spells and the stats the sources give;
- [`state`][battlebook.homm.state]: sides, lines, creature stacks, the clock, armies and the battle state;
- [`actions`][battlebook.homm.actions]: what a stack or a side can attempt;
- [`rules`][battlebook.homm.rules]: what the rules allow and what an action does, built on
  [`combat`][battlebook.homm.combat] (attacks, special actions, retaliation),
  [`opportunity`][battlebook.homm.opportunity] (one attack opportunity per round) and
  [`flow`][battlebook.homm.flow] (phases, automatic reorganizing, end of round and battle);
- [`extensions`][battlebook.homm.extensions]: how those rules consult the battlefield's
  features, each an [`Extension`][battlebook.homm.state.Extension] of them;
- [`town`][battlebook.homm.town] and [`siege`][battlebook.homm.siege]: the town card, its walls and the
  town's own settings, and the rules of battles in towns, one such extension;
- [`resolution`][battlebook.homm.resolution]: what an action did;
- [`setup`][battlebook.homm.setup]: a battle set up where it is fought, its stacks as a scenario writes them;
- [`dice`][battlebook.homm.dice]: the exact odds of the battle's die;
- [`rule_ids`][battlebook.homm.rule_ids]: the identifiers every refusal names.
"""

from typing import TYPE_CHECKING

from battlebook._lazy import lazy_exports

if TYPE_CHECKING:
    from battlebook.homm.actions import (
        AcceptSurrender,
        Action,
        Decline,
        EndPhase,
        MeleeAttack,
        MoveUp,
        OfferSurrender,
        Protect,
        RangedAttack,
        RejectSurrender,
        Reorganize,
        Retaliate,
        SpellAttack,
        Support,
        Swarm,
        Withdraw,
    )
    from battlebook.homm.resolution import AttackRoll, HommResolution
    from battlebook.homm.rules import apply, is_legal, legal_actions, legal_violation, smallest_winning_roll
    from battlebook.homm.ruleset import (
        Chooser,
        DieReading,
        MoveUpRefill,
        RetaliationReach,
        Ruleset,
        SpellReach,
        StackPhase,
        SupportTarget,
        SwarmDoubling,
        SwarmExpiry,
        SwatReach,
    )
    from battlebook.homm.scores import AttackScore
    from battlebook.homm.sides import Line, Side
    from battlebook.homm.siege import Town, town_of
    from battlebook.homm.state import (
        Army,
        BattleState,
        Clock,
        Ending,
        Extension,
        Outcome,
        Override,
        Stack,
        Stage,
        Stance,
    )
    from battlebook.homm.town import BreachCall, EmergingTime, PenaltyBase, TownCard, TownSettings, Walls
    from battlebook.homm.units import KNOWN_UNITS, Ability, AttackKind, Spell, UnitBook, UnitCard

#: Where each public name lives: imported from there when first used, so that importing one
#: module of the package (its ruleset, say) does not load the whole engine.
_EXPORTS = {
    "Ability": "battlebook.homm.units",
    "AcceptSurrender": "battlebook.homm.actions",
    "Action": "battlebook.homm.actions",
    "Army": "battlebook.homm.state",
    "AttackKind": "battlebook.homm.units",
    "AttackRoll": "battlebook.homm.resolution",
    "AttackScore": "battlebook.homm.scores",
    "BattleState": "battlebook.homm.state",
    "BreachCall": "battlebook.homm.town",
    "Chooser": "battlebook.homm.ruleset",
    "Clock": "battlebook.homm.state",
    "Decline": "battlebook.homm.actions",
    "DieReading": "battlebook.homm.ruleset",
    "EmergingTime": "battlebook.homm.town",
    "EndPhase": "battlebook.homm.actions",
    "Ending": "battlebook.homm.state",
    "Extension": "battlebook.homm.state",
    "HommResolution": "battlebook.homm.resolution",
    "KNOWN_UNITS": "battlebook.homm.units",
    "Line": "battlebook.homm.sides",
    "MeleeAttack": "battlebook.homm.actions",
    "MoveUp": "battlebook.homm.actions",
    "MoveUpRefill": "battlebook.homm.ruleset",
    "OfferSurrender": "battlebook.homm.actions",
    "Outcome": "battlebook.homm.state",
    "Override": "battlebook.homm.state",
    "PenaltyBase": "battlebook.homm.town",
    "Protect": "battlebook.homm.actions",
    "RangedAttack": "battlebook.homm.actions",
    "RejectSurrender": "battlebook.homm.actions",
    "Reorganize": "battlebook.homm.actions",
    "Retaliate": "battlebook.homm.actions",
    "RetaliationReach": "battlebook.homm.ruleset",
    "Ruleset": "battlebook.homm.ruleset",
    "Side": "battlebook.homm.sides",
    "Spell": "battlebook.homm.units",
    "SpellAttack": "battlebook.homm.actions",
    "SpellReach": "battlebook.homm.ruleset",
    "Stack": "battlebook.homm.state",
    "StackPhase": "battlebook.homm.ruleset",
    "Stage": "battlebook.homm.state",
    "Stance": "battlebook.homm.state",
    "Support": "battlebook.homm.actions",
    "SupportTarget": "battlebook.homm.ruleset",
    "Swarm": "battlebook.homm.actions",
    "SwarmDoubling": "battlebook.homm.ruleset",
    "SwarmExpiry": "battlebook.homm.ruleset",
    "SwatReach": "battlebook.homm.ruleset",
    "Town": "battlebook.homm.siege",
    "TownCard": "battlebook.homm.town",
    "TownSettings": "battlebook.homm.town",
    "UnitBook": "battlebook.homm.units",
    "UnitCard": "battlebook.homm.units",
    "Walls": "battlebook.homm.town",
    "Withdraw": "battlebook.homm.actions",
    "apply": "battlebook.homm.rules",
    "is_legal": "battlebook.homm.rules",
    "legal_actions": "battlebook.homm.rules",
    "legal_violation": "battlebook.homm.rules",
    "smallest_winning_roll": "battlebook.homm.rules",
    "town_of": "battlebook.homm.siege",
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())

__all__ = [
    "KNOWN_UNITS",
    "Ability",
    "AcceptSurrender",
    "Action",
    "Army",
    "AttackKind",
    "AttackRoll",
    "AttackScore",
    "BattleState",
    "BreachCall",
    "Chooser",
    "Clock",
    "Decline",
    "DieReading",
    "EmergingTime",
    "EndPhase",
    "Ending",
    "Extension",
    "HommResolution",
    "Line",
    "MeleeAttack",
    "MoveUp",
    "MoveUpRefill",
    "OfferSurrender",
    "Outcome",
    "Override",
    "PenaltyBase",
    "Protect",
    "RangedAttack",
    "RejectSurrender",
    "Reorganize",
    "Retaliate",
    "RetaliationReach",
    "Ruleset",
    "Side",
    "Spell",
    "SpellAttack",
    "SpellReach",
    "Stack",
    "StackPhase",
    "Stage",
    "Stance",
    "Support",
    "SupportTarget",
    "Swarm",
    "SwarmDoubling",
    "SwarmExpiry",
    "SwatReach",
    "Town",
    "TownCard",
    "TownSettings",
    "UnitBook",
    "UnitCard",
    "Walls",
    "Withdraw",
    "apply",
    "is_legal",
    "legal_actions",
    "legal_violation",
    "smallest_winning_roll",
    "town_of",
]
