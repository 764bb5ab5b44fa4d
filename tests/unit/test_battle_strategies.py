"""Best play's strategies: played out at random they give the exact value; exact ties are broken by the tie order.

The Monte Carlo plays whole battles through the engine's own contest and rules, each step
taken as the strategy the solver found (`BestPlay.strategy`) says, each attack rolled on a
die face drawn at random (seeded): nothing of the solver's grouping of faces or of its
chain is used. Each (position, option, face) step is resolved once through `rules.apply`
and then looked up, so 100,000 battles take seconds; the battles stay independent draws.
The bound: the share of battles each side wins lies within five standard errors of the
exact chance (a false alarm about once in 1.7 million runs; the seed makes it deterministic).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

from battlebook.battle import BestPlay, Choice, Skip, solve_best, solve_plan
from battlebook.dice import Die, ScriptedDice
from battlebook.fight import Ended, Move
from battlebook.game import Roll
from battlebook.homm.battle import (
    BattleOdds,
    HommContest,
    Position,
    StackSpec,
    battle_odds_in,
    battle_state,
    start_position,
)
from battlebook.homm.chance import FirstRollDice
from battlebook.homm.play import HOMM_PLAY
from battlebook.homm.readings import with_reading
from battlebook.homm.ruleset import Ruleset
from battlebook.homm.sides import Side
from battlebook.homm.state import BattleState

S = StackSpec
BATTLES = 100_000
#: A sample of battles under best play: a sacrifice first (the rulebook's Example), declining to
#: retaliate when a retaliation may be answered, and two stacks against two with a swarm or a move.
CASES = [
    # The sacrifice case is the costliest (about 90 s for its Monte Carlo and 70 s for its tie
    # breakings under load): `make full` runs it, `make test` the other two.
    pytest.param(
        ([S(1, 1, 3, 0, 7, 3, "melee"), S(1, 1, 2, 3, 5, 4, "ranged")], [S(1, 2, 4, 0, 8, 5, "melee")], ()),
        marks=pytest.mark.full,
    ),
    (
        [S(1, 3, 6, 0, 10, 1, "melee")],
        [S(2, 1, 3, 0, 10, 4, "melee")],
        ("a retaliation may itself be retaliated against",),
    ),
    ([S(2, 1, 3, 0, 7, 3, "melee")], [S(1, 2, 4, 0, 7, 5, "melee")], ()),
]


def _best_play(case: tuple[list[StackSpec], list[StackSpec], tuple[str, ...]]) -> tuple[BattleState, BattleOdds]:
    """A case's battle, under the readings it names, and its odds under best play."""
    aggressor, defender, readings = case
    ruleset = Ruleset()
    for words in readings:
        ruleset = with_reading(ruleset, words)
    state = battle_state(aggressor, defender, ruleset)
    return state, battle_odds_in(state, "best")


@dataclass
class _Numbered:
    """A battle's positions under fixed strategies, numbered as they are met, with the ends' winners."""

    contest: Any
    best: BestPlay[Any]
    number: dict[Any, int] = field(default_factory=dict)
    positions: list[Any] = field(default_factory=list)
    ended: dict[int, int | None] = field(default_factory=dict)

    def id_of(self, position: Any) -> int:
        """`position`'s number, given when it is first met."""
        found = self.number.get(position)
        if found is None:
            found = self.number[position] = len(self.positions)
            self.positions.append(position)
            decision = self.contest.decide(position)
            if isinstance(decision, Ended):
                self.ended[found] = self.contest.winner(decision.outcome)
            else:
                self.met(found, decision)
        return found

    def met(self, at: int, decision: Choice[Any, Any, Any]) -> None:
        """What a walk keeps of a position that is not an end, when it is first met (nothing here)."""

    def chosen(self, position: Any, decision: Choice[Any, Any, Any] | None = None) -> Any:
        """The step the strategies take at `position`, a position with a choice (`decision`, when known)."""
        if decision is None:
            decision = self.contest.decide(position)
            assert isinstance(decision, Choice)
        return decision.options[self.best.option_at(position) if len(decision.options) > 1 else 0][1]


