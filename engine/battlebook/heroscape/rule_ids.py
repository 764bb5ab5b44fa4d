"""The stable identifiers of the Heroscape rules the engine enforces.

Each is the `@id:` tag of a `Rule:` in a feature file, anchors that rule on the site, and is
the `rule` of every [`RuleViolation`][battlebook.errors.RuleViolation] the rule raises.
"""

from __future__ import annotations

ATTACKING = "heroscape.attacking"
RANGE = "heroscape.range"
LINE_OF_SIGHT = "heroscape.line-of-sight"
FRIENDLY_FIGURES = "heroscape.attacking-friendly-figures"
SPECIAL_POWERS = "heroscape.special-powers"
OUT_OF_PLAY = "heroscape.army-card-out-of-play"
COMMON_CARDS = "heroscape.common-army-cards"
TURN_ORDER = "heroscape.turn-order"
LIFE = "heroscape.life"
ARMY_CARDS = "heroscape.army-cards"
HEIGHT_ADVANTAGE = "heroscape.height-advantage"
