"""Steps about exact chances in Heroscape: dice against dice, and an attack's chance in its battle.

They list under the domain they have always had, beside HoMM's attack odds
([`homm_odds`][battlebook.language.steps.homm_odds]).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from battlebook.errors import ScenarioError
from battlebook.heroscape import Attack, ready_to_attack
from battlebook.heroscape import chance as heroscape_chance
from battlebook.heroscape.dice import COMBAT_DIE, CombatDie, heroscape_wounds
from battlebook.language.grammar import given, then, when
from battlebook.language.run import run_of
from battlebook.language.steps._readings import readings_for
from battlebook.language.steps.heroscape_world import HeroscapeWorld
from battlebook.odds import WoundOdds

DOMAIN = "Steps about exact chances: Heroscape dice against dice, and a HoMM attack in its battle"


@dataclass
class DiceQuestion:
    """The Heroscape roll an example asks about, and the odds the engine gave for it.

    `defense_die` is the die of the defense dice when it is not `die` (`None`: the same die).
    """

    die: CombatDie = COMBAT_DIE
    odds: WoundOdds | None = None
    defense_die: CombatDie | None = None

    def answer(self) -> WoundOdds:
        """The odds of the roll asked about; a scenario error if no roll was asked about."""
        if self.odds is None:
            raise ScenarioError("no roll of attack dice against defense dice has been asked about")
        return self.odds


@pytest.fixture
def dice_question(request: pytest.FixtureRequest) -> DiceQuestion:
    """The Heroscape roll of the running example, with the dice of the run's readings (Battlebook's by default)."""
    settings = readings_for("heroscape", run_of(request.config).readings)
    die = settings.get("combat_die", COMBAT_DIE)
    defense = settings.get("defense_die")
    assert isinstance(die, CombatDie) and (defense is None or isinstance(defense, CombatDie))
    return DiceQuestion(die, defense_die=defense)


@given("the Heroscape combat die of {skulls:Count} skulls, {shields:Count} shields and {blanks:Count} blank")
def combat_die(dice_question: DiceQuestion, heroscape: HeroscapeWorld, skulls: int, shields: int, blanks: int) -> None:
    """Roll combat dice with these sides (the ruling reads 3 skulls, 2 shields, 1 blank), in battle and in the odds."""
    die = CombatDie(skulls, shields, blanks)
    dice_question.die, dice_question.defense_die = die, None
    heroscape.read_die(die)


@given(
    "attack dice of {skulls:Count} skulls, {shields:Count} shields and {blanks:Count} blank, "
    "and defense dice of {defense_skulls:Count} skulls, {defense_shields:Count} shields "
    "and {defense_blanks:Count} blank",
    game="heroscape",
)
def two_dice(
    dice_question: DiceQuestion,
    heroscape: HeroscapeWorld,
    skulls: int,
    shields: int,
    blanks: int,
    defense_skulls: int,
    defense_shields: int,
    defense_blanks: int,
) -> None:
    """Roll attack dice and defense dice that differ (the alternative of the ruling on the combat die).

    Attack dice count only their skulls, defense dice only their shields; both sides of
    each die are stated. The battle rolls them and the odds count them.
    """
    attack, defense = CombatDie(skulls, shields, blanks), CombatDie(defense_skulls, defense_shields, defense_blanks)
    dice_question.die, dice_question.defense_die = attack, defense
    heroscape.read_die(attack, defense)


@when("{attack:Count} attack {:Dice} {:Are} rolled against {defense:Count} defense {:Dice}", game="heroscape")
def dice_rolled(dice_question: DiceQuestion, attack: int, defense: int) -> None:
    """Ask the engine for the wounds when this many attack dice meet this many defense dice."""
    dice_question.odds = heroscape_wounds(attack, defense, dice_question.die, dice_question.defense_die)


@then("the chance of at least one wound is {chance:Chance}", game="heroscape")
def at_least_one_wound(dice_question: DiceQuestion, chance: Fraction) -> None:
    """The exact chance that at least one skull goes unblocked."""
    actual = dice_question.answer().at_least_one
    assert actual == chance, f"the chance of at least one wound is {actual}"


@then("the chance of {how:HowMany} {count:Count} {:Wounds} is {chance:Chance}", game="heroscape")
def wounds_chance(dice_question: DiceQuestion, how: str, count: int, chance: Fraction) -> None:
    """The exact chance of exactly, at least or at most so many wounds."""
    odds = dice_question.answer()
    actual = {"exactly": odds.exactly, "at least": odds.at_least, "at most": odds.at_most}[how](count)
    assert actual == chance, f"the chance of {how} {count} wounds is {actual}"


@then("the expected number of wounds is {expected:Chance}", game="heroscape")
def expected_wounds(dice_question: DiceQuestion, expected: Fraction) -> None:
    """The exact average number of wounds."""
    actual = dice_question.answer().expected
    assert actual == expected, f"the expected number of wounds is {actual}"


@then(
    "the chance that {attacker:Figure} {:Destroys} {defender:Figure} "
    "with {attack:Count} attack dice against {defense:Count} is {chance:Chance}"
)
def heroscape_destroy_chance(
    heroscape: HeroscapeWorld, attacker: str, defender: str, attack: int, defense: int, chance: Fraction
) -> None:
    """The dice an attack would roll now, and its exact chance of destroying the defender, from the battle itself."""
    first, second = heroscape.figure(attacker), heroscape.figure(defender)
    state = ready_to_attack(heroscape.state, first.key)
    odds = heroscape_chance.chance_of(state, Attack(first.key, second.key))
    assert (odds.attack_dice, odds.defense_dice) == (attack, defense), (
        f"the attack rolls {odds.attack_dice} dice against {odds.defense_dice}"
    )
    assert odds.destroying == chance, f"the chance of destroying is {odds.destroying}"