@dataclass
class _Walk(_Numbered):
    """The battle's steps under fixed strategies, each resolved once: (position, face) to the next position."""

    steps: dict[tuple[int, int], int] = field(default_factory=dict)
    rolls: dict[int, bool] = field(default_factory=dict)

    def step(self, at: int, face: int) -> int:
        key = (at, face)
        found = self.steps.get(key)
        if found is None:
            position = self.positions[at]
            step = self.chosen(position)
            if isinstance(step, Skip):
                following = step.position
            else:
                assert isinstance(step, Move)
                dice = FirstRollDice(face) if HOMM_PLAY.is_attack(step.action) else ScriptedDice()
                after = HOMM_PLAY.apply(step.state, step.action, dice).state
                following, _ = self.contest.advance(position, step, after)
            found = self.steps[key] = self.id_of(following)
        return found

    def rolls_at(self, at: int) -> bool:
        """Whether the step at `at` rolls the die (else any face gives the same step)."""
        found = self.rolls.get(at)
        if found is None:
            step = self.chosen(self.positions[at])
            found = self.rolls[at] = isinstance(step, Move) and HOMM_PLAY.is_attack(step.action)
        return found


def _monte_carlo(walk: _Walk, start: Position, faces: tuple[int, ...], seed: int) -> tuple[int, int, int]:
    rng = random.Random(seed)
    first = walk.id_of(start)
    won = lost = unfinished = 0
    for _ in range(BATTLES):
        at = first
        for _ in range(100_000):
            if at in walk.ended:
                break
            at = walk.step(at, rng.choice(faces) if walk.rolls_at(at) else faces[0])
        winner = walk.ended.get(at, -1)
        if winner == 0:
            won += 1
        elif winner == 1:
            lost += 1
        else:
            unfinished += 1
    return won, lost, unfinished


@pytest.mark.parametrize("case", CASES)
def test_a_seeded_monte_carlo_under_the_strategies_found_lands_within_five_standard_errors(
    case: tuple[list[StackSpec], list[StackSpec], tuple[str, ...]],
) -> None:
    state, odds = _best_play(case)
    assert odds.solved is not None and odds.solved.strategy
    faces = tuple(sorted(int(face) for face in state.ruleset.die.faces if isinstance(face, int)))
    won, lost, unfinished = _monte_carlo(_Walk(HommContest(), odds.solved), start_position(state), faces, seed=32)
    for count, exact in ((won, odds.aggressor_wins), (lost, odds.defender_wins)):
        p = float(exact)
        error = max((p * (1 - p) / BATTLES) ** 0.5, 1 / BATTLES)
        assert abs(count / BATTLES - p) < 5 * error, (count, exact)
    assert odds.never_ends == 0 and unfinished == 0


# --- Ties: the order of preference, and whether the expected count depends on them -------------


class _Coin:
    """A toy game: a "roll" wins for side 0 on heads and loses on tails, a "slow roll" stops on tails instead.

    "go" wins at once and "step" takes one more step; neither rolls.
    """

    d2 = Die("d2", (0, 1))

    def is_attack(self, action: object) -> bool:
        return action in ("roll", "slow roll")

    def outcomes(self, state: str, action: str) -> Any:
        return (Roll(Fraction(1, 2), ScriptedDice([face])) for face in self.d2.faces)

    def apply(self, state: str, action: str, dice: Any) -> Any:
        if action == "go":
            return _Played("won")
        if action == "step":
            return _Played("later")
        face = dice.roll(self.d2)
        return _Played(("won", "lost")[face] if action == "roll" else ("won", "slow")[face])


@dataclass(frozen=True)
class _Played:
    state: str


@dataclass(frozen=True)
class _Toy:
    """Positions are words; `menu` says who chooses where, and among what."""

    menu: Mapping[str, tuple[int | None, tuple[tuple[str, Any], ...]]]

    def decide(self, p: str) -> Any:
        if p in ("won", "lost"):
            return Ended(0 if p == "won" else 1)
        side, options = self.menu[p]
        return Choice(side, options)

    def advance(self, p: str, move: Any, after: str) -> tuple[str, int]:
        return after, 1

    def winner(self, outcome: int) -> int:
        return outcome


