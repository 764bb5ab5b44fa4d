"""Steps about whole Heroscape battles of two army cards: who wins if every figure fights on to the end.

Each step works the answer out from the battle the example has set up, through Heroscape's
battle calculator ([`battlebook.heroscape.battle`][battlebook.heroscape.battle]): every
figure of the example, its edition, its die and its alternative readings count, under the
`focus` plan or under best play, so a ruling or an edition that changes a battle changes
the answer the step checks.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from battlebook.errors import RulesSilent
from battlebook.language.grammar import Parameter, then
from battlebook.language.steps.heroscape_world import HeroscapeWorld

# The battle calculator loads when a step first asks for a battle's odds, not with the step
# library: most runs (a page's Try it, a chapter without whole battles) never solve one.
if TYPE_CHECKING:
    from battlebook.heroscape import battle as heroscape_battle

DOMAIN = "Whole-battle odds"

SCAPE_PLAY = Parameter(
    "HeroscapePlay",
    "with best play|with the focus plan",
    lambda text: "best" if text == "with best play" else "focus",
    ("with best play", "with the focus plan"),
)
SCAPE_BATTLE = "if the battle is fought to the end {play:HeroscapePlay}, "
TURN_WORD = Parameter("TurnWord", "turns|turn", str, ("turns", "turn"), shown="turn(s)")


def army_battle(heroscape: HeroscapeWorld, play: str) -> heroscape_battle.BattleOdds:
    """The odds of the example's battle fought to the end, the army whose turn it is (or is next) first.

    Worked out once for all the steps of the example that ask about the same battle and play.
    """
    from battlebook.heroscape.battle import battle_odds_in

    return heroscape.worked_out(("battle", play), lambda state: battle_odds_in(state, play))


def _army_side(heroscape: HeroscapeWorld, army: str) -> str:
    """`first` or `second`: which army of the battle `army` is, by who takes the first turn."""
    heroscape.known_army(army)
    state = heroscape.state
    first = state.turn.army if state.turn is not None else state.up_next
    return "first" if army == first else "second"


@then(SCAPE_BATTLE + "{army:Army} wins with chance {chance:Chance}", game="heroscape", parameters=[SCAPE_PLAY])
def army_wins(heroscape: HeroscapeWorld, play: str, army: str, chance: Fraction) -> None:
    """The exact chance that an army destroys every figure of the other, under the focus plan or best play."""
    side = _army_side(heroscape, army)
    actual: Fraction = getattr(army_battle(heroscape, play), f"{side}_wins")
    assert actual == chance, f"{army} wins with chance {actual}"


@then(SCAPE_BATTLE + "the armies fight for ever with chance {chance:Chance}", game="heroscape", parameters=[SCAPE_PLAY])
def army_battle_never_ends(heroscape: HeroscapeWorld, play: str, chance: Fraction) -> None:
    """The exact chance that neither army is ever destroyed (the battle never ends)."""
    actual = army_battle(heroscape, play).never_ends
    assert actual == chance, f"the armies fight for ever with chance {actual}"


@then(
    SCAPE_BATTLE + "it lasts {turns:Chance} {:TurnWord} on average",
    game="heroscape",
    parameters=[SCAPE_PLAY, TURN_WORD],
)
def army_battle_turns(heroscape: HeroscapeWorld, play: str, turns: Fraction) -> None:
    """The expected number of turns, the last one counted (refused when the battle may never end)."""
    actual = army_battle(heroscape, play).expected_turns
    assert actual == turns, f"the battle lasts {'for ever, at times' if actual is None else actual} turns on average"


@then(
    "if the battle is fought to the end with best play, {army:Army}'s best first decision is to {what:Text}",
    game="heroscape",
)
def army_first_decision(heroscape: HeroscapeWorld, army: str, what: str) -> None:
    """The first decision best play takes, in words ("to have the Zettian Guard Z1 attack the Airborne Elite A1")."""
    _army_side(heroscape, army)
    actual = army_battle(heroscape, "best").first_decision
    expected = f"{army}'s best first decision is to {what}"
    assert actual == expected, f"best play's first decision: {actual or 'none (nobody has a choice)'}"


@then("the rules don't say who wins " + SCAPE_BATTLE.removesuffix(", "), game="heroscape", parameters=[SCAPE_PLAY])
def army_battle_open(heroscape: HeroscapeWorld, play: str) -> None:
    """The engine gives no odds: the rules in force name nobody to take the next turn, or no way to win."""
    try:
        odds = army_battle(heroscape, play)
    except RulesSilent:
        return
    raise AssertionError(f"the engine gives the odds: the first army wins with chance {odds.first_wins}")
