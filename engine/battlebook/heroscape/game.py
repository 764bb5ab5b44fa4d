"""Heroscape behind the shared [`Game`][battlebook.game.Game] contract.

Examples:
    >>> from battlebook.heroscape.actions import StartRound
    >>> HEROSCAPE.name, HEROSCAPE.legal_violation(BattleState(), StartRound()) is None
    ('heroscape', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from battlebook.game import module_rule_ids, ruleset_readings
from battlebook.heroscape import rule_ids
from battlebook.heroscape.actions import Action, Attack
from battlebook.heroscape.play import HeroscapePlay
from battlebook.heroscape.ruleset import Harm, Ruleset
from battlebook.heroscape.state import BattleState
from battlebook.odds import fraction_text, percent_text

if TYPE_CHECKING:
    from battlebook.fight_report import FightReport

__all__ = ["HEROSCAPE", "HeroscapeGame"]


class HeroscapeGame(HeroscapePlay):
    """The Heroscape rules, both editions, as the shared contract asks for them.

    What acts on states (legality, `apply`, the results of the dice) is inherited from
    [`HeroscapePlay`][battlebook.heroscape.play.HeroscapePlay].
    """

    name = "heroscape"
    title = "Heroscape"

    def default_ruleset(self) -> Ruleset:
        """The 2004 basic game with Battlebook's readings."""
        return Ruleset()

    def readings(self) -> dict[str, tuple[object, ...]]:
        """The ruleset's settings with a few values each (edition, harm, friendly fire...)."""
        return ruleset_readings(Ruleset())

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

    def draw(self, state: BattleState, title: str, ident: str = "") -> str:
        """See [`picture.draw_battlefield`][battlebook.heroscape.picture.draw_battlefield] (imported only here)."""
        from battlebook.heroscape.picture import draw_battlefield

        return draw_battlefield(state, title, ident)

    def rule_ids(self) -> frozenset[str]:
        """The identifiers in [`rule_ids`][battlebook.heroscape.rule_ids]."""
        return module_rule_ids(rule_ids)

    def fight(self, question: str, arguments: Mapping[str, str]) -> FightReport:
        """See [`fight.fight_report`][battlebook.heroscape.fight.fight_report] (imported only here)."""
        from battlebook.heroscape.fight import fight_report

        return fight_report(question, arguments)

    def odds_page(self) -> str:
        """See [`odds_page`][battlebook.heroscape.odds_page.odds_page] (imported only here)."""
        from battlebook.heroscape.odds_page import odds_page

        return odds_page()


def _figure_name(state: BattleState, key: str) -> str:
    """A figure as the note names it: its map key and its kind ("K1 (Knave of the Silver Scimitar)")."""
    return f"{key} ({state.card_of(state.figure(key)).figure})"


#: The one Heroscape game object the registry holds.
HEROSCAPE = HeroscapeGame()
