"""Whole battles in Heroscape: two army cards of several figures, under the focus plan and under best play.

Two armies, one army card each (`FIGURES` figures with the same attack, defense and Life),
all figures in range and line of sight of every enemy, none higher than another. Turns
alternate, the first army first; on its turn each living figure of the army attacks once,
in the order of the figures' keys, through the edition's rules
([`rules.apply`][battlebook.heroscape.rules.apply] through the game's contract, branching on
the skulls the shields leave unblocked, as [`Game.outcomes`][battlebook.game.Game.outcomes]
says). The battle ends when an army has no figure left.

The calculator's figures stand on one level, the first army's (Red: R1, R2...) in a row
facing the second's (Blue: B1...), as the text map of
[`battle_map`][battlebook.heroscape.battle.battle_map] draws them; every enemy is in range (a
range as long as the rows) and in sight (the battle is played under the reading that figures
do not block a line of sight: with nothing else on the battlefield, that is what "all figures
in sight" means). [`battle_odds_in`][battlebook.heroscape.battle.battle_odds_in] asks the same
of a battle an example has set up, where every figure can already attack every enemy.

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
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from battlebook import bounds
from battlebook.battle import BestPlay, Choice, Skip, solve_best, solve_plan
from battlebook.dice import ScriptedDice
from battlebook.errors import RulesSilent, ScenarioError
from battlebook.fight import MAX_POSITIONS, Ended, Move
from battlebook.fight_report import FightArgumentError, FightReport
from battlebook.heroscape.actions import Action, Attack, EndTurn, StartTurn
from battlebook.heroscape.cards import ArmyCard, CardKind
from battlebook.heroscape.fight import readings_taken
from battlebook.heroscape.play import HEROSCAPE_PLAY
from battlebook.heroscape.rules import attacks_left
from battlebook.heroscape.ruleset import Edition, Ruleset
from battlebook.heroscape.state import BattleState, Turn
from battlebook.odds import fraction_text

__all__ = [
    "BEST_MAX_POSITIONS",
    "MAX_FIGURES",
    "BattleOdds",
    "HeroscapeContest",
    "Squad",
    "battle_map",
    "battle_odds",
    "battle_odds_in",
    "focus",
    "start_position",
]

#: The most figures an army card of the battle calculator may have, and the most positions
#: best play may reach (every option expanded).
MAX_FIGURES = bounds.BATTLE_MAX_FIGURES
BEST_MAX_POSITIONS = bounds.BATTLE_BEST_MAX_POSITIONS
#: The calculator's two armies, the first (Red) taking the first turn.
ARMIES = ("Red", "Blue")
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
    """The battle's decisions: which enemy each attack strikes, chosen by the attacking army.

    `armies` are the two armies, the one taking the first turn first; `names` says how a
    decision names each figure (by its key when not given), as the battle's example or the
    calculator names it.
    """

    def __init__(self, armies: tuple[str, str] = ARMIES, names: Mapping[str, str] | None = None) -> None:
        self.armies = armies
        self.names: Mapping[str, str] = names or {}
        self._landings: dict[BattleState, tuple[BattleState, int]] = {}

    def decide(self, state: BattleState) -> Choice[BattleState, BattleState, Action] | Ended[str]:
        """The attack to make next and every target it may strike, or how the battle ended."""
        standing = {f.army for f in state.figures}
        if len(standing) < len(self.armies):
            return Ended(next(iter(standing), "nobody"))
        turn = state.turn
        if turn is None:
            mover = state.up_next or self.armies[0]
            card = next(c.id for c in state.cards if c.army == mover)
            return Choice(None, (("start the turn", Move(state, StartTurn(mover, card))),))
        left = attacks_left(state)
        if not left:
            return Choice(None, (("end the turn", Move(state, EndTurn(turn.army))),))
        attacker = left[0]
        enemies = [f.key for f in state.figures if f.army != turn.army]
        name = self.names.get
        options: tuple[tuple[str, Move[BattleState, Action] | Skip[BattleState]], ...] = tuple(
            (f"have {name(attacker, attacker)} attack {name(enemy, enemy)}", Move(state, Attack(attacker, enemy)))
            for enemy in enemies
        )
        return Choice(self.armies.index(turn.army), options)

    def advance(
        self, position: BattleState, move: Move[BattleState, Action], after: BattleState
    ) -> tuple[BattleState, int]:
        """The position after `move`, its certain steps taken (ending a turn, starting the next); the turns begun."""
        return self._land(_canonical(after))

    def land(self, state: BattleState) -> tuple[BattleState, int]:
        """Where the run of certain steps from `state` leads (itself if none), and the turns it begins."""
        return self._land(_canonical(state))

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
        """0 for the army taking the first turn, 1 for the other."""
        return self.armies.index(outcome) if outcome in self.armies else None


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
        solved: Under best play, the solver's answer with the strategies it found
            ([`BestPlay.strategy`][battlebook.battle.BestPlay], keyed by the positions of
            [`HeroscapeContest`][battlebook.heroscape.battle.HeroscapeContest]); `None` under the plan.
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
    solved: BestPlay[str] | None = field(default=None, compare=False, repr=False)

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


#: How the calculator names each army's card and its figures: the first army Red, its figures R1,
#: R2...; the second Blue, B1... (the names its answer and its example share).
CARD_NAMES = {army: (f"{army} Squad", f"{army} Soldier") for army in ARMIES}
#: The calculator's battle in words, as its answer states it among the readings it took.
SETTING = "all figures in range and line of sight of every enemy, on one level (the battle's setting)"
#: The level every space of the calculator's battlefield stands at.
LEVEL = 1


def battle_cards(first: Squad, second: Squad) -> tuple[ArmyCard, ArmyCard]:
    """The two armies' cards, the first army's (Red's) first, every enemy within each one's Range."""
    reach = max(first.figures, second.figures) + 1
    red, blue = (
        ArmyCard(
            name, figure, CardKind.SQUAD, figures=squad.figures, life=squad.life, move=0, range=reach,
            attack=squad.attack, defense=squad.defense, height=FIGURE_HEIGHT, common=False,
        )
        for (name, figure), squad in zip(CARD_NAMES.values(), (first, second), strict=True)
    )  # fmt: skip
    return red, blue


def battle_map(first: Squad, second: Squad) -> str:
    """The calculator's battlefield as a text map: Red's figures in a row, Blue's in the row facing them.

    Examples:
        >>> print(battle_map(Squad(2, 3, 2, 1), Squad(1, 4, 4, 1)))
        1R1 1R2
         1B1 1
        R1 = Red Squad (Red)
        R2 = Red Squad (Red)
        B1 = Blue Squad (Blue)
    """
    width = max(first.figures, second.figures)
    rows, legend = [], []
    for row, (army, squad) in enumerate(zip(CARD_NAMES, (first, second), strict=True)):
        keys = [f"{army[0]}{number + 1}" for number in range(squad.figures)]
        cells = [f"{LEVEL}{keys[q]}" if q < len(keys) else str(LEVEL) for q in range(width)]
        rows.append(" " * row + " ".join(cells))
        legend += [f"{key} = {CARD_NAMES[army][0]} ({army})" for key in keys]
    return "\n".join(rows + legend)


def battle_state(first: Squad, second: Squad, edition: Edition, readings: Sequence[str] = ()) -> BattleState:
    """The calculator's battle, as its example draws it ([`battle_map`][battlebook.heroscape.battle.battle_map]).

    The figures do not block a line of sight (the alternative reading the example names), so
    every figure is in range and sight of every enemy. `readings` are further alternative
    readings, in a scenario's words, each of `edition` (or of both).
    """
    from battlebook.heroscape.battlefield import parse_map
    from battlebook.heroscape.readings import EDITION_OF_READING, READINGS
    from battlebook.heroscape.setup import setup_battle

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
    cards = {card.name: card for card in battle_cards(first, second)}
    state = setup_battle(parse_map(battle_map(first, second)), cards.get, ruleset)
    return replace(state, seating=ARMIES)


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

    The first army (Red) takes the first turn. Under `readings` (alternative readings, in a
    scenario's words); one under which the rules do not say who takes the next turn or who
    has won raises `RulesSilent`.
    """
    check_squad("first", first)
    check_squad("second", second)
    state = battle_state(first, second, edition, readings)
    odds = battle_odds_in(state, play, first=ARMIES[0], limit=limit)
    return replace(odds, readings=(*odds.readings, SETTING))


def _armies(state: BattleState, first: str | None) -> tuple[str, str]:
    """The battle's two armies, the one taking the first turn first; refuses a battle the calculator cannot play."""
    armies = tuple(dict.fromkeys(card.army for card in state.cards))
    if len(armies) != 2:
        raise ScenarioError(f"a battle to the end is fought by two armies, not {len(armies)} ({', '.join(armies)})")
    for army in armies:
        held = [card.id for card in state.cards if card.army == army]
        if len(held) != 1:
            raise ScenarioError(
                f"a battle to the end is fought with one army card a side: {army} has {len(held)} ({', '.join(held)})"
            )
    if first is None:
        first = state.turn.army if state.turn is not None else state.up_next
    if first is None:
        card = next(card.card.name for card in state.cards if card.army == armies[0])
        raise ScenarioError(
            f"say which army takes the first turn of the battle (as in: Given it is {armies[0]}'s turn with "
            f"the {card} card)"
        )
    if not state.ruleset.turn_passes_left:
        raise RulesSilent(
            "who wins a battle to the end: under this reading the 2004 game names no player to take the next turn"
        )
    if not state.ruleset.victory_by_destruction:
        raise RulesSilent("who wins a battle to the end: under this reading the 2024 text states no way to win one")
    return (first, armies[1] if armies[0] == first else armies[0])


def _check_reach(state: BattleState) -> None:
    """Refuse a battle in which some figure cannot attack some enemy where they stand (out of range or sight)."""
    for army in dict.fromkeys(card.army for card in state.cards):
        card = next(card.id for card in state.cards if card.army == army)
        turn = replace(state, turn=Turn(army, card), up_next=None)
        for figure in (f for f in state.figures if f.army == army):
            for enemy in (f for f in state.figures if f.army != army):
                violation = HEROSCAPE_PLAY.legal_violation(turn, Attack(figure.key, enemy.key))
                if violation is not None:
                    raise ScenarioError(
                        "a battle to the end is fought by figures that may each attack every enemy where they "
                        f"stand: {figure.key} cannot attack {enemy.key} ({violation})"
                    )


def start_position(state: BattleState, first: str | None = None) -> tuple[HeroscapeContest, BattleState]:
    """The contest of the battle `state` and the position it is fought from, as `battle_odds_in` solves it.

    `first` as [`battle_odds_in`][battlebook.heroscape.battle.battle_odds_in] takes it; the
    strategies best play finds are keyed by this contest's positions. Raises
    `ScenarioError` for a battle the calculator cannot play.
    """
    armies = _armies(state, first)
    _check_reach(state)
    if state.turn is None:
        state = replace(state, up_next=armies[0])
    if len(state.seating) < 2:
        state = replace(state, seating=armies)
    names = {figure.key: f"the {state.card_of(figure).figure} {figure.key}" for figure in state.figures}
    contest = HeroscapeContest(armies, names)
    start, _ = contest.land(state)
    return contest, start


def battle_odds_in(
    state: BattleState, play: str = "focus", *, first: str | None = None, limit: int | None = None
) -> BattleOdds:
    """The odds of the battle `state` (an example's, or the calculator's) fought to the end, under `play`.

    Two armies of one army card each, every figure in range and sight of every enemy where it
    stands (nobody moves); the army `first` (by default the one whose turn it is, or is next)
    takes the first turn, then the turns alternate, each living figure of the army attacking
    once an enemy figure. Height advantage, powers, glyphs and the edition count as in any
    attack. A decision is named by the figures' names in the battle (`the Zettian Guard Z1`).

    Examples:
        >>> state = battle_state(Squad(2, 2, 2, 1), Squad(2, 2, 2, 1), Edition.BASIC_2004)
        >>> odds = battle_odds_in(state, "best", first="Red")
        >>> odds.first_decision
        "Red's best first decision is to have the Red Soldier R1 attack the Blue Soldier B1"
    """
    contest, start = start_position(state, first)
    armies = contest.armies
    readings = tuple(readings_taken(state.ruleset))
    if play == "focus":
        answer = solve_plan(HEROSCAPE_PLAY, contest, focus, start, limit=limit or MAX_POSITIONS)
        won = [sum((p for w, p in answer.outcomes.items() if w == army), Fraction(0)) for army in armies]
        expected = None if answer.expected_count is None else 1 + answer.expected_count
        return BattleOdds("focus", won[0], won[1], answer.never_ends, expected, None, False, readings, answer.positions)
    if play != "best":
        raise FightArgumentError(f"the Heroscape battle is played 'focus' or 'best', not {play[:20]!r}")
    best = solve_best(HEROSCAPE_PLAY, contest, start, limit=limit or BEST_MAX_POSITIONS)
    decision = None
    if best.first_decision is not None:
        side, label = best.first_decision
        decision = f"{armies[side]}'s best first decision is to {label}"
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
        best,
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
        f"the first army, Red ({first.words()}), against the second, Blue ({second.words()}), Red first"
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
