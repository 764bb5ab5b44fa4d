"""Figures: how control moves between the HoMM modules while `apply` resolves one attack.

Issue 16 asked for the town to be one extension rather than a thread through the rules.
This script watches `battlebook.homm.rules.apply` with `sys.setprofile` for three attacks
(a ranged attack at a stack inside a town behind intact walls, a melee attack on the Town
Card, a ranged attack in the open field) and prints for each:

- crossings: calls whose caller and callee are functions of different `battlebook.homm` modules;
- rule crossings: those between the rule modules (rules, combat, flow, opportunity,
  extensions, siege), leaving out calls into value modules (state, units, scores...);
- re-entries: calls into a module already on the call stack under another module, that is
  control bouncing back (as a callback from the siege rules into combat did);
- town calls: calls from a general module into the town's modules (siege, town).

With `-v` it lists every caller -> callee pair. The figures count calls, not time: they are
the same on a loaded machine. Run with `.venv/bin/python benchmarks/homm_town_crossings.py [-v]`.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from types import FrameType
from typing import Any

from battlebook.dice import ScriptedDice
from battlebook.homm import (
    KNOWN_UNITS,
    BattleState,
    Line,
    MeleeAttack,
    RangedAttack,
    Side,
    Stack,
    Town,
    TownCard,
    UnitCard,
)
from battlebook.homm.actions import Action
from battlebook.homm.rules import apply

PACKAGE = "battlebook.homm."
RULE_MODULES = frozenset({"rules", "combat", "flow", "opportunity", "extensions", "siege"})
TOWN_MODULES = frozenset({"siege", "town"})

ORC = UnitCard("Orc", level=2, phase=6, melee=2, ranged=3, defense=5)
HALFLING = UnitCard("Halfling", level=1, phase=4, melee=1, ranged=2, defense=4)
GOLEM = KNOWN_UNITS["Gold Golem"]


@dataclass
class Figures:
    """What one attack's resolution did, counted."""

    pairs: Counter[tuple[str, str]]
    rule_crossings: int = 0
    reentries: int = 0
    town_calls: int = 0

    @property
    def crossings(self) -> int:
        """Every call between two different HoMM modules."""
        return sum(self.pairs.values())


def _module(frame: FrameType | None) -> str | None:
    name = frame.f_globals.get("__name__", "") if frame is not None else ""
    return name.removeprefix(PACKAGE) if name.startswith(PACKAGE) else None


def measure(state: BattleState, action: Action) -> Figures:
    """Resolve `action` once (rolling 0) under the profiler and count how control crossed modules."""
    figures = Figures(Counter())
    stack: list[str | None] = []

    def watch(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            callee, caller = _module(frame), _module(frame.f_back)
            if callee and caller and callee != caller:
                figures.pairs[(caller, callee)] += 1
                figures.rule_crossings += caller in RULE_MODULES and callee in RULE_MODULES
                figures.reentries += callee in stack
                figures.town_calls += callee in TOWN_MODULES and caller not in TOWN_MODULES
            stack.append(callee)
        elif event == "return" and stack:
            stack.pop()

    sys.setprofile(watch)
    try:
        apply(state, action, ScriptedDice([0]))
    finally:
        sys.setprofile(None)
    return figures


def cases() -> dict[str, tuple[BattleState, Action]]:
    """The three attacks measured."""
    field = (
        BattleState()
        .with_stack(Stack("Orcs", Side.AGGRESSOR, Line.RANGED, (ORC, ORC)))
        .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,) * 3))
        .with_stack(Stack("Halflings", Side.DEFENDER, Line.RANGED, (HALFLING, HALFLING)))
    )
    town = field.with_extension(Town(TownCard("Town Card", Side.DEFENDER)))
    return {
        "ranged attack at a stack inside a town": (town, RangedAttack("Orcs", "Halflings")),
        "melee attack on the Town Card": (town, MeleeAttack("Gold Golems", "Town Card")),
        "ranged attack in the open field": (field, RangedAttack("Orcs", "Halflings")),
    }


def main(argv: list[str]) -> int:
    """Print the figures of every case (with `-v`, every caller -> callee pair)."""
    for title, (state, action) in cases().items():
        apply(state, action, ScriptedDice([0]))  # imports and caches out of the way
        figures = measure(state, action)
        print(
            f"{title}: {figures.crossings} crossings, {figures.rule_crossings} between rule modules, "
            f"{figures.reentries} re-entries, {figures.town_calls} calls into town code"
        )
        if "-v" in argv:
            for (caller, callee), count in figures.pairs.most_common():
                print(f"    {caller} -> {callee}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
