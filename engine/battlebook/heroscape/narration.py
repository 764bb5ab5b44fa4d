r"""Heroscape actions and what they did, told in a player's words.

What [`HeroscapeGame.describe_action`][battlebook.heroscape.game.HeroscapeGame.describe_action]
and [`describe_result`][battlebook.heroscape.game.HeroscapeGame.describe_result] say: read
from the battle before an action and the engine's resolution of it, never typed per example.

Examples:
    >>> from battlebook.heroscape.battlefield import parse_map
    >>> from battlebook.heroscape.cards import KNOWN_CARDS
    >>> from battlebook.heroscape.setup import setup_battle
    >>> from battlebook.heroscape.actions import Attack
    >>> battlefield = parse_map("1Z1 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)")
    >>> state = setup_battle(battlefield, KNOWN_CARDS.get)
    >>> action_words(state, Attack("Z1", "A1"))
    'the Zettian Guard Z1 attacks the Airborne Elite A1'
"""

from __future__ import annotations

from battlebook.heroscape.actions import (
    Action,
    Attack,
    EndTurn,
    MoveFigure,
    PlaceOrderMarker,
    RevealOrderMarker,
    StartRound,
    StartTurn,
)
from battlebook.heroscape.resolution import AttackReport, HeroscapeResolution
from battlebook.heroscape.state import BattleState

__all__ = ["action_words", "figure_words", "result_words"]


def figure_words(state: BattleState, key: str) -> str:
    """A figure as a player names it: its kind and its map key ("the Airborne Elite A1"; a hero without "the").

    A figure no longer on the battlefield is named by its key alone.
    """
    if not state.has_figure(key):
        return key
    card = state.card_of(state.figure(key))
    return f"{card.figure} {key}" if card.is_hero else f"the {card.figure} {key}"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def action_words(state: BattleState, action: Action) -> str:
    """What `action` attempts in `state`, in a player's words."""
    match action:
        case Attack():
            return f"{figure_words(state, action.attacker)} attacks {figure_words(state, action.defender)}"
        case PlaceOrderMarker():
            return f"{action.army} puts order marker {action.label} on the army card {action.card_id}"
        case RevealOrderMarker():
            return f"{action.army} reveals order marker {action.label}"
        case StartTurn():
            return f"{action.army} takes a turn with the army card {action.card_id}"
        case StartRound():
            return "a new round begins"
        case EndTurn():
            return f"{action.army} ends its turn"
        case MoveFigure():
            return f"{figure_words(state, action.figure)} is set down on {action.to}"
    return "an action"  # pragma: no cover - every action is matched above


def _attack_words(before: BattleState, report: AttackReport, after: BattleState) -> str:
    attacker = figure_words(before, report.attacker)
    defender = figure_words(before, report.defender)
    roll = f"{_plural(report.skulls, 'skull')} against {_plural(report.shields, 'shield')}"
    if not report.is_successful:
        return f"{defender} blocks the attack of {attacker} ({roll})"
    if report.destroyed:
        words = f"{attacker} destroys {defender}"
        if report.placed_on:
            words += f"; it goes on the army card {report.placed_on}"
        elif report.defender in after.out_of_game:
            words += "; it is out of the game"
        if report.card_out_of_play:
            words += f"; the army card {report.card_out_of_play} is out of play"
        return words
    if report.wounds == 0:
        return f"{attacker} hits {defender} ({roll}), which takes no wound"
    total = after.wounds_of(after.figure(report.defender)) if after.has_figure(report.defender) else report.wounds
    words = f"{defender} takes {_plural(report.wounds, 'wound')} from {attacker} ({roll})"
    return words if total == report.wounds else f"{words}, {total} in all"


def result_words(before: BattleState, action: Action, resolution: HeroscapeResolution) -> str:
    """What the engine's resolution of `action` (attempted in `before`) did, in a player's words.

    An attack says who blocked or what harm it did (destroyed: out of the game or on which
    army card; wounds: how many, and how many in all); any other action says what was done.
    """
    if resolution.attack is not None:
        words = _attack_words(before, resolution.attack, resolution.state)
    else:
        words = action_words(before, action)
    if resolution.turn_ended_at_once:
        words += "; the turn ends at once"
    return words
