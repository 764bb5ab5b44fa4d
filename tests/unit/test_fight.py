"""The whole-fight odds, checked against what is written here without the engine.

- the solver on small chains whose answers are known by hand: a loop that always ends,
  one that never does, a run of certain steps that comes back to itself, the bound;
- every Heroscape duel and one-figure-attacked question, both editions, every height,
  against an independent dynamic program over Life left, with the wound distribution
  counted here from the binomial coefficients;
- HoMM fights of two stacks under both die readings and both retaliation readings,
  against an independent dynamic program over the cards left at each round's start,
  playing the round's phases and retaliations here;
- a seeded Monte Carlo of 100,000 fights for each question (a Heroscape duel, one figure
  attacked again and again, a HoMM fight of two stacks), each chance and the expected length
  within 4 standard errors;
- a HoMM position leaves out only what no rule reads: along random legal play, a battle
  with another round number and another discard pile allows the same actions and reaches
  the same positions.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import accumulate
from math import comb, sqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlebook.dice import Dice, Die, ScriptedDice
from battlebook.fight import Ended, Move, solve
from battlebook.fight_report import FightArgumentError, FightTooLarge
from battlebook.game import Roll
from battlebook.heroscape.fight import Fighter, attacked_odds, duel_odds
from battlebook.heroscape.ruleset import Edition
from battlebook.homm import Clock, UnitCard
from battlebook.homm.chance import FirstRollDice
from battlebook.homm.fight import READINGS, StackOf, fight_odds, position, ruleset_for
from battlebook.homm.rules import apply as homm_apply
from battlebook.homm.rules import candidate_actions, legal_violation
from tests.strategies import PROFILE, battles, random_play

# --- The solver on chains known by hand -------------------------------------------------


class Walk:
    """A toy game: an attack moves a counter by one of `steps`, each equally likely."""

    def __init__(self, steps: tuple[int, ...]) -> None:
        self.die = Die("steps", steps)

    def is_attack(self, action: object) -> bool:
        return action == "roll"

    def outcomes(self, state: int, action: str) -> Iterator[Roll]:
        return (Roll(Fraction(1, len(self.die.faces)), ScriptedDice([face])) for face in self.die.faces)

    def apply(self, state: int, action: str, dice: Dice) -> Walked:
        step = dice.roll(self.die) if action == "roll" else 0
        assert isinstance(step, int)
        return Walked(state + step if action == "roll" else state)


@dataclass(frozen=True)
class Walked:
    state: int


@dataclass(frozen=True)
class Until:
    """Roll until the counter leaves `low`..`high`; `wait` at `pause` instead of rolling (a certain step)."""

    low: int
    high: int
    pause: int | None = None

    def decide(self, position: int) -> Move[int, str] | Ended[int]:
        if not self.low <= position <= self.high:
            return Ended(position)
        return Move(position, "wait" if position == self.pause else "roll")

    def advance(self, position: int, move: Move[int, str], after: int) -> tuple[int, int]:
        return after, int(move.action == "roll")


def test_a_walk_that_may_stay_put_ends_at_either_side_with_the_gamblers_odds() -> None:
    odds = solve(Walk((-1, 0, 1)), Until(1, 3), 2)
    assert dict(odds.outcomes) == {0: Fraction(1, 2), 4: Fraction(1, 2)}
    assert odds.never_ends == 0 and odds.expected_count == 6  # 2 * 2 steps of a fair walk, at 2/3 moving


def test_a_walk_that_cannot_move_never_ends_and_has_no_expected_length() -> None:
    odds = solve(Walk((0,)), Until(1, 3), 2)
    assert dict(odds.outcomes) == {} and odds.never_ends == 1 and odds.expected_count is None


def test_a_walk_that_waits_for_ever_at_one_place_never_ends_from_there() -> None:
    odds = solve(Walk((-1, 1)), Until(1, 3, pause=3), 2)
    assert odds.never_ends == Fraction(2, 3) and dict(odds.outcomes) == {
        0: Fraction(1, 3)
    }  # the gambler's ruin, 0 against 3


def test_a_fight_past_the_bound_is_refused_before_it_takes_long() -> None:
    with pytest.raises(FightTooLarge, match="more than 10 positions"):
        solve(Walk((-1, 1)), Until(-100, 100), 0, limit=10)


# --- Heroscape: an independent dynamic program ------------------------------------------


@cache
def unblocked(attack: int, defense: int) -> tuple[Fraction, ...]:
    """The chance of k skulls left unblocked, counted from binomials (skull 1/2, shield 1/3)."""
    out = [Fraction(0)] * (attack + 1)
    for skulls in range(attack + 1):
        p_skulls = Fraction(comb(attack, skulls), 2**attack)
        for shields in range(defense + 1):
            p = p_skulls * Fraction(comb(defense, shields) * 2 ** (defense - shields), 3**defense)
            out[max(skulls - shields, 0)] += p
    return tuple(out)


HEIGHT_DICE = {Edition.BASIC_2004: (-1, 0, 1), Edition.EDITION_2024: (-2, -1, 0, 1, 2)}


def duel_by_hand(
    first: Fighter, second: Fighter, edition: Edition, height: int
) -> tuple[dict[tuple[str, int], Fraction], Fraction, Fraction | None]:
    """(chance of each (winner, Life left), chance it never ends, expected attacks) of the duel."""
    up_first, up_second = max(height, 0), max(-height, 0)
    a_attacks = unblocked(first.attack + up_first, second.defense + up_second)
    b_attacks = unblocked(second.attack + up_second, first.defense + up_first)
    wounds = edition is Edition.EDITION_2024

    def harm(life: int, k: int) -> int:
        return (life - k if wounds else 0) if k else life

    # f[a, b]: (outcome distribution, expected attacks) with the first figure about to attack; g: the second.
    known: dict[tuple[int, int], tuple[dict[tuple[str, int], Fraction], Fraction]] = {}

    def solve_pair(a: int, b: int) -> tuple[dict[tuple[str, int], Fraction], Fraction]:
        if (a, b) in known:
            return known[(a, b)]
        # f = rest_f + qa * g ; g = rest_g + qb * f   (misses keep (a, b))
        rest_f: dict[tuple[str, int], Fraction] = {}
        rest_g: dict[tuple[str, int], Fraction] = {}
        len_f, len_g = Fraction(1), Fraction(1)
        qa, qb = a_attacks[0], b_attacks[0]
        for k, p in enumerate(a_attacks):
            if k == 0 or not p:
                continue
            left = harm(b, k)
            if left <= 0:
                rest_f[("first", a)] = rest_f.get(("first", a), Fraction(0)) + p
                continue
            # the second figure attacks next, from (a, left)
            dist, length = second_to_attack(a, left)
            for key, value in dist.items():
                rest_f[key] = rest_f.get(key, Fraction(0)) + p * value
            len_f += p * length
        for k, p in enumerate(b_attacks):
            if k == 0 or not p:
                continue
            left = harm(a, k)
            if left <= 0:
                rest_g[("second", b)] = rest_g.get(("second", b), Fraction(0)) + p
                continue
            dist, length = solve_pair(left, b)
            for key, value in dist.items():
                rest_g[key] = rest_g.get(key, Fraction(0)) + p * value
            len_g += p * length
        loop = 1 - qa * qb
        if loop == 0:
            known[(a, b)] = ({}, Fraction(-1))
            return known[(a, b)]
        dist = {key: (rest_f.get(key, 0) + qa * rest_g.get(key, 0)) / loop for key in {*rest_f, *rest_g}}
        known[(a, b)] = (dist, (len_f + qa * len_g) / loop)
        return known[(a, b)]

    def second_to_attack(a: int, b: int) -> tuple[dict[tuple[str, int], Fraction], Fraction]:
        rest: dict[tuple[str, int], Fraction] = {}
        length = Fraction(1)
        for k, p in enumerate(b_attacks):
            if not p:
                continue
            left = harm(a, k)
            if left <= 0:
                rest[("second", b)] = rest.get(("second", b), Fraction(0)) + p
                continue
            dist, more = solve_pair(left, b)
            for key, value in dist.items():
                rest[key] = rest.get(key, Fraction(0)) + p * value
            length += p * more
        return rest, length

    dist, length = solve_pair(first.life, second.life)
    never = 1 - sum(dist.values(), Fraction(0))
    return dist, never, (None if never else length)


DUELS = [
    (Fighter(3, 3, 4), Fighter(3, 3, 4)),
    (Fighter(2, 4, 3), Fighter(4, 1, 2)),
    (Fighter(1, 0, 5), Fighter(0, 6, 1)),
    (Fighter(0, 2, 2), Fighter(0, 1, 3)),
    (Fighter(5, 2, 1), Fighter(1, 1, 6)),
]


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize(("first", "second"), DUELS)
def test_every_heroscape_duel_agrees_with_an_independent_dynamic_program(
    edition: Edition, first: Fighter, second: Fighter
) -> None:
    for height in HEIGHT_DICE[edition]:
        odds = duel_odds(first, second, edition, height)
        dist, never, length = duel_by_hand(first, second, edition, height)
        assert odds.never_ends == never
        assert odds.first_wins == sum((p for (w, _), p in dist.items() if w == "first"), Fraction(0))
        assert odds.second_wins == sum((p for (w, _), p in dist.items() if w == "second"), Fraction(0))
        assert {k: v for k, v in odds.first_wins_with_left.items() if v} == {
            n: p for (w, n), p in dist.items() if w == "first" and p
        }
        assert {k: v for k, v in odds.second_wins_with_left.items() if v} == {
            n: p for (w, n), p in dist.items() if w == "second" and p
        }
        assert odds.expected_attacks == length


def test_height_beyond_what_the_edition_gives_is_refused_in_one_line() -> None:
    with pytest.raises(FightArgumentError, match="at most 1 extra die, not 2"):
        duel_odds(Fighter(1, 1, 1), Fighter(1, 1, 1), Edition.BASIC_2004, 2)


def attacked_by_hand(
    life: int, attacks: list[tuple[int, int]], edition: Edition
) -> tuple[list[Fraction], dict[int, Fraction]]:
    alive = {0: Fraction(1)}
    by_attack = []
    for attack, defense in attacks:
        spread = unblocked(attack, defense)
        now: dict[int, Fraction] = {}
        destroyed = Fraction(0)
        for wounds, p in alive.items():
            for k, q in enumerate(spread):
                total = wounds + k if edition is Edition.EDITION_2024 else (life if k else wounds)
                if total >= life:
                    destroyed += p * q
                else:
                    now[total] = now.get(total, Fraction(0)) + p * q
        by_attack.append(destroyed)
        alive = now
    return by_attack, alive


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize(
    ("life", "attacks"),
    [(1, [(2, 1)]), (4, [(3, 2), (1, 0), (5, 5), (2, 3)]), (6, [(0, 0), (8, 1)]), (3, [(1, 6)] * 5)],
)
def test_one_figure_attacked_again_and_again_agrees_with_an_independent_count(
    edition: Edition, life: int, attacks: list[tuple[int, int]]
) -> None:
    odds = attacked_odds(life, attacks, edition)
    by_attack, alive = attacked_by_hand(life, attacks, edition)
    assert list(odds.destroyed_by_attack) == by_attack
    assert odds.destroyed == sum(by_attack, Fraction(0))
    assert {w: p for w, p in odds.alive_with_wounds.items() if p} == {w: p for w, p in alive.items() if p}


# --- HoMM: an independent dynamic program -----------------------------------------------


def hit_chance(score: int, defense: int, faces: range) -> Fraction:
    return Fraction(sum(1 for face in faces if score + face >= defense), len(faces))


@dataclass(frozen=True)
class Duel:
    """Two stacks by their numbers, for the hand-written round."""

    aggressor: StackOf
    defender: StackOf
    faces: range
    chain: bool

    def score(self, who: int, cards: int) -> int:
        stack = (self.aggressor, self.defender)[who]
        return stack.melee + stack.level * (cards - 1)

    def p_hit(self, who: int, cards: tuple[int, int]) -> Fraction:
        target = (self.defender, self.aggressor)[who]
        return hit_chance(self.score(who, cards[who]), target.defense, self.faces)

    def order(self) -> tuple[int, int]:
        return (0, 1) if self.aggressor.phase <= self.defender.phase else (1, 0)

    def round(self, cards: tuple[int, int]) -> dict[tuple[int, int], Fraction]:
        """From the cards at a round's start, the chance of the cards at its end (a side at 0 ends it)."""
        # a branch: (cards, retaliated flags)
        branches: dict[tuple[tuple[int, int], tuple[bool, bool]], Fraction] = {(cards, (False, False)): Fraction(1)}
        for attacker in self.order():
            after: dict[tuple[tuple[int, int], tuple[bool, bool]], Fraction] = {}
            for (now, answered), p in branches.items():
                for result, q in self.exchange(attacker, now, answered).items():
                    after[result] = after.get(result, Fraction(0)) + p * q
            branches = after
        out: dict[tuple[int, int], Fraction] = {}
        for (now, _), p in branches.items():
            out[now] = out.get(now, Fraction(0)) + p
        return out

    def strike(self, who: int, now: tuple[int, int]) -> dict[tuple[int, int], Fraction]:
        p = self.p_hit(who, now)
        hit = (now[0], now[1] - 1) if who == 0 else (now[0] - 1, now[1])
        return {k: v for k, v in ((hit, p), (now, 1 - p)) if v}

    def exchange(
        self, attacker: int, now: tuple[int, int], answered: tuple[bool, bool]
    ) -> dict[tuple[tuple[int, int], tuple[bool, bool]], Fraction]:
        """`attacker`'s attack in its phase, then the answers the retaliation reading allows."""
        if 0 in now:
            return {(now, answered): Fraction(1)}
        out: dict[tuple[tuple[int, int], tuple[bool, bool]], Fraction] = {}

        def add(state: tuple[int, int], flags: tuple[bool, bool], p: Fraction) -> None:
            out[(state, flags)] = out.get((state, flags), Fraction(0)) + p

        for hit, p in self.strike(attacker, now).items():
            target = 1 - attacker
            if 0 in hit or answered[target]:
                add(hit, answered, p)
                continue
            flags = (True, answered[1]) if target == 0 else (answered[0], True)
            for back, q in self.strike(target, hit).items():
                if self.chain and 0 not in back and not flags[attacker]:
                    again = (True, flags[1]) if attacker == 0 else (flags[0], True)
                    for third, r in self.strike(attacker, back).items():
                        add(third, again, p * q * r)
                else:
                    add(back, flags, p * q)
        return out

    def solve(self) -> tuple[dict[tuple[int, int], Fraction], Fraction, Fraction | None]:
        """(chance of each (winner side 0/1, cards left), never ends, expected rounds)."""
        known: dict[tuple[int, int], tuple[dict[tuple[int, int], Fraction], Fraction | None]] = {}

        def value(cards: tuple[int, int]) -> tuple[dict[tuple[int, int], Fraction], Fraction | None]:
            if cards[1] == 0:
                return {(0, cards[0]): Fraction(1)}, Fraction(0)
            if cards[0] == 0:
                return {(1, cards[1]): Fraction(1)}, Fraction(0)
            if cards in known:
                return known[cards]
            step = self.round(cards)
            stay = step.pop(cards, Fraction(0))
            if stay == 1:
                known[cards] = ({}, None)
                return known[cards]
            dist: dict[tuple[int, int], Fraction] = {}
            length: Fraction | None = Fraction(1)
            for nxt, p in step.items():
                more, rounds = value(nxt)
                for key, v in more.items():
                    dist[key] = dist.get(key, Fraction(0)) + p * v
                length = None if rounds is None or length is None else length + p * rounds
            known[cards] = (
                {k: v / (1 - stay) for k, v in dist.items()},
                None if length is None else length / (1 - stay),
            )
            return known[cards]

        dist, length = value((self.aggressor.cards, self.defender.cards))
        never = 1 - sum(dist.values(), Fraction(0))
        return dist, never, (length if not never else None)


