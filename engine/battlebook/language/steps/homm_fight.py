"""Steps about whole HoMM fights: who wins if two stacks fight on to the end.

Each step works the answer out from the battle the example has set up, through HoMM's
fight calculator ([`battlebook.homm.fight`][battlebook.homm.fight]): the example's die
reading and its alternative readings count, so a ruling that changes a fight changes the
answer the step checks.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from battlebook.errors import ScenarioError
from battlebook.homm.sides import Side
from battlebook.language.grammar import Parameter, then
from battlebook.language.steps.homm_world import HommWorld

# The fight calculator loads when a step first asks for a fight's odds, not with the step
# library: most runs (a page's Try it, a chapter without whole fights) never work one out.
if TYPE_CHECKING:
    from battlebook.homm.fight import FightOdds

DOMAIN = "Whole-fight odds"

WIN = Parameter("Win", "wins|win", str, ("wins", "win"), shown="win(s)")
ROUND_WORD = Parameter("RoundWord", "rounds|round", str, ("rounds", "round"), shown="round(s)")

FIGHT = "if the {first:Stack} and the {second:Stack} fight on to the end, "


def stack_fight(homm: HommWorld, first: str, second: str) -> FightOdds:
    """The odds of the two named stacks of the example's battle fighting to the end, whichever is named first."""
    one, other = homm.state.stack(first), homm.state.stack(second)
    aggressor, defender = (one, other) if one.side is Side.AGGRESSOR else (other, one)
    from battlebook.homm.fight import fight_odds_in

    return fight_odds_in(homm.state, aggressor.name, defender.name)


def _stack_side(odds: FightOdds, winner: str) -> str:
    if winner not in (odds.aggressor, odds.defender):
        raise ScenarioError(f"the {winner} are not in this fight: name the {odds.aggressor} or the {odds.defender}")
    return "aggressor" if winner == odds.aggressor else "defender"


@then(FIGHT + "the {winner:Stack} {:Win} with chance {chance:Chance}", game="homm", parameters=[WIN])
def stack_wins(homm: HommWorld, first: str, second: str, winner: str, chance: Fraction) -> None:
    """The exact chance that a stack destroys the other if both fight on (each attacks, and answers once a round)."""
    odds = stack_fight(homm, first, second)
    actual: Fraction = getattr(odds, f"{_stack_side(odds, winner)}_wins")
    assert actual == chance, f"the {winner} win with chance {actual}"


@then(
    FIGHT + "the {winner:Stack} {:Win} with {cards:Count} {:Cards} left with chance {chance:Chance}",
    game="homm",
    parameters=[WIN],
)
def stack_wins_with(homm: HommWorld, first: str, second: str, winner: str, cards: int, chance: Fraction) -> None:
    """The exact chance that a stack wins the fight with exactly so many cards left."""
    odds = stack_fight(homm, first, second)
    left = getattr(odds, f"{_stack_side(odds, winner)}_wins_with_left")
    actual = left.get(cards, Fraction(0))
    assert actual == chance, f"the {winner} win with {cards} cards left with chance {actual}"


@then(FIGHT + "the fight never ends with chance {chance:Chance}", game="homm")
def stack_fight_never_ends(homm: HommWorld, first: str, second: str, chance: Fraction) -> None:
    """The exact chance that neither stack is ever destroyed."""
    actual = stack_fight(homm, first, second).never_ends
    assert actual == chance, f"the fight never ends with chance {actual}"


@then(FIGHT + "it lasts {rounds:Chance} {:RoundWord} on average", game="homm", parameters=[ROUND_WORD])
def stack_fight_rounds(homm: HommWorld, first: str, second: str, rounds: Fraction) -> None:
    """The expected number of combat rounds, the last one counted (refused when the fight may go on for ever)."""
    actual = stack_fight(homm, first, second).expected_rounds
    assert actual == rounds, f"the fight lasts {'for ever, at times' if actual is None else actual} rounds on average"
