"""Whole battles in Heroscape: two army cards of several figures, under the focus plan and under best play.

Two armies, one army card each (`FIGURES` figures with the same attack, defense and Life),
all figures in range and line of sight of every enemy, none higher than another. Turns
alternate, the first army first; on its turn each living figure of the army attacks once,
in the order of the figures' keys, through the edition's rules
([`rules.apply`][battlebook.heroscape.rules.apply] through the game's contract, branching on
the skulls the shields leave unblocked, as [`Game.outcomes`][battlebook.game.Game.outcomes]
says). The battle ends when an army has no figure left.

The figures stand side by side on one level, the first army's in a row facing the
second's; they are set so that every enemy is in range (a range as long as the rows) and in
sight (the battle is played with figures that do not block a line of sight: with nothing
else on the battlefield, that is what "all figures in sight" means).

- **focus** ([`focus`][battlebook.heroscape.battle.focus]): every attack on the enemy
  figure with the most wounds, ties to the first;
- **best play**: each attack's target chosen after seeing the rolls before it, the first
  army maximizing its chance of winning, the second minimizing it.

Examples:
    >>> odds = battle_odds(Squad(2, 2, 2, 1), Squad(2, 2, 2, 1), Edition.BASIC_2004)
    >>> odds.first_wins > odds.second_wins
    True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from battlebook import bounds
from battlebook.battle import Choice, Skip, solve_best, solve_plan
from battlebook.dice import ScriptedDice
from battlebook.errors import RulesSilent
from battlebook.fight import MAX_POSITIONS, Ended, Move
from battlebook.fight_report import FightArgumentError, FightReport
from battlebook.heroscape.actions import Action, Attack, EndTurn, StartTurn
from battlebook.heroscape.battlefield import Battlefield, Space
from battlebook.heroscape.cards import ArmyCard, CardKind
from battlebook.heroscape.fight import readings_taken
from battlebook.heroscape.hexes import Hex
from battlebook.heroscape.play import HEROSCAPE_PLAY
from battlebook.heroscape.readings import EDITION_OF_READING, READINGS
from battlebook.heroscape.rules import attacks_left
from battlebook.heroscape.ruleset import Edition, Ruleset
from battlebook.heroscape.state import BattleState, CardInPlay, Figure
from battlebook.odds import fraction_text

__all__ = ["BEST_MAX_POSITIONS", "MAX_FIGURES", "BattleOdds", "HeroscapeContest", "Squad", "battle_odds", "focus"]

#: The most figures an army card of the battle calculator may have, and the most positions
#: best play may reach (every option expanded).
MAX_FIGURES = bounds.BATTLE_MAX_FIGURES
BEST_MAX_POSITIONS = bounds.BATTLE_BEST_MAX_POSITIONS
#: The two armies, the first taking the first turn.
ARMIES = ("First", "Second")
#: The Height of the calculator's figures (they stand on one level, so it changes nothing).
FIGURE_HEIGHT = 5


@dataclass(frozen=True)
class Squad:
    """An army card of the calculator: its number of figures, and each figure's attack, defense and Life.

    Examples:
        >>> Squad(3, 2, 1, 1).figures
        3
    """

    figures: int
    attack: int
    defense: int
    life: int

    def words(self) -> str:
        """The card in words."""
        many = "1 figure" if self.figures == 1 else f"{self.figures} figures"
        return f"{many} of attack {self.attack}, defense {self.defense}, Life {self.life}"


def _canonical(state: BattleState) -> BattleState:
    """The battle as a position: what the rules read only as a set, or a count, put in order."""
    cards = tuple(replace(c, lost=tuple(sorted(c.lost)), destroyed=tuple(sorted(c.destroyed))) for c in state.cards)
    turn = state.turn
    turn = None if turn is None else replace(turn, attacked=tuple(sorted(turn.attacked)))
    return replace(state, cards=cards, turn=turn, out_of_game=tuple(sorted(state.out_of_game)))


class HeroscapeContest:
    """The battle's decisions: which enemy each attack strikes, chosen by the attacking army."""

    def __init__(self) -> None:
        self._landings: dict[BattleState, tuple[BattleState, int]] = {}

    def decide(self, state: BattleState) -> Choice[BattleState, BattleState, Action] | Ended[str]:
        """The attack to make next and every target it may strike, or how the battle ended."""
        standing = {f.army for f in state.figures}
        if len(standing) < len(ARMIES):
            return Ended(next(iter(standing), "nobody"))
        turn = state.turn
        if turn is None:
            mover = state.up_next or ARMIES[0]
            card = next(c.id for c in state.cards if c.army == mover)
            return Choice(None, (("start the turn", Move(state, StartTurn(mover, card))),))
        left = attacks_left(state)
        if not left:
            return Choice(None, (("end the turn", Move(state, EndTurn(turn.army))),))
        attacker = left[0]
        enemies = [f.key for f in state.figures if f.army != turn.army]
        options: tuple[tuple[str, Move[BattleState, Action] | Skip[BattleState]], ...] = tuple(
            (f"have {attacker} attack {enemy}", Move(state, Attack(attacker, enemy))) for enemy in enemies
        )
        return Choice(ARMIES.index(turn.army), options)

    def advance(
        self, position: BattleState, move: Move[BattleState, Action], after: BattleState
    ) -> tuple[BattleState, int]:
        """The position after `move`, its certain steps taken (ending a turn, starting the next); the turns begun."""
        return self._land(_canonical(after))

    def _land(self, state: BattleState) -> tuple[BattleState, int]:
        found = self._landings.get(state)
        if found is not None:
            return found
        landing = (state, 0)
        following = self.decide(state)
        if isinstance(following, Choice) and following.side is None:
            _, step = following.options[0]
            assert isinstance(step, Move)
            after = HEROSCAPE_PLAY.apply(step.state, step.action, ScriptedDice()).state
            at, more = self._land(_canonical(after))
            landing = (at, more + int(isinstance(step.action, StartTurn)))
        self._landings[state] = landing
        return landing

    def winner(self, outcome: str) -> int | None:
        """0 for the first army, 1 for the second."""
        return ARMIES.index(outcome) if outcome in ARMIES else None


