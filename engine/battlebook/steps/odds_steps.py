"""Steps about exact chances: Heroscape dice against dice, and a HoMM attack in its battle."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import pytest
from pytest_bdd import given, parsers, then, when

from battlebook.dice import ScriptedDice
from battlebook.errors import ScenarioError
from battlebook.heroscape import Attack, StartTurn, apply
from battlebook.heroscape import chance as heroscape_chance
from battlebook.heroscape.dice import COMBAT_DIE, CombatDie, heroscape_wounds
from battlebook.homm import Clock, Decline, EndPhase, MeleeAttack, Stage, Swarm
from battlebook.homm.chance import chance_of
from battlebook.odds import WoundOdds
from battlebook.steps.heroscape_world import HeroscapeWorld
from battlebook.steps.homm_world import HommWorld


@dataclass
class DiceQuestion:
    """The Heroscape roll an example asks about, and the odds the engine gave for it."""

    die: CombatDie = COMBAT_DIE
    odds: WoundOdds | None = None

    def answer(self) -> WoundOdds:
        """The odds of the roll asked about; a scenario error if no roll was asked about."""
        if self.odds is None:
            raise ScenarioError("no roll of attack dice against defense dice has been asked about")
        return self.odds


@pytest.fixture
def dice_question() -> DiceQuestion:
    """The Heroscape roll of the running example."""
    return DiceQuestion()


def fraction(text: str) -> Fraction:
    """An exact chance written as in the rulebook: `20/81`, `0` or `1`."""
    try:
        return Fraction(text)
    except ValueError:
        raise ScenarioError(f"{text!r} is not an exact fraction such as 20/81") from None


@given(
    parsers.parse("the Heroscape combat die of {skulls:d} skulls, {shields:d} shields and {blanks:d} blank"),
)
def combat_die(dice_question: DiceQuestion, heroscape: HeroscapeWorld, skulls: int, shields: int, blanks: int) -> None:
    """Roll combat dice with these sides (the ruling reads 3 skulls, 2 shields, 1 blank), in battle and in the odds."""
    die = CombatDie(skulls, shields, blanks)
    dice_question.die = die
    heroscape.read_die(die)


@when(
    parsers.re(r"(?P<attack>\d+) attack (?:dice|die) (?:are|is) rolled against (?P<defense>\d+) defense (?:dice|die)")
)
def dice_rolled(dice_question: DiceQuestion, attack: str, defense: str) -> None:
    """Ask the engine for the wounds when this many attack dice meet this many defense dice."""
    dice_question.odds = heroscape_wounds(int(attack), int(defense), dice_question.die)


@then(parsers.parse("the chance of at least one wound is {chance}"))
def at_least_one_wound(dice_question: DiceQuestion, chance: str) -> None:
    """The exact chance that at least one skull goes unblocked."""
    actual = dice_question.answer().at_least_one
    assert actual == fraction(chance), f"the chance of at least one wound is {actual}"


@then(parsers.re(r"the chance of (?P<how>exactly|at least|at most) (?P<count>\d+) wounds? is (?P<chance>\S+)"))
def wounds_chance(dice_question: DiceQuestion, how: str, count: str, chance: str) -> None:
    """The exact chance of exactly, at least or at most so many wounds."""
    odds = dice_question.answer()
    actual = {"exactly": odds.exactly, "at least": odds.at_least, "at most": odds.at_most}[how](int(count))
    assert actual == fraction(chance), f"the chance of {how} {count} wounds is {actual}"


@then(parsers.parse("the expected number of wounds is {expected}"))
def expected_wounds(dice_question: DiceQuestion, expected: str) -> None:
    """The exact average number of wounds."""
    actual = dice_question.answer().expected
    assert actual == fraction(expected), f"the expected number of wounds is {actual}"


@then(parsers.re(r"the chance that the (?P<attacker>.+?) kills? the (?P<target>.+?) in melee is (?P<chance>\S+)"))
def melee_chance(homm: HommWorld, attacker: str, target: str, chance: str) -> None:
    """The exact chance that a melee attack by the named stack kills, in the battle as it stands."""
    action = MeleeAttack(attacker, target)
    actual = chance_of(homm.state, action).success
    assert actual == fraction(chance), f"the chance is {actual}"


@then(
    parsers.re(
        r"the chance that (?P<attacker>.+?) (?:destroys|would destroy) (?P<defender>.+?) "
        r"with (?P<attack>\d+) attack dice against (?P<defense>\d+) is (?P<chance>\S+)"
    )
)
def heroscape_destroy_chance(
    heroscape: HeroscapeWorld, attacker: str, defender: str, attack: str, defense: str, chance: str
) -> None:
    """The dice an attack would roll now, and its exact chance of destroying the defender, from the battle itself."""
    first, second = heroscape.figure(attacker), heroscape.figure(defender)
    state = heroscape.state
    if state.turn is None:
        state = apply(state, StartTurn(first.army, first.card_id), ScriptedDice()).state
    odds = heroscape_chance.chance_of(state, Attack(first.key, second.key))
    assert (odds.attack_dice, odds.defense_dice) == (int(attack), int(defense)), (
        f"the attack rolls {odds.attack_dice} dice against {odds.defense_dice}"
    )
    assert odds.destroying == fraction(chance), f"the chance of destroying is {odds.destroying}"


@given(parsers.re(r"the (?P<stack>.+?) swarmed in round 1 and their phase of round 2 has come"))
def swarmed_last_round(homm: HommWorld, stack: str) -> None:
    """The stack chose to swarm at its phase of round 1; the battle has moved on to its phase of round 2."""
    swarming = homm.state.stack(stack)
    phase = homm.state.stack_phase(swarming)
    homm.state = replace(homm.state, clock=Clock(1, phase, swarming.side, Stage.PHASE))
    homm.require(Swarm(stack))
    target = Clock(2, phase, swarming.side, Stage.PHASE)
    while (clock := homm.state.clock) is not None and clock != target:
        if (clock.round, clock.phase) > (target.round, target.phase) or homm.state.outcome is not None:
            raise ScenarioError(f"the battle never reached phase {phase} of round 2 on the {swarming.side}'s turn")
        homm.require(EndPhase(clock.turn) if clock.stage is Stage.PHASE else Decline(clock.turn))
