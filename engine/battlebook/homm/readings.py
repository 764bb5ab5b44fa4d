"""The alternative readings of the HoMM rulings, by the words a scenario names them with.

Each ruling under `features/rulings/` settles an open question with one reading, a setting
Battlebook plays by, and names the alternative it set aside. A scenario plays under an
alternative with `Given the alternative reading: WORDS`; the words are the keys of
[`READINGS`][battlebook.homm.readings.READINGS], each mapped to the settings it changes.
A setting is the general [`Ruleset`][battlebook.homm.ruleset.Ruleset]'s, or the own
setting of an extension (a town's [`TownSettings`][battlebook.homm.town.TownSettings]):
[`played_under`][battlebook.homm.readings.played_under] hands each to its owner.

Examples:
    >>> from battlebook.homm.setup import in_town
    >>> state = played_under(in_town(), READINGS["a stack may come out of its town at any time"])
    >>> from battlebook.homm.siege import town_of
    >>> town_of(state).settings.emerging
    <EmergingTime.ANY_TIME: 'any time'>
    >>> played_under(state, READINGS["only melee attacks may swat"]).ruleset.swat_reach
    <SwatReach.MELEE_ONLY: 'melee only'>
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from battlebook.homm import extensions
from battlebook.homm.ruleset import (
    Chooser,
    DieReading,
    MoveUpRefill,
    RetaliationReach,
    Ruleset,
    SpellReach,
    StackPhase,
    SupportTarget,
    SwarmDoubling,
    SwarmExpiry,
    SwatReach,
)
from battlebook.homm.state import BattleState
from battlebook.homm.town import BreachCall, EmergingTime, PenaltyBase

__all__ = ["READINGS", "RULESET_SETTINGS", "played_under", "with_reading"]

#: The alternative readings of the HoMM rulings, by their words: the settings each changes.
READINGS: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        "a stack attacks in the phase of its earliest card": {"stack_phase": StackPhase.EARLIEST_CARD},
        "swarming doubles the score after support is added": {"swarm_doubling": SwarmDoubling.AFTER_SUPPORT},
        "the opponent picks the stack that moves up": {"move_up_chooser": Chooser.OPPONENT},
        "only melee attacks may swat": {"swat_reach": SwatReach.MELEE_ONLY},
        "a retaliation may itself be retaliated against": {"retaliation_answerable": True},
        "a hero exactly 4 spaces from its town may withdraw": {"withdraw_distance": 3},
        "the walls' penalty is taken from the top card's ranged score": {"town_penalty": PenaltyBase.CARD_SCORE},
        "a swarm lasts until the stack next attacks": {"swarm_expiry": SwarmExpiry.NEXT_ATTACK},
        "only one stack moves up each time the count falls": {"move_up_refill": MoveUpRefill.ONE_PER_FALL},
        "no stack may step back from a Melee Line it would leave short": {"step_back_allowed": False},
        "a stack may come out of its town at any time": {"emerging": EmergingTime.ANY_TIME},
        "a retaliation obeys the line rules of its kind of attack": {"retaliation_reach": RetaliationReach.LINE_RULES},
        "a spell reaches like a melee attack": {"spell_reach": SpellReach.LIKE_MELEE},
        "a retaliation receives the support waiting for an attack on its target": {"retaliation_support": True},
        "a swarming stack's retaliation is doubled": {"swarm_doubles_retaliation": True},
        "a stack turned to protect cannot retaliate": {"protecting_retaliates": False},
        "a ranged attack the walls cut to 0 cannot be made": {"zero_shot_allowed": False},
        "a surrender must offer at least one card": {"surrender_minimum": 1},
        "a swat may pick which of the target's cards it takes": {"swat_picks": True},
        "support counts against any target of the next attack that the supporter could have attacked": {
            "support_target": SupportTarget.NEXT_ATTACK
        },
        "stacks move up whenever a Melee Line holds fewer than three": {"move_up_when_short": True},
        "the town's Defender also refills its Melee Line to three when its count falls": {"town_three_rule": True},
        "the die's faces are read 1 to 10": {"die_reading": DieReading.ONE_TO_TEN},
        "a side whose hero has fallen cannot withdraw": {"fallen_hero_withdraws": False},
        "a side left with only its hero has lost the battle": {"hero_alone_fights_on": False},
        "a hero on its own does not count toward the stacks of a Melee Line": {"hero_holds_melee_line": False},
        "a guard stack may withdraw": {"guard_withdraws": True},
        "Breached walls need only one stack outside, counting any already there": {
            "breach_call": BreachCall.AT_LEAST_ONE_OUTSIDE
        },
        "only one stack may sacrifice for the same attack": {"several_supporters": False},
        "a unit that ignores obstacles may fly in from its Ranged Line too": {"fliers_from_any_line": True},
        "a spell does not count as an attack the supporter could make": {"spells_count_for_support": False},
        "a stack that may retaliate always does": {"retaliation_optional": False},
        "support lapses at the supported stack's next opportunity": {"support_until_attack": False},
        "a Sac value is read when the supported attack is made": {"sac_value_fixed": False},
        "no stack may sacrifice for a friend whose phase has passed this round": {"support_after_phase": False},
        "the supported stack must also be able to attack the target": {"common_target_supporter_only": False},
    }
)

#: The settings of the general ruleset; any other setting a reading names is an extension's own.
RULESET_SETTINGS = frozenset(setting.name for setting in dataclasses.fields(Ruleset))


def played_under(state: BattleState, settings: Mapping[str, object]) -> BattleState:
    """`state` played under `settings`: the ruleset's on its ruleset, the others on the extensions that own them.

    A setting of an extension the battle is not fought with (a town's, in the open field)
    changes nothing.
    """
    general = {name: value for name, value in settings.items() if name in RULESET_SETTINGS}
    if general:
        state = replace(state, ruleset=replace(state.ruleset, **general))  # type: ignore[arg-type]
    return extensions.reading(state, settings)


def with_reading(ruleset: Ruleset, reading: str) -> Ruleset:
    """`ruleset` under the alternative reading named by `reading`, in a scenario's words (its ruleset settings).

    Examples:
        >>> with_reading(Ruleset(), "a retaliation may itself be retaliated against").retaliation_answerable
        True
    """
    settings = {name: value for name, value in READINGS[reading].items() if name in RULESET_SETTINGS}
    return replace(ruleset, **settings)  # type: ignore[arg-type]
