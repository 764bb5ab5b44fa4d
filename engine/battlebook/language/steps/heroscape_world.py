"""The Heroscape world a scenario builds: edition, army cards, battlefield, the last action.

This is the shared context of the Heroscape steps (a pytest fixture), not a step module.
A scenario names its edition with one tag, `@edition:2004` or `@edition:2024`, on the
Feature, the Rule or the Example (pytest-bdd merges the tags of all three, so only one
of them may carry it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

import pytest

from battlebook.dice import ScriptedDice
from battlebook.errors import ScenarioError
from battlebook.heroscape import (
    KNOWN_CARDS,
    ArmyCard,
    BattleState,
    CardBook,
    Edition,
    Figure,
    HeroscapeResolution,
    Power,
    Ruleset,
    apply,
    parse_map,
    setup_battle,
)
from battlebook.heroscape.actions import Action
from battlebook.heroscape.cards import STAT_NAMES, is_illustrative
from battlebook.heroscape.dice import CombatDie
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.steps._attempts import AttemptLog
from battlebook.language.steps._readings import HEROSCAPE_READINGS, READING_OPTION, check_edition, readings_for

#: Kept for the callers that import it from here; the readings live in `battlebook.language.steps._readings`.
__all__ = [
    "CARD_STAT_OPTION",
    "HEROSCAPE_READINGS",
    "HeroscapeWorld",
    "Measured",
    "heroscape",
    "illustrative_card_stats",
    "known_cards_changed",
]

EDITION_TAG = "edition:"

_KEY = re.compile(r"^[A-Z][A-Za-z0-9]*$")


#: The pytest option that changes one stat of a known army card for a whole run (repeatable):
#: `--battlebook-card-stat "Airborne Elite:range=7"`. It finds the examples whose outcome
#: rests on an illustrative value (see the page *Outside facts*).
CARD_STAT_OPTION = "--battlebook-card-stat"


def known_cards_changed(changes: Sequence[str]) -> Mapping[str, ArmyCard]:
    """The known army cards with the stats `changes` names changed, each written `CARD:STAT=VALUE`.

    Examples:
        >>> known_cards_changed(["Zettian Guards:figures=1"])["Zettian Guards"].figures
        1
        >>> known_cards_changed(["Dragons:range=1"])
        Traceback (most recent call last):
        ...
        battlebook.errors.ScenarioError: --battlebook-card-stat: 'Dragons:range=1' names no known army card
    """
    cards = dict(KNOWN_CARDS)
    for change in changes:
        name, _, setting = change.partition(":")
        stat, _, value = setting.partition("=")
        card = cards.get(name.strip())
        if card is None:
            raise ScenarioError(f"{CARD_STAT_OPTION}: {change!r} names no known army card")
        if stat.strip() not in (*STAT_NAMES, "spaces") or not value.strip().isdigit():
            raise ScenarioError(
                f"{CARD_STAT_OPTION}: write CARD:STAT=NUMBER with a stat among {STAT_NAMES}, not {change!r}"
            )
        cards[card.name] = replace(card, **{stat.strip(): int(value)})  # type: ignore[arg-type]
    return cards


def illustrative_card_stats() -> Iterator[tuple[str, str, str, int]]:
    """Every `(card, figure, stat, value)` of the known cards that the sources do not give, in card order.

    Examples:
        >>> ("Zettian Guards", "Zettian Guard", "range", 7) in list(illustrative_card_stats())
        False
        >>> ("Zettian Guards", "Zettian Guard", "figures", 2) in list(illustrative_card_stats())
        True
    """
    for card in KNOWN_CARDS.values():
        for stat in (*STAT_NAMES, "spaces"):
            value = getattr(card, stat)
            if isinstance(value, int) and is_illustrative(card.name, stat):
                yield card.name, card.figure, stat, value


@dataclass(frozen=True)
class Measured:
    """A range count (`counts`) or line of sight (`sees`) a step checked, from one figure to another."""

    attacker: str
    target: str
    counts: bool
    sees: bool


@dataclass
class HeroscapeWorld(AttemptLog[BattleState, HeroscapeResolution]):
    """One scenario's Heroscape battle, and what its last action did."""

    tags: frozenset[str] = frozenset()
    cards: CardBook = field(default_factory=CardBook)
    #: The ruleset settings the scenario plays under besides its edition's: the readings it
    #: (or the run, see `battlebook.language.steps._readings`) chose, and the dice it reads.
    readings: dict[str, object] = field(default_factory=dict)
    powers: list[Power] = field(default_factory=list)
    _state: BattleState | None = None
    map_error: ScenarioError | None = None
    measured: list[Measured] = field(default_factory=list)

    @property
    def has_battlefield(self) -> bool:
        """Whether a battlefield has been drawn (and set up) in this example."""
        return self._state is not None

    def measuring(self, attacker: str, target: str, *, counts: bool, sees: bool) -> tuple[Figure, Figure]:
        """The two figures a range or sight step names, noting the check so the drawing can show it."""
        pair = (self.figure(attacker), self.figure(target))
        self.measured.append(Measured(pair[0].key, pair[1].key, counts, sees))
        return pair

    @property
    def edition(self) -> Edition:
        """The edition named by the scenario's `@edition:` tag."""
        named = sorted(t[len(EDITION_TAG) :] for t in self.tags if t.startswith(EDITION_TAG))
        if len(named) != 1:
            raise ScenarioError(
                "tag the example, its Rule or its Feature with exactly one @edition:2004 or @edition:2024 "
                f"(found {named})"
            )
        try:
            return Edition(named[0])
        except ValueError:
            raise ScenarioError(f"unknown edition {named[0]!r}: Battlebook knows 2004 and 2024") from None

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset of the scenario's edition, with the readings it chose."""
        return replace(Ruleset.for_edition(self.edition), **self.readings)  # type: ignore[arg-type]

    def choose_reading(self, reading: str) -> None:
        """Play under the alternative reading named in `reading` (before any action is taken)."""
        check_edition(reading, self.edition)
        self.choose(**HEROSCAPE_READINGS[reading])

    def choose(self, **settings: object) -> None:
        """Play under these ruleset settings from now on (before any action is taken)."""
        if self.journal:
            raise ScenarioError("choose the reading before any action is taken")
        self.readings.update(settings)
        if self._state is not None:
            self.state = replace(self.state, ruleset=replace(self.state.ruleset, **settings))  # type: ignore[arg-type]

    def read_die(self, die: CombatDie, defense: CombatDie | None = None) -> None:
        """Roll (and count the odds of) this combat die from now on, in place of the ruling's.

        With `defense`, defense dice are that die and attack dice `die`.
        """
        self.readings.update(combat_die=die, defense_die=defense)
        if self._state is not None:
            self.state = replace(self.state, ruleset=replace(self.state.ruleset, combat_die=die, defense_die=defense))

    @property
    def state(self) -> BattleState:
        """The battle; a scenario error if no battlefield was drawn yet."""
        if self._state is None:
            raise ScenarioError("draw the battlefield first (Given the battlefield:)")
        return self._state

    @state.setter
    def state(self, value: BattleState) -> None:
        self._state = value

    def draw(self, text: str) -> BattleState:
        """Read a text map and set the battle up on it, under the scenario's ruleset."""
        state = setup_battle(parse_map(text), self.card_or_none, self.ruleset)
        self.state = replace(state, powers=tuple(self.powers))
        return self.state

    def card_or_none(self, name: str) -> ArmyCard | None:
        """The army card called `name` (card or figure name), or `None`."""
        try:
            return self.cards.card(name)
        except ScenarioError:
            return None

    def add_power(self, power: Power) -> None:
        """Give the battle a power defined by the scenario."""
        self.powers.append(power)
        if self._state is not None:
            self.state = replace(self.state, powers=tuple(self.powers))

    def figure(self, reference: str) -> Figure:
        """The figure a step names: its map key, optionally after its kind ("the Zettian Guard Z1").

        The words before the key must begin the figure's (or its card's) name.
        """
        words = reference.strip().split()
        if not words or not _KEY.match(words[-1]):
            raise ScenarioError(f"name a figure by its map key, as in 'the Zettian Guard Z1' (not {reference!r})")
        figure = self.any_figure(words[-1])
        kind = " ".join(words[:-1]).removeprefix("the ").strip().lower()
        card = self.state.card(figure.card_id).card
        if kind and not (card.figure.lower().startswith(kind) or card.name.lower().startswith(kind)):
            raise ScenarioError(f"{words[-1]} is a {card.figure}, not a {kind}")
        return figure

    def any_figure(self, key: str) -> Figure:
        """The figure `key`, on the battlefield or (if destroyed) as it last stood."""
        if self.state.has_figure(key):
            return self.state.figure(key)
        for entry in reversed(self.journal):
            if entry.before.has_figure(key):
                return entry.before.figure(key)
        return self.state.figure(key)

    def attempt(self, action: Action, dice: ScriptedDice | None = None) -> None:
        """Run `action` with the stated dice, keeping a refusal for the Then steps to check."""
        before = self.state
        resolution = self.record(before, action, lambda: apply(before, action, dice or ScriptedDice()))
        if resolution is not None:
            self.state = resolution.state


@pytest.fixture
def heroscape(request: pytest.FixtureRequest, scenario_record: ScenarioRecord) -> Iterator[HeroscapeWorld]:
    """The Heroscape battle of the running example. A refusal no step checked fails the example.

    A run given alternative readings as its defaults (see `battlebook.language.steps._readings`)
    starts every example under them; a run that changes a stat of a known army card
    (`--battlebook-card-stat`) plays every example with the changed card.
    """
    changed = request.config.getoption(CARD_STAT_OPTION, default=None) or []
    world = HeroscapeWorld(tags=scenario_record.tags, cards=CardBook(known_cards_changed(changed)))
    chosen = request.config.getoption(READING_OPTION, default=None) or []
    settings = readings_for("heroscape", chosen)
    if settings:
        settings = readings_for("heroscape", chosen, world.edition)
    world.readings.update(settings)
    yield world
    world.check_refusals_seen()
