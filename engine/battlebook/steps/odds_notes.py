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

from battlebook.heroscape import Attack
from battlebook.heroscape import chance as heroscape_chance
from battlebook.heroscape.ruleset import Harm
from battlebook.heroscape.state import BattleState as HeroscapeState
from battlebook.homm import MeleeAttack, RangedAttack, Retaliate, SpellAttack, Stance
from battlebook.homm.chance import chance_of, is_attack, winning_rolls
from battlebook.homm.state import BattleState as HommState
from battlebook.homm.units import AttackKind
from battlebook.odds import fraction_text, percent_text
from battlebook.rulebook.pytest_plugin import ScenarioRecord, annotator
from battlebook.steps.heroscape_world import HeroscapeWorld
from battlebook.steps.homm_world import HommWorld

NOTE_TITLE = "Chance of this attack"


def chance_line(who: str, chance: Any, detail: str = "") -> str:
    """One attack's chance as shown on the page: `who: n/d (p%)`, then any detail."""
    return f"{who}: {fraction_text(chance)} ({percent_text(chance)}){detail}"


def describe(action: Any, state: HommState | None = None) -> str:
    """Who attacks whom and how, for the note: "the Gold Golems attacking the Behemoth in melee, swarming".

    >>> describe(MeleeAttack("Gold Golems", "Enemy Golems", swat=2))
    'the Gold Golems attacking the Enemy Golems in melee, swatting 2 cards'
    """
    match action:
        case MeleeAttack():
            who, how = action.attacker, f"attacking the {action.target} in melee"
        case RangedAttack():
            who, how = action.attacker, f"shooting at the {action.target}"
        case SpellAttack():
            who, how = action.attacker, f"casting {action.spell} at the {action.target}"
        case Retaliate():
            where = "in melee" if action.kind is AttackKind.MELEE else "at range"
            who, how = action.retaliator, f"retaliating against the {action.target} {where}"
        case _:
            return f"the {type(action).__name__}"
    extras = [f"swatting {action.swat} cards"] if action.swat > 1 else []
    if state is not None and state.has_stack(who):
        stack = state.stack(who)
        if stack.stance is Stance.SWARMING and not isinstance(action, Retaliate):
            extras.append("swarming")
        backers = [b.supporter for b in stack.backing if b.target == action.target]
        if backers and not isinstance(action, Retaliate):
            extras.append("supported by the " + " and the ".join(backers))
    return ", ".join([f"the {who} {how}", *extras])


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
        lines.append(chance_line(describe(action, entry.before), chance, detail))
    return lines


def figure_name(state: HeroscapeState, key: str) -> str:
    """A figure as the note names it: its map key and its kind ("K1 (Knave of the Silver Scimitar)")."""
    return f"{key} ({state.card_of(state.figure(key)).figure})"


def heroscape_chances(world: HeroscapeWorld) -> list[str]:
    """One line per Heroscape attack the example attempted and the rules allowed.

    2004: the chance of destroying (more skulls than shields). 2024: the distribution of
    wounds, then the chance of destroying given the defender's life and wounds.
    """
    lines: list[str] = []
    for entry in world.journal:
        if not isinstance(entry.action, Attack) or entry.refusal is not None:
            continue
        state, action = entry.before, entry.action
        odds = heroscape_chance.chance_of(state, action)
        who = f"{figure_name(state, action.attacker)} attacking {figure_name(state, action.defender)}"
        dice = f"{odds.attack_dice} attack dice against {odds.defense_dice} defense dice"
        destroying = f"{fraction_text(odds.destroying)} ({percent_text(odds.destroying)})"
        if state.ruleset.harm is Harm.WOUNDS:
            spread = ", ".join(f"{k}: {fraction_text(p)}" for k, p in enumerate(odds.wounds.wounds))
            need = odds.wounds_to_destroy
            wounds = "1 wound" if need == 1 else f"{need} wounds"
            verdict = "it cannot be destroyed" if need is None else f"destroyed by {wounds} or more: {destroying}"
            lines.append(f"{who}, {dice}: wounds {spread}; {verdict}")
        else:
            lines.append(f"{who}, {dice}: destroyed when the skulls outnumber the shields, {destroying}")
    return lines


#: Game world fixtures whose attacks get their chance shown: fixture name -> notes.
ODDS_SOURCES: dict[str, Callable[[Any], list[str]]] = {"homm": homm_chances, "heroscape": heroscape_chances}


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
        joined = "; ".join(lines)
        record.annotate("Chances of these attacks", joined[0].upper() + joined[1:] + ".")
