"""The Heroscape world a scenario builds: edition, army cards, battlefield, the last action.

This is the shared context of the Heroscape steps (a pytest fixture), not a step module. It
acts on the battle through the [one world API][battlebook.language.steps._attempts.World]
every game's world shares. A scenario names its edition with one tag, `@edition:2004` or
`@edition:2024`, on the Feature, the Rule or the Example (pytest-bdd merges the tags of all
three, so only one of them may carry it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

import pytest

from battlebook.dice import ScriptedDice
from battlebook.errors import RuleViolation, ScenarioError
from battlebook.heroscape import (
    KNOWN_CARDS,
    ArmyCard,
    ArmyCardBook,
    Attack,
    BattleState,
    CardInPlay,
    Edition,
    Figure,
    HeroscapeResolution,
    Power,
    PowerKind,
    Ruleset,
    Terrain,
    parse_map,
    setup_battle,
)
from battlebook.heroscape.cards import STAT_NAMES
from battlebook.heroscape.dice import CombatDie
from battlebook.heroscape.game import HEROSCAPE, HeroscapeGame
from battlebook.heroscape.readings import EDITION_OF_READING
from battlebook.heroscape.rules import LINE_OF_SIGHT, ORDER_MARKERS, RANGE
from battlebook.heroscape.sight import Measured
from battlebook.language.grammar import words
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.run import CARD_STAT_OPTION, run_of
from battlebook.language.steps._attempts import World
from battlebook.language.steps._readings import readings_for

#: Kept for the callers that import it from here; the readings live in `battlebook.language.steps._readings`.
__all__ = [
    "CARD_STAT_OPTION",
    "LABEL",
    "TERRAIN",
    "HeroscapeWorld",
    "Measured",
    "heroscape",
    "known_cards_changed",
]

#: The Heroscape words of the step language: terrains (given to the steps that read one).
TERRAIN = words("Terrain", {terrain.value: terrain for terrain in Terrain})
#: The labels of an army's order markers (given to the steps that read one).
LABEL = words("Label", {label: label for label in ORDER_MARKERS}, "an order marker's label")

EDITION_TAG = "edition:"

_KEY = re.compile(r"^[A-Z][A-Za-z0-9]*$")


def of_edition(reading: str, edition: Edition) -> bool:
    """Whether the alternative reading `reading` may be played under `edition` (any but one of the other edition).

    Examples:
        >>> of_edition("figures never block line of sight", Edition.BASIC_2004)
        True
    """
    only = EDITION_OF_READING.get(reading)
    return only is None or only is edition


def check_edition(reading: str, edition: Edition) -> None:
    """Refuse, as a mistake in the scenario, a reading of one edition chosen under the other."""
    if not of_edition(reading, edition):
        raise ScenarioError(
            f"the reading {reading!r} concerns the {EDITION_OF_READING[reading].value} edition, "
            f"but this example plays the {edition.value} one"
        )


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


@dataclass
class HeroscapeWorld(World[BattleState, HeroscapeResolution]):
    """One scenario's Heroscape battle, and what its last action did.

    Its `chosen` settings are those it plays under besides its edition's: the readings it (or
    the run, see `battlebook.language.steps._readings`) chose, and the dice it reads.
    """

    game: ClassVar[HeroscapeGame] = HEROSCAPE
    tags: frozenset[str] = frozenset()
    cards: ArmyCardBook = field(default_factory=ArmyCardBook)
    powers: list[Power] = field(default_factory=list)
    _state: BattleState | None = None
    map_error: ScenarioError | None = None
    measured: list[Measured] = field(default_factory=list)

    @property
    def has_battlefield(self) -> bool:
        """Whether a battlefield has been drawn (and set up) in this example."""
        return self._state is not None

    @property
    def has_battle(self) -> bool:
        """Whether a battle has been set up: a battlefield drawn."""
        return self.has_battlefield

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
        return replace(Ruleset.for_edition(self.edition), **self.chosen)  # type: ignore[arg-type]

    def choose_reading(self, reading: str) -> None:
        """Play under the alternative reading named in `reading`: one of the scenario's edition (before any action)."""
        check_edition(reading, self.edition)
        super().choose_reading(reading)

    def read_die(self, die: CombatDie, defense: CombatDie | None = None) -> None:
        """Roll (and count the odds of) this combat die from now on, in place of the ruling's.

        With `defense`, defense dice are that die and attack dice `die`.
        """
        self.chosen.update(combat_die=die, defense_die=defense)
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
        """Read a text map and set the battle up on it, under the scenario's ruleset.

        Every glyph a power was defined for must lie on it.
        """
        state = setup_battle(parse_map(text), self.card_or_none, self.ruleset)
        self.state = replace(state, powers=tuple(self.powers))
        for power in self.powers:
            self._check_glyph(power)
        return self.state

    def card_or_none(self, name: str) -> ArmyCard | None:
        """The army card called `name` (card or figure name), or `None`."""
        try:
            return self.cards.card(name)
        except ScenarioError:
            return None

    def add_power(self, power: Power) -> None:
        """Give the battle a power defined by the scenario.

        Its holder must be an army card's name (a special power or attack) or, once the
        battlefield is drawn, a glyph lying on it: a power held by nothing is a scenario error.
        """
        if power.kind is not PowerKind.GLYPH:
            card = self.cards.card(power.holder)
            if card.name != power.holder:
                raise ScenarioError(f"power {power.name!r}: name its holder by its army card's name, {card.name!r}")
        if self._state is not None:
            self._check_glyph(power)
        self.powers.append(power)
        if self._state is not None:
            self.state = replace(self.state, powers=tuple(self.powers))

    def _check_glyph(self, power: Power) -> None:
        """A glyph's power must name a glyph lying on the battlefield."""
        if power.kind is not PowerKind.GLYPH:
            return
        glyphs = sorted({space.glyph for space in self.state.battlefield.spaces.values() if space.glyph is not None})
        if power.holder not in glyphs:
            there = ", ".join(glyphs) or "none"
            raise ScenarioError(
                f"power {power.name!r}: no glyph {power.holder!r} lies on the battlefield (glyphs: {there})"
            )

    def figure(self, reference: str) -> Figure:
        """The figure a step names: its map key, optionally after its kind ("the Zettian Guard Z1").

        The words before the key must be the first whole words of the figure's (or its card's) name.
        """
        words = reference.strip().split()
        if not words or not _KEY.match(words[-1]):
            raise ScenarioError(f"name a figure by its map key, as in 'the Zettian Guard Z1' (not {reference!r})")
        figure = self.any_figure(words[-1])
        kind = " ".join(words[:-1]).removeprefix("the ").strip().lower().split()
        card = self.state.card(figure.card_id).card
        if kind and not any(name.lower().split()[: len(kind)] == kind for name in (card.figure, card.name)):
            raise ScenarioError(f"{words[-1]} is a {card.figure}, not a {' '.join(kind)}")
        return figure

    def army_card(self, army: str, name: str) -> CardInPlay:
        """The army card of `army` a step names by its id (`Knaves of the Silver Scimitar #2`), else by its name."""
        held = [c for c in self.state.cards if c.army == army]
        for card in (*(c for c in held if c.id == name), *(c for c in held if c.card.name == name)):
            return card
        there = ", ".join(c.id for c in held) or "none"
        raise ScenarioError(f"{army} has no army card {name!r} (its cards: {there})")

    def armies(self) -> tuple[str, ...]:
        """The armies of the battle, in the order their cards were dealt."""
        return tuple(dict.fromkeys(card.army for card in self.state.cards))

    def known_army(self, army: str) -> str:
        """`army`, if it is an army of the battle; a step naming another (a misspelt name, a stray word) is refused."""
        armies = self.armies()
        if army not in armies:
            raise ScenarioError(f"{army!r} is no army of this battle (its armies: {', '.join(armies) or 'none'})")
        return army

    def any_figure(self, key: str) -> Figure:
        """The figure `key`, on the battlefield or (if destroyed) as it last stood."""
        if self.state.has_figure(key):
            return self.state.figure(key)
        for entry in reversed(self.journal):
            if entry.before.has_figure(key):
                return entry.before.figure(key)
        return self.state.figure(key)

    def marks(self) -> tuple[Measured, ...]:
        """What the example measured, for its drawing: its steps' checks, and an attack refused for range or sight."""
        checks = list(self.measured)
        if self.journal:
            last = self.journal[-1]
            refused = isinstance(last.refusal, RuleViolation) and last.refusal.rule in (RANGE, LINE_OF_SIGHT)
            if isinstance(last.action, Attack) and refused:
                checks.append(Measured(last.action.attacker, last.action.defender, True, True))
        return tuple(checks)

    def roll_as_stated(self, action: Attack, attack_faces: Sequence[str], defense_faces: Sequence[str]) -> None:
        """Attempt the attack `action` rolling the faces the example states, attack dice first, then defense dice.

        The example must state as many faces of each as the attack rolls (nothing is left
        over, and no defense face stands in for an attack face).
        """
        dice = ScriptedDice([*attack_faces, *defense_faces])
        self.attempt(action, dice)
        report = self.resolution.attack if self.resolution else None
        if report is not None and (len(report.attack_faces), len(report.defense_faces)) != (
            len(attack_faces),
            len(defense_faces),
        ):
            raise ScenarioError(
                f"the attack rolled {len(report.attack_faces)} attack and {len(report.defense_faces)} defense dice, "
                f"but the example states {len(attack_faces)} and {len(defense_faces)} faces"
            )
        if self.refusal is None and not dice.is_exhausted():
            raise ScenarioError(f"the example states faces that were never rolled: {dice.remaining()}")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Refuse, before the run starts, a change of a known army card that cannot be made (`--battlebook-card-stat`)."""
    try:
        known_cards_changed(run_of(config).card_changes)
    except ScenarioError as error:
        raise pytest.UsageError(str(error)) from None


@pytest.fixture
def heroscape(request: pytest.FixtureRequest, scenario_record: ScenarioRecord) -> Iterator[HeroscapeWorld]:
    """The Heroscape battle of the running example. A refusal no step checked fails the example.

    A run given alternative readings as its defaults (see `battlebook.language.steps._readings`)
    starts every example under them; a run that changes a stat of a known army card
    (`--battlebook-card-stat`) plays every example with the changed card.
    """
    run = run_of(request.config)
    changed = run.card_changes
    world = HeroscapeWorld(tags=scenario_record.tags, cards=ArmyCardBook(known_cards_changed(changed)))
    chosen = run.readings
    settings = readings_for("heroscape", chosen)
    if settings:
        settings = readings_for("heroscape", chosen, lambda reading: of_edition(reading, world.edition))
    world.chosen.update(settings)
    yield world
    world.check_refusals_seen()
