"""Random HoMM battles, for tests of the whole game (the API test over every registered game).

[`new_battle`][battlebook.homm.battles.new_battle] sets up a battle at round 1, phase 1,
from a random generator the caller hands in (a test's, which it can replay), and
[`invariants`][battlebook.homm.battles.invariants] checks what must stay true while it is
played. The units are chosen for these battles (illustrative stats, never the game's own
cards): they mix melee, ranged and spell attacks and a unit that ignores obstacles.

Examples:
    >>> import random
    >>> state = new_battle(random.Random(3))
    >>> 2 <= len(state.stacks) <= 10 and state.clock is not None
    True
    >>> invariants(state)(state)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from battlebook.homm.flow import melee_minimum
from battlebook.homm.sides import Line, Side
from battlebook.homm.siege import Town
from battlebook.homm.state import Army, BattleState, Clock, Stack
from battlebook.homm.town import TownCard, Walls
from battlebook.homm.units import Ability, Spell, UnitCard

__all__ = ["UNITS", "invariants", "new_battle"]

#: The units of random battles (stats chosen for them, not the game's).
UNITS = (
    UnitCard("Gold Golem", level=2, phase=7, melee=3, ranged=0, defense=7),
    UnitCard("Archer", level=1, phase=4, melee=1, ranged=3, defense=4),
    UnitCard("Mage", level=3, phase=5, melee=1, ranged=0, defense=6, spells=(Spell("Magic Fist", 4),)),
    UnitCard("Brute", level=3, phase=2, melee=5, ranged=0, defense=9),
    UnitCard("Griffin", level=2, phase=3, melee=4, ranged=0, defense=6, abilities=(Ability.IGNORES_OBSTACLES,)),
    UnitCard("Sharpshooter", level=2, phase=4, melee=1, ranged=3, defense=5, abilities=(Ability.IGNORES_OBSTACLES,)),
)


def new_battle(rng: random.Random) -> BattleState:
    """A battle at round 1, phase 1, whose Melee Lines hold their minimum or have nothing behind them.

    One battle in two is in the Defender's town, its walls in any position.
    """
    state = BattleState(clock=Clock())
    if rng.random() < 0.5:
        state = state.with_extension(Town(TownCard("Town Card", Side.DEFENDER, rng.choice(list(Walls)))))
    for side in Side:
        count = rng.randint(1, 5)
        melee = rng.randint(min(count, melee_minimum(state, side)), count)
        for index in range(count):
            cards = tuple(rng.choice(UNITS) for _ in range(rng.randint(1, 2)))
            line = Line.MELEE if index < melee else Line.RANGED
            state = state.with_stack(Stack(f"{side} {index}", side, line, cards))
        army = Army(hand=rng.randint(0, 3), deck=10, town_distance=rng.randint(2, 5), is_guard=rng.random() < 0.5)
        state = state.with_army(side, army)
    return state


def invariants(first: BattleState) -> Callable[[BattleState], None]:
    """A check of every later state of the battle `first`: no card made or lost, no stack left empty.

    Every card stays in a stack or in the discard pile; the check raises `AssertionError`
    saying what broke.
    """
    cards = first.card_count()

    def check(state: BattleState) -> None:
        assert state.card_count() == cards, "a card was created or lost"
        assert all(stack.size > 0 for stack in state.stacks), "an empty stack was left on a line"

    return check
