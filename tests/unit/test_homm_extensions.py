"""The HoMM extension seam is real: features defined here change the rules without touching rules code.

Each toy extension below is a frozen dataclass that overrides one or two hooks of
[`Extension`][battlebook.homm.state.Extension]; plugged into a state with `with_extension`,
it changes what `apply`, `legal_violation`, `candidate_actions` and the odds say. The
town's rules are one such extension, holding the town card and its own settings; the open
field has none, and an attack there runs no town code at all.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from types import FrameType
from typing import Any

import pytest

from battlebook.dice import ScriptedDice
from battlebook.errors import RuleViolation, ScenarioError
from battlebook.homm import (
    Action,
    AttackKind,
    BattleState,
    Clock,
    EmergingTime,
    Line,
    MeleeAttack,
    OfferSurrender,
    RangedAttack,
    Ruleset,
    Side,
    Stack,
    Support,
    Town,
    TownCard,
    TownSettings,
    UnitCard,
    Withdraw,
    apply,
    legal_violation,
)
from battlebook.homm import extensions as seam
from battlebook.homm.chance import chance_of
from battlebook.homm.flow import melee_minimum
from battlebook.homm.rules import attack_score, candidate_actions, legal_actions
from battlebook.homm.scores import AttackScore
from battlebook.homm.state import Extension, Override
from battlebook.homm.units import KNOWN_UNITS

#: Illustrative stats for these tests, not printed cards (the sources name Orcs and Halflings but give no stats).
ORC = UnitCard("Orc", level=2, phase=6, melee=2, ranged=3, defense=5)
HALFLING = UnitCard("Halfling", level=1, phase=4, melee=1, ranged=2, defense=4)
GOLEM = KNOWN_UNITS["Gold Golem"]


def battle() -> BattleState:
    """Orcs (ranged score 5) and Gold Golems for the Aggressor; Halflings inside, a Golem in front for the Defender."""
    return (
        BattleState()
        .with_stack(Stack("Orcs", Side.AGGRESSOR, Line.RANGED, (ORC, ORC)))
        .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,) * 3))
        .with_stack(Stack("Sentry", Side.DEFENDER, Line.MELEE, (GOLEM,)))
        .with_stack(Stack("Halflings", Side.DEFENDER, Line.RANGED, (HALFLING, HALFLING)))
    )


@dataclass(frozen=True)
class Tailwind(Extension):
    """A score modifier: `side`'s ranged attacks gain `bonus` on their whole score."""

    side: Side
    bonus: int = 2

    def modify_score(
        self, state: BattleState, attacker: Stack, target: str, kind: AttackKind, score: AttackScore
    ) -> AttackScore:
        if kind is AttackKind.RANGED and attacker.side is self.side:
            return score.adjusted_to(score.whole + self.bonus)
        return score