def test_the_first_side_prefers_a_battle_that_never_ends_to_a_loss_at_the_same_chance() -> None:
    # "roll": win 1/2, lose 1/2; "try once": win 1/2, else the battle stops for ever.
    menu = {
        "start": (0, (("roll", Move("start", "roll")), ("try once", Move("start", "slow roll")))),
        "slow": (None, (("wait", Skip("slow")),)),
    }
    best = solve_best(_Coin(), _Toy(menu), "start")
    assert best.first_wins == Fraction(1, 2) and best.never_ends == Fraction(1, 2)
    assert best.first_decision == (0, "try once") and best.option_at("start") == 1


def test_the_second_side_prefers_its_own_win_to_a_battle_that_never_ends_at_the_same_chance() -> None:
    menu = {
        "start": (1, (("stall", Skip("stopped")), ("finish", Skip("lost")))),
        "stopped": (None, (("wait", Skip("stopped")),)),
    }
    best = solve_best(_Coin(), _Toy(menu), "start")
    assert best.first_wins == 0 and best.second_wins == 1 and best.first_decision == (1, "finish")


def test_a_side_prefers_its_win_over_everything_else() -> None:
    menu = {
        "start": (0, (("stall", Skip("stopped")), ("roll", Move("start", "roll")))),
        "stopped": (None, (("wait", Skip("stopped")),)),
    }
    best = solve_best(_Coin(), _Toy(menu), "start")
    assert best.first_wins == Fraction(1, 2) and best.option_at("start") == 1


def test_whether_the_expected_count_depends_on_ties_is_worked_out_over_the_tied_options() -> None:
    # Two ways to the same certain win: at once, or after one more step (each step counts 1).
    # Both give the first side its win for sure, so best play may take either: 1 or 2 steps.
    menu = {
        "start": (0, (("win now", Move("start", "go")), ("win later", Move("start", "step")))),
        "later": (None, (("go", Move("later", "go")),)),
    }
    best = solve_best(_Coin(), _Toy(menu), "start")
    assert best.first_wins == 1 and best.ties["start"] == (0, 1) and best.count_depends_on_ties
    # Both ways equally long: the count cannot depend on the tie.
    even = {"start": (0, (("win now", Move("start", "go")), ("also now", Move("start", "go"))))}
    assert not solve_best(_Coin(), _Toy(even), "start").count_depends_on_ties


@pytest.mark.parametrize("case", CASES)
def test_the_flag_agrees_with_two_tie_breakings_of_a_real_battle(
    case: tuple[list[StackSpec], list[StackSpec], tuple[str, ...]],
) -> None:
    """Break every exact tie to the first tied option, then to the last, and solve each exactly.

    A tie-breaking that keeps best play's chances (a pass taken everywhere may not: the battle
    would never end) is best play too: where its expected rounds differ from the answer's, the
    answer must say that the count depends on ties, and where it says it does not, they agree.
    """
    state, odds = _best_play(case)
    solved = odds.solved
    assert solved is not None
    kept_chances = 0
    for pick in (min, max):
        contest = HommContest()

        def tie_break(position: Position, choice: Choice[Any, Any, Any], pick: Any = pick) -> int:
            assert solved is not None
            return int(pick(solved.ties[position])) if position in solved.ties else solved.option_at(position)

        answer = solve_plan(contest.play, contest, tie_break, start_position(state))
        won = {w: p for w, p in answer.outcomes.items()}
        if (won.get(Side.AGGRESSOR, 0), won.get(Side.DEFENDER, 0)) != (odds.aggressor_wins, odds.defender_wins):
            continue
        kept_chances += 1
        rounds = None if answer.expected_count is None else 1 + answer.expected_count
        if rounds != odds.expected_rounds:
            assert odds.rounds_depend_on_ties
        if not odds.rounds_depend_on_ties:
            assert rounds == odds.expected_rounds
    assert kept_chances, "neither tie-breaking is best play: the comparison says nothing"


# --- Heroscape: the same check, the dice rolled one by one -----------------------------------------


