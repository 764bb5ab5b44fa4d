"""The odds page's battle calculator for Heroscape: the battle it opens with, its answer as an example.

The page draws the battle calculator's form from the game's declared battle options
([`CALCULATORS.battle`][battlebook.heroscape.calculator.CALCULATORS]); this module adds what
only the page needs: the values the form opens with (`PAGE_VALUES`), and
[`example`][battlebook.heroscape.battle_page.example], which writes a battle the calculator
answered as a rulebook example in the steps of the battle step library
(`battlebook.language.steps.heroscape_battle`), so that `battlebook check` runs it again through
the engine. A light module: the rules are loaded only when an example is written.

Examples:
    >>> PAGE_VALUES["first"], PAGE_VALUES["play"]
    ('2,3,2,1', 'focus')
    >>> text = example(PAGE_VALUES, {"first_wins": "1/2", "second_wins": "1/2", "never_ends": "0"})
    >>> "Red wins with chance 1/2" in text
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["PAGE_VALUES", "example"]

#: The battle the page's calculator opens with: two figures against one, under the focus plan.
PAGE_VALUES: Mapping[str, str] = {"edition": "2004", "first": "2,3,2,1", "second": "1,4,4,1", "play": "focus"}

#: The columns of the example's army cards, in the order the step's table takes them.
_COLUMNS = ("name", "figure", "kind", "figures", "life", "move", "range", "attack", "defense", "height")


def example(arguments: Mapping[str, str], answer: Mapping[str, Any]) -> str:
    """The battle `arguments` ask (as the calculator takes them) as a feature file whose Thens state `answer`.

    `answer` is the calculator's JSON answer (`first_wins`, `second_wins`, `never_ends`,
    `expected_turns`, fractions as text, and under best play `first_decision`). The two army
    cards are the calculator's own (Red's `Red Squad`, Blue's `Blue Squad`), defined for the
    example; the battlefield is the calculator's text map
    ([`battle_map`][battlebook.heroscape.battle.battle_map]), played under the reading that
    figures do not block a line of sight, as the calculator plays it; Red takes the first turn.

    Examples:
        >>> text = example({"edition": "2024", "first": "2,3,2,2", "second": "1,4,4,2"}, {"first_wins": "1"})
        >>> print(text.splitlines()[-1])
              Then if the battle is fought to the end with the focus plan, Red wins with chance 1
    """
    from battlebook.heroscape.battle import ARMIES, battle_cards, battle_map, squad_of
    from battlebook.heroscape.ruleset import Edition

    edition = Edition((arguments.get("edition") or "2004").strip()).value
    first = squad_of(arguments.get("first", ""), "first")
    second = squad_of(arguments.get("second", ""), "second")
    play = "with best play" if arguments.get("play") == "best" else "with the focus plan"
    cards = battle_cards(first, second)
    lines = [
        f"@game:heroscape @edition:{edition}",
        "Feature: A battle from the odds page",
        "  Written by the odds page's battle calculator: each army card is made up for it, with",
        "  the numbers the calculator was given.",
        "",
        f"  Example: Red's {first.figures} {'figure' if first.figures == 1 else 'figures'} against Blue's "
        f"{second.figures}, {play.removeprefix('with ')}",
        "    Given the alternative reading: figures never block line of sight",
        "    And these army cards, defined for this example only:",
    ]
    rows = [_COLUMNS] + [
        (card.name, card.figure, card.kind.value, *(str(getattr(card, column)) for column in _COLUMNS[3:]))
        for card in cards
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    for row in rows:
        lines.append("      | " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) + " |")
    lines += ["    And the battlefield:", '      """']
    lines += [f"      {line}" for line in battle_map(first, second).splitlines()]
    lines += ['      """', f"    And it is {ARMIES[0]}'s turn with the {cards[0].name} card"]
    thens = [
        f"{army} wins with chance {answer[key]}"
        for army, key in zip(ARMIES, ("first_wins", "second_wins"), strict=True)
        if key in answer
    ]
    if "never_ends" in answer:
        thens.append(f"the armies fight for ever with chance {answer['never_ends']}")
    if answer.get("expected_turns") is not None:
        thens.append(f"it lasts {answer['expected_turns']} turns on average")
    if play == "with best play" and answer.get("first_decision"):
        thens.append(str(answer["first_decision"]))
    for i, then in enumerate(thens):
        lines.append(f"    {'Then' if i == 0 else 'And'} if the battle is fought to the end {play}, {then}")
    return "\n".join(lines) + "\n"
