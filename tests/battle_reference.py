"""A second, dedicated program for whole battles under the named plans, written apart from the engine.

It knows only the calculator's battles and their plans, restated from the rulebook: HoMM
open-field stacks of identical cards under the plain plan, and Heroscape army cards under
the focus plan. Nothing here imports the engine. Each battle is worked out round by round
(turn pair by turn pair): every die branch of one round gives the next round's start, and
since a round either changes the battle for good or leaves it exactly as it was, the chain
has only self-loops, solved exactly with fractions.

It also plays battles at random (seeded), for the Monte Carlo check.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

# --- HoMM, the plain plan ----------------------------------------------------------------


@dataclass(frozen=True)
class HStack:
    cards: int
    level: int
    melee: int
    ranged: int
    defense: int
    phase: int
    line: str


#: A battle at the start of a round: for each stack (Aggressor's first, in order), (cards left, line).
HConfig = tuple[tuple[int, str], ...]


class Homm:
    """The plain plan, played from the stacks' numbers (the die read 0-9, or 1-10)."""

    def __init__(self, aggressor: list[HStack], defender: list[HStack], faces: str = "0-9") -> None:
        self.stacks = [*aggressor, *defender]
        self.sides = [0] * len(aggressor) + [1] * len(defender)
        self.faces = list(range(10)) if faces == "0-9" else list(range(1, 11))

    def score(self, i: int, cards: int, kind: str) -> int:
        s = self.stacks[i]
        return (s.melee if kind == "melee" else s.ranged) + (cards - 1) * s.level

    def hit_chance(self, score: int, defense: int) -> Fraction:
        return Fraction(sum(1 for f in self.faces if score + f >= defense), len(self.faces))

    def winner(self, cards: list[int]) -> int | None:
        alive = {self.sides[i] for i, c in enumerate(cards) if c > 0}
        if len(alive) == 2:
            return None
        return alive.pop() if alive else -1

    def refill(self, cards: list[int], lines: list[str], side: int, before: int) -> None:
        melee = [i for i in range(len(cards)) if cards[i] and self.sides[i] == side and lines[i] == "melee"]
        waiting = [i for i in range(len(cards)) if cards[i] and self.sides[i] == side and lines[i] == "ranged"]
        if len(melee) < min(3, before) and waiting:
            need = 3 - len(melee)
            for i in waiting[:need]:
                lines[i] = "melee"

    def melee_count(self, cards: list[int], lines: list[str], side: int) -> int:
        return sum(1 for i in range(len(cards)) if cards[i] and self.sides[i] == side and lines[i] == "melee")

    def round(self, config: HConfig, rng: random.Random | None = None) -> dict[HConfig | int, Fraction]:
        """The distribution of how one round ends: the next round's start, or the winner (-1: neither).

        With `rng`, one way the round goes, drawn at random (its chance given as 1).
        """
        out: dict[HConfig | int, Fraction] = {}
        order = [
            i
            for phase in range(1, 11)
            for side in (0, 1)
            for i in range(len(self.stacks))
            if self.sides[i] == side and self.stacks[i].phase == phase
        ]

        def branch(chance: Fraction) -> tuple[tuple[bool, Fraction], ...]:
            if rng is None:
                return ((True, chance), (False, 1 - chance))
            return ((rng.random() < float(chance), Fraction(1)),)

        def strike(cards: list[int], lines: list[str], attacker: int, target: int, kind: str, hit: bool) -> None:
            if hit:
                side = self.sides[target]
                before = self.melee_count(cards, lines, side)
                cards[target] -= 1
                self.refill(cards, lines, side, before)

        def step(at: int, cards: list[int], lines: list[str], retaliated: frozenset[int], p: Fraction) -> None:
            won = self.winner(cards)
            if won is not None:
                out[won] = out.get(won, Fraction(0)) + p
                return
            if at == len(order):
                key = tuple(zip(cards, lines, strict=True))
                out[key] = out.get(key, Fraction(0)) + p
                return
            i = order[at]
            if not cards[i]:
                step(at + 1, cards, lines, retaliated, p)
                return
            s = self.stacks[i]
            enemies = [j for j in range(len(cards)) if cards[j] and self.sides[j] != self.sides[i]]
            melee_targets = [j for j in enemies if lines[j] == "melee"] if lines[i] == "melee" else []
            if melee_targets:
                kind, targets = "melee", melee_targets
            elif s.ranged > 0:
                kind, targets = "ranged", enemies
            else:
                step(at + 1, cards, lines, retaliated, p)
                return
            score = self.score(i, cards[i], kind)
            chances = [self.hit_chance(score, self.stacks[j].defense) for j in targets]
            target = targets[chances.index(max(chances))]
            chance = max(chances)
            for hit, q in branch(chance):
                if not q:
                    continue
                c2, l2 = list(cards), list(lines)
                strike(c2, l2, i, target, kind, hit)
                if self.winner(c2) is not None:
                    step(at + 1, c2, l2, retaliated, p * q)
                    continue
                t = self.stacks[target]
                can = c2[target] and target not in retaliated and (kind == "melee" or t.ranged > 0)
                if not can:
                    step(at + 1, c2, l2, retaliated, p * q)
                    continue
                r_chance = self.hit_chance(self.score(target, c2[target], kind), s.defense)
                for r_hit, r in branch(r_chance):
                    if r:
                        c3, l3 = list(c2), list(l2)
                        strike(c3, l3, target, i, kind, r_hit)
                        step(at + 1, c3, l3, retaliated | {target}, p * q * r)

        step(0, [c for c, _ in config], [line for _, line in config], frozenset(), Fraction(1))
        return out

    def start(self) -> HConfig:
        return tuple((s.cards, s.line) for s in self.stacks)

    def solve(self) -> tuple[Fraction, Fraction, Fraction, Fraction | None]:
        """(Aggressor wins, Defender wins, never ends, expected rounds or None)."""
        memo: dict[HConfig, tuple[Fraction, Fraction, Fraction | None]] = {}

        def value(config: HConfig) -> tuple[Fraction, Fraction, Fraction | None]:
            if config in memo:
                return memo[config]
            spread = self.round(config)
            stay = spread.pop(config, Fraction(0))
            if stay == 1:
                memo[config] = (Fraction(0), Fraction(0), None)
                return memo[config]
            a = d = Fraction(0)
            e: Fraction | None = Fraction(1)
            for where, p in spread.items():
                if isinstance(where, int):
                    a += p if where == 0 else 0
                    d += p if where == 1 else 0
                    continue
                va, vd, ve = value(where)
                a, d = a + p * va, d + p * vd
                e = None if e is None or ve is None else e + p * ve
            scale = 1 / (1 - stay)
            memo[config] = (a * scale, d * scale, None if e is None else e * scale)
            return memo[config]

        a, d, e = value(self.start())
        return a, d, 1 - a - d, e if a + d == 1 else None

    def play(self, rng: random.Random, most_rounds: int = 1000) -> int:
        """One battle played at random: the winner (0, 1), or -1 when it lasts past `most_rounds`."""
        config = self.start()
        for _ in range(most_rounds):
            (where,) = self.round(config, rng)
            if isinstance(where, int):
                return where
            config = where
        return -1


