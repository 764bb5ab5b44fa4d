"""Heroscape behind the shared [`Game`][battlebook.game.Game] contract.

Examples:
    >>> from battlebook.heroscape.actions import StartRound
    >>> HEROSCAPE.name, HEROSCAPE.legal_violation(BattleState(), StartRound()) is None
    ('heroscape', True)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from fractions import Fraction
from math import comb
from typing import Any

from battlebook.dice import Dice, ScriptedDice
from battlebook.errors import RuleViolation
from battlebook.game import AttackChance, Drawing, KnownCard, Roll, RulesEdition, module_rule_ids
from battlebook.heroscape import chance, readings, rule_ids, rules
from battlebook.heroscape.actions import Action, Attack
from battlebook.heroscape.cards import CARD_CITATION, KNOWN_CARDS, ArmyCardBook, card_stats
from battlebook.heroscape.dice import Face
from battlebook.heroscape.resolution import HeroscapeResolution
from battlebook.heroscape.ruleset import Edition, Harm, Ruleset
from battlebook.heroscape.sight import Measured
from battlebook.heroscape.state import BattleState
from battlebook.odds import fraction_text, percent_text

__all__ = ["HEROSCAPE", "HeroscapeGame"]


def _binomial(count: int, hits: int, chance: Fraction) -> Fraction:
    return comb(count, hits) * chance**hits * (1 - chance) ** (count - hits)


class HeroscapeGame:
    """The Heroscape rules, both editions, as the shared contract asks for them."""

    name = "heroscape"
    title = "Heroscape"
    scene = "battlefield"
    card_noun = ArmyCardBook.noun

    def known_cards(self) -> tuple[KnownCard, ...]:
        """The cards of [`KNOWN_CARDS`][battlebook.heroscape.cards.KNOWN_CARDS], some stats illustrative."""
        return tuple(
            KnownCard(card.name, (card.name, card.figure), card_stats(card), CARD_CITATION)
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

    def legal_violation(self, state: BattleState, action: Action) -> RuleViolation | None:
        """See [`rules.legal_violation`][battlebook.heroscape.rules.legal_violation]."""
        return rules.legal_violation(state, action)

    def apply(self, state: BattleState, action: Action, dice: Dice) -> HeroscapeResolution:
        """See [`rules.apply`][battlebook.heroscape.rules.apply]."""
        return rules.apply(state, action, dice)

    def candidate_actions(self, state: BattleState) -> Iterator[Action]:
        """See [`rules.candidate_actions`][battlebook.heroscape.rules.candidate_actions]."""
        return rules.candidate_actions(state)

    def is_attack(self, action: object) -> bool:
        """Only an `Attack` rolls dice."""
        return isinstance(action, Attack)

    def chance_of(self, state: BattleState, action: Action) -> AttackChance:
        """See [`chance.chance_of`][battlebook.heroscape.chance.chance_of]."""
        if not isinstance(action, Attack):
            raise TypeError(f"not an attack: {action!r}")
        return chance.chance_of(state, action)

    def rolls(self, state: BattleState, action: Action) -> Iterator[Roll]:
        """Every count of skulls among the attack dice and of shields among the defense dice.

        The other dice show a face that neither scores nor blocks (a blank where the die has
        one); the order of the dice does not matter to the rules.
        """
        if not isinstance(action, Attack):
            return
        pool = rules.dice_pool(state, action)
        die = state.ruleset.combat_die
        no_skull = Face.BLANK if die.blanks else Face.SHIELD
        no_shield = Face.BLANK if die.blanks else Face.SKULL
        for skulls in range(pool.attack + 1):
            for shields in range(pool.defense + 1):
                odds = _binomial(pool.attack, skulls, die.skull_chance) * _binomial(
                    pool.defense, shields, die.shield_chance
                )
                if odds:
                    attack = [Face.SKULL] * skulls + [no_skull] * (pool.attack - skulls)
                    defense = [Face.SHIELD] * shields + [no_shield] * (pool.defense - shields)
                    yield Roll(odds, ScriptedDice(attack + defense))

    def attack_effect(self, resolution: Any) -> tuple[int, bool]:
        """The skulls the shields did not block, and whether the defender was destroyed."""
        report = resolution.attack
        if report is None:
            return 0, False
        return max(report.skulls - report.shields, 0), report.destroyed

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

    def rule_ids(self) -> frozenset[str]:
        """The identifiers in [`rule_ids`][battlebook.heroscape.rule_ids]."""
        return module_rule_ids(rule_ids)

    def odds_page(self) -> str:
        """See [`odds_page`][battlebook.heroscape.odds_page.odds_page] (imported only here)."""
        from battlebook.heroscape.odds_page import odds_page

        return odds_page()


def _figure_name(state: BattleState, key: str) -> str:
    """A figure as the note names it: its map key and its kind ("K1 (Knave of the Silver Scimitar)")."""
    return f"{key} ({state.card_of(state.figure(key)).figure})"


#: The one Heroscape game object the registry holds.
HEROSCAPE = HeroscapeGame()
