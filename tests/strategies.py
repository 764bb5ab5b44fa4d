"""Hypothesis strategies and play helpers shared by the property tests, in one place.

Test modules import from here, never from one another:

- HoMM battles (`battles`) and random legal HoMM play (`random_play`, `check_refusal`,
  `CountingDice`);
- Heroscape battles in either edition (`heroscape_battles`);
- random legal play of any registered game through the shared contract (`play`);
- each game's first states (`STATES`) and invariants (`INVARIANTS`, a checker built from
  the battle's first state).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from battlebook.dice import Die, SeededDice
from battlebook.errors import RuleViolation
from battlebook.game import Game
from battlebook.heroscape import Edition
from battlebook.heroscape import Ruleset as HeroscapeRuleset
from battlebook.heroscape.battlefield import parse_map
from battlebook.heroscape.cards import ArmyCard, CardKind
from battlebook.heroscape.setup import setup_battle
from battlebook.heroscape.state import BattleState as HeroscapeState
from battlebook.homm import (
    Ability,
    Action,
    Army,
    BattleState,
    Clock,
    Decline,
    EndPhase,
    Line,
    Side,
    Spell,
    Stack,
    Town,
    TownCard,
    UnitCard,
    Walls,
    apply,
    is_legal,
    legal_actions,
)
from battlebook.homm import rule_ids as ids
from battlebook.homm.flow import melee_minimum
from battlebook.homm.rules import candidate_actions, legal_violation

PROFILE = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STEPS = 60

# --- Heroes of Might & Magic ------------------------------------------------------------

UNITS = (
    UnitCard("Gold Golem", level=2, phase=7, melee=3, ranged=0, defense=7),
    UnitCard("Archer", level=1, phase=4, melee=1, ranged=3, defense=4),
    UnitCard("Mage", level=3, phase=5, melee=1, ranged=0, defense=6, spells=(Spell("Magic Fist", 4),)),
    UnitCard("Brute", level=3, phase=2, melee=5, ranged=0, defense=9),
    UnitCard("Griffin", level=2, phase=3, melee=4, ranged=0, defense=6, abilities=(Ability.IGNORES_OBSTACLES,)),
    UnitCard("Sharpshooter", level=2, phase=4, melee=1, ranged=3, defense=5, abilities=(Ability.IGNORES_OBSTACLES,)),
)
RULE_IDS = {value for name, value in vars(ids).items() if name.isupper()}


def pick(data: st.DataObject, legal: list[Action]) -> Action:
    """A legal action, four times in five one that is not merely handing the turn on."""
    busy = [action for action in legal if not isinstance(action, EndPhase | Decline)]
    prefer_busy: int = data.draw(st.integers(0, 4))
    pool = busy if busy and prefer_busy else legal
    return data.draw(st.sampled_from(pool))


@st.composite
def battles(draw: st.DrawFn, in_town: bool = False) -> BattleState:
    """A battle at round 1, phase 1, whose Melee Lines hold their minimum or have nothing behind them.

    With `in_town`, the Defender defends its town, whose walls are in any position.
    """
    state = BattleState(clock=Clock())
    if in_town:
        state = state.with_extension(Town(TownCard("Town Card", Side.DEFENDER, draw(st.sampled_from(list(Walls))))))
    for side in Side:
        count = draw(st.integers(1, 5))
        melee = draw(st.integers(min(count, melee_minimum(state, side)), count))
        for index in range(count):
            cards = tuple(draw(st.lists(st.sampled_from(UNITS), min_size=1, max_size=2)))
            line = Line.MELEE if index < melee else Line.RANGED
            state = state.with_stack(Stack(f"{side} {index}", side, line, cards))
        army = Army(
            hand=draw(st.integers(0, 3)),
            deck=10,
            town_distance=draw(st.integers(2, 5)),
            is_guard=draw(st.booleans()),
        )
        state = state.with_army(side, army)
    return state


def random_play(
    state: BattleState, data: st.DataObject, steps: int = STEPS
) -> Iterator[tuple[BattleState, BattleState]]:
    """Random legal play from `state`: the battle before and after each action, until it is over."""
    for _ in range(steps):
        legal = list(legal_actions(state))
        if not legal:
            assert state.is_over, "a running battle must always allow some action"
            return
        after = apply(state, pick(data, legal), SeededDice(data.draw(st.integers(0, 2**16)))).state
        yield state, after
        state = after


class CountingDice(SeededDice):
    """Seeded dice that count their rolls."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.rolls = 0

    def roll(self, die: Die) -> Hashable:
        self.rolls += 1
        return super().roll(die)


