"""Setting a Heroscape battle up: figures placed from a text map, and the turn a scenario's attack needs.

[`setup_battle`][battlebook.heroscape.setup.setup_battle] reads a parsed map into a
[`BattleState`][battlebook.heroscape.state.BattleState]: each legend's army card looked up,
copies of a card numbered, no card holding more figures than it depicts.
[`turn_for`][battlebook.heroscape.setup.turn_for] names the turn an attack waits for when no
turn is under way: the attacker's army card's, begun through the rules like any other
([`ready_to_attack`][battlebook.heroscape.setup.ready_to_attack]).

Examples:
    >>> from battlebook.heroscape.battlefield import parse_map
    >>> from battlebook.heroscape.cards import KNOWN_CARDS
    >>> text = "1Z1 1 1A1 | Z1 = Zettian Guards (Red) | A1 = Airborne Elite (Blue)".replace(" | ", chr(10))
    >>> state = setup_battle(parse_map(text), KNOWN_CARDS.get)
    >>> [figure.key for figure in state.figures], turn_for(state, "Z1")
    (['Z1', 'A1'], StartTurn(army='Red', card_id='Zettian Guards'))
    >>> ready_to_attack(state, "Z1").turn.card_id
    'Zettian Guards'
"""

from __future__ import annotations

from collections.abc import Callable

from battlebook.bounds import MAX_CARD_COPIES, BoundError, read_whole
from battlebook.dice import ScriptedDice
from battlebook.errors import ScenarioError
from battlebook.heroscape.actions import StartTurn
from battlebook.heroscape.battlefield import ParsedMap
from battlebook.heroscape.cards import ArmyCard
from battlebook.heroscape.rules import apply
from battlebook.heroscape.ruleset import Ruleset
from battlebook.heroscape.state import BattleState, CardInPlay, Figure

__all__ = ["ready_to_attack", "setup_battle", "turn_for"]


def setup_battle(
    parsed: ParsedMap,
    card_for: Callable[[str], ArmyCard | None],
    ruleset: Ruleset | None = None,
) -> BattleState:
    """A battle state from a read text map, looking each legend's card up with `card_for`.

    A legend card name may end in `#2`, `#3` for a further copy of the card in one army. A
    card holds no more figures than it depicts (when its number of figures is known).
    """
    state = BattleState(ruleset=ruleset or Ruleset(), battlefield=parsed.battlefield)
    placed_on: dict[tuple[str, str], int] = {}
    for placed in parsed.placements:
        name, _, copy = placed.card.partition("#")
        where = f"map line {placed.line}, column {placed.column}"
        if copy:
            try:
                read_whole(copy, "a copy's number", 2, MAX_CARD_COPIES)
            except BoundError:
                raise ScenarioError(
                    f"{where}: {placed.card!r}: a further copy of a card is numbered #2 to #{MAX_CARD_COPIES} "
                    "(the first has no number)"
                ) from None
        card = card_for(name.strip())
        if card is None:
            raise ScenarioError(f"{where}: no army card called {name.strip()!r}")
        if len(placed.spaces) != card.spaces:
            what = "a double-space" if card.is_double_space else "a single-space"
            raise ScenarioError(
                f"map line {placed.line}, column {placed.column}: {placed.key} ({card.figure}) is {what} figure "
                f"but is drawn on {len(placed.spaces)} space(s)"
            )
        card_id = card.name + (f" #{int(copy.strip())}" if copy.strip() else "")
        count = placed_on[(card_id, placed.army)] = placed_on.get((card_id, placed.army), 0) + 1
        if card.figures is not None and count > card.figures:
            raise ScenarioError(
                f"{where}: {placed.key} would be figure {count} of {card_id} ({placed.army}), "
                f"but the card has {card.figures} figure(s); a further copy is written '{card.name} #2'"
            )
        if not any(c.id == card_id and c.army == placed.army for c in state.cards):
            state = state.with_card(CardInPlay(card_id, placed.army, card))
        state = state.with_figure(Figure(placed.key, card_id, placed.army, placed.spaces))
    return state


def turn_for(state: BattleState, attacker: str) -> StartTurn | None:
    """The turn an attack by the figure `attacker` waits for: its army card's when no turn is under way, else `None`.

    A scenario that makes an attack without naming a turn plays it in the attacker's turn.
    """
    if state.turn is not None:
        return None
    figure = state.figure(attacker)
    return StartTurn(figure.army, figure.card_id)


def ready_to_attack(state: BattleState, attacker: str) -> BattleState:
    """`state` with the turn [`turn_for`][battlebook.heroscape.setup.turn_for] names begun by the rules, or as it is."""
    turn = turn_for(state, attacker)
    return state if turn is None else apply(state, turn, ScriptedDice()).state
