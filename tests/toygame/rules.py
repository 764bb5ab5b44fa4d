"""Coin Duel's rules: legality in one place, and what an allowed action does with the dice it is given."""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlebook.dice import Dice
from battlebook.errors import RuleViolation
from tests.toygame.actions import Action, Rest, Strike
from tests.toygame.state import D6, Champion, DuelState

#: The rules' identifiers, each defined by a `Rule:` of the game's feature file.
TURN = "toy.turns"
KNOCKED_OUT = "toy.knocked-out"
STRIKE = "toy.strike"
RULE_IDS = frozenset({TURN, KNOCKED_OUT, STRIKE})


@dataclass(frozen=True)
class Resolution:
    """What an action did: the duel after it, and the strike's roll and harm (`None` for a rest)."""

    state: DuelState
    roll: int | None = None
    hit: bool = False
    knocked_out: bool = False


def violation(state: DuelState, action: Action) -> tuple[str, str] | None:
    """The rule that refuses `action` in `state`, and why; `None` if the rules allow it."""
    who = action.attacker if isinstance(action, Strike) else action.champion
    actor = state.champion(who)
    if actor is None:
        return STRIKE, f"there is no champion {who}"
    if state.is_over:
        return KNOCKED_OUT, "the duel is over"
    if state.turn != who:
        return TURN, f"it is {state.turn}'s turn, not {who}'s"
    if isinstance(action, Strike):
        target = state.champion(action.target)
        if target is None or target.name == who:
            return STRIKE, f"{who} can only strike the other champion"
        if target.is_out:
            return KNOCKED_OUT, f"{target.name} is already knocked out"
    return None


def hits(state: DuelState, roll: int, target: Champion) -> bool:
    """Whether a roll takes a heart of `target`: it reaches the guard (a 6 always does, under the ruling)."""
    return roll >= target.guard or (roll == 6 and state.ruleset.six_always_hits)


def apply(state: DuelState, action: Action, dice: Dice) -> Resolution:
    """Carry `action` out with `dice`; raises `RuleViolation` when the rules refuse it."""
    refused = violation(state, action)
    if refused is not None:
        raise RuleViolation(*refused)
    names = [c.name for c in state.champions]
    who = action.attacker if isinstance(action, Strike) else action.champion
    following = names[(names.index(who) + 1) % len(names)]
    if isinstance(action, Rest):
        return Resolution(replace(state, turn=following))
    target = state.champion(action.target)
    assert target is not None
    roll = dice.roll(D6)
    assert isinstance(roll, int)
    hit = hits(state, roll, target)
    after = replace(target, hearts=target.hearts - 1) if hit else target
    new = replace(state, champions=tuple(after if c.name == after.name else c for c in state.champions))
    return Resolution(replace(new, turn=following), roll, hit, after.is_out)