STACK_FIGHTS = [
    (StackOf(3, 2, 3, 7, 7), StackOf(3, 2, 3, 7, 7)),
    (StackOf(2, 1, 4, 9, 3), StackOf(2, 1, 4, 9, 5)),
    (StackOf(4, 1, 2, 6, 8), StackOf(2, 3, 5, 8, 2)),
    (StackOf(1, 2, 0, 20, 4), StackOf(2, 1, 1, 20, 4)),
    (StackOf(3, 0, 9, 12, 1), StackOf(1, 4, 2, 14, 10)),
]


@pytest.mark.parametrize("faces", ["0-9", "1-10"])
@pytest.mark.parametrize("chain", [False, True])
@pytest.mark.parametrize(("aggressor", "defender"), STACK_FIGHTS)
def test_every_homm_fight_agrees_with_an_independent_dynamic_program(
    faces: str, chain: bool, aggressor: StackOf, defender: StackOf
) -> None:
    ruleset = ruleset_for(faces, tuple(READINGS) if chain else ())
    odds = fight_odds(aggressor, defender, ruleset)
    die = range(0, 10) if faces == "0-9" else range(1, 11)
    dist, never, rounds = Duel(aggressor, defender, die, chain).solve()
    assert odds.never_ends == never
    assert odds.aggressor_wins == sum((p for (w, _), p in dist.items() if w == 0), Fraction(0))
    assert {n: p for n, p in odds.aggressor_wins_with_left.items() if p} == {
        n: p for (w, n), p in dist.items() if w == 0
    }
    assert {n: p for n, p in odds.defender_wins_with_left.items() if p} == {
        n: p for (w, n), p in dist.items() if w == 1
    }
    assert odds.expected_rounds == rounds
    assert any(
        "ruling.retaliation-chain: " + ("the alternative" if chain else "Battlebook's") in r for r in odds.readings
    )


