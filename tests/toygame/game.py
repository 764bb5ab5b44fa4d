"""Coin Duel behind the shared [`Game`][battlebook.game.Game] contract: `GAME`."""

from __future__ import annotations

import html
import json
import random
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from battlebook.calculator import Calculators
from battlebook.dice import Dice, ScriptedDice
from battlebook.errors import RuleViolation
from battlebook.fight import Ended, Move, solve
from battlebook.fight_report import FightArgumentError, FightReport
from battlebook.game import AttackChance, Drawing, KnownCard, Roll, RollResult, RulesEdition
from battlebook.odds import fraction_text, percent_text
from tests.toygame import rules
from tests.toygame.actions import Action, Rest, Strike
from tests.toygame.calculator import CALCULATORS, MAX_GUARD, MAX_HEARTS, hit_chance, read_champion
from tests.toygame.state import D6, Champion, DuelState, Ruleset

#: The faces of the die, as numbers.
FACES = tuple(range(1, 7))

#: The alternative reading of the toy's one ruling, in a scenario's words.
READINGS: Mapping[str, Mapping[str, object]] = {"a roll of 6 is only its number": {"six_always_hits": False}}


class Duel:
    """A fight to the end: the champion whose turn it is strikes the other, until one is knocked out."""

    def decide(self, position: DuelState) -> Move[DuelState, Action] | Ended[str]:
        """Strike the other champion, or end with the one left standing."""
        if position.is_over:
            return Ended(next(c.name for c in position.champions if not c.is_out))
        assert position.turn is not None
        other = next(c.name for c in position.champions if c.name != position.turn)
        return Move(position, Strike(position.turn, other))

    def advance(self, position: DuelState, move: Move[DuelState, Action], after: DuelState) -> tuple[DuelState, int]:
        """The duel after the strike, one strike more."""
        return after, 1