def check_refusal(state: BattleState, data: st.DataObject) -> None:
    """An illegal action drawn at random is refused before any die is rolled, as the legality check says.

    `apply` and `legal_violation` are two ways in to the same rules: the refusal must name
    the same known rule with the same reason, and a refused action must not have rolled.
    (The state cannot change: every value in it is frozen.)
    """
    illegal = [action for action in candidate_actions(state) if not is_legal(state, action)]
    if not illegal:
        return
    action = data.draw(st.sampled_from(illegal))
    expected = legal_violation(state, action)
    assert expected is not None
    dice = CountingDice(0)
    try:
        apply(state, action, dice)
    except RuleViolation as violation:
        assert violation.rule in RULE_IDS, f"unknown rule {violation.rule}"
        assert (violation.rule, str(violation)) == (expected.rule, str(expected)), f"{violation} but {expected}"
    else:
        raise AssertionError(f"{action} was carried out though it is illegal")
    assert dice.rolls == 0, f"{action} rolled the die before it was refused"


def check_refusals_along_play(state: BattleState, data: st.DataObject) -> None:
    """Along random legal play, every illegal action names a known rule and changes nothing."""
    check_refusal(state, data)
    for _, after in random_play(state, data, steps=10):
        check_refusal(after, data)


def homm_invariants(first: BattleState) -> Callable[[BattleState], None]:
    """HoMM: every card stays in a stack or in the discard pile, and no stack is left empty."""
    cards = first.card_count()

    def check(state: BattleState) -> None:
        assert state.card_count() == cards, "a card was created or lost"
        assert all(stack.size > 0 for stack in state.stacks), "an empty stack was left on a line"

    return check


# --- Heroscape -------------------------------------------------------------------------

#: Cards for random battles, each army its own (illustrative stats, not printed cards):
#: Common squads of one-life figures, a unique squad of two-life figures, and heroes.
#: (A card id is unique in a battle, so the two armies never share a card's name.)
ARMY_CARDS = {
    "Red": (
        ArmyCard("Guards", "Guard", CardKind.SQUAD, figures=3, life=1, range=4, attack=2, defense=2, height=5,
                 common=True),
        ArmyCard("Champion", "Champion", CardKind.HERO, figures=1, life=4, range=3, attack=3, defense=3, height=6,
                 common=False),
    ),
    "Blue": (
        ArmyCard("Veterans", "Veteran", CardKind.SQUAD, figures=2, life=2, range=1, attack=3, defense=2, height=5,
                 common=False),
        ArmyCard("Raiders", "Raider", CardKind.SQUAD, figures=2, life=1, range=6, attack=2, defense=1, height=4,
                 common=True),
        ArmyCard("Warden", "Warden", CardKind.HERO, figures=1, life=3, range=1, attack=4, defense=4, height=12,
                 common=False),
    ),
}  # fmt: skip
HEROSCAPE_CARDS = {card.name: card for cards in ARMY_CARDS.values() for card in cards}
ARMIES = tuple(ARMY_CARDS)