@dataclass
class _HeroscapeWalk(_Numbered):
    """A Heroscape battle's steps under fixed strategies: (position, rolled faces) to the next position.

    Each attack's dice are rolled at random, one die at a time (the rules' attack dice, then
    their defense dice, each face as likely as the die's sides make it), and the attack is
    resolved through `rules.apply` with those faces; the faces are kept sorted in the key (the
    order of the dice does not matter to the rules), so each resolution is made once and
    looked up after. Nothing of the solver's grouping of rolls by unblocked skulls is used.
    """

    moves: dict[int, Any] = field(default_factory=dict)
    steps: dict[tuple[int, tuple[Any, ...], tuple[Any, ...]], int] = field(default_factory=dict)

    def met(self, at: int, decision: Choice[Any, Any, Any]) -> None:
        """The move the strategies make there, kept for the walk's steps."""
        step = self.chosen(self.positions[at], decision)
        assert isinstance(step, Move)  # a Heroscape battle has no option that skips
        self.moves[at] = step

    def step(self, at: int, rng: random.Random) -> int:
        from battlebook.heroscape.play import HEROSCAPE_PLAY
        from battlebook.heroscape.rules import dice_pool

        move = self.moves[at]
        state = move.state
        pool = dice_pool(state, move.action)
        attack = tuple(sorted((rng.choice(state.ruleset.die.faces) for _ in range(pool.attack)), key=str))
        defense_faces = state.ruleset.defense_sides.die.faces
        defense = tuple(sorted((rng.choice(defense_faces) for _ in range(pool.defense)), key=str))
        key = (at, attack, defense)
        found = self.steps.get(key)
        if found is None:
            after = HEROSCAPE_PLAY.apply(state, move.action, ScriptedDice([*attack, *defense])).state
            following, _ = self.contest.advance(self.positions[at], move, after)
            found = self.steps[key] = self.id_of(following)
        return found


@pytest.mark.full  # about 10 CPU-s (100,000 battles, each attack's dice rolled one by one): `make full` runs it
def test_a_seeded_monte_carlo_of_a_heroscape_battle_under_the_strategies_found_lands_within_five_standard_errors() -> (
    None
):
    from battlebook.heroscape.battle import Squad, battle_odds_in, start_position
    from battlebook.heroscape.battle import battle_state as heroscape_state
    from battlebook.heroscape.ruleset import Edition

    state = heroscape_state(Squad(2, 3, 2, 2), Squad(2, 2, 2, 3), Edition.EDITION_2024)
    odds = battle_odds_in(state, "best", first="Red")
    assert odds.solved is not None and odds.solved.strategy and odds.never_ends == 0
    contest, start = start_position(state, "Red")
    walk = _HeroscapeWalk(contest, odds.solved)
    rng = random.Random(32)
    first = walk.id_of(start)
    won = lost = 0
    for _ in range(BATTLES):
        at = first
        for _ in range(10_000):
            if at in walk.ended:
                break
            at = walk.step(at, rng)
        winner = walk.ended.get(at, -1)
        won += winner == 0
        lost += winner == 1
    assert won + lost == BATTLES
    for count, exact in ((won, odds.first_wins), (lost, odds.second_wins)):
        p = float(exact)
        error = max((p * (1 - p) / BATTLES) ** 0.5, 1 / BATTLES)
        assert abs(count / BATTLES - p) < 5 * error, (count, exact)


class _Odds:
    """A game whose actions are chances: taking one wins with that chance, else loses."""

    d2 = Die("d2", (0, 1))

    def is_attack(self, action: object) -> bool:
        return True

    def outcomes(self, state: str, action: Fraction) -> Any:
        return (Roll(action, ScriptedDice([0])), Roll(1 - action, ScriptedDice([1])))

    def apply(self, state: str, action: Fraction, dice: Any) -> Any:
        return _Played(("won", "lost")[dice.roll(self.d2)])


@pytest.mark.parametrize("side", [0, 1])
def test_options_closer_than_floating_point_tells_apart_are_still_told_apart_exactly(side: int) -> None:
    # Three chances of the first side's win: two a 10^-30 apart (the same float), one clearly lower.
    # The first side takes the larger of the two, the second side the lowest; and the near twins
    # are no exact tie.
    half = Fraction(1, 2)
    twins = (half, half + Fraction(1, 10**30))
    chances = (*twins, Fraction(1, 3)) if side == 0 else (half - Fraction(1, 10**30), half, Fraction(2, 3))
    assert float(chances[0]) == float(chances[1])
    menu = {"start": (side, tuple((f"take {i}", Move("start", c)) for i, c in enumerate(chances)))}
    best = solve_best(_Odds(), _Toy(menu), "start")
    expected = 1 if side == 0 else 0
    assert best.option_at("start") == expected and best.first_wins == chances[expected]
    assert best.ties["start"] == (expected,)