@dataclass(frozen=True)
class Mist(Extension):
    """A reach rule: no melee attack reaches `side`'s stacks, wherever they stand."""

    side: Side

    def reach(self, state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> Override | None:
        if kind is AttackKind.MELEE and target.side is self.side:
            return Override(RuleViolation("toy.mist", f"the mist hides the {target.name}"))
        return None


@dataclass(frozen=True)
class Bridge(Extension):
    """A reach rule the other way: melee attacks reach `side`'s Ranged Line too."""

    side: Side

    def reach(self, state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> Override | None:
        return Override() if kind is AttackKind.MELEE and target.side is self.side else None


@dataclass(frozen=True)
class Watchtower(Extension):
    """A kind of target: a tower of `defense` that only melee attacks hit; one hit brings it down."""

    name: str = "Watchtower"
    defense: int = 8
    standing: bool = True

    def pieces(self, state: BattleState) -> tuple[str, ...]:
        return (self.name,) if self.standing else ()

    def piece_violation(self, state: BattleState, action: Action) -> RuleViolation | None:
        if isinstance(action, MeleeAttack) and action.target == self.name:
            return None
        return RuleViolation("toy.watchtower", f"only a melee attack can touch the {self.name}")

    def piece_defense(self, state: BattleState, piece: str) -> int:
        return self.defense

    def piece_hit(self, state: BattleState, piece: str) -> BattleState:
        return state.replacing_extension(self, replace(self, standing=False))

    def piece_actions(self, state: BattleState) -> Iterator[Action]:
        for stack in state.stacks:
            yield MeleeAttack(stack.name, self.name)
            yield RangedAttack(stack.name, self.name)


@dataclass(frozen=True)
class Oath(Extension):
    """Constraints: `side` keeps `minimum` stacks on its Melee Line at all times and never retreats."""

    side: Side
    minimum: int = 1

    def melee_minimum(self, state: BattleState, side: Side) -> int | None:
        return self.minimum if side is self.side else None

    def retreat_violation(self, state: BattleState, action: Withdraw | OfferSurrender) -> RuleViolation | None:
        return RuleViolation("toy.oath", f"the {self.side} swore to stay") if action.side is self.side else None


def test_the_town_is_an_ordinary_extension_with_its_own_settings() -> None:
    """No town field in the state, no town setting in the general ruleset: the town is one extension."""
    assert not any("town" in f.name for f in dataclasses.fields(BattleState))
    assert not {f.name for f in dataclasses.fields(Ruleset)} & {f.name for f in dataclasses.fields(TownSettings)}
    town = Town(TownCard("Town Card", Side.DEFENDER))
    state = battle().with_extension(town)
    assert seam.in_play(state) == state.extensions == (town,)
    assert (
        town.reading({"emerging": EmergingTime.ANY_TIME, "swat_picks": True}).settings.emerging is EmergingTime.ANY_TIME
    )


def test_the_open_field_has_no_extension_and_a_town_has_its_rules() -> None:
    assert battle().extensions == () and seam.in_play(battle()) == ()
    walls = Town(TownCard("Town Card", Side.DEFENDER))
    town = battle().with_extension(walls)
    assert seam.in_play(town) == (walls,)
    assert seam.in_play(town.with_extension(Tailwind(Side.AGGRESSOR))) == (walls, Tailwind(Side.AGGRESSOR))


def test_a_score_modifier_changes_the_score_apply_strikes_with_and_the_odds() -> None:
    shot = RangedAttack("Orcs", "Sentry")
    plain, windy = battle(), battle().with_extension(Tailwind(Side.AGGRESSOR))
    assert attack_score(plain, shot) == 5 and attack_score(windy, shot) == 7
    roll = apply(windy, shot, ScriptedDice([0])).attack
    assert roll is not None and roll.score == 7 and roll.is_hit
    assert chance_of(plain, shot).winning_values == (2, 3, 4, 5, 6, 7, 8, 9)
    assert chance_of(windy, shot).winning_values == (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert attack_score(battle().with_extension(Tailwind(Side.DEFENDER)), shot) == 5


def test_score_modifiers_fold_in_order_after_the_town_walls() -> None:
    town = battle().with_extension(Town(TownCard("Town Card", Side.DEFENDER)))
    shot = RangedAttack("Orcs", "Halflings")
    assert attack_score(town, shot) == 3  # 5 halved, rounding up
    assert attack_score(town.with_extension(Tailwind(Side.AGGRESSOR)), shot) == 5  # then 2 more


def test_a_reach_rule_refuses_an_attack_the_line_rules_allow() -> None:
    misty = battle().with_extension(Mist(Side.DEFENDER))
    blow = MeleeAttack("Gold Golems", "Sentry")
    assert legal_violation(battle(), blow) is None
    violation = legal_violation(misty, blow)
    assert violation is not None and violation.rule == "toy.mist"
    with pytest.raises(RuleViolation, match="the mist hides the Sentry"):
        apply(misty, blow, ScriptedDice([9]))
    assert legal_violation(misty, RangedAttack("Orcs", "Sentry")) is None


def test_a_reach_rule_lets_an_attack_through_the_line_rules_refuse() -> None:
    blow = MeleeAttack("Gold Golems", "Halflings")
    refused = legal_violation(battle(), blow)
    assert refused is not None and refused.rule == "homm.melee-attack"
    bridged = battle().with_extension(Bridge(Side.DEFENDER))
    assert legal_violation(bridged, blow) is None
    result = apply(bridged, blow, ScriptedDice([0]))
    assert result.attack is not None and result.attack.target == "Halflings"
    helper = Stack("Second Golems", Side.AGGRESSOR, Line.MELEE, (GOLEM,))
    support = Support("Second Golems", "Gold Golems", "Halflings")
    violation = legal_violation(battle().with_stack(helper), support)
    assert violation is not None and violation.rule == "homm.common-target"
    assert legal_violation(bridged.with_stack(helper), support) is None


def test_a_piece_is_a_kind_of_target_with_its_own_legality_defense_and_hit() -> None:
    tower = Watchtower()
    state = battle().with_extension(tower)
    hit = MeleeAttack("Gold Golems", "Watchtower")
    assert hit in set(candidate_actions(state)) and hit in set(legal_actions(replace(state, clock=Clock(1, 7))))
    violation = legal_violation(state, RangedAttack("Orcs", "Watchtower"))
    assert violation is not None and violation.rule == "toy.watchtower"
    missed = apply(state, hit, ScriptedDice([0]))
    assert missed.attack is not None and missed.attack.defense == 8 and not missed.attack.is_hit
    assert missed.state.extensions == (tower,)
    felled = apply(state, hit, ScriptedDice([1]))
    assert felled.attack is not None and felled.attack.is_hit and felled.attack.removed == ()
    assert felled.state.extensions == (Watchtower(standing=False),) and felled.state.last_attack is None
    assert felled.state.card_count() == state.card_count()
    with pytest.raises(ScenarioError):
        state.with_stack(Stack("Watchtower", Side.DEFENDER, Line.MELEE, (GOLEM,)))


def test_constraints_set_a_melee_minimum_and_forbid_retreat() -> None:
    sworn = replace(battle(), armies=(replace(battle().army(Side.AGGRESSOR), town_distance=9), battle().armies[1]))
    sworn = sworn.with_extension(Oath(Side.AGGRESSOR, minimum=1))
    assert melee_minimum(battle(), Side.AGGRESSOR) == 3 and melee_minimum(sworn, Side.AGGRESSOR) == 1
    assert melee_minimum(sworn, Side.DEFENDER) == 3
    violation = seam.retreat_violation(sworn, Withdraw(Side.AGGRESSOR))
    assert violation is not None and violation.rule == "toy.oath"
    assert seam.retreat_violation(sworn, Withdraw(Side.DEFENDER)) is None


def _modules_run(state: BattleState, action: Action) -> set[str]:
    seen: set[str] = set()

    def watch(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            seen.add(frame.f_globals.get("__name__", ""))

    sys.setprofile(watch)
    try:
        apply(state, action, ScriptedDice([0]))
    finally:
        sys.setprofile(None)
    return seen


def test_an_attack_in_the_open_field_runs_no_town_code() -> None:
    shot = RangedAttack("Orcs", "Halflings")
    open_field = _modules_run(battle(), shot)
    assert "battlebook.homm.combat" in open_field and "battlebook.homm.siege" not in open_field
    in_town = _modules_run(battle().with_extension(Town(TownCard("Town Card", Side.DEFENDER))), shot)
    assert "battlebook.homm.siege" in in_town