def test_the_retaliation_reading_changes_the_answer() -> None:
    fights = [fight_odds(*STACK_FIGHTS[1], ruleset_for("0-9", readings)) for readings in ((), ("retaliation-chain",))]
    assert fights[0].aggressor_wins != fights[1].aggressor_wins


# --- A seeded Monte Carlo, 100,000 fights each -------------------------------------------

FIGHTS = 100_000


def within(estimate: float, exact: Fraction, spread: float) -> bool:
    """Whether `estimate` lies within 4 standard errors of `exact`."""
    return abs(estimate - float(exact)) <= 4 * spread / sqrt(FIGHTS) + 1e-12


def sampler(chances: tuple[Fraction, ...], rng: random.Random) -> Callable[[], int]:
    edges = list(accumulate(float(p) for p in chances))

    def draw() -> int:
        return min(bisect(edges, rng.random()), len(edges) - 1)

    return draw


def test_a_seeded_monte_carlo_of_heroscape_duels_lies_within_four_standard_errors() -> None:
    first, second = Fighter(3, 2, 4), Fighter(2, 3, 5)
    odds = duel_odds(first, second, Edition.EDITION_2024, 1)
    assert odds.expected_attacks is not None
    rng = random.Random(20240601)
    a_hits, b_hits = sampler(unblocked(4, 3), rng), sampler(unblocked(2, 3), rng)  # +1 die each way for the first
    wins = lengths = squares = 0
    for _ in range(FIGHTS):
        a, b, attacks = first.life, second.life, 0
        while True:
            attacks += 1
            b -= a_hits()
            if b <= 0:
                wins += 1
                break
            attacks += 1
            a -= b_hits()
            if a <= 0:
                break
        lengths += attacks
        squares += attacks * attacks
    p = float(odds.first_wins)
    assert within(wins / FIGHTS, odds.first_wins, sqrt(p * (1 - p)))
    mean = lengths / FIGHTS
    assert within(mean, odds.expected_attacks, sqrt(squares / FIGHTS - mean * mean))


