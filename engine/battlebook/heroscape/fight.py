"""Whole-fight odds in Heroscape: two figures duelling to the end, and one figure attacked again and again.

Both questions are fights played through the rules themselves: every attack is resolved by
[`rules.apply`][battlebook.heroscape.rules.apply] through the game's contract, once for
each number of skulls the shields can leave unblocked, and the fight is solved exactly by
[`battlebook.fight.solve`][battlebook.fight.solve]. So the edition's rules (2004: more
skulls than shields destroys; 2024: each unblocked skull is a wound against the
defender's Life), height advantage, powers and glyphs count exactly as they do in an
example, and a rules change shows up in the odds by itself.

- [`duel_odds`][battlebook.heroscape.fight.duel_odds]: figure A and figure B take turns
  attacking each other, A first, until one is destroyed: who wins, with how much Life left,
  the chance that neither ever can, and the expected number of attacks;
  [`duel_odds_in`][battlebook.heroscape.fight.duel_odds_in] asks the same of two figures of
  a battle already set up (an example's);
- [`attacked_odds`][battlebook.heroscape.fight.attacked_odds]: one figure of Life L takes
  N attacks, each with its own attack and defense dice: the wounds it is left with if it
  survives, the chance that the n-th attack destroys it, and that it is destroyed at all.

Examples:
    >>> odds = duel_odds(Fighter(3, 3, 4), Fighter(3, 3, 4), Edition.EDITION_2024)
    >>> odds.first_wins + odds.second_wins + odds.never_ends
    Fraction(1, 1)
    >>> odds.first_wins > odds.second_wins  # attacking first is an edge
    True
    >>> attacked_odds(1, [(2, 1)], Edition.BASIC_2004).destroyed
    Fraction(7, 12)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from battlebook import bounds
from battlebook.errors import RulesSilent, ScenarioError
from battlebook.fight import MAX_POSITIONS, Ended, Move, solve
from battlebook.fight_report import FightArgumentError, FightReport, Spread
from battlebook.frozen import FrozenMap
from battlebook.heroscape.actions import Action, Attack, EndTurn, StartTurn
from battlebook.heroscape.battlefield import MAX_LEVEL, Battlefield, Space
from battlebook.heroscape.cards import ArmyCard, CardKind
from battlebook.heroscape.dice import COMBAT_DIE
from battlebook.heroscape.hexes import Hex
from battlebook.heroscape.play import HEROSCAPE_PLAY
from battlebook.heroscape.ruleset import Edition, Harm, Ruleset
from battlebook.heroscape.state import BattleState, CardInPlay, Figure
from battlebook.odds import fraction_text

__all__ = [
    "MAX_ATTACKS",
    "MAX_DICE",
    "MAX_LIFE",
    "AttackedOdds",
    "DuelOdds",
    "Fighter",
    "attacked_odds",
    "duel_odds",
    "duel_odds_in",
    "fight_report",
    "readings_taken",
]

#: The most attack or defense dice a figure of the calculator may roll before height advantage,
#: the most Life it may have, and the most attacks one figure may be asked to take (stated in
#: `battlebook.bounds` with every other bound).
MAX_DICE = bounds.FIGHT_MAX_DICE
MAX_LIFE = bounds.FIGHT_MAX_LIFE
MAX_ATTACKS = bounds.FIGHT_MAX_ATTACKS
#: The Height of the calculator's figures (only line of sight reads it: they stand side by side).
FIGURE_HEIGHT = 5


@dataclass(frozen=True)
class Fighter:
    """A figure of the calculator, by its printed numbers: attack dice, defense dice and Life.

    Examples:
        >>> Fighter(3, 2, 4).attack
        3
    """

    attack: int
    defense: int
    life: int


def _left(outcomes: Mapping[tuple[str, int | None], Fraction], who: str, life: int | None) -> FrozenMap[int, Fraction]:
    if life is None:
        return FrozenMap()
    return FrozenMap((n, outcomes.get((who, n), Fraction(0))) for n in range(life, 0, -1))


@dataclass(frozen=True)
class DuelOdds:
    """How a duel to the end goes, exactly.

    Attributes:
        first: The figure attacking first, as the answer names it.
        second: The other figure.
        first_wins: The chance that the first figure destroys the second.
        second_wins: The chance that the second figure destroys the first.
        never_ends: The chance that neither ever destroys the other (neither can harm the other).
        first_wins_with_left: By Life left to the first figure when it wins, the chance of it (its
            Life down to 1; empty when the figure's Life is not known).
        second_wins_with_left: The same for the second figure.
        expected_attacks: The expected number of attacks until one falls, or `None` when the
            duel may go on for ever.
        readings: The readings of the rules the answer took.
        positions: How many positions of the battle the answer went through.
    """

    first: str
    second: str
    first_wins: Fraction
    second_wins: Fraction
    never_ends: Fraction
    first_wins_with_left: FrozenMap[int, Fraction]
    second_wins_with_left: FrozenMap[int, Fraction]
    expected_attacks: Fraction | None
    readings: tuple[str, ...]
    positions: int

    def json(self) -> dict[str, Any]:
        """The answer with exact fractions as `"p/q"` strings, the Life maps keyed by the Life left."""
        return {
            "first_wins": fraction_text(self.first_wins),
            "second_wins": fraction_text(self.second_wins),
            "never_ends": fraction_text(self.never_ends),
            "first_wins_with_left": {str(n): fraction_text(p) for n, p in self.first_wins_with_left.items()},
            "second_wins_with_left": {str(n): fraction_text(p) for n, p in self.second_wins_with_left.items()},
            "expected_attacks": None if self.expected_attacks is None else fraction_text(self.expected_attacks),
            "readings": list(self.readings),
        }


@dataclass(frozen=True)
class AttackedOdds:
    """What N attacks do to one figure, exactly.

    Attributes:
        life: The figure's Life.
        attacks: Each attack's attack dice and defense dice, in order.
        destroyed: The chance that one of the attacks destroys it.
        destroyed_by_attack: For each attack in order, the chance that this attack is the one
            that destroys it (they add up to `destroyed`).
        alive_with_wounds: By number of wounds (0 to Life - 1), the chance that it survives
            every attack with that many.
        readings: The readings of the rules the answer took.
        positions: How many positions of the battle the answer went through.
    """

    life: int
    attacks: tuple[tuple[int, int], ...]
    destroyed: Fraction
    destroyed_by_attack: tuple[Fraction, ...]
    alive_with_wounds: FrozenMap[int, Fraction]
    readings: tuple[str, ...]
    positions: int

    def json(self) -> dict[str, Any]:
        """The answer with exact fractions as `"p/q"` strings, the wounds map keyed by the number of wounds."""
        return {
            "destroyed": fraction_text(self.destroyed),
            "alive_with_wounds": {str(n): fraction_text(p) for n, p in self.alive_with_wounds.items()},
            "destroyed_by_attack": [fraction_text(p) for p in self.destroyed_by_attack],
            "readings": list(self.readings),
        }


# --- The readings an answer took -----------------------------------------------------


def readings_taken(ruleset: Ruleset) -> list[str]:
    """The edition's way of harming and the combat die, in words, as the answer took them."""
    if ruleset.harm is Harm.DESTROY:
        harm = (
            f"the {ruleset.edition.value} edition: an attack whose skulls outnumber the shields destroys "
            "its defender, whatever its Life (heroscape.attack-outcome)"
        )
    else:
        harm = (
            f"the {ruleset.edition.value} edition: each skull the shields leave unblocked is a wound, and a "
            "figure is destroyed once its wounds reach its Life (heroscape.life)"
        )
    die = ruleset.combat_die
    whose = "Battlebook's reading" if die == COMBAT_DIE else "the example's own die"
    dice = (
        f"the combat die: {die.skulls} skulls, {die.shields} shields, {die.blanks} blank, for attack and defense "
        f"alike (ruling.heroscape-combat-die, {whose})"
    )
    return [harm, dice]


# --- The duel ------------------------------------------------------------------------


def _life_left(state: BattleState, figure: Figure) -> int | None:
    card = state.card(figure.card_id).card
    if card.life is None:
        return None
    return card.stat("life") - state.wounds_of(figure)


@dataclass(frozen=True)
class _Duel:
    """Two figures taking turns, each turn one attack on the other, until one is destroyed."""

    first: Figure
    second: Figure

    def decide(self, state: BattleState) -> Move[BattleState, Action] | Ended[tuple[str, int | None]]:
        if not state.has_figure(self.first.key):
            return Ended(("second", _life_left(state, state.figure(self.second.key))))
        if not state.has_figure(self.second.key):
            return Ended(("first", _life_left(state, state.figure(self.first.key))))
        turn = state.turn
        if turn is None:
            mover = self.first if state.up_next in (None, self.first.army) else self.second
            return Move(state, StartTurn(mover.army, mover.card_id))
        attacker, defender = (self.first, self.second) if turn.army == self.first.army else (self.second, self.first)
        if attacker.key not in turn.attacked:
            return Move(state, Attack(attacker.key, defender.key))
        return Move(state, EndTurn(turn.army))

    def advance(
        self, position: BattleState, move: Move[BattleState, Action], after: BattleState
    ) -> tuple[BattleState, int]:
        return after, int(isinstance(move.action, Attack))


def _name(state: BattleState, figure: Figure) -> str:
    return f"{state.card_of(figure).figure} {figure.key}"


def duel_odds_in(state: BattleState, first: str, second: str, *, limit: int = MAX_POSITIONS) -> DuelOdds:
    r"""The odds of a duel between the figures `first` and `second` (map keys) of the battle `state`.

    The two take turns, the first figure's army first, whatever turn the battle was in:
    each turn its figure attacks the other once, through the rules of the battle's
    edition, with every extra die the battle gives it (height, powers, glyphs). Other
    figures only stand where they are. A `RuleViolation` says why an attack cannot be made
    (out of range, out of sight); `RulesSilent` that the battle's reading names nobody to take
    the next turn, so the turns of a duel cannot be told.

    Examples:
        >>> from battlebook.heroscape.battlefield import parse_map
        >>> from battlebook.heroscape.cards import KNOWN_CARDS
        >>> from battlebook.heroscape.setup import setup_battle
        >>> state = setup_battle(parse_map("1Z1 1A1\nZ1 = Zettian Guards (Red)\nA1 = Airborne Elite (Blue)"),
        ...                      KNOWN_CARDS.get)
        >>> odds = duel_odds_in(state, "Z1", "A1")
        >>> odds.first, fraction_text(odds.first_wins)
        ('Zettian Guard Z1', '...')
    """
    one, other = state.figure(first), state.figure(second)
    if not state.ruleset.turn_passes_left:
        raise RulesSilent(
            "who attacks next in a duel: under this reading the 2004 game names no player to take the next turn"
        )
    if one.army == other.army:
        raise ScenarioError(f"{one.key} and {other.key} are both {one.army}'s: a duel needs figures of two armies")
    start = replace(state, turn=None, up_next=None, seating=(one.army, other.army))
    answer = solve(HEROSCAPE_PLAY, _Duel(one, other), start, limit=limit)
    outcomes: dict[tuple[str, int | None], Fraction] = dict(answer.outcomes)
    won = {who: sum((p for (w, _), p in outcomes.items() if w == who), Fraction(0)) for who in ("first", "second")}
    return DuelOdds(
        _name(state, one),
        _name(state, other),
        won["first"],
        won["second"],
        answer.never_ends,
        _left(outcomes, "first", _life_left(state, one)),
        _left(outcomes, "second", _life_left(state, other)),
        answer.expected_count,
        tuple(readings_taken(state.ruleset)),
        answer.positions,
    )


def _hero(name: str, attack: int, defense: int, life: int) -> ArmyCard:
    return ArmyCard(
        name, name, CardKind.HERO, figures=1, life=life, move=0, range=1, attack=attack, defense=defense,
        height=FIGURE_HEIGHT, common=False,
    )  # fmt: skip


def levels_apart(ruleset: Ruleset, extra: int) -> int:
    """How many levels above the other a figure stands to roll `extra` dice of height advantage, the fewest.

    Raises `FightArgumentError` when the edition gives no such number of dice.

    Examples:
        >>> levels_apart(Ruleset.for_edition(Edition.EDITION_2024), 2)
        10
    """
    for gap in range(MAX_LEVEL):
        if ruleset.height.extra_dice(gap) == extra:
            return gap
    most = max(ruleset.height.extra_dice(gap) for gap in range(MAX_LEVEL))
    raise FightArgumentError(
        f"the {ruleset.edition.value} edition gives a higher figure at most {most} extra "
        f"{'die' if most == 1 else 'dice'}, not {extra}"
    )


def duel_state(first: Fighter, second: Fighter, edition: Edition, height: int = 0) -> BattleState:
    """Two hero figures side by side, A (`first`) and B (`second`), the first `height` dice higher (negative: lower)."""
    ruleset = Ruleset.for_edition(edition)
    gap = levels_apart(ruleset, abs(height))
    here, there = Hex(0, 0), Hex(1, 0)
    levels = (1 + gap, 1) if height > 0 else (1, 1 + gap)
    state = BattleState(ruleset, Battlefield({here: Space(levels[0]), there: Space(levels[1])}))
    for key, army, fighter, where in (("A", "First", first, here), ("B", "Second", second, there)):
        name = f"{army} figure"
        state = state.with_card(CardInPlay(name, army, _hero(name, fighter.attack, fighter.defense, fighter.life)))
        state = state.with_figure(Figure(key, name, army, (where,)))
    return state


def _check(what: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise FightArgumentError(f"{what} is {value}: give a whole number from {low} to {high}")


def _check_fighter(who: str, fighter: Fighter) -> None:
    _check(f"the {who} figure's attack", fighter.attack, 0, MAX_DICE)
    _check(f"the {who} figure's defense", fighter.defense, 0, MAX_DICE)
    _check(f"the {who} figure's Life", fighter.life, 1, MAX_LIFE)


def duel_odds(first: Fighter, second: Fighter, edition: Edition = Edition.BASIC_2004, height: int = 0) -> DuelOdds:
    """The odds of a duel to the end between two figures given by their numbers, the first attacking first.

    `height` is the extra dice of height advantage, signed: positive when the first figure
    stands higher (it rolls them attacking and defending), negative when the second does;
    the edition bounds it (2004: up to 1 die; 2024: up to 2).

    Examples:
        >>> odds = duel_odds(Fighter(2, 2, 1), Fighter(2, 2, 1), Edition.BASIC_2004, height=1)
        >>> fraction_text(odds.first_wins), odds.expected_attacks > 1
        ('...', True)
        >>> duel_odds(Fighter(0, 2, 1), Fighter(0, 2, 1)).never_ends
        Fraction(1, 1)
    """
    _check_fighter("first", first)
    _check_fighter("second", second)
    answer = duel_odds_in(duel_state(first, second, edition, height), "A", "B")
    readings = answer.readings
    if height:
        dice = "1 extra die" if abs(height) == 1 else f"{abs(height)} extra dice"
        higher = "first" if height > 0 else "second"
        readings += (
            f"height advantage: the {higher} figure stands higher and rolls {dice}, attacking and defending "
            "(heroscape.height-advantage)",
        )
    return replace(answer, first="the first figure", second="the second figure", readings=readings)


# --- One figure attacked N times -------------------------------------------------------


@dataclass(frozen=True)
class _Attacked:
    """The figure T takes the attacks of `attacks` in order, each made by X with those dice."""

    attacks: tuple[tuple[int, int], ...]

    def armed(self, state: BattleState, number: int) -> BattleState:
        attack, defense = self.attacks[number]
        attacker, target = state.card("Attacker"), state.card("Target")
        state = state.replacing_card(replace(attacker, card=replace(attacker.card, attack=attack)))
        return state.replacing_card(replace(target, card=replace(target.card, defense=defense)))

    def decide(self, position: tuple[int, BattleState]) -> Move[BattleState, Action] | Ended[tuple[str, int]]:
        made, state = position
        if not state.has_figure("T"):
            return Ended(("destroyed", made))
        turn = state.turn
        if turn is not None and "X" in turn.attacked:
            return Move(state, EndTurn(turn.army))
        if made == len(self.attacks):
            return Ended(("alive", state.wounds_of(state.figure("T"))))
        armed = self.armed(state, made)
        if turn is None:
            return Move(armed, StartTurn("Attackers", "Attacker"))
        return Move(armed, Attack("X", "T"))

    def advance(
        self, position: tuple[int, BattleState], move: Move[BattleState, Action], after: BattleState
    ) -> tuple[tuple[int, BattleState], int]:
        attacked = isinstance(move.action, Attack)
        return (position[0] + attacked, after), int(attacked)


def attacked_odds(
    life: int,
    attacks: Sequence[tuple[int, int]],
    edition: Edition = Edition.BASIC_2004,
    *,
    ruleset: Ruleset | None = None,
) -> AttackedOdds:
    """The odds of one figure of Life `life` taking `attacks` in turn, each (attack dice, defense dice).

    Each attack is one turn of an attacking figure beside it, resolved by the edition's
    rules (in 2004 any successful attack destroys, whatever the Life); `ruleset`, when
    given (a battle's own, with its readings and its combat die), is played instead.

    Examples:
        >>> odds = attacked_odds(2, [(1, 0), (1, 0)], Edition.EDITION_2024)
        >>> [str(p) for p in odds.destroyed_by_attack], dict(odds.alive_with_wounds)
        (['0', '1/4'], {0: Fraction(1, 4), 1: Fraction(1, 2)})
    """
    _check("the Life", life, 1, MAX_LIFE)
    if not 1 <= len(attacks) <= MAX_ATTACKS:
        raise FightArgumentError(f"{len(attacks)} attacks: give from 1 to {MAX_ATTACKS}")
    for number, (attack, defense) in enumerate(attacks, start=1):
        _check(f"attack {number}'s attack dice", attack, 0, MAX_DICE)
        _check(f"attack {number}'s defense dice", defense, 0, MAX_DICE)
    ruleset = Ruleset.for_edition(edition) if ruleset is None else ruleset
    here, there = Hex(0, 0), Hex(1, 0)
    state = BattleState(ruleset, Battlefield({here: Space(1), there: Space(1)}))
    state = state.with_card(CardInPlay("Attacker", "Attackers", _hero("Attacker", attacks[0][0], 0, 1)))
    state = state.with_card(CardInPlay("Target", "Target's army", _hero("Target", 0, attacks[0][1], life)))
    state = state.with_figure(Figure("X", "Attacker", "Attackers", (here,)))
    state = state.with_figure(Figure("T", "Target", "Target's army", (there,)))
    fight = _Attacked(tuple(attacks))
    answer = solve(HEROSCAPE_PLAY, fight, (0, state))
    outcomes: dict[tuple[str, int], Fraction] = dict(answer.outcomes)
    by_attack = tuple(outcomes.get(("destroyed", n), Fraction(0)) for n in range(1, len(attacks) + 1))
    return AttackedOdds(
        life,
        tuple(attacks),
        sum(by_attack, Fraction(0)),
        by_attack,
        FrozenMap((w, outcomes.get(("alive", w), Fraction(0))) for w in range(life)),
        tuple(readings_taken(ruleset)),
        answer.positions,
    )


# --- The calculator's questions, from text -----------------------------------------------

_WHOLE = re.compile(r"[+-]?[0-9]+")


def _whole(text: str, what: str) -> int:
    """A whole number in ASCII digits; one too long to be within any bound is said to be out of bounds, not read."""
    text = text.strip()
    if not _WHOLE.fullmatch(text):
        raise FightArgumentError(f"{what}: {text[:20]!r} is not a whole number")
    if len(text.lstrip("+-")) > 6:
        raise FightArgumentError(f"{what}: {text[:20]!r} is out of bounds")
    return int(text)


def _edition(text: str) -> Edition:
    try:
        return Edition(text.strip())
    except ValueError:
        raise FightArgumentError(f"the edition is 2004 or 2024, not {text.strip()[:20]!r}") from None


def _fighter(text: str, who: str) -> Fighter:
    parts = text.split(",")
    if len(parts) != 3:
        raise FightArgumentError(f"the {who} figure is ATTACK,DEFENSE,LIFE (such as 3,2,4), not {text.strip()[:30]!r}")
    attack, defense, life = (_whole(p, f"the {who} figure") for p in parts)
    return Fighter(attack, defense, life)


def _attack_list(text: str) -> list[tuple[int, int]]:
    parts = text.split(",")
    if len(parts) > MAX_ATTACKS:
        raise FightArgumentError(f"{len(parts)} attacks: give from 1 to {MAX_ATTACKS}")
    attacks = []
    for number, part in enumerate(parts, start=1):
        dice = part.strip().lower().split("v")
        if len(dice) != 2:
            raise FightArgumentError(
                f"attack {number} is AvD (attack dice v defense dice, such as 3v2), not {part.strip()[:20]!r}"
            )
        attacks.append((_whole(dice[0], f"attack {number}"), _whole(dice[1], f"attack {number}")))
    return attacks


def _argument(arguments: Mapping[str, str], name: str, default: str | None = None) -> str:
    value = arguments.get(name, default)
    if value is None:
        raise FightArgumentError(f"give {name.replace('_', ' ')}")
    return str(value)


def _counts_life(edition: Edition) -> bool:
    """Whether a figure's Life matters in `edition`: only where an attack wounds (in 2004 it destroys)."""
    return Ruleset.for_edition(edition).harm is Harm.WOUNDS


def _duel_report(odds: DuelOdds, edition: Edition, first: Fighter, second: Fighter, height: int) -> FightReport:
    """The duel's answer; where Life does not count (2004), no Life is named and no Life left charted."""
    counts_life = _counts_life(edition)

    def named(fighter: Fighter) -> str:
        life = f", Life {fighter.life}" if counts_life else ""
        return f"attack {fighter.attack}, defense {fighter.defense}{life}"

    title = (
        f"Heroscape duel to the end, {edition.value} edition: the first figure ({named(first)}) attacks first, "
        f"then the second ({named(second)}), in turn"
    )
    data: dict[str, Any] = {"game": "heroscape", "question": "duel", "edition": edition.value, "height": height}
    data |= {"first": [first.attack, first.defense, first.life], "second": [second.attack, second.defense, second.life]}
    return FightReport(
        title,
        odds.readings,
        (
            ("the first figure wins", odds.first_wins),
            ("the second figure wins", odds.second_wins),
            ("the duel never ends", odds.never_ends),
        ),
        (
            Spread(
                "The first figure wins with this much Life left", "Life left", tuple(odds.first_wins_with_left.items())
            ),
            Spread(
                "The second figure wins with this much Life left",
                "Life left",
                tuple(odds.second_wins_with_left.items()),
            ),
        )
        if counts_life
        else (),
        ("expected attacks", odds.expected_attacks),
        json.dumps(data | odds.json()),
    )


def _attacked_report(odds: AttackedOdds, edition: Edition) -> FightReport:
    """The answer for a figure attacked again and again; where Life does not count (2004), no wounds are charted."""
    counts_life = _counts_life(edition)
    attacks = ", ".join(f"{a} against {d}" for a, d in odds.attacks)
    figure = f"a figure of Life {odds.life}" if counts_life else "a figure"
    title = f"Heroscape, {edition.value} edition: {figure} takes {len(odds.attacks)} attacks ({attacks})"
    wounds = Spread("Alive at the end with this many wounds", "wounds", tuple(odds.alive_with_wounds.items()))
    data: dict[str, Any] = {"game": "heroscape", "question": "attacked", "edition": edition.value, "life": odds.life}
    data["attacks"] = [list(pair) for pair in odds.attacks]
    chances = [("destroyed", odds.destroyed), ("alive at the end", 1 - odds.destroyed)]
    return FightReport(
        title,
        odds.readings,
        tuple(chances),
        (
            Spread("Destroyed by this attack", "attack", tuple(enumerate(odds.destroyed_by_attack, start=1))),
            *((wounds,) if counts_life else ()),
        ),
        None,
        json.dumps(data | odds.json()),
    )


def fight_report(question: str, arguments: Mapping[str, str]) -> FightReport:
    """A question of the Heroscape fight calculator asked with arguments written as text.

    - `duel`: `edition` (2004 or 2024), `first` and `second` (each `ATTACK,DEFENSE,LIFE`),
      `height` (signed extra dice, default 0);
    - `attacked`: `edition`, `life`, `attacks` (`AvD,AvD,...`, each attack's attack and defense dice).

    Examples:
        >>> report = fight_report("duel", {"edition": "2004", "first": "2,2,1", "second": "2,2,1"})
        >>> report.chances[0][0], report.json()["expected_attacks"]
        ('the first figure wins', '...')
        >>> fight_report("duel", {"edition": "2004", "first": "2,2", "second": "2,2,1"})
        Traceback (most recent call last):
        ...
        battlebook.fight_report.FightArgumentError: the first figure is ATTACK,DEFENSE,LIFE (such as 3,2,4), not '2,2'
    """
    edition = _edition(_argument(arguments, "edition", "2004"))
    if question == "duel":
        first = _fighter(_argument(arguments, "first"), "first")
        second = _fighter(_argument(arguments, "second"), "second")
        height = _whole(_argument(arguments, "height", "0"), "the height")
        return _duel_report(duel_odds(first, second, edition, height), edition, first, second, height)
    if question == "attacked":
        life = _whole(_argument(arguments, "life"), "the Life")
        attacks = _attack_list(_argument(arguments, "attacks"))
        return _attacked_report(attacked_odds(life, attacks, edition), edition)
    raise FightArgumentError(f"the Heroscape calculator answers 'duel', 'attacked' and 'battle', not {question[:20]!r}")
