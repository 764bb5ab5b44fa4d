"""The Heroscape world a scenario builds: edition, army cards, battlefield, the last action.

This is the shared context of the Heroscape steps (a pytest fixture), not a step module.
A scenario names its edition with one tag, `@edition:2004` or `@edition:2024`, on the
Feature, the Rule or the Example (pytest-bdd merges the tags of all three, so only one
of them may carry it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import pytest

from battlebook.dice import ScriptedDice
from battlebook.errors import ScenarioError
from battlebook.heroscape import (
    ArmyCard,
    ArmyCardBook,
    BattleState,
    CommonOutOfPlay,
    Edition,
    Figure,
    HeroscapeResolution,
    NextCopy,
    Power,
    Ruleset,
    apply,
    parse_map,
    setup_battle,
)
from battlebook.heroscape.actions import Action
from battlebook.heroscape.dice import COMBAT_DIE, CombatDie
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.steps._attempts import AttemptLog

EDITION_TAG = "edition:"

#: The alternative readings of the Heroscape rulings a scenario can choose, by the words it uses for them.
HEROSCAPE_READINGS: dict[str, dict[str, object]] = {
    "each copy of a Common card stands for its own figures only": {"common_out_of_play": CommonOutOfPlay.OWN_FIGURES},
    "once the started copy is full, a destroyed figure goes on its own card": {"next_copy": NextCopy.OWN_CARD},
    "the 2004 game lets a figure attack a friendly figure": {"friendly_fire": True},
    "figures never block line of sight": {"figures_block_sight": False},
    "the first destroyed figure of a Common card goes on its own card": {"first_copy_choice": False},
    "a double-space figure looks only from above the space its head is over": {"head_space_named": True},
}
_KEY = re.compile(r"^[A-Z][A-Za-z0-9]*$")


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
    cards: ArmyCardBook = field(default_factory=ArmyCardBook)
    figures_block_sight: bool = Ruleset.figures_block_sight
    readings: dict[str, object] = field(default_factory=dict)
    combat_die: CombatDie = COMBAT_DIE
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
        ruleset = Ruleset.for_edition(
            self.edition, figures_block_sight=self.figures_block_sight, combat_die=self.combat_die
        )
        return replace(ruleset, **self.readings)  # type: ignore[arg-type]

    def choose_reading(self, reading: str) -> None:
        """Play under the alternative reading named in `reading` (before any action is taken)."""
        if self.journal:
            raise ScenarioError("choose the reading before any action is taken")
        self.readings.update(HEROSCAPE_READINGS[reading])
        if self._state is not None:
            self.state = replace(self.state, ruleset=replace(self.state.ruleset, **HEROSCAPE_READINGS[reading]))  # type: ignore[arg-type]

    def read_die(self, die: CombatDie) -> None:
        """Roll (and count the odds of) this combat die from now on, in place of the ruling's."""
        self.combat_die = die
        if self._state is not None:
            self.state = replace(self.state, ruleset=replace(self.state.ruleset, combat_die=die))

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
def heroscape(scenario_record: ScenarioRecord) -> Iterator[HeroscapeWorld]:
    """The Heroscape battle of the running example. A refusal no step checked fails the example."""
    world = HeroscapeWorld(tags=scenario_record.tags)
    yield world
    world.check_refusals_seen()