def test_a_seeded_monte_carlo_of_one_figure_attacked_lies_within_four_standard_errors() -> None:
    """Every die rolled one by one (skull on 3 sides of 6, shield on 2), each attack's wounds counted against Life."""
    life, attacks = 4, [(3, 2), (4, 1), (2, 3)]
    odds = attacked_odds(life, attacks, Edition.EDITION_2024)
    rng = random.Random(23)
    by_attack = [0] * len(attacks)
    for _ in range(FIGHTS):
        wounds = 0
        for number, (attack, defense) in enumerate(attacks):
            skulls = sum(rng.randrange(6) < 3 for _ in range(attack))
            shields = sum(rng.randrange(6) < 2 for _ in range(defense))
            wounds += max(skulls - shields, 0)
            if wounds >= life:
                by_attack[number] += 1
                break
    for count, exact in zip(by_attack, odds.destroyed_by_attack, strict=True):
        p = float(exact)
        assert within(count / FIGHTS, exact, sqrt(p * (1 - p)))
    p = float(odds.destroyed)
    assert within(sum(by_attack) / FIGHTS, odds.destroyed, sqrt(p * (1 - p)))


def test_a_seeded_monte_carlo_of_homm_fights_lies_within_four_standard_errors() -> None:
    aggressor, defender = StackOf(3, 1, 4, 8, 3), StackOf(3, 2, 2, 7, 6)
    odds = fight_odds(aggressor, defender)
    assert odds.expected_rounds is not None
    rng = random.Random(4)
    duel = Duel(aggressor, defender, range(10), chain=False)
    wins = lengths = squares = 0
    for _ in range(FIGHTS):
        cards, rounds = (aggressor.cards, defender.cards), 0
        while 0 not in cards:
            rounds += 1
            answered = [False, False]
            for attacker in duel.order():
                if 0 in cards:
                    break
                target = 1 - attacker
                cards = hit_by(duel, attacker, cards, rng)
                if 0 not in cards and not answered[target]:
                    answered[target] = True
                    cards = hit_by(duel, target, cards, rng)
        wins += cards[1] == 0
        lengths += rounds
        squares += rounds * rounds
    p = float(odds.aggressor_wins)
    assert within(wins / FIGHTS, odds.aggressor_wins, sqrt(p * (1 - p)))
    mean = lengths / FIGHTS
    assert within(mean, odds.expected_rounds, sqrt(squares / FIGHTS - mean * mean))


