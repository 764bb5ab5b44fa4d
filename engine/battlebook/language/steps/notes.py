"""The notes every game's passing examples get: their drawings, and the chance of their attacks.

The annotators are the step language's own, one for every registered game:
[`attach_drawing`][battlebook.language.notes.attach_drawing] (over `Game.view` and
`Game.draw`) and [`attack_odds`][battlebook.language.chance_notes.attack_odds] (over
`Game.describe_chance`). A session runs the annotators its step modules hold (see
[`annotators`][battlebook.language.session.annotators]); this module holds these two.
"""

from __future__ import annotations

from battlebook.language.chance_notes import attack_odds
from battlebook.language.notes import attach_drawing

__all__ = ["attach_drawing", "attack_odds"]
