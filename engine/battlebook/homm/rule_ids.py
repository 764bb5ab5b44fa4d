"""The stable identifiers of the HoMM rules and rulings the engine enforces.

Each is the `@id:` tag of a `Rule:` in a feature file, anchors that rule on the site, and is
the `rule` of every [`RuleViolation`][battlebook.errors.RuleViolation] the rule raises.
"""

from __future__ import annotations

PHASES = "homm.phases-and-rounds"
ATTACK_OPPORTUNITY = "homm.attack-opportunity"
END_OF_ROUND = "homm.end-of-round"
BATTLE_END = "homm.battle-end"
MELEE_ATTACK = "homm.melee-attack"
ATTACKING_AS_A_STACK = "homm.attacking-as-a-stack"
SWATTING = "homm.swatting"
RANGED_ATTACK = "homm.ranged-attack"
SPELL_ATTACK = "homm.spell-attack"
SUPPORT = "homm.sacrificing-for-support"
COMMON_TARGET = "homm.common-target"
SWARMING = "homm.swarming"
PROTECTING = "homm.protecting"
REORGANIZING = "homm.reorganizing"
AUTOMATIC_REORGANIZING = "homm.automatic-reorganizing"
RETALIATION = "homm.retaliation"
RETALIATION_ONCE = "homm.retaliation-once-per-round"
WITHDRAWING = "homm.withdrawing"
GUARD_NO_WITHDRAWAL = "homm.guard-no-withdrawal"
SURRENDERING = "homm.surrendering"
WHO_CANNOT_SURRENDER = "homm.who-cannot-surrender"

TOWN_BATTLE = "homm.town-battle"
TOWN_CARD = "homm.town-card"
TOWN_WALLS = "homm.town-walls"
TOWN_RANGED_PENALTIES = "homm.town-ranged-penalties"
TOWN_IGNORING_OBSTACLES = "homm.town-ignoring-obstacles"
EMERGING = "homm.emerging-from-the-town"
NO_RETREAT = "homm.no-retreat-no-surrender"

RULING_SWAT_REACH = "ruling.swat-reach"
RULING_RETALIATION_CHAIN = "ruling.retaliation-chain"
RULING_MOVE_UP_CHOICE = "ruling.move-up-choice"
RULING_STEP_BACK = "ruling.step-back"
RULING_RETALIATION_REACH = "ruling.retaliation-reach"
RULING_SPELL_REACH = "ruling.spell-reach"
RULING_RETALIATION_SUPPORT = "ruling.retaliation-support"
RULING_PROTECT_RETALIATION = "ruling.protecting-retaliation"
RULING_ZERO_SHOT = "ruling.zero-shot"
RULING_EMPTY_OFFER = "ruling.empty-offer"
RULING_SWAT_FROM_TOP = "ruling.swat-from-top"
