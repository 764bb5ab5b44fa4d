"""One contract for every game: what the rulebook machinery and the tests may ask of a game.

As in OpenSpiel, a game is a set of rules with settings (its ruleset and the readings it
can be played under) that acts on states. Every game registered in
[`battlebook.games`][battlebook.games] offers the same [`Game`][battlebook.game.Game] API:

- one legality check over every kind of action, returning the rule that refuses it or `None`;
- `apply`, which carries an action out with the dice it is given;
- the candidate actions of a state (every action shaped for it, legal or not);
- the chance of an attack, as one [`AttackChance`][battlebook.game.AttackChance] type for
  every game, and every result its dice can show, to check that chance against `apply`;
- the drawing of a state (the drawing code is imported only when a drawing is asked for)
  and what it shows, and the game's odds page;
- the identifiers of the game's rules.

This module imports no game: each game implements the contract next to its own rules
([`battlebook.homm.game`][battlebook.homm.game], [`battlebook.heroscape.game`][battlebook.heroscape.game]).

Examples:
    >>> chance = AttackChance((RollResult(0, Fraction(1, 2), 0, False), RollResult(1, Fraction(1, 2), 1, True)))
    >>> chance.success, chance.killing, chance.hits_to_kill
    (Fraction(1, 2), Fraction(1, 2), 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from battlebook.dice import Dice
from battlebook.errors import RuleViolation

if TYPE_CHECKING:
    from battlebook.calculator import Calculators
    from battlebook.fight_report import FightReport

State = TypeVar("State")
Action = TypeVar("Action")


@dataclass(frozen=True)
class RollResult:
    """One result of the dice an attack rolls, grouped by what it does.

    Attributes:
        value: What the dice showed, as the game counts it: the face of HoMM's die, or the
            number of unblocked skulls in Heroscape.
        chance: The exact chance of this result.
        hits: The harm it does: 1 for a HoMM hit, the number of wounds in Heroscape, 0 for none.
        kills: Whether the attack then does all it can: a HoMM hit removes what it struck;
            a Heroscape defender is destroyed.
    """

    value: int
    chance: Fraction
    hits: int
    kills: bool


@dataclass(frozen=True)
class AttackChance:
    """The exact odds of one attack as the battle stands, in any game.

    Attributes:
        results: Every result of the dice, with its chance and what it does.
        attack_dice: How many dice the attacker rolls (HoMM: its one die).
        defense_dice: How many dice the defender rolls (HoMM: none).
        notes: Why the dice differ from the printed values, if they do.
    """

    results: tuple[RollResult, ...]
    attack_dice: int = 1
    defense_dice: int = 0
    notes: tuple[str, ...] = ()

    @property
    def success(self) -> Fraction:
        """The chance that the attack does any harm (HoMM: a hit; Heroscape: at least one wound)."""
        return sum((r.chance for r in self.results if r.hits > 0), Fraction(0))

    @property
    def killing(self) -> Fraction:
        """The chance that the attack kills what it strikes (a Heroscape defender is destroyed)."""
        return sum((r.chance for r in self.results if r.kills), Fraction(0))

    @property
    def destroying(self) -> Fraction:
        """The Heroscape name of [`killing`][battlebook.game.AttackChance.killing]."""
        return self.killing

    @property
    def winning_values(self) -> tuple[int, ...]:
        """The values of the results that kill, in order."""
        return tuple(r.value for r in self.results if r.kills)

    @property
    def hits_to_kill(self) -> int | None:
        """The fewest hits (wounds) with which the attack kills, or `None` if none can."""
        return min((r.hits for r in self.results if r.kills), default=None)

    @property
    def wounds_to_destroy(self) -> int | None:
        """The Heroscape name of [`hits_to_kill`][battlebook.game.AttackChance.hits_to_kill]."""
        return self.hits_to_kill

    def hits_distribution(self) -> tuple[Fraction, ...]:
        """The chance of exactly k hits, for k from 0 to the most any result does."""
        most = max((r.hits for r in self.results), default=0)
        spread = [Fraction(0)] * (most + 1)
        for result in self.results:
            spread[result.hits] += result.chance
        return tuple(spread)


@dataclass(frozen=True)
class KnownCard:
    """A card (a unit, an army card) whose stats the game's sources give, as the index of cards lists it.

    Attributes:
        name: The card's name.
        names: Every name an example may call it by (its name, its figures' name).
        stats: Each stat the sources give (or that Battlebook chose, as `origin` says), in words.
        origin: Where the stats come from.
        sourced: Of `stats`, those the source texts themselves give (the rest are illustrative).
        sections: For each stat of `sourced`, the section of the source texts that gives it, as a
            rule's `@source:` tag writes it (`("defense", "000/swarming")`); a sourced stat with
            no section here is known only by `origin`.
    """

    name: str
    names: tuple[str, ...]
    stats: tuple[tuple[str, str], ...]
    origin: str
    sourced: tuple[tuple[str, str], ...] = ()
    sections: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class RulesEdition:
    """One edition of a game's rules: its name (as an `@edition:` tag writes it), in words, and its ruleset.

    Examples:
        >>> RulesEdition("2004", "the 2004 basic game", None).name
        '2004'
    """

    name: str
    words: str
    ruleset: Any


@runtime_checkable
class InWords(Protocol):
    """A setting of a ruleset that says its value in words (a die's sides, the steps of a bonus)."""

    def in_words(self) -> str:
        """The value in words, as the site shows it."""
        ...


@dataclass(frozen=True)
class Drawing:
    """A state drawn for a page: the SVG picture, and what the page sets beside it.

    Attributes:
        svg: The picture, one line of accessible SVG.
        legend: HTML set under the picture as page text (empty when the picture needs none).
        wide: Whether the picture may take more of the page's width.
        marked: Words naming what the picture draws over the state (" with the range
            counted and the line of sight"), empty when it draws nothing more.
    """

    svg: str
    legend: str = ""
    wide: bool = False
    marked: str = ""


@dataclass(frozen=True)
class Roll:
    """One result the dice of an attack can show: its chance, and dice that roll exactly it."""

    chance: Fraction
    dice: Dice


class Game(Protocol[State, Action]):
    """What every game offers (see the module's docstring).

    Attributes:
        name: The game's short name: its feature folder, its step modules' prefix, the
            fixture its steps share (`homm`, `heroscape`).
        title: The game's full name, as the site shows it.
        scene: What a drawing of a state shows, in a word ("battle", "battlefield").
        card_noun: What one of its cards is called ("unit", "army card").
    """

    name: str
    title: str
    scene: str
    card_noun: str

    def known_cards(self) -> tuple[KnownCard, ...]:
        """The cards whose stats the game's sources give (or Battlebook chose for them, as each says)."""
        ...

    def editions(self) -> tuple[RulesEdition, ...]:
        """The editions of the game's rules, oldest first; none for a game printed once."""
        ...

    def readings(self) -> Mapping[str, Mapping[str, object]]:
        """Every alternative reading of the game's rulings a scenario may choose, by its words: the settings it changes.

        A scenario names one with `Given the alternative reading: WORDS`; the settings are the
        ruleset's (or those of an extension the state holds, such as a HoMM town's).
        """
        ...

    def played_under(self, state: State, settings: Mapping[str, object]) -> State:
        """`state` played under `settings` (a reading's): its ruleset's, and those of what the state holds."""
        ...

    def new_battle(self, rng: random.Random) -> State:
        """A random battle, set up and valid, drawn with `rng` (the caller's, so it can be replayed).

        What the API test plays over every registered game; with
        [`invariants`][battlebook.game.Game.invariants], what must stay true while it is played.
        """
        ...

    def invariants(self, first: State) -> Callable[[State], None]:
        """A check of every later state of the battle that began as `first`: `AssertionError` saying what broke."""
        ...

    def legal_violation(self, state: State, action: Action) -> RuleViolation | None:
        """Why the rules refuse `action` in `state` (any kind of action), or `None`."""
        ...

    def apply(self, state: State, action: Action, dice: Dice) -> Any:
        """Carry `action` out with `dice`; the result has the new `state`. Raises `RuleViolation`."""
        ...

    def candidate_actions(self, state: State) -> Iterator[Action]:
        """Every action shaped for `state`, legal or not."""
        ...

    def is_attack(self, action: object) -> bool:
        """Whether `action` is an attack, whose chance can be asked for."""
        ...

    def chance_of(self, state: State, action: Action) -> AttackChance:
        """The exact odds of the attack `action` in `state`; raises its `RuleViolation` if refused."""
        ...

    def rolls(self, state: State, action: Action) -> Iterator[Roll]:
        """Every result the dice of the attack can show (up to order), with its chance."""
        ...

    def outcomes(self, state: State, action: Action) -> Iterator[Roll]:
        """The results of the attack's dice that the rules can tell apart, each with its whole chance.

        A coarser [`rolls`][battlebook.game.Game.rolls]: each result stands for every roll
        that leaves the battle in the same state (a Heroscape attack reads only how many
        skulls the shields leave unblocked), with their chances added up and dice that roll
        one of them. The API test holds it to `rolls`: over every roll, `apply` reaches the
        same states with the same chances. The whole-fight odds branch on these.
        """
        ...

    def attack_effect(self, resolution: Any) -> tuple[int, bool]:
        """What a resolved attack did: (hits or wounds, whether it killed)."""
        ...

    def describe_chance(self, state: State, action: Action) -> str:
        """One line for the page on the attack's chance in `state`."""
        ...

    def describe_action(self, state: State, action: Action) -> str:
        """What `action` attempts in `state`, in words ("the Zettian Guard Z1 attacks the Airborne Elite A1").

        Used to tell an action the rules refused.
        """
        ...

    def describe_result(self, before: State, action: Action, resolution: Any) -> str:
        """What the resolution of `action`, attempted in `before`, did, in a player's words.

        Read from the engine's resolution (an attack's harm, a figure destroyed and where it
        went), as the editions page tells each example's outcome.
        """
        ...

    def view(self, state: State) -> Hashable | None:
        """What a drawing of `state` shows, to tell whether an action changed it; `None` when nothing is set up."""
        ...

    def draw(self, state: State, title: str, ident: str = "", marks: Sequence[object] = ()) -> Drawing:
        """The state drawn for a page, titled `title` (ids prefixed by `ident`).

        `marks` are what a scenario's steps checked on the state, in the game's own terms
        (a Heroscape range count or line of sight), for the drawing to show.
        """
        ...

    def rule_ids(self) -> frozenset[str]:
        """The identifiers of the rules the game's refusals name."""
        ...

    def fight(self, question: str, arguments: Mapping[str, str]) -> FightReport:
        """The game's whole-fight calculator: `question` asked with `arguments` written as text.

        What the command line (`battlebook odds fight GAME`) and the odds page's calculator
        pass on; the game reads and bounds every argument, and refuses one it cannot take
        with a one-line [`FightArgumentError`][battlebook.fight_report.FightArgumentError].
        """
        ...

    def calculators(self) -> Calculators:
        """The game's calculators: an attack's odds, a whole fight's questions, the odds page's calculator.

        The same object the registry gives without loading the rules
        ([`calculators`][battlebook.games.calculators]), for a quick command line.
        """
        ...

    def odds_page(self) -> str:
        """The Markdown of the game's odds page: tables, charts and formulas, computed now.

        The page's code (sympy, the charts) is imported only when a page is asked for.
        """
        ...


def module_rule_ids(module: ModuleType) -> frozenset[str]:
    """The rule identifiers a `rule_ids` module defines: its upper-case string constants.

    Examples:
        >>> import types
        >>> ids = types.ModuleType("ids")
        >>> ids.MELEE, ids.helper = "homm.melee-attack", "not an id"
        >>> sorted(module_rule_ids(ids))
        ['homm.melee-attack']
    """
    return frozenset(v for k, v in vars(module).items() if k.isupper() and isinstance(v, str))
