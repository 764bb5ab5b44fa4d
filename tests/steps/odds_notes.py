"""The exact chance of every attack an example makes, shown beside the example on its page.

After each passing example, the annotator reads the journal of each game world the
example used and asks the engine for the chance of every attack it attempted, from the
battle as it stood just before that attack. Refused attacks get no chance: they never
rolled.

A game plugs in by adding one entry to `ODDS_SOURCES`: the name of its world fixture,
and a function from that world to the notes (one line per attack).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.homm.chance import chance_of, is_attack, winning_rolls
from engine.odds import fraction_text, percent_text
from engine.rulebook.pytest_plugin import ScenarioRecord, annotator
from tests.steps.homm_world import HommWorld

NOTE_TITLE = "Chance of this attack"


def chance_line(who: str, chance: Any, detail: str = "") -> str:
    """One attack's chance as shown on the page: `who: n/d (p%)`, then any detail."""
    return f"{who}: {fraction_text(chance)} ({percent_text(chance)}){detail}"


def describe(action: Any) -> str:
    """Who attacks whom, for the note: "the Gold Golems attacking the Behemoth"."""
    attacker, target = getattr(action, "attacker", None), getattr(action, "target", None)
    if attacker is None or target is None:
        return f"the {type(action).__name__}"
    return f"the {attacker} attacking the {target}"


def homm_chances(world: HommWorld) -> list[str]:
    """One line per attack the HoMM example attempted and the rules allowed."""
    lines: list[str] = []
    for entry in world.journal:
        if not is_attack(entry.action) or entry.refusal is not None:
            continue
        action: Any = entry.action
        chance = chance_of(entry.before, action)
        rolls = winning_rolls(entry.before, action)
        verb = "hits the walls" if entry.before.is_town(action.target) else "kills"
        if chance == 1:
            detail = f", every roll {verb}"
        elif chance == 0:
            detail = f", no roll {verb}"
        else:
            detail = f", a roll of {rolls[0]} or more {verb}"
        lines.append(chance_line(describe(action), chance, detail))
    return lines


#: Game world fixtures whose attacks get their chance shown: fixture name -> notes.
ODDS_SOURCES: dict[str, Callable[[Any], list[str]]] = {"homm": homm_chances}


@annotator
def attack_odds(request: pytest.FixtureRequest, record: ScenarioRecord) -> None:
    """Attach the chance of each attack of a passing example, if it made any."""
    lines: list[str] = []
    for fixture, source in ODDS_SOURCES.items():
        if fixture in request.fixturenames:
            lines += source(request.getfixturevalue(fixture))
    if len(lines) == 1:
        record.annotate(NOTE_TITLE, lines[0][0].upper() + lines[0][1:] + ".")
    elif lines:
        record.annotate("Chances of these attacks", "; ".join(lines) + ".")
