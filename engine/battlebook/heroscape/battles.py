"""Random Heroscape battles, for tests of the whole game (the API test over every registered game).

[`new_battle`][battlebook.heroscape.battles.new_battle] draws a small battlefield of random
levels with a few figures of each army, in either edition, from a random generator the
caller hands in (a test's, which it can replay), and
[`invariants`][battlebook.heroscape.battles.invariants] checks what must stay true while it
is played. The army cards are chosen for these battles (illustrative stats, not printed
cards): Common squads of one-life figures, a unique squad of two-life figures, and heroes.

Examples:
    >>> import random
    >>> state = new_battle(random.Random(3))
    >>> len(state.figures) >= 1
    True
    >>> invariants(state)(state)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from battlebook.heroscape.battlefield import parse_map
from battlebook.heroscape.cards import ArmyCard, CardKind
from battlebook.heroscape.ruleset import Edition, Ruleset
from battlebook.heroscape.setup import setup_battle
from battlebook.heroscape.state import BattleState

__all__ = ["ARMY_CARDS", "invariants", "new_battle"]

#: The cards of random battles, each army its own (a card id is unique in a battle, so the two
#: armies never share a card's name).
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
_CARDS = {card.name: card for cards in ARMY_CARDS.values() for card in cards}
_ARMIES = tuple(ARMY_CARDS)


def new_battle(rng: random.Random) -> BattleState:
    """A small battlefield of random levels with a few figures of each army, in either edition."""
    rows, columns = rng.randint(2, 4), rng.randint(3, 5)
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    placed = rng.sample(cells, rng.randint(2, min(6, len(cells))))
    grid = [[str(rng.randint(1, 3)) for _ in range(columns)] for _ in range(rows)]
    legend: list[str] = []
    on_card: dict[tuple[str, str], int] = {}
    for index, (row, column) in enumerate(placed):
        army = _ARMIES[index % 2]
        card = rng.choice(ARMY_CARDS[army])
        copy_number = 1
        while on_card.get((army, f"{card.name}#{copy_number}"), 0) >= card.stat("figures"):
            copy_number += 1
        if copy_number > 1 and not card.common:
            continue
        on_card[(army, f"{card.name}#{copy_number}")] = on_card.get((army, f"{card.name}#{copy_number}"), 0) + 1
        key = f"F{index}"
        grid[row][column] += key
        legend.append(f"{key} = {card.name}{'' if copy_number == 1 else f' #{copy_number}'} ({army})")
    text = "\n".join(" ".join(row) for row in grid) + "\n" + "\n".join(legend)
    ruleset = Ruleset.for_edition(rng.choice(list(Edition)), figures_block_sight=rng.random() < 0.5)
    return setup_battle(parse_map(text), _CARDS.get, ruleset)


def invariants(first: BattleState) -> Callable[[BattleState], None]:
    """A check of every later state of the battle `first`, raising `AssertionError` saying what broke.

    Each figure is on the battlefield or on a card (or out of the game, 2004), wounds never
    reach Life on a standing figure, and the army cards agree with the figures.
    """
    everyone = {f.key: f.card_id for f in first.figures}

    def check(state: BattleState) -> None:
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