# --- Heroscape, the focus plan -----------------------------------------------------------


def attack_spread(attack: int, defense: int) -> list[Fraction]:
    """The chance of each number of unblocked skulls (0 and up): skulls 1/2 a die, shields 1/3."""
    skulls = [Fraction(comb(attack, k), 2**attack) for k in range(attack + 1)]
    shields = [Fraction(comb(defense, j) * 2 ** (defense - j), 3**defense) for j in range(defense + 1)]
    spread = [Fraction(0)] * (attack + 1)
    for k, p in enumerate(skulls):
        for j, q in enumerate(shields):
            spread[max(0, k - j)] += p * q
    return spread


@dataclass(frozen=True)
class HSquad:
    figures: int
    attack: int
    defense: int
    life: int


class Heroscape:
    """The focus plan: each attack on the enemy with the most wounds, ties the first; armies alternate turns."""

    def __init__(self, first: HSquad, second: HSquad, edition: str) -> None:
        self.armies = (first, second)
        self.edition = edition

    def turn(self, side: int, wounds: tuple[tuple[int, ...], tuple[int, ...]]) -> dict[object, Fraction]:
        """The distribution of the armies' wounds after `side`'s turn (a destroyed figure leaves its tuple)."""
        me, them = self.armies[side], self.armies[1 - side]
        spread = attack_spread(me.attack, them.defense)
        out: dict[object, Fraction] = {}

        def step(left: int, enemy: tuple[int, ...], p: Fraction) -> None:
            if left == 0 or not enemy:
                key = (wounds[side], enemy) if side == 0 else (enemy, wounds[side])
                out[key] = out.get(key, Fraction(0)) + p
                return
            target = enemy.index(max(enemy))
            for harm, q in enumerate(spread):
                if not q:
                    continue
                hurt = list(enemy)
                if harm and (self.edition == "2004" or hurt[target] + harm >= them.life):
                    del hurt[target]
                elif harm:
                    hurt[target] += harm
                step(left - 1, tuple(hurt), p * q)

        step(len(wounds[side]), wounds[1 - side], Fraction(1))
        return out

    def solve(self) -> tuple[Fraction, Fraction, Fraction, Fraction | None]:
        """(first wins, second wins, never ends, expected turns or None)."""
        memo: dict[object, tuple[Fraction, Fraction, Fraction | None]] = {}

        def value(state: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[Fraction, Fraction, Fraction | None]:
            if state in memo:
                return memo[state]
            # One round: the first army's turn, then the second's; (a, d, turns) toward the next round.
            ends: list[tuple[Fraction, int, int]] = []
            onward: dict[object, Fraction] = {}
            for mid, p in self.turn(0, state).items():
                if not mid[1]:  # type: ignore[index]
                    ends.append((p, 0, 1))
                    continue
                for after, q in self.turn(1, mid).items():  # type: ignore[arg-type]
                    if not after[0]:  # type: ignore[index]
                        ends.append((p * q, 1, 2))
                    else:
                        onward[after] = onward.get(after, Fraction(0)) + p * q
            stay = onward.pop(state, Fraction(0))
            if stay == 1:
                memo[state] = (Fraction(0), Fraction(0), None)
                return memo[state]
            a = sum((p for p, w, _ in ends if w == 0), Fraction(0))
            d = sum((p for p, w, _ in ends if w == 1), Fraction(0))
            e: Fraction | None = sum((p * t for p, _, t in ends), Fraction(0)) + 2 * stay
            for where, p in onward.items():
                va, vd, ve = value(where)  # type: ignore[arg-type]
                a, d = a + p * va, d + p * vd
                e = None if e is None or ve is None else e + p * (2 + ve)
            scale = 1 / (1 - stay)
            memo[state] = (a * scale, d * scale, None if e is None else e * scale)
            return memo[state]

        start = (tuple([0] * self.armies[0].figures), tuple([0] * self.armies[1].figures))
        a, d, e = value(start)
        return a, d, 1 - a - d, e if a + d == 1 else None


def monte_carlo(play: Callable[[random.Random], int], battles: int, seed: int) -> list[int]:
    """How many of `battles` random battles each side won (index 0, 1) and how many ran too long (index 2)."""
    rng = random.Random(seed)
    counts = [0, 0, 0]
    for _ in range(battles):
        counts[play(rng)] += 1
    return counts