def hit_by(duel: Duel, who: int, cards: tuple[int, int], rng: random.Random) -> tuple[int, int]:
    """One attack by `who`, its die rolled with `rng`."""
    target = (duel.defender, duel.aggressor)[who]
    if duel.score(who, cards[who]) + rng.randrange(10) < target.defense:
        return cards
    return (cards[0], cards[1] - 1) if who == 0 else (cards[0] - 1, cards[1])


# --- What a HoMM position leaves out, no rule reads ---------------------------------------


@PROFILE
@given(battles(), st.data())
def test_a_homm_position_leaves_out_only_what_no_rule_reads(state: object, data: st.DataObject) -> None:
    from battlebook.homm import BattleState

    assert isinstance(state, BattleState)
    for before, _ in random_play(state, data, steps=12):
        clock = before.clock
        assert clock is not None
        other = replace(before, clock=replace(clock, round=clock.round + 3), discard=(UnitCard("Spare"),) * 2)
        assert position(other) == position(before)
        for action in candidate_actions(before):
            refused = legal_violation(before, action)
            assert (refused is None) == (legal_violation(other, action) is None), action
            if refused is not None:
                assert refused.rule == legal_violation(other, action).rule  # type: ignore[union-attr]
                continue
            for face in before.ruleset.die.faces:
                assert isinstance(face, int)
                here = homm_apply(before, action, FirstRollDice(face)).state
                there = homm_apply(other, action, FirstRollDice(face)).state
                assert position(here) == position(there), action


def test_a_battle_without_a_clock_starts_at_round_one() -> None:
    assert Clock().round == 1


def test_every_registered_game_answers_its_fight_questions_through_the_contract() -> None:
    from battlebook.games import GAMES, calculators

    for name, game in GAMES.items():
        # The question the game's page form asks as it opens.
        question, arguments = calculators(name).page_fight(calculators(name).fight_form.defaults())
        report = game.fight(question, arguments)
        assert sum(chance for _, chance in report.chances[:3]) == 1
        assert report.json()["readings"] == list(report.readings)
        with pytest.raises(FightArgumentError):
            game.fight("chess", {})
