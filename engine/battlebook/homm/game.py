"""Heroes of Might & Magic IV behind the shared [`Game`][battlebook.game.Game] contract.

Examples:
    >>> HOMM.name, "homm.melee-attack" in HOMM.rule_ids()
    ('homm', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from battlebook.game import Drawing, KnownCard, RulesEdition, module_rule_ids
from battlebook.homm import extensions, readings, rule_ids
from battlebook.homm.actions import (
    AcceptSurrender,
    Action,
    Decline,
    EndPhase,
    MeleeAttack,
    MoveUp,
    OfferSurrender,
    Protect,
    RangedAttack,
    RejectSurrender,
    Reorganize,
    Retaliate,
    SpellAttack,
    Support,
    Swarm,
    Withdraw,
)
from battlebook.homm.play import HommPlay
from battlebook.homm.resolution import HommResolution
from battlebook.homm.state import BattleState, Stance
from battlebook.homm.units import (
    KNOWN_UNITS,
    SOURCE_SECTIONS,
    SOURCE_STATS_ORIGIN,
    AttackKind,
    UnitBook,
    unit_stats,
)
from battlebook.odds import fraction_text, percent_text

if TYPE_CHECKING:
    from battlebook.calculator import Calculators
    from battlebook.fight_report import FightReport

__all__ = ["GAME", "HOMM", "HommGame", "describe_attack", "describe_move"]


def describe_move(action: Action, state: BattleState | None = None) -> str:
    """Any action in words: an attack as [`describe_attack`][battlebook.homm.game.describe_attack] tells it.

    Examples:
        >>> from battlebook.homm.sides import Line, Side
        >>> describe_move(Reorganize("Archers", Line.RANGED))
        'the Archers move to the Ranged Line'
        >>> describe_move(OfferSurrender(Side.DEFENDER, 2))
        'the Defender offers 2 cards of its hand to surrender'
    """
    match action:
        case Support():
            return f"the {action.supporter} support the {action.ally} against the {action.target}"
        case Swarm():
            return f"the {action.stack} skip their attack to swarm"
        case Protect():
            return f"the {action.stack} skip their attack to protect themselves"
        case Reorganize():
            return f"the {action.stack} move to the {action.to} Line"
        case MoveUp():
            return f"the {action.by} moves the {action.stack} up to its Melee Line"
        case EndPhase():
            return f"the {action.side} ends its part of the phase"
        case Withdraw():
            return f"the {action.side} withdraws its hero"
        case OfferSurrender():
            return f"the {action.side} offers {action.cards} cards of its hand to surrender"
        case AcceptSurrender():
            return f"the {action.side} accepts the surrender"
        case RejectSurrender():
            return f"the {action.side} rejects the surrender"
        case Decline():
            return f"the {action.side} neither withdraws nor surrenders"
    return describe_attack(action, state)


def describe_attack(action: Action, state: BattleState | None = None) -> str:
    """Who attacks whom and how: "the Gold Golems attacking the Behemoth in melee, swarming".

    Examples:
        >>> describe_attack(MeleeAttack("Gold Golems", "Enemy Golems", swat=2))
        'the Gold Golems attacking the Enemy Golems in melee, swatting 2 cards'
    """
    match action:
        case MeleeAttack():
            who, how = action.attacker, f"attacking the {action.target} in melee"
        case RangedAttack():
            who, how = action.attacker, f"shooting at the {action.target}"
        case SpellAttack():
            who, how = action.attacker, f"casting {action.spell} at the {action.target}"
        case Retaliate():
            where = "in melee" if action.kind is AttackKind.MELEE else "at range"
            who, how = action.retaliator, f"retaliating against the {action.target} {where}"
        case _:
            return f"the {type(action).__name__}"
    extras = [f"swatting {action.swat} cards"] if action.swat > 1 else []
    if state is not None and state.has_stack(who):
        stack = state.stack(who)
        if stack.stance is Stance.SWARMING and not isinstance(action, Retaliate):
            extras.append("swarming")
        backers = [b.supporter for b in stack.backing if b.target == action.target]
        if backers and not isinstance(action, Retaliate):
            extras.append("supported by the " + " and the ".join(backers))
    return ", ".join([f"the {who} {how}", *extras])


class HommGame(HommPlay):
    """The HoMM rules, as the shared contract asks for them.

    What acts on states (legality, `apply`, the results of the die) is inherited from
    [`HommPlay`][battlebook.homm.play.HommPlay].
    """

    name = "homm"
    title = "Heroes of Might & Magic IV"

    scene = "battle"
    card_noun = UnitBook.noun

    def known_cards(self) -> tuple[KnownCard, ...]:
        """The units of [`KNOWN_UNITS`][battlebook.homm.units.KNOWN_UNITS]: the stats the sources give, and where."""
        return tuple(
            KnownCard(
                unit.name,
                (unit.name,),
                unit_stats(unit),
                SOURCE_STATS_ORIGIN,
                unit_stats(unit),
                SOURCE_SECTIONS.get(unit.name, ()),
            )
            for unit in KNOWN_UNITS.values()
        )

    def editions(self) -> tuple[RulesEdition, ...]:
        """None: the card game's rules are read in one printing."""
        return ()

    def readings(self) -> Mapping[str, Mapping[str, object]]:
        """See [`readings.READINGS`][battlebook.homm.readings.READINGS]."""
        return readings.READINGS

    def played_under(self, state: BattleState, settings: Mapping[str, object]) -> BattleState:
        """See [`readings.played_under`][battlebook.homm.readings.played_under]."""
        return readings.played_under(state, settings)

    def describe_chance(self, state: BattleState, action: Action) -> str:
        """`the Gold Golems attacking the Behemoth in melee: 2/5 (40%), a roll of 6 or more kills`."""
        odds = self.chance_of(state, action)
        success, rolls = odds.success, odds.winning_values
        target = getattr(action, "target", "")
        owner = extensions.piece_owner(state, target)
        verb = "kills" if owner is None else owner.piece_hit_words(state, target)
        if success == 1:
            detail = f", every roll {verb}"
        elif success == 0:
            detail = f", no roll {verb}"
        else:
            detail = f", a roll of {rolls[0]} or more {verb}"
        return f"{describe_attack(action, state)}: {fraction_text(success)} ({percent_text(success)}){detail}"

    def describe_action(self, state: BattleState, action: Action) -> str:
        """See [`describe_move`][battlebook.homm.game.describe_move]."""
        return describe_move(action, state)

    def describe_result(self, before: BattleState, action: Action, resolution: HommResolution) -> str:
        """The attack, then whether it hit (`the Gold Golems attacking the Behemoth in melee: a hit`)."""
        if resolution.attack is None:
            return describe_move(action, before)
        hits, _ = self.attack_effect(resolution)
        return f"{describe_attack(action, before)}: {'a hit' if hits else 'no hit'}"

    def view(self, state: BattleState) -> Hashable | None:
        """See [`picture.battle_view`][battlebook.homm.picture.battle_view]; `None` while no stack is placed."""
        from battlebook.homm.picture import battle_view

        return battle_view(state) if state.stacks else None

    def draw(self, state: BattleState, title: str, ident: str = "", marks: Sequence[object] = ()) -> Drawing:
        """See [`picture.draw_battle`][battlebook.homm.picture.draw_battle] (imported only here); no marks."""
        from battlebook.homm.picture import draw_battle

        return Drawing(draw_battle(state, title, ident))

    def new_battle(self, rng: random.Random) -> BattleState:
        """See [`battles.new_battle`][battlebook.homm.battles.new_battle] (imported only here)."""
        from battlebook.homm.battles import new_battle

        return new_battle(rng)

    def invariants(self, first: BattleState) -> Callable[[BattleState], None]:
        """See [`battles.invariants`][battlebook.homm.battles.invariants] (imported only here)."""
        from battlebook.homm.battles import invariants

        return invariants(first)

    def rule_ids(self) -> frozenset[str]:
        """The identifiers in [`rule_ids`][battlebook.homm.rule_ids]."""
        return module_rule_ids(rule_ids)

    def fight(self, question: str, arguments: Mapping[str, str]) -> FightReport:
        """See [`fight.fight_report`][battlebook.homm.fight.fight_report] (imported only here).

        The question `battle` is the battle calculator's:
        [`battle.battle_report`][battlebook.homm.battle.battle_report].
        """
        if question == "battle":
            from battlebook.homm.battle import battle_report

            return battle_report(arguments)
        from battlebook.homm.fight import fight_report

        return fight_report(question, arguments)

    def calculators(self) -> Calculators:
        """See [`calculator.CALCULATORS`][battlebook.homm.calculator.CALCULATORS]."""
        from battlebook.homm.calculator import CALCULATORS

        return CALCULATORS

    def odds_page(self) -> str:
        """See [`odds_page`][battlebook.homm.odds_page.odds_page] (imported only here)."""
        from battlebook.homm.odds_page import odds_page

        return odds_page()


#: The one HoMM game object the registry holds.
HOMM = HommGame()
#: The game the registry ([`battlebook.games`][battlebook.games]) finds here.
GAME = HOMM
