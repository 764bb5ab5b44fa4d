"""The odds page's battle calculator for Heroscape: the battle it opens with.

The page draws the battle calculator's form from the game's declared battle options
([`CALCULATORS.battle`][battlebook.heroscape.calculator.CALCULATORS]); this module adds the
values the form opens with. Heroscape has no step library of whole battles yet, so the page
offers no "copy as an example" for them (no `example` here).

Examples:
    >>> PAGE_VALUES["first"], PAGE_VALUES["play"]
    ('2,3,2,1', 'focus')
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["PAGE_VALUES"]

#: The battle the page's calculator opens with: two figures against one, under the focus plan.
PAGE_VALUES: Mapping[str, str] = {"edition": "2004", "first": "2,3,2,1", "second": "1,4,4,1", "play": "focus"}