def focus(state: BattleState, choice: Choice[BattleState, BattleState, Action]) -> int:
    """The focus plan: the enemy figure with the most wounds, ties to the first."""
    wounds = []
    for _, step in choice.options:
        assert isinstance(step, Move) and isinstance(step.action, Attack)
        wounds.append(state.wounds_of(state.figure(step.action.defender)))
    return wounds.index(max(wounds))


@dataclass(frozen=True)
class BattleOdds:
    """How a Heroscape battle of two army cards goes, exactly, under one way of playing it.

    Attributes:
        play: `focus` or `best`.
        first_wins: The chance that the second army has no figure left first.
        second_wins: The chance that the first army has no figure left first.
        never_ends: The chance that the battle never ends.
        expected_turns: The expected number of turns (the last one counted), or `None` when
            the battle may never end.
        first_decision: Under best play, the first decision in words; `None` under the plan.
        turns_depend_on_ties: Under best play, whether breaking an exact tie another way
            could change `expected_turns`.
        readings: The readings of the rules the answer took.
        positions: How many positions the answer went through.
    """

    play: str
    first_wins: Fraction
    second_wins: Fraction
    never_ends: Fraction
    expected_turns: Fraction | None
    first_decision: str | None
    turns_depend_on_ties: bool
    readings: tuple[str, ...]
    positions: int

    def json(self) -> dict[str, Any]:
        """The answer with exact fractions as `"p/q"` strings (the command line's keys)."""
        data: dict[str, Any] = {
            "first_wins": fraction_text(self.first_wins),
            "second_wins": fraction_text(self.second_wins),
            "never_ends": fraction_text(self.never_ends),
            "expected_turns": None if self.expected_turns is None else fraction_text(self.expected_turns),
        }
        if self.play == "best":
            data["first_decision"] = self.first_decision
            data["expected_turns_depends_on_ties"] = self.turns_depend_on_ties
        data["positions"] = self.positions
        data["readings"] = list(self.readings)
        return data