@st.composite
def heroscape_battles(draw: st.DrawFn) -> HeroscapeState:
    """A small battlefield of random levels with a few figures of each army, in either edition."""
    rows, columns = draw(st.integers(2, 4)), draw(st.integers(3, 5))
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    count = draw(st.integers(2, min(6, len(cells))))
    placed = draw(st.lists(st.sampled_from(cells), min_size=count, max_size=count, unique=True))
    grid = [[str(draw(st.integers(1, 3))) for _ in range(columns)] for _ in range(rows)]
    legend: list[str] = []
    on_card: dict[tuple[str, str], int] = {}
    for index, (row, column) in enumerate(placed):
        army = ARMIES[index % 2]
        name = draw(st.sampled_from([card.name for card in ARMY_CARDS[army]]))
        card = HEROSCAPE_CARDS[name]
        copy_number = 1
        while on_card.get((army, f"{name}#{copy_number}"), 0) >= card.stat("figures"):
            copy_number += 1
        if copy_number > 1 and not card.common:
            continue
        on_card[(army, f"{name}#{copy_number}")] = on_card.get((army, f"{name}#{copy_number}"), 0) + 1
        key = f"F{index}"
        grid[row][column] += key
        legend.append(f"{key} = {name}{'' if copy_number == 1 else f' #{copy_number}'} ({army})")
    text = "\n".join(" ".join(row) for row in grid) + "\n" + "\n".join(legend)
    edition = draw(st.sampled_from(list(Edition)))
    ruleset = HeroscapeRuleset.for_edition(edition, figures_block_sight=draw(st.booleans()))
    return setup_battle(parse_map(text), HEROSCAPE_CARDS.get, ruleset)


def heroscape_invariants(first: HeroscapeState) -> Callable[[HeroscapeState], None]:
    """Heroscape: each figure is on the battlefield or on a card (or out of the game, 2004),
    wounds never reach Life on a standing figure, and the army cards agree with the figures."""
    everyone = {f.key: f.card_id for f in first.figures}

    def check(state: HeroscapeState) -> None:
        standing = [f.key for f in state.figures]
        on_cards = [key for card in state.cards for key in card.destroyed]
        places = standing + on_cards + list(state.out_of_game)
        assert sorted(places) == sorted(everyone), f"figures lost or doubled: {sorted(places)}"
        for figure in state.figures:
            card = state.card(figure.card_id)
            assert state.wounds_of(figure) < card.card.stat("life"), f"{figure.key} stands with its Life in wounds"
        for card in state.cards:
            own = {key for key, card_id in everyone.items() if card_id == card.id}
            gone = own - set(standing)
            assert len(card.destroyed) <= card.card.stat("figures"), f"{card.id} holds more figures than it shows"
            assert set(card.lost) == gone, f"{card.id} lists {card.lost} as lost, not {sorted(gone)}"
            if state.ruleset.destroyed_to_card:  # 2024: a card out of play once its figures are gone
                assert state.is_out_of_play(card.id) == (bool(own) and not (own & set(standing)))
            else:  # 2004: destroyed figures leave the game, and no card goes out of play
                assert gone <= set(state.out_of_game) and not card.destroyed and not state.is_out_of_play(card.id)

    return check


# --- Any registered game, through the shared contract ---------------------------------

#: A random first state of each registered game.
STATES: dict[str, st.SearchStrategy[Any]] = {
    "homm": st.one_of(battles(), battles(in_town=True)),
    "heroscape": heroscape_battles(),
}
#: Each game's invariants: from the first state, a checker of every later one.
INVARIANTS: dict[str, Callable[[Any], Callable[[Any], None]]] = {
    "homm": homm_invariants,
    "heroscape": heroscape_invariants,
}


def prefer(game: Game[Any, Any], data: st.DataObject, legal: list[Any]) -> Any:
    """A legal action, four times in five an attack when there is one."""
    attacks = [action for action in legal if game.is_attack(action)]
    prefer_attack: int = data.draw(st.integers(0, 4))
    if attacks and prefer_attack:
        return data.draw(st.sampled_from(attacks))
    return data.draw(st.sampled_from(legal))


def play(game: Game[Any, Any], state: Any, data: st.DataObject, steps: int = 30) -> Iterator[tuple[Any, Any]]:
    """Random legal play of any game: the state before and after each action, while any is legal."""
    for _ in range(steps):
        legal = [a for a in game.candidate_actions(state) if game.legal_violation(state, a) is None]
        if not legal:
            return
        action = prefer(game, data, legal)
        after = game.apply(state, action, SeededDice(data.draw(st.integers(0, 2**16)))).state
        yield state, after
        state = after
