"""Heroscape behind the shared [`Game`][battlebook.game.Game] contract.

Examples:
    >>> from battlebook.heroscape.actions import StartRound
    >>> HEROSCAPE.name, HEROSCAPE.legal_violation(BattleState(), StartRound()) is None
    ('heroscape', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from battlebook.game import Drawing, KnownCard, RulesEdition, module_rule_ids
from battlebook.heroscape import narration, readings, rule_ids
from battlebook.heroscape.actions import Action, Attack
from battlebook.heroscape.cards import (
    CARD_CITATION,
    KNOWN_CARDS,
    SOURCE_SECTIONS,
    ArmyCardBook,
    card_stats,
    is_illustrative,
)
from battlebook.heroscape.play import HeroscapePlay
from battlebook.heroscape.resolution import HeroscapeResolution
from battlebook.heroscape.ruleset import Edition, Harm, Ruleset
from battlebook.heroscape.sight import Measured
from battlebook.heroscape.state import BattleState
from battlebook.odds import fraction_text, percent_text

if TYPE_CHECKING:
    from battlebook.calculator import Calculators
    from battlebook.fight_report import FightReport

__all__ = ["GAME", "HEROSCAPE", "HeroscapeGame"]


class HeroscapeGame(HeroscapePlay):
    """The Heroscape rules, both editions, as the shared contract asks for them.

    What acts on states (legality, `apply`, the results of the dice) is inherited from
    [`HeroscapePlay`][battlebook.heroscape.play.HeroscapePlay].
    """

    name = "heroscape"
    title = "Heroscape"

    scene = "battlefield"
    card_noun = ArmyCardBook.noun

    def known_cards(self) -> tuple[KnownCard, ...]:
        """The cards of [`KNOWN_CARDS`][battlebook.heroscape.cards.KNOWN_CARDS], some stats illustrative."""
        return tuple(
            KnownCard(
                card.name,
                (card.name, card.figure),
                card_stats(card),
                CARD_CITATION,
                tuple((stat, value) for stat, value in card_stats(card) if not is_illustrative(card.name, stat)),
                SOURCE_SECTIONS.get(card.name, ()),
            )
            for card in KNOWN_CARDS.values()
        )

    def editions(self) -> tuple[RulesEdition, ...]:
        """The 2004 basic game and the 2024 edition, each as its ruleset."""
        return tuple(RulesEdition(edition.value, edition.words, Ruleset.for_edition(edition)) for edition in Edition)

    def readings(self) -> Mapping[str, Mapping[str, object]]:
        """See [`readings.READINGS`][battlebook.heroscape.readings.READINGS]."""
        return readings.READINGS

    def played_under(self, state: BattleState, settings: Mapping[str, object]) -> BattleState:
        """See [`readings.played_under`][battlebook.heroscape.readings.played_under]."""
        return readings.played_under(state, settings)

    def describe_chance(self, state: BattleState, action: Action) -> str:
        """The dice, then the chance of destroying (2004) or the wounds and the chance of destroying (2024)."""
        if not isinstance(action, Attack):
            raise TypeError(f"not an attack: {action!r}")
        odds = self.chance_of(state, action)
        who = f"{_figure_name(state, action.attacker)} attacking {_figure_name(state, action.defender)}"
        dice = f"{odds.attack_dice} attack dice against {odds.defense_dice} defense dice"
        destroying = f"{fraction_text(odds.destroying)} ({percent_text(odds.destroying)})"
        if state.ruleset.harm is Harm.WOUNDS:
            spread = ", ".join(f"{k}: {fraction_text(p)}" for k, p in enumerate(odds.hits_distribution()))
            need = odds.wounds_to_destroy
            wounds = "1 wound" if need == 1 else f"{need} wounds"
            verdict = "it cannot be destroyed" if need is None else f"destroyed by {wounds} or more: {destroying}"
            return f"{who}, {dice}: wounds {spread}; {verdict}"
        return f"{who}, {dice}: destroyed when the skulls outnumber the shields, {destroying}"

    def describe_action(self, state: BattleState, action: Action) -> str:
        """See [`narration.action_words`][battlebook.heroscape.narration.action_words]."""
        return narration.action_words(state, action)

    def describe_result(self, before: BattleState, action: Action, resolution: HeroscapeResolution) -> str:
        """See [`narration.result_words`][battlebook.heroscape.narration.result_words]."""
        return narration.result_words(before, action, resolution)

    def view(self, state: BattleState) -> Hashable:
        """What a drawing shows of a state: its figures (with their wounds), the wounds on cards, the battlefield."""
        return (state.figures, tuple(c.wound_markers for c in state.cards), state.battlefield)

    def draw(self, state: BattleState, title: str, ident: str = "", marks: Sequence[object] = ()) -> Drawing:
        """See [`picture.draw_battlefield`][battlebook.heroscape.picture.draw_battlefield] (imported only here).

        `marks` are [`Measured`][battlebook.heroscape.sight.Measured] checks: each range count
        and line of sight between figures still on the battlefield is drawn, and named in the
        title; the legend goes beside the picture as page text.
        """
        from battlebook.heroscape.picture import draw_battlefield, legend_html, measures

        shown = measures(state, (mark for mark in marks if isinstance(mark, Measured)))
        marked = " with the range counted and the line of sight" if shown else ""
        svg = draw_battlefield(state, title + marked, ident, shown)
        return Drawing(svg, legend_html(state, shown), wide=True, marked=marked)

    def new_battle(self, rng: random.Random) -> BattleState:
        """See [`battles.new_battle`][battlebook.heroscape.battles.new_battle] (imported only here)."""
        from battlebook.heroscape.battles import new_battle

        return new_battle(rng)

    def invariants(self, first: BattleState) -> Callable[[BattleState], None]:
        """See [`battles.invariants`][battlebook.heroscape.battles.invariants] (imported only here)."""
        from battlebook.heroscape.battles import invariants

        return invariants(first)

    def rule_ids(self) -> frozenset[str]:
        """The identifiers in [`rule_ids`][battlebook.heroscape.rule_ids]."""
        return module_rule_ids(rule_ids)

    def fight(self, question: str, arguments: Mapping[str, str]) -> FightReport:
        """See [`fight.fight_report`][battlebook.heroscape.fight.fight_report] (imported only here).

        The question `battle` is the battle calculator's:
        [`battle.battle_report`][battlebook.heroscape.battle.battle_report].
        """
        if question == "battle":
            from battlebook.heroscape.battle import battle_report

            return battle_report(arguments)
        from battlebook.heroscape.fight import fight_report

        return fight_report(question, arguments)

    def calculators(self) -> Calculators:
        """See [`calculator.CALCULATORS`][battlebook.heroscape.calculator.CALCULATORS]."""
        from battlebook.heroscape.calculator import CALCULATORS

        return CALCULATORS

    def odds_page(self) -> str:
        """See [`odds_page`][battlebook.heroscape.odds_page.odds_page] (imported only here)."""
        from battlebook.heroscape.odds_page import odds_page

        return odds_page()


def _figure_name(state: BattleState, key: str) -> str:
    """A figure as the note names it: its map key and its kind ("K1 (Knave of the Silver Scimitar)")."""
    return f"{key} ({state.card_of(state.figure(key)).figure})"


#: The one Heroscape game object the registry holds.
HEROSCAPE = HeroscapeGame()
#: The game the registry ([`battlebook.games`][battlebook.games]) finds here.
GAME = HEROSCAPE
