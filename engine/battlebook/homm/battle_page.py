"""The odds page's battle calculator for Heroes of Might & Magic: the battle it opens with, its answer as an example.

The page draws the battle calculator's form from the game's declared battle options
([`CALCULATORS.battle`][battlebook.homm.calculator.CALCULATORS]); this module adds what
only the page needs: the values the form opens with (`PAGE_VALUES`, the Footman and the
Archer against the Ogre of the rulebook's chapter on battles), and
[`example`][battlebook.homm.battle_page.example], which writes a battle the calculator
answered as a rulebook example in the steps of the battle step library
(`battlebook.language.steps.homm_battle`), so that `battlebook check` runs it again
through the engine.

Examples:
    >>> text = example(PAGE_VALUES, {"aggressor_wins": "1/2", "defender_wins": "1/2", "never_ends": "0"})
    >>> "the Aggressor wins with chance 1/2" in text
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["PAGE_VALUES", "example"]

#: The battle the page's calculator opens with: the rulebook's Footman and Archer against its Ogre.
PAGE_VALUES: Mapping[str, str] = {
    "aggressor": "1,1,3,0,7,3,melee;1,1,2,3,5,4,ranged",
    "defender": "1,2,4,0,8,5,melee",
    "play": "plain",
    "faces": "0-9",
    "reading": "",
}


def example(arguments: Mapping[str, str], answer: Mapping[str, Any]) -> str:
    """The battle `arguments` ask (as the calculator takes them) as a feature file whose Thens state `answer`.

    `answer` is the calculator's JSON answer (`aggressor_wins`, `defender_wins`,
    `never_ends`, `expected_rounds`, fractions as text, and under best play
    `first_decision`). Every stack is a unit defined for the example with the stack's stats,
    named as the calculator names it ([`stack_name`][battlebook.homm.battle.stack_name]), placed
    on its side's line in the order listed, so best play's first decision reads the same in
    both; the die's reading and the alternative readings are set as a scenario sets them. The
    rules are loaded only when an example is written.

    Examples:
        >>> text = example({"aggressor": "2,1,3,0,7,3,melee", "defender": "1,2,4,0,7,5,melee"}, {"aggressor_wins": "1"})
        >>> print(text.splitlines()[-1])
              Then if the battle is fought to the end with the plain plan, the Aggressor wins with chance 1
    """
    from battlebook.homm.battle import stack_name, stacks_of, unit_name
    from battlebook.homm.fight import READINGS
    from battlebook.homm.sides import Side

    sides = {
        Side.AGGRESSOR: stacks_of(arguments.get("aggressor", ""), "Aggressor"),
        Side.DEFENDER: stacks_of(arguments.get("defender", ""), "Defender"),
    }
    play = "with best play" if arguments.get("play") == "best" else "with the plain plan"
    units = [
        (unit_name(side, i), stack_name(side, i, spec.cards), spec, side)
        for side, specs in sides.items()
        for i, spec in enumerate(specs, start=1)
    ]
    counts = {str(side): len(specs) for side, specs in sides.items()}
    lines = [
        "@game:homm",
        "Feature: A battle from the odds page",
        "  Written by the odds page's battle calculator: each stack is a unit made up for it, with",
        "  the stats the calculator was given.",
        "",
        f"  Example: The Aggressor's {counts['Aggressor']} stacks against the Defender's {counts['Defender']}, "
        f"{play.removeprefix('with ')}",
        "    Given a battle in the open field",
    ]
    if (arguments.get("faces") or "0-9") != "0-9":
        lines.append(f"    And the die reads {arguments['faces']}")
    for words in (w.strip() for w in (arguments.get("reading") or "").split(";")):
        if words:
            lines.append(f"    And the alternative reading: {READINGS.get(words, words)}")
    lines.append("    And these units, defined for this example only:")
    rows = [("name", "level", "phase", "melee", "ranged", "defense")] + [
        (name, *map(str, (spec.level, spec.phase, spec.melee, spec.ranged, spec.defense))) for name, _, spec, _ in units
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        lines.append("      | " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) + " |")
    for _, plural, spec, side in units:
        line = "Melee" if spec.line == "melee" else "Ranged"
        lines.append(f"    And the {side} has a stack of {spec.cards} {plural} on its {line} Line")
    thens = [
        f"the {side} wins with chance {answer[key]}"
        for side, key in (("Aggressor", "aggressor_wins"), ("Defender", "defender_wins"))
        if key in answer
    ]
    if "never_ends" in answer:
        thens.append(f"the battle never ends with chance {answer['never_ends']}")
    if answer.get("expected_rounds") is not None:
        thens.append(f"it lasts {answer['expected_rounds']} rounds on average")
    if play == "with best play" and answer.get("first_decision"):
        thens.append(str(answer["first_decision"]))
    for i, then in enumerate(thens):
        lines.append(f"    {'Then' if i == 0 else 'And'} if the battle is fought to the end {play}, {then}")
    return "\n".join(lines) + "\n"