def _card(name: str, squad: Squad, reach: int) -> ArmyCard:
    return ArmyCard(
        name, f"{name} figure", CardKind.SQUAD, figures=squad.figures, life=squad.life, move=0, range=reach,
        attack=squad.attack, defense=squad.defense, height=FIGURE_HEIGHT, common=False,
    )  # fmt: skip


def battle_state(first: Squad, second: Squad, edition: Edition, readings: Sequence[str] = ()) -> BattleState:
    """The two armies side by side: the first army's figures `F1`... in a row, the second's `S1`... facing them.

    `readings` are alternative readings, in a scenario's words, each of `edition` (or of both).
    """
    ruleset = Ruleset.for_edition(edition)
    for words in readings:
        if words not in READINGS:
            raise FightArgumentError(
                f"no alternative reading {words[:40]!r}: give a reading's words as a scenario writes them "
                "(see the rulings)"
            )
        only = EDITION_OF_READING.get(words)
        if only is not None and only is not edition:
            raise FightArgumentError(f"the reading {words!r} concerns the {only.value} edition, not {edition.value}")
        ruleset = replace(ruleset, **READINGS[words])  # type: ignore[arg-type]
    ruleset = replace(ruleset, figures_block_sight=False)
    width = max(first.figures, second.figures)
    spaces = {Hex(q, r): Space(1) for r in (0, 1) for q in range(width)}
    state = BattleState(ruleset, Battlefield(spaces), seating=ARMIES)
    for row, (army, squad) in enumerate(zip(ARMIES, (first, second), strict=True)):
        card = _card(f"{army} army's card", squad, width + 1)
        state = state.with_card(CardInPlay(card.name, army, card))
        for number in range(squad.figures):
            state = state.with_figure(Figure(f"{army[0]}{number + 1}", card.name, army, (Hex(number, row),)))
    return state


