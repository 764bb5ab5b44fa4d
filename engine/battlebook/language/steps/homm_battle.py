"""Steps about whole HoMM battles of several stacks: who wins if every stack fights on to the end.

Each step works the answer out from the battle the example has set up, through HoMM's
battle calculator ([`battlebook.homm.battle`][battlebook.homm.battle]): every stack of the
example, its die and its alternative readings count, under the `plain` plan or under best
play, so a ruling that changes a battle changes the answer the step checks.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from battlebook.language.grammar import Parameter, then
from battlebook.language.steps.homm_world import HommWorld

# The battle calculator loads when a step first asks for a battle's odds, not with the step
# library: most runs (a page's Try it, a chapter without whole battles) never solve one.
if TYPE_CHECKING:
    from battlebook.homm.battle import BattleOdds

DOMAIN = "Whole-battle odds"

PLAY = Parameter(
    "Play",
    "with best play|with the plain plan",
    lambda text: "best" if text == "with best play" else "plain",
    ("with best play", "with the plain plan"),
)
SIDE = Parameter("BattleSide", "Aggressor|Defender", str, ("Aggressor", "Defender"))

BATTLE = "if the battle is fought to the end {play:Play}, "


def battle(homm: HommWorld, play: str) -> BattleOdds:
    """The odds of the example's battle, every stack in it fighting to the end, played as `play` says.

    Worked out once for all the steps of the example that ask about the same battle and play.
    """
    from battlebook.homm.battle import battle_odds_in

    return homm.worked_out(("battle", play), lambda state: battle_odds_in(state, play))


@then(BATTLE + "the {side:BattleSide} wins with chance {chance:Chance}", game="homm", parameters=[PLAY, SIDE])
def battle_side_wins(homm: HommWorld, play: str, side: str, chance: Fraction) -> None:
    """The exact chance that a side destroys every stack of the other, under the plan or best play."""
    actual: Fraction = getattr(battle(homm, play), f"{side.lower()}_wins")
    assert actual == chance, f"the {side} wins with chance {actual}"


@then(BATTLE + "the battle never ends with chance {chance:Chance}", game="homm", parameters=[PLAY])
def battle_never_ends(homm: HommWorld, play: str, chance: Fraction) -> None:
    """The exact chance that neither side is ever destroyed."""
    actual = battle(homm, play).never_ends
    assert actual == chance, f"the battle never ends with chance {actual}"


@then(BATTLE + "it lasts {rounds:Chance} rounds on average", game="homm", parameters=[PLAY])
def battle_rounds(homm: HommWorld, play: str, rounds: Fraction) -> None:
    """The expected number of combat rounds, the last one counted (refused when the battle may never end)."""
    actual = battle(homm, play).expected_rounds
    assert actual == rounds, f"the battle lasts {'for ever, at times' if actual is None else actual} rounds on average"


@then(
    "if the battle is fought to the end with best play, the {side:BattleSide}'s best first decision is to {what:Text}",
    game="homm",
    parameters=[SIDE],
)
def battle_first_decision(homm: HommWorld, side: str, what: str) -> None:
    """The first decision best play takes, in words ("to have the Footmen swarm"), and whose it is."""
    actual = battle(homm, "best").first_decision
    expected = f"the {side}'s best first decision is to {what}"
    assert actual == expected, f"best play's first decision: {actual or 'none (nobody has a choice)'}"
