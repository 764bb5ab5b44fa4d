"""One battle's snapshot: sides, lines, creature stacks, the clock and the discard pile.

States are immutable values. A rule never edits a state: it returns a new one, so a
refused action always leaves the battle exactly as it was. They are hashable and compare by
value, so an exact computation can memoize on them (two states for the same battle are one
dictionary key).

Besides the stacks, a state records what the round structure needs: the
[`Clock`][battlebook.homm.state.Clock] (round, phase, whose turn, or which end-of-round
step), which stacks have used their attack opportunity or their retaliation this round,
the attack that may still be answered, each side's [`Army`][battlebook.homm.state.Army]
(hand, deck, distance to its nearest town), and the battle's
[`Outcome`][battlebook.homm.state.Outcome] once it is over. A battle without a clock is a
single moment looked at on its own: phases are then not checked.

A battle may also be fought with features beside its stacks, which change the general
rules: a town's walls, say. Each is an [`Extension`][battlebook.homm.state.Extension]: the
one seam through which a feature changes an attack's score, whether an attacker reaches its
target, what else may be attacked, how many stacks a Melee Line keeps, and who may retreat.
The general rules consult every extension in play through
[`extensions`][battlebook.homm.extensions]; they never name a feature. The protocol is
defined here, with the state that carries the extensions and that its methods take.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from battlebook import bounds
from battlebook.errors import RuleViolation, ScenarioError
from battlebook.frozen import evolve, keeps_hash, kept
from battlebook.homm.actions import Action, OfferSurrender, Withdraw
from battlebook.homm.ruleset import Ruleset, StackPhase
from battlebook.homm.scores import AttackScore
from battlebook.homm.sides import SIDES
from battlebook.homm.sides import Line as Line
from battlebook.homm.sides import Side as Side
from battlebook.homm.units import AttackKind, Spell, UnitCard


class Stance(StrEnum):
    """How a stack's cards are turned: ready, swarming or protecting."""

    READY = "ready"
    SWARMING = "swarming"
    PROTECTING = "protecting"


@dataclass(frozen=True)
class Backing:
    """Support promised to a stack: a sacrificing stack's Sac value, for attacks on `target`.

    `helper` is the sacrificing stack as it stood when it sacrificed, for a ruleset that
    checks the common target at the supported attack instead.
    """

    supporter: str
    target: str
    sac: int
    helper: Stack | None = None


#: The most cards Battlebook lets one stack hold. The rules set no number: this limit is
#: Battlebook's own (stated with every other bound in `battlebook.bounds`), and keeps every
#: scenario quick to play.
MAX_STACK_CARDS = bounds.MAX_STACK_CARDS


def stack_too_large(name: str, count: int) -> str:
    """The message refusing a stack of `count` cards, above `MAX_STACK_CARDS`."""
    return f"the stack {name!r} would hold {count} cards; Battlebook plays stacks of at most {MAX_STACK_CARDS} cards"