class CoinDuel:
    """The toy game's contract object (see the package)."""

    name = "toy"
    title = "Coin Duel"
    scene = "duel"
    card_noun = "champion"

    def known_cards(self) -> tuple[KnownCard, ...]:
        """The toy knows no printed card."""
        return ()

    def editions(self) -> tuple[RulesEdition, ...]:
        """One edition only."""
        return ()

    def readings(self) -> Mapping[str, Mapping[str, object]]:
        """The alternative reading of the toy's ruling."""
        return READINGS

    def played_under(self, state: DuelState, settings: Mapping[str, object]) -> DuelState:
        """`state` with its ruleset's settings changed."""
        return replace(state, ruleset=replace(state.ruleset, **settings))  # type: ignore[arg-type]

    def new_battle(self, rng: random.Random) -> DuelState:
        """A random duel of two champions, under either reading."""
        state = DuelState(ruleset=Ruleset(six_always_hits=rng.random() < 0.5))
        for name in ("Ada", "Bo"):
            state = state.with_champion(Champion(name, rng.randint(1, 3), rng.randint(1, 7)))
        return state

    def invariants(self, first: DuelState) -> Callable[[DuelState], None]:
        """The same champions stay, and hearts only go down, never below none."""
        start = {c.name: c.hearts for c in first.champions}

        def check(state: DuelState) -> None:
            assert [c.name for c in state.champions] == list(start), "a champion came or went"
            for c in state.champions:
                assert 0 <= c.hearts <= start[c.name], f"{c.name} has {c.hearts} hearts"

        return check

    def legal_violation(self, state: DuelState, action: Action) -> RuleViolation | None:
        """The rule that refuses `action`, as a `RuleViolation`, or `None`."""
        refused = rules.violation(state, action)
        return None if refused is None else RuleViolation(*refused)

    def apply(self, state: DuelState, action: Action, dice: Dice) -> rules.Resolution:
        """See [`rules.apply`][tests.toygame.rules.apply]."""
        return rules.apply(state, action, dice)

    def candidate_actions(self, state: DuelState) -> Iterator[Action]:
        """Every strike and rest of every champion."""
        for champion in state.champions:
            yield Rest(champion.name)
            for target in state.champions:
                yield Strike(champion.name, target.name)

    def is_attack(self, action: object) -> bool:
        """A strike is an attack."""
        return isinstance(action, Strike)

    def rolls(self, state: DuelState, action: Action) -> Iterator[Roll]:
        """Each face of the die, one in six."""
        for face in D6.faces:
            yield Roll(Fraction(1, 6), ScriptedDice([face]))

    def outcomes(self, state: DuelState, action: Action) -> Iterator[Roll]:
        """A hit or a miss, each with its whole chance."""
        chance = self.chance_of(state, action)
        assert isinstance(action, Strike)
        target = state.champion(action.target)
        assert target is not None
        for result in chance.results:
            faces = [face for face in FACES if rules.hits(state, face, target) == (result.hits > 0)]
            if result.chance:
                yield Roll(result.chance, ScriptedDice([faces[0]]))

    def chance_of(self, state: DuelState, action: Action) -> AttackChance:
        """The chance that the strike takes a heart (and knocks the target out)."""
        refused = self.legal_violation(state, action)
        if refused is not None:
            raise refused
        assert isinstance(action, Strike)
        target = state.champion(action.target)
        assert target is not None
        hit = Fraction(sum(rules.hits(state, face, target) for face in FACES), 6)
        return AttackChance((RollResult(0, 1 - hit, 0, False), RollResult(1, hit, 1, target.hearts == 1)))

    def attack_effect(self, resolution: rules.Resolution) -> tuple[int, bool]:
        """The hearts taken, and whether the target was knocked out."""
        return int(resolution.hit), resolution.knocked_out

    def describe_chance(self, state: DuelState, action: Action) -> str:
        """The chance of a hit, in words."""
        hit = self.chance_of(state, action).success
        return f"{self.describe_action(state, action)} hits: {fraction_text(hit)} ({percent_text(hit)})"

    def describe_action(self, state: DuelState, action: Action) -> str:
        """The action in words."""
        return (
            f"{action.attacker} strikes {action.target}" if isinstance(action, Strike) else f"{action.champion} rests"
        )

    def describe_result(self, before: DuelState, action: Action, resolution: rules.Resolution) -> str:
        """What the action did, in words."""
        if resolution.roll is None:
            return "the turn passed"
        return f"rolled {resolution.roll}: {'a hit' if resolution.hit else 'a miss'}"

    def view(self, state: DuelState) -> Hashable | None:
        """The champions, or `None` before any is placed."""
        return state.champions or None

    def draw(self, state: DuelState, title: str, ident: str = "", marks: Sequence[object] = ()) -> Drawing:
        """The champions as a line of text in a small picture."""
        words = html.escape(", ".join(f"{c.name} {c.hearts} hearts, guard {c.guard}" for c in state.champions))
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 30" role="img" '
            f'aria-label="{html.escape(title)}">'
            f'<title>{html.escape(title)}</title><text x="4" y="20">{words}</text></svg>'
        )
        return Drawing(svg)

    def rule_ids(self) -> frozenset[str]:
        """The rules' identifiers."""
        return rules.RULE_IDS

    def fight(self, question: str, arguments: Mapping[str, str]) -> FightReport:
        """A duel to the end of two champions, each written HEARTS,GUARD."""
        if question != "duel":
            raise FightArgumentError(f"the toy's fight calculator answers 'duel', not {question!r}")
        try:
            first = read_champion(arguments.get("first", ""), "first")
            second = read_champion(arguments.get("second", ""), "second")
        except ValueError as error:
            raise FightArgumentError(str(error)) from None
        state = DuelState().with_champion(Champion("first", *first)).with_champion(Champion("second", *second))
        odds = solve(self, Duel(), state)
        chances = tuple(
            (f"the {name} champion wins", odds.outcomes.get(name, Fraction(0))) for name in ("first", "second")
        )
        data = {label: fraction_text(chance) for label, chance in chances}
        return FightReport(
            f"a duel of the first champion ({first[0]} hearts, guard {first[1]}) and the second "
            f"({second[0]} hearts, guard {second[1]})",
            (),
            chances,
            (),
            ("strikes", odds.expected_count),
            json.dumps(data),
        )

    def calculators(self) -> Calculators:
        """See [`calculator.CALCULATORS`][tests.toygame.calculator.CALCULATORS]."""
        return CALCULATORS

    def odds_page(self) -> str:
        """A short odds page: the chance of a hit against each guard."""
        rows = "\n".join(f"| {guard} | {fraction_text(hit_chance(guard))} |" for guard in range(1, MAX_GUARD + 1))
        head = f"# Coin Duel odds\n\nThe chance that a strike takes a heart (a champion has at most {MAX_HEARTS}).\n\n"
        return f"{head}| Guard | Hit |\n| --- | --- |\n{rows}\n"


#: The one toy game object the registry holds.
GAME = CoinDuel()