def _check(what: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise FightArgumentError(f"{what} is {value}: give a whole number from {low} to {high}")


def check_squad(who: str, squad: Squad) -> None:
    """Refuse an army the calculator cannot take, in one line naming the bound."""
    _check(f"the {who} army's number of figures", squad.figures, 1, MAX_FIGURES)
    _check(f"the {who} army's attack", squad.attack, 0, bounds.FIGHT_MAX_DICE)
    _check(f"the {who} army's defense", squad.defense, 0, bounds.FIGHT_MAX_DICE)
    _check(f"the {who} army's Life", squad.life, 1, bounds.FIGHT_MAX_LIFE)


def battle_odds(
    first: Squad,
    second: Squad,
    edition: Edition = Edition.BASIC_2004,
    play: str = "focus",
    *,
    limit: int | None = None,
    readings: Sequence[str] = (),
) -> BattleOdds:
    """The odds of a battle of two army cards given by their numbers, under `play` (`focus` or `best`).

    Under `readings` (alternative readings, in a scenario's words); one under which the
    rules do not say who takes the next turn or who has won raises `RulesSilent`.
    """
    check_squad("first", first)
    check_squad("second", second)
    state = battle_state(first, second, edition, readings)
    if not state.ruleset.turn_passes_left:
        raise RulesSilent("who takes the next turn: under this reading the 2004 game names no player to take it")
    if not state.ruleset.victory_by_destruction:
        raise RulesSilent("who has won: under this reading the 2024 text states no objective for a battle")
    contest = HeroscapeContest()
    start, _ = contest._land(_canonical(state))
    readings = (
        *readings_taken(state.ruleset),
        "all figures in range and line of sight of every enemy, on one level (the battle's setting)",
    )
    if play == "focus":
        answer = solve_plan(HEROSCAPE_PLAY, contest, focus, start, limit=limit or MAX_POSITIONS)
        won = [sum((p for w, p in answer.outcomes.items() if w == army), Fraction(0)) for army in ARMIES]
        expected = None if answer.expected_count is None else 1 + answer.expected_count
        return BattleOdds("focus", won[0], won[1], answer.never_ends, expected, None, False, readings, answer.positions)
    if play != "best":
        raise FightArgumentError(f"the Heroscape battle is played 'focus' or 'best', not {play[:20]!r}")
    best = solve_best(HEROSCAPE_PLAY, contest, start, limit=limit or BEST_MAX_POSITIONS)
    decision = None
    if best.first_decision is not None:
        side, label = best.first_decision
        decision = f"the {ARMIES[side].lower()} army's best first decision is to {label}"
    return BattleOdds(
        "best",
        best.first_wins,
        best.second_wins,
        best.never_ends,
        None if best.expected_count is None else 1 + best.expected_count,
        decision,
        best.count_depends_on_ties,
        readings,
        best.positions,
    )


# --- The calculator's question, from text ------------------------------------------------

#: The figures of both armies together best play solves (every target counted, the positions grow fast).
BEST_MAX_FIGURES = bounds.BATTLE_BEST_MAX_FIGURES


def squad_of(text: str, who: str) -> Squad:
    """An army card written `FIGURES,ATTACK,DEFENSE,LIFE`.

    Examples:
        >>> squad_of("3,2,1,1", "first").figures
        3
    """
    fields = text.split(",")
    if len(fields) != 4:
        raise FightArgumentError(
            f"the {who} army is FIGURES,ATTACK,DEFENSE,LIFE (such as 3,3,2,1), not {text.strip()[:30]!r}"
        )
    numbers = [bounds.read_whole(field, f"the {who} army", 0, bounds.MAX_SCORE) for field in fields]
    return Squad(*numbers)


def battle_report(arguments: Mapping[str, str]) -> FightReport:
    """The battle calculator's answer for arguments written as text: `edition`, `first`, `second`, `play`, `reading`.

    `reading` holds alternative readings in a scenario's words, separated by `;`.

    Examples:
        >>> battle_report({"edition": "2004", "first": "2,2,2,1", "second": "2,2,2,1"}).json()["first_wins"]
        '77517/112042'
    """
    try:
        edition = Edition((arguments.get("edition") or "2004").strip())
    except ValueError:
        raise FightArgumentError(f"the edition is 2004 or 2024, not {arguments.get('edition', '')[:20]!r}") from None
    first = squad_of(arguments.get("first", ""), "first")
    second = squad_of(arguments.get("second", ""), "second")
    check_squad("first", first)
    check_squad("second", second)
    play = (arguments.get("play") or "focus").strip()
    if play not in ("focus", "best"):
        raise FightArgumentError(f"the Heroscape battle is played focus or best, not {play[:20]!r}")
    if play == "best" and first.figures + second.figures > BEST_MAX_FIGURES:
        raise FightArgumentError(
            f"best play solves battles of at most {BEST_MAX_FIGURES} figures in all, not "
            f"{first.figures + second.figures}: ask with --play focus, or with fewer figures"
        )
    chosen = [words.strip() for words in (arguments.get("reading") or "").split(";") if words.strip()]
    odds = battle_odds(first, second, edition, play, readings=chosen)
    title = (
        f"Heroscape battle to the end, {edition.value} edition, {'best play' if play == 'best' else 'the focus plan'}: "
        f"the first army ({first.words()}) against the second ({second.words()}), the first army first"
    )
    readings = odds.readings if odds.first_decision is None else (*odds.readings, odds.first_decision)
    data: dict[str, Any] = {"game": "heroscape", "question": "battle", "play": play, "edition": edition.value}
    return FightReport(
        title,
        readings,
        (
            ("the first army wins", odds.first_wins),
            ("the second army wins", odds.second_wins),
            ("the battle never ends", odds.never_ends),
        ),
        (),
        ("expected turns", odds.expected_turns),
        json.dumps(data | odds.json()),
        chart=True,
    )