@keeps_hash
@dataclass(frozen=True)
class Stack:
    """A creature stack: cards in order, the top card first.

    Only the top card attacks; each card under it adds its level to the top card's score.

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> golems = Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (KNOWN_UNITS["Gold Golem"],) * 3)
        >>> golems.attack_score(AttackKind.MELEE)
        7
        >>> golems.sac_value, evolve(golems, stance=Stance.PROTECTING).defense
        (6, 9)
    """

    name: str
    side: Side
    line: Line
    cards: tuple[UnitCard, ...]
    stance: Stance = Stance.READY
    backing: tuple[Backing, ...] = ()

    def __post_init__(self) -> None:
        if not self.cards:
            raise ScenarioError(f"the stack {self.name!r} has no cards")
        if len(self.cards) > MAX_STACK_CARDS:
            raise ScenarioError(stack_too_large(self.name, len(self.cards)))

    @property
    def top(self) -> UnitCard:
        """The card on top: the one that attacks and is attacked."""
        return self.cards[0]

    @property
    def size(self) -> int:
        """How many cards the stack holds."""
        return len(self.cards)

    @property
    def is_heroes_only(self) -> bool:
        """Whether every card of the stack is a hero card (a hero standing on its own)."""
        return all(card.is_hero for card in self.cards)

    def printed_score(self, kind: AttackKind, spell: Spell | None = None) -> int:
        """The top card's printed score for `kind`, or the spell's score for a spell attack."""
        return spell.attack if kind is AttackKind.SPELL and spell is not None else self.top.score(kind)

    @property
    def levels_under(self) -> int:
        """The levels of every card under the top one: what they add to its attack score."""
        return sum(card.stat("level") for card in self.cards[1:])

    def attack_score(self, kind: AttackKind, spell: Spell | None = None) -> int:
        """The top card's score for `kind` (or the spell's), plus the level of every card under it."""
        return self.printed_score(kind, spell) + self.levels_under

    @property
    def sac_value(self) -> int:
        """The stack's Sac value: the levels of all its cards added up."""
        return sum(card.stat("level") for card in self.cards)

    def card_defense(self, card: UnitCard) -> int:
        """The defense of one of this stack's cards, raised by its level while protecting."""
        bonus = card.stat("level") if self.stance is Stance.PROTECTING else 0
        return card.stat("defense") + bonus

    @property
    def defense(self) -> int:
        """The defense score an attack on this stack must reach: its top card's."""
        return self.card_defense(self.top)

    def picked_cards(self, names: tuple[str, ...]) -> tuple[int, ...] | None:
        """The positions (top first) of one card per name in `names`, or `None` if the stack lacks one."""
        free = list(range(len(self.cards)))
        chosen: list[int] = []
        for name in names:
            found = next((i for i in free if self.cards[i].name == name), None)
            if found is None:
                return None
            free.remove(found)
            chosen.append(found)
        return tuple(sorted(chosen))

    def without_cards(self, positions: tuple[int, ...]) -> Stack | None:
        """This stack without the cards at `positions`, or `None` when none are left."""
        rest = tuple(card for i, card in enumerate(self.cards) if i not in positions)
        return evolve(self, cards=rest) if rest else None

    def swat_defense(self, count: int) -> int:
        """The defense scores of the top `count` cards added up: what a swat must reach."""
        return sum(self.card_defense(card) for card in self.cards[:count])

    def without_top(self, count: int = 1) -> Stack | None:
        """This stack with its top `count` cards removed, or `None` when none are left."""
        rest = self.cards[count:]
        return evolve(self, cards=rest) if rest else None


class Stage(StrEnum):
    """Where a combat round stands: fighting in a phase, or one of the end-of-round steps."""

    PHASE = "phase"
    WITHDRAWAL = "withdrawal"
    SURRENDER = "surrender"
    ANSWER = "answer"


@keeps_hash
@dataclass(frozen=True)
class Clock:
    """The moment of the battle: round, phase (1-10), whose turn it is, and the stage.

    Examples:
        >>> Clock()
        Clock(round=1, phase=1, turn=<Side.AGGRESSOR: 'Aggressor'>, stage=<Stage.PHASE: 'phase'>)
    """

    round: int = 1
    phase: int = 1
    turn: Side = Side.AGGRESSOR
    stage: Stage = Stage.PHASE


@keeps_hash
@dataclass(frozen=True)
class Army:
    """What the withdrawal and surrender rules need to know about one side's army.

    Attributes:
        hand: Cards in the player's hand (what a surrender offers).
        deck: Cards in the player's deck (what accepting a surrender draws from).
        town_distance: Spaces to the side's nearest town, `None` when the scenario does not say.
        is_guard: Whether the side is a guard stack rather than a player's army: it has
            no hero and no town, so it can neither withdraw nor surrender.
        heroes_fallen: How many of the side's hero cards have been killed in the battle.

    Whether a side defends a town is not stored here: the battle's town says it (see
    [`Town.defends`][battlebook.homm.siege.Town.defends]).
    A side that withdraws or surrenders ends at its nearest town (`town_distance` 0).
    """

    hand: int = 0
    deck: int = 0
    town_distance: int | None = None
    is_guard: bool = False
    heroes_fallen: int = 0

    @property
    def is_at_town(self) -> bool:
        """Whether the army stands at its nearest town (after withdrawing or surrendering)."""
        return self.town_distance == 0


class Ending(StrEnum):
    """How a battle ended."""

    WITHDRAWAL = "withdrawal"
    SURRENDER = "surrender"
    DESTRUCTION = "destruction"


@dataclass(frozen=True)
class Outcome:
    """Who won a finished battle and how (`winner` is `None` if neither side has a stack left)."""

    winner: Side | None
    ending: Ending


@keeps_hash
@dataclass(frozen=True)
class AttackMade:
    """The last attack, kept so that its target may answer it."""

    attacker: str
    target: str
    kind: AttackKind
    is_retaliation: bool


@dataclass(frozen=True)
class Offer:
    """A surrender offered and not yet answered."""

    side: Side
    cards: int


