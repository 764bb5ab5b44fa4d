"""Steps about whole Heroscape fights: who wins if two figures duel to the end, and one figure attacked.

Each step works the answer out from the battle the example has set up, through Heroscape's
fight calculator ([`battlebook.heroscape.fight`][battlebook.heroscape.fight]): the example's
edition, its die reading, its alternative readings and its battlefield all count, so a
ruling or an edition that changes a fight changes the answer the step checks.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from battlebook.errors import RulesSilent, ScenarioError
from battlebook.language.grammar import Parameter, then
from battlebook.language.steps.heroscape_world import HeroscapeWorld

# The fight calculator loads when a step first asks for a fight's odds, not with the step
# library: most runs (a page's Try it, a chapter without whole fights) never work one out.
if TYPE_CHECKING:
    from battlebook.heroscape.fight import DuelOdds

DOMAIN = "Whole-fight odds"

ATTACK_WORD = Parameter("AttackWord", "attacks|attack", str, ("attacks", "attack"), shown="attack(s)")

DUEL = "if {first:Figure} and {second:Figure} fight on to the end, "


def duel(heroscape: HeroscapeWorld, first: str, second: str) -> DuelOdds:
    """The odds of the two named figures duelling to the end, the one named first attacking first."""
    one, other = heroscape.figure(first), heroscape.figure(second)
    from battlebook.heroscape.fight import duel_odds_in

    return duel_odds_in(heroscape.state, one.key, other.key)


def _duel_side(heroscape: HeroscapeWorld, first: str, second: str, winner: str) -> str:
    keys = [heroscape.figure(name).key for name in (first, second, winner)]
    if keys[2] not in keys[:2]:
        raise ScenarioError(f"{winner} is not in this duel: name {first} or {second}")
    return "first" if keys[2] == keys[0] else "second"


@then(DUEL + "{winner:Figure} wins with chance {chance:Chance}", game="heroscape")
def figure_wins(heroscape: HeroscapeWorld, first: str, second: str, winner: str, chance: Fraction) -> None:
    """The exact chance that a figure destroys the other if the two take turns attacking, the first named first."""
    odds = duel(heroscape, first, second)
    actual: Fraction = getattr(odds, f"{_duel_side(heroscape, first, second, winner)}_wins")
    assert actual == chance, f"{winner} wins with chance {actual}"


@then(DUEL + "{winner:Figure} wins with {life:Count} Life left with chance {chance:Chance}", game="heroscape")
def figure_wins_with(
    heroscape: HeroscapeWorld, first: str, second: str, winner: str, life: int, chance: Fraction
) -> None:
    """The exact chance that a figure wins the duel with exactly so much Life left."""
    odds = duel(heroscape, first, second)
    left = getattr(odds, f"{_duel_side(heroscape, first, second, winner)}_wins_with_left")
    actual = left.get(life, Fraction(0))
    assert actual == chance, f"{winner} wins with {life} Life left with chance {actual}"


@then("the rules don't say who wins " + DUEL.removesuffix(", "), game="heroscape")
def duel_open(heroscape: HeroscapeWorld, first: str, second: str) -> None:
    """The engine gives no odds for the duel: the rules in force name nobody to take the next turn."""
    try:
        odds = duel(heroscape, first, second)
    except RulesSilent:
        return
    raise AssertionError(f"the engine gives the odds: {odds.first} wins with chance {odds.first_wins}")


@then(DUEL + "the duel never ends with chance {chance:Chance}", game="heroscape")
def duel_never_ends(heroscape: HeroscapeWorld, first: str, second: str, chance: Fraction) -> None:
    """The exact chance that neither figure is ever destroyed."""
    actual = duel(heroscape, first, second).never_ends
    assert actual == chance, f"the duel never ends with chance {actual}"


@then(DUEL + "it takes {attacks:Chance} {:AttackWord} on average", game="heroscape", parameters=[ATTACK_WORD])
def duel_attacks(heroscape: HeroscapeWorld, first: str, second: str, attacks: Fraction) -> None:
    """The expected number of attacks until one figure falls (refused when the duel may go on for ever)."""
    actual = duel(heroscape, first, second).expected_attacks
    assert actual == attacks, f"the duel takes {'for ever, at times' if actual is None else actual} attacks on average"


ATTACKED = (
    "if {figure:Figure} is attacked {times:Count} times with {attack:Count} attack {:Dice} "
    "against {defense:Count} defense {:Dice}, "
)


def attacked(heroscape: HeroscapeWorld, figure: str, times: int, attack: int, defense: int) -> tuple[Fraction, ...]:
    """(destroyed at all, destroyed by each attack...) for the figure, with its Life left, in the battle's rules."""
    state = heroscape.state
    found = heroscape.figure(figure)
    left = state.card_of(found).stat("life") - state.wounds_of(found)
    from battlebook.heroscape.fight import attacked_odds

    odds = attacked_odds(left, [(attack, defense)] * times, ruleset=state.ruleset)
    return (odds.destroyed, *odds.destroyed_by_attack)


@then(ATTACKED + "it is destroyed with chance {chance:Chance}", game="heroscape")
def attacked_destroyed(
    heroscape: HeroscapeWorld, figure: str, times: int, attack: int, defense: int, chance: Fraction
) -> None:
    """The exact chance that one of so many attacks, each with these dice, destroys the figure (with its Life left)."""
    actual = attacked(heroscape, figure, times, attack, defense)[0]
    assert actual == chance, f"{figure} is destroyed with chance {actual}"


@then(ATTACKED + "attack {number:Count} destroys it with chance {chance:Chance}", game="heroscape")
def attacked_destroyed_by(
    heroscape: HeroscapeWorld, figure: str, times: int, attack: int, defense: int, number: int, chance: Fraction
) -> None:
    """The exact chance that this attack of the series, and no earlier one, destroys the figure."""
    if not 1 <= number <= times:
        raise ScenarioError(f"there are {times} attacks: name one from 1 to {times}")
    actual = attacked(heroscape, figure, times, attack, defense)[number]
    assert actual == chance, f"attack {number} destroys {figure} with chance {actual}"
