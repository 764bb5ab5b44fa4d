"""The disputed HoMM readings offered as Ruleset settings: what each alternative changes.

The feature files under features/rulings/ show one Example per alternative; these tests
cover the corners an Example would not (what an alternative leaves alone), and a property
test plays random legal battles under random mixes of the alternatives.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlebook.dice import ScriptedDice
from battlebook.homm import (
    Action,
    AttackKind,
    BattleState,
    Clock,
    Decline,
    EmergingTime,
    EndPhase,
    Line,
    MeleeAttack,
    MoveUp,
    MoveUpRefill,
    PenaltyBase,
    Protect,
    RangedAttack,
    Reorganize,
    Retaliate,
    RetaliationReach,
    Ruleset,
    Side,
    Spell,
    SpellAttack,
    SpellReach,
    Stack,
    Stage,
    Stance,
    Support,
    SupportTarget,
    Swarm,
    SwarmExpiry,
    Town,
    TownCard,
    TownSettings,
    UnitCard,
    Walls,
    apply,
    is_legal,
    legal_violation,
)
from battlebook.homm import rule_ids as ids
from battlebook.homm.extensions import reading
from battlebook.homm.game import HOMM
from battlebook.homm.readings import RULESET_SETTINGS
from battlebook.homm.setup import in_town
from battlebook.homm.siege import SETTINGS as TOWN_SETTINGS
from battlebook.homm.siege import town_of
from tests.strategies import PROFILE, battles, check_refusal, random_play

GOLEM = UnitCard("Gold Golem", level=2, phase=7, melee=3, ranged=0, defense=7)
ARCHER = UnitCard("Archer", level=1, phase=7, melee=1, ranged=3, defense=4)
MAGE = UnitCard("Mage", level=3, phase=7, melee=1, ranged=0, defense=6, spells=(Spell("Magic Fist", 4),))
BRUTE = UnitCard("Brute", level=3, phase=2, melee=5, ranged=0, defense=30)


def _battle(ruleset: Ruleset, *stacks: Stack, clock: Clock | None = None) -> BattleState:
    state = BattleState(ruleset=ruleset, clock=clock)
    for stack in stacks:
        state = state.with_stack(stack)
    return state


def _act(state: BattleState, *actions: Action, rolls: tuple[int, ...] = ()) -> BattleState:
    for action in actions:
        state = apply(state, action, ScriptedDice(list(rolls))).state
    return state


PHASE_7 = Clock(1, 7, Side.AGGRESSOR, Stage.PHASE)
NEXT_ATTACK = Ruleset(swarm_expiry=SwarmExpiry.NEXT_ATTACK)


def _swarmers(ruleset: Ruleset) -> BattleState:
    return _battle(
        ruleset,
        Stack("Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,) * 2),
        Stack("Archers", Side.AGGRESSOR, Line.MELEE, (ARCHER,)),
        Stack("Reserve", Side.AGGRESSOR, Line.MELEE, (GOLEM,)),
        Stack("Brute", Side.DEFENDER, Line.MELEE, (BRUTE,)),
        clock=PHASE_7,
    )


def _next_round(state: BattleState) -> BattleState:
    """Swarm in round 1, then move on to phase 7 of round 2."""
    state = _act(state, Swarm("Golems"))
    while (clock := state.clock) != Clock(2, 7, Side.AGGRESSOR, Stage.PHASE):
        assert clock is not None
        state = _act(state, EndPhase(clock.turn) if clock.stage is Stage.PHASE else Decline(clock.turn))
    return state


@pytest.mark.parametrize(
    ("use", "expiry", "stance"),
    [
        (Support("Golems", "Archers", "Brute"), SwarmExpiry.NEXT_OPPORTUNITY, Stance.READY),
        (Support("Golems", "Archers", "Brute"), SwarmExpiry.NEXT_ATTACK, Stance.SWARMING),
        (Reorganize("Golems", Line.RANGED), SwarmExpiry.NEXT_OPPORTUNITY, Stance.READY),
        (Reorganize("Golems", Line.RANGED), SwarmExpiry.NEXT_ATTACK, Stance.SWARMING),
        (Protect("Golems"), SwarmExpiry.NEXT_ATTACK, Stance.PROTECTING),
    ],
)
def test_an_opportunity_spent_otherwise_keeps_the_swarm_only_under_the_alternative(
    use: Action, expiry: SwarmExpiry, stance: Stance
) -> None:
    state = _act(_next_round(_swarmers(Ruleset(swarm_expiry=expiry))), use)
    assert state.stack("Golems").stance is stance


def test_under_the_alternative_an_attack_still_ends_the_swarm() -> None:
    state = _act(_next_round(_swarmers(NEXT_ATTACK)), MeleeAttack("Golems", "Brute"), rolls=(0,))
    assert state.stack("Golems").stance is Stance.READY


def _line_of_two(ruleset: Ruleset, waiting: int) -> BattleState:
    stacks = [Stack(f"Front {n}", Side.AGGRESSOR, Line.MELEE, (GOLEM,)) for n in (1, 2)]
    stacks += [Stack(f"Back {n}", Side.AGGRESSOR, Line.RANGED, (ARCHER,)) for n in range(1, waiting + 1)]
    return _battle(ruleset, *stacks, Stack("Brutes", Side.DEFENDER, Line.MELEE, (BRUTE,) * 3))


def test_one_per_fall_moves_the_only_waiting_stack_without_a_choice() -> None:
    state = _act(
        _line_of_two(Ruleset(move_up_refill=MoveUpRefill.ONE_PER_FALL), 1), MeleeAttack("Brutes", "Front 1"), rolls=(0,)
    )
    assert [s.name for s in state.stacks_on(Side.AGGRESSOR, Line.MELEE)] == ["Front 2", "Back 1"]
    assert state.choosing is None


def test_one_per_fall_leaves_the_line_short_until_the_next_fall() -> None:
    state = _act(
        _line_of_two(Ruleset(move_up_refill=MoveUpRefill.ONE_PER_FALL), 3), MeleeAttack("Brutes", "Front 1"), rolls=(0,)
    )
    assert state.choosing is Side.AGGRESSOR
    state = _act(state, MoveUp("Back 2", Side.AGGRESSOR))
    assert len(state.stacks_on(Side.AGGRESSOR, Line.MELEE)) == 2
    assert state.choosing is None
    assert [s.name for s in state.stacks_on(Side.AGGRESSOR, Line.RANGED)] == ["Back 1", "Back 3"]


STEP_BACK_REFUSED = Ruleset(step_back_allowed=False)


def test_under_the_alternative_a_stack_may_step_back_from_a_line_of_four() -> None:
    fronts = [Stack(f"Front {n}", Side.AGGRESSOR, Line.MELEE, (GOLEM,)) for n in range(1, 5)]
    state = _battle(STEP_BACK_REFUSED, *fronts, Stack("Brute", Side.DEFENDER, Line.MELEE, (BRUTE,)))
    assert is_legal(state, Reorganize("Front 1", Line.RANGED))
    state = _battle(STEP_BACK_REFUSED, *fronts[:3], Stack("Brute", Side.DEFENDER, Line.MELEE, (BRUTE,)))
    violation = legal_violation(state, Reorganize("Front 1", Line.RANGED))
    assert violation is not None and violation.rule == ids.RULING_STEP_BACK


def test_under_the_alternative_a_town_defender_may_not_go_back_inside_below_the_walls_minimum() -> None:
    state = _battle(
        STEP_BACK_REFUSED,
        Stack("Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,)),
        Stack("Guards", Side.DEFENDER, Line.MELEE, (GOLEM,)),
    ).with_extension(Town(TownCard("Town Card", Side.DEFENDER, Walls.BREACHED)))
    violation = legal_violation(state, Reorganize("Guards", Line.RANGED))
    assert violation is not None and violation.rule == ids.RULING_STEP_BACK


def test_coming_out_at_any_time_is_still_refused_at_the_end_of_the_round() -> None:
    state = _battle(
        Ruleset(),
        Stack("Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,)),
        Stack("Guards", Side.DEFENDER, Line.RANGED, (GOLEM,)),
        clock=Clock(1, 10, Side.AGGRESSOR, Stage.WITHDRAWAL),
    ).with_extension(Town(TownCard("Town Card", Side.DEFENDER), TownSettings(emerging=EmergingTime.ANY_TIME)))
    violation = legal_violation(state, Reorganize("Guards", Line.MELEE))
    assert violation is not None and violation.rule == ids.PHASES


def test_line_rules_leave_a_ranged_answer_from_the_ranged_line_alone() -> None:
    state = _battle(
        Ruleset(retaliation_reach=RetaliationReach.LINE_RULES),
        Stack("Archers", Side.AGGRESSOR, Line.RANGED, (ARCHER,) * 2),
        Stack("Enemy Archers", Side.DEFENDER, Line.RANGED, (ARCHER,) * 2),
    )
    state = _act(state, RangedAttack("Archers", "Enemy Archers"), rolls=(1,))
    assert state.stack("Enemy Archers").size == 1
    assert is_legal(state, Retaliate("Enemy Archers", "Archers", AttackKind.RANGED))


LIKE_MELEE = Ruleset(spell_reach=SpellReach.LIKE_MELEE)


def test_a_spell_like_melee_reaches_from_melee_line_to_melee_line_only() -> None:
    mage = Stack("Mage", Side.AGGRESSOR, Line.MELEE, (MAGE,))
    front, back = (
        Stack(n, Side.DEFENDER, line, (GOLEM,)) for n, line in (("Front", Line.MELEE), ("Back", Line.RANGED))
    )
    state = _battle(LIKE_MELEE, mage, front, back)
    assert is_legal(state, SpellAttack("Mage", "Front", "Magic Fist"))
    violation = legal_violation(state, SpellAttack("Mage", "Back", "Magic Fist"))
    assert violation is not None and violation.rule == ids.RULING_SPELL_REACH
    assert is_legal(replace(state, ruleset=Ruleset()), SpellAttack("Mage", "Back", "Magic Fist"))


def test_a_caster_supports_only_against_targets_its_spell_reaches() -> None:
    mage = Stack("Mage", Side.AGGRESSOR, Line.RANGED, (MAGE,))
    ally = Stack("Archers", Side.AGGRESSOR, Line.MELEE, (ARCHER,))
    state = _battle(LIKE_MELEE, mage, ally, Stack("Front", Side.DEFENDER, Line.MELEE, (GOLEM,)))
    violation = legal_violation(state, Support("Mage", "Archers", "Front"))
    assert violation is not None and violation.rule == ids.COMMON_TARGET
    assert is_legal(replace(state, ruleset=Ruleset()), Support("Mage", "Archers", "Front"))


ALTERNATIVES = st.builds(
    Ruleset,
    swarm_expiry=st.sampled_from(list(SwarmExpiry)),
    move_up_refill=st.sampled_from(list(MoveUpRefill)),
    step_back_allowed=st.booleans(),
    retaliation_reach=st.sampled_from(list(RetaliationReach)),
    spell_reach=st.sampled_from(list(SpellReach)),
    retaliation_support=st.booleans(),
    swarm_doubles_retaliation=st.booleans(),
    protecting_retaliates=st.booleans(),
    surrender_minimum=st.integers(0, 1),
    support_target=st.sampled_from(list(SupportTarget)),
    move_up_when_short=st.booleans(),
)
#: The town's own settings, read by its extension alone.
TOWN_ALTERNATIVES = st.builds(
    TownSettings,
    town_penalty=st.sampled_from(list(PenaltyBase)),
    emerging=st.sampled_from(list(EmergingTime)),
    zero_shot_allowed=st.booleans(),
    town_three_rule=st.booleans(),
)


@PROFILE
@given(st.one_of(battles(), battles(in_town=True)), ALTERNATIVES, TOWN_ALTERNATIVES, st.data())
def test_random_play_under_the_alternatives_keeps_cards_and_refuses_cleanly(
    state: BattleState, ruleset: Ruleset, town: TownSettings, data: st.DataObject
) -> None:
    state = reading(replace(state, ruleset=ruleset), dataclasses.asdict(town))
    cards = state.card_count()
    check_refusal(state, data)
    for _, after in random_play(state, data):
        check_refusal(after, data)
        assert after.card_count() == cards, "a card was created or lost"
        assert all(stack.size > 0 for stack in after.stacks), "an empty stack was left on a line"


def test_every_reading_changes_a_setting_of_the_ruleset_or_of_the_town() -> None:
    for words, settings in HOMM.readings().items():
        assert settings, f"{words!r} changes nothing"
        unknown = set(settings) - RULESET_SETTINGS - TOWN_SETTINGS
        assert not unknown, f"{words!r} names settings nothing holds: {sorted(unknown)}"


def test_a_town_reading_chosen_plays_the_town_under_it_and_leaves_the_ruleset_alone() -> None:
    state = in_town(Ruleset())
    read = HOMM.played_under(state, HOMM.readings()["a ranged attack the walls cut to 0 cannot be made"])
    town = town_of(read)
    assert town is not None and not town.settings.zero_shot_allowed and read.ruleset == state.ruleset