@dataclass(frozen=True)
class Override:
    """An extension's ruling on a case that a general rule would otherwise decide.

    Without a `refusal` the case is allowed where the general rule would refuse it or treat
    it otherwise (a flier reaches the stacks behind Breached walls; a stack comes out of its
    town without spending its opportunity). With one, the case is refused by that rule
    instead of the general one (intact walls stop even a flier).

    Examples:
        >>> Override().is_allowed, Override(RuleViolation("homm.town-card", "no")).is_allowed
        (True, False)
    """

    refusal: RuleViolation | None = None

    @property
    def is_allowed(self) -> bool:
        """Whether the extension allows the case."""
        return self.refusal is None


class Extension(Protocol):
    """A battlefield feature that changes the general rules: the one seam for a town's walls and the like.

    The general rules fold every extension in play (see
    [`extensions.in_play`][battlebook.homm.extensions.in_play]) at a few fixed points, and
    name no feature themselves:

    - **score modifiers**: [`modify_score`][battlebook.homm.state.Extension.modify_score]
      changes an attack's [`AttackScore`][battlebook.homm.scores.AttackScore], its top
      card's printed score or the whole;
    - **reach rules**: [`reach`][battlebook.homm.state.Extension.reach] lets an attacker
      reach a target the line rules keep it from, or refuses one they would allow;
    - **a kind of target**: [`pieces`][battlebook.homm.state.Extension.pieces] are targets
      that are no creature stacks, with their own legality, defense and effect of a hit;
    - **constraints**: extra refusals of an attack once its score is known, free moves
      between the lines (and reach from either line), a Melee Line's minimum and the count
      it is refilled to when it falls, stacks an action calls out at once, refusals to
      withdraw or surrender, and what happens once the battle is over;
    - **its own settings**: [`reading`][battlebook.homm.state.Extension.reading] plays the
      extension under the readings of a ruling that are its own (a town's).

    Every method has a neutral default (the open field's rule), so an extension subclasses
    this protocol and overrides only what it changes. Extensions are values (a frozen
    dataclass, say), hashable like the state that holds them: one that changes (walls that
    are hit) returns a new state holding its new self.
    """

    def pieces(self, state: BattleState) -> tuple[str, ...]:
        """The names of the targets this extension puts on the battlefield that are no creature stacks."""
        return ()

    def piece_violation(self, state: BattleState, action: Action) -> RuleViolation | None:
        """Why the rules refuse `action`, which names one of this extension's pieces, or `None`.

        Such an action is this extension's alone: the general checks do not run for it.
        """
        return None

    def piece_defense(self, state: BattleState, piece: str) -> int:
        """The defense score an attack on `piece` must reach."""
        raise ScenarioError(f"{piece!r} is not a piece of this battle's extensions")

    def piece_hit(self, state: BattleState, piece: str) -> BattleState:
        """The battle after an attack hits `piece` (nothing is left to answer it)."""
        return state

    def piece_hit_words(self, state: BattleState, piece: str) -> str:
        """What a hit on `piece` does, in words, as a note on an attack's chance says it ("kills", by default)."""
        return "kills"

    def piece_actions(self, state: BattleState) -> Iterator[Action]:
        """The candidate actions that name this extension's pieces, legal or not."""
        return iter(())

    def modify_score(
        self, state: BattleState, attacker: Stack, target: str, kind: AttackKind, score: AttackScore
    ) -> AttackScore:
        """The `score` of `attacker`'s attack of `kind` on `target`, as this extension changes it.

        It may change the top card's printed score (everything else is then added to it) or
        the whole. Retaliations are scored through it too.
        """
        return score

    def reach(self, state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> Override | None:
        """This extension's say on whether `attacker` reaches `target` with an attack of `kind`, or `None`.

        Asked once the attacker itself stands where its kind of attack is made from.
        """
        return None

    def reaches_from_any_line(self, state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> bool:
        """Whether this extension lets `attacker` make its attack of `kind` on `target` from either line."""
        return False

    def attack_violation(
        self, state: BattleState, attacker: Stack, target: str, kind: AttackKind, score: int
    ) -> RuleViolation | None:
        """Why an attack otherwise allowed, made with `score`, is refused after all, or `None`."""
        return None

    def reorganizing(self, state: BattleState, stack: Stack, to: Line) -> Override | None:
        """A free move of `stack` to `to` (it keeps its attack opportunity), refused or not, or `None`."""
        return None

    def melee_minimum(self, state: BattleState, side: Side) -> int | None:
        """The Melee Line minimum this extension sets for `side`, holding at all times, or `None`."""
        return None

    def refill_on_fall(self, state: BattleState, side: Side) -> int | None:
        """The count `side`'s Melee Line is refilled to whenever it falls, besides its minimum, or `None`."""
        return None

    def calls_out(self, before: BattleState, after: BattleState, side: Side) -> int:
        """How many more of `side`'s stacks an action calls out to its Melee Line at once, besides its minimum.

        `before` and `after` are the battle before and after the action (a hit on a town's walls).
        """
        return 0

    def retreat_violation(self, state: BattleState, action: Withdraw | OfferSurrender) -> RuleViolation | None:
        """Why the side may not withdraw or offer surrender because of this extension, or `None`."""
        return None

    def after_battle(self, state: BattleState) -> BattleState:
        """The battle once it is over (a town repairs its walls)."""
        return state

    def reading(self, settings: Mapping[str, object]) -> Extension:
        """This extension played under those of `settings` (a ruling's reading) that are its own; itself by default."""
        return self


@keeps_hash
@dataclass(frozen=True)
class BattleState:
    """A battle at one moment.

    Attributes:
        ruleset: The settings the battle is played under.
        stacks: Every creature stack in play, on both sides and both lines.
        discard: Cards removed from play, in the order they were removed.
        clock: Round, phase and turn; `None` for a moment looked at outside the round structure.
        acted: Stacks that have used their attack opportunity this round.
        retaliated: Stacks that have retaliated this round.
        last_attack: The last attack, while its target may still answer it.
        choosing: A side whose stack must be picked to move up to its Melee Line.
        offer: A surrender offer awaiting an answer.
        armies: Hand, deck and town of the Aggressor and the Defender, in that order.
        outcome: How the battle ended, once it has.
        extensions: The battlefield features the battle is fought with, each an
            [`Extension`][battlebook.homm.state.Extension] of the general rules (none in the
            open field; a battle in a town has its [`Town`][battlebook.homm.siege.Town]).
    """

    ruleset: Ruleset = field(default_factory=Ruleset)
    stacks: tuple[Stack, ...] = ()
    discard: tuple[UnitCard, ...] = ()
    clock: Clock | None = None
    acted: frozenset[str] = frozenset()
    retaliated: frozenset[str] = frozenset()
    last_attack: AttackMade | None = None
    choosing: Side | None = None
    offer: Offer | None = None
    armies: tuple[Army, Army] = (Army(), Army())
    outcome: Outcome | None = None
    extensions: tuple[Extension, ...] = ()

    @property
    def is_over(self) -> bool:
        """Whether the battle has ended."""
        return self.outcome is not None

    def army(self, side: Side) -> Army:
        """The army record of `side`."""
        return self.armies[0 if side is Side.AGGRESSOR else 1]

    def with_army(self, side: Side, army: Army) -> BattleState:
        """This state with `side`'s army record replaced."""
        armies = (army, self.armies[1]) if side is Side.AGGRESSOR else (self.armies[0], army)
        return evolve(self, armies=armies)

    def stack_phase(self, stack: Stack) -> int:
        """The phase in which `stack` attacks, by the card the ruleset names."""
        if self.ruleset.stack_phase is StackPhase.TOP_CARD:
            return stack.top.stat("phase")
        return min(card.stat("phase") for card in stack.cards)

    def card_count(self) -> int:
        """Cards in play plus cards discarded: constant over a battle."""
        return sum(stack.size for stack in self.stacks) + len(self.discard)

    def stack(self, name: str) -> Stack:
        """The stack called `name`; a scenario error lists the stacks there are."""
        for stack in self.stacks:
            if stack.name == name:
                return stack
        there = ", ".join(repr(s.name) for s in self.stacks) or "none"
        raise ScenarioError(f"no stack called {name!r} in the battle (stacks: {there})")

    def has_stack(self, name: str) -> bool:
        """Whether a stack called `name` is still in play."""
        return any(stack.name == name for stack in self.stacks)

    def stacks_on(self, side: Side, line: Line | None = None) -> tuple[Stack, ...]:
        """The stacks of `side`, on `line` when one is given, in setup order.

        The rules ask this all the time: each state sorts its stacks once, and keeps the answer
        (which a copy keeping the same stacks takes over).
        """
        found: dict[Hashable, Any] = kept(self, ("stacks",), dict)
        stacks: tuple[Stack, ...] | None = found.get((side, line))
        if stacks is None:
            stacks = found[side, line] = tuple(
                s for s in self.stacks if s.side is side and (line is None or s.line is line)
            )
        return stacks

    def _stack_table(self) -> dict[Hashable, Any]:
        """What this state's stacks answer, each kept once asked (a copy keeping the same stacks takes it over).

        Keys: `(side, line)` for `stacks_on`, and a question's name with everything else it reads.
        """
        table: dict[Hashable, Any] = kept(self, ("stacks",), dict)
        return table

    def holding(self, side: Side, line: Line) -> tuple[Stack, ...]:
        """The stacks of `side` on `line` that count toward the stacks the line must keep.

        Every stack, unless the ruleset reads that a hero standing on its own does not
        count (ruling *Heroes in battle*).
        """
        stacks = self.stacks_on(side, line)
        if self.ruleset.hero_holds_melee_line:
            return stacks
        found = self._stack_table()
        key = ("holding", side, line)
        held = found.get(key)
        if held is None:
            held = found[key] = tuple(s for s in stacks if not s.is_heroes_only)
        return held

    def is_standing(self, side: Side) -> bool:
        """Whether `side` is still in the battle: it has a stack left.

        One of its heroes alone is enough, unless the ruleset reads otherwise (ruling *Heroes in battle*).
        """
        stacks = self.stacks_on(side)
        if self.ruleset.hero_alone_fights_on:
            return bool(stacks)
        found = self._stack_table()
        key = ("standing", side)
        standing = found.get(key)
        if standing is None:
            standing = found[key] = any(not s.is_heroes_only for s in stacks)
        return bool(standing)

    def standing_sides(self) -> tuple[Side, ...]:
        """The sides still in the battle (see `is_standing`), Aggressor first.

        Asked after every action: worked out once for the state's stacks (a copy keeping the
        same stacks takes it over).
        """
        found = self._stack_table()
        key = ("standing sides", self.ruleset.hero_alone_fights_on)
        standing: tuple[Side, ...] | None = found.get(key)
        if standing is None:
            standing = found[key] = tuple(side for side in SIDES if self.is_standing(side))
        return standing

    def has_hero_standing(self, side: Side) -> bool:
        """Whether a hero card of `side` is still in play."""
        return any(card.is_hero for stack in self.stacks_on(side) for card in stack.cards)

    def with_stack(self, stack: Stack) -> BattleState:
        """This state with `stack` added; stack names must be unique."""
        if self.has_stack(stack.name) or self.is_piece(stack.name):
            raise ScenarioError(f"there is already a stack called {stack.name!r}")
        return evolve(self, stacks=(*self.stacks, stack))

    def is_piece(self, name: str) -> bool:
        """Whether `name` is a piece of an extension the battle is fought with (a town card), not a stack."""
        return any(name in extension.pieces(self) for extension in self.extensions)

    def with_extension(self, extension: Extension) -> BattleState:
        """This state fought with `extension` too; its pieces may not share a stack's name."""
        try:
            hash(extension)
        except TypeError:
            raise ScenarioError(f"{extension!r} is not a value: an extension must be hashable, as states are") from None
        clash = [name for name in extension.pieces(self) if self.has_stack(name) or self.is_piece(name)]
        if clash:
            raise ScenarioError(f"{clash[0]!r} already names something in the battle: the extension needs another name")
        return evolve(self, extensions=(*self.extensions, extension))

    def replacing_extension(self, old: Extension, new: Extension) -> BattleState:
        """This state with the extension `old` (one it carries) replaced by `new`."""
        if old not in self.extensions:
            raise ScenarioError(f"the battle is not fought with {old!r}")
        return evolve(self, extensions=tuple(new if e is old else e for e in self.extensions))

    def replacing(self, name: str, stack: Stack | None, removed: Iterable[UnitCard] = ()) -> BattleState:
        """This state with stack `name` replaced by `stack` (or taken out when `None`).

        Cards in `removed` go to the discard pile, so no card is ever lost; a hero card among
        them has fallen, and its side's army counts it.
        """
        side = self.stack(name).side
        removed = tuple(removed)
        stacks: list[Stack] = []
        for current in self.stacks:
            if current.name != name:
                stacks.append(current)
            elif stack is not None:
                stacks.append(stack)
        after = evolve(self, stacks=tuple(stacks), discard=(*self.discard, *removed))
        heroes = sum(1 for card in removed if card.is_hero)
        if not heroes:
            return after
        army = after.army(side)
        return after.with_army(side, evolve(army, heroes_fallen=army.heroes_fallen + heroes))
