@game:homm @chapter:5
Feature: Swatting a target stack
  An attack normally threatens only the top card of the target stack. A stack that wants
  more can **swat**: before the die is rolled it names how many of the target's cards it
  goes after, and must then reach all their defense scores added together. Either every
  named card dies, or none does. Whether ranged attacks and spells may swat too is a
  ruling ([swatting with ranged attacks and spells](rule:ruling.swat-reach)).

  The Peasant's stats are chosen for the example; the sources give none.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line

  @id:homm.swatting @source:001/swatting
  Rule: A swat names its number of cards before the roll and kills all of them or none
    The attacker announces a number of cards from the top of the target stack
    ([ruling: which cards a swat takes](rule:ruling.swat-from-top)), at least one and at
    most as many as the stack holds. Their defense scores are added up; if the
    attack score plus the roll reaches that sum, all the announced cards are discarded,
    and otherwise the attack does nothing. A score that already reaches the sum wins
    whatever the die shows.

    Example: Swatting two Gold Golems takes 7 + 7 = 14, and a roll of 7 gets there
      Given the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
      When the Gold Golems attack the Enemy Golems in melee, swatting 2 cards, rolling 7
      Then the attack had to reach a defense of 14
      And the attack kills the top 2 cards of the Enemy Golems
      And the Enemy Golems stack has 1 card left

    Example: A swat that falls one short kills nothing at all
      Given the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
      When the Gold Golems attack the Enemy Golems in melee, swatting 2 cards, rolling 6
      Then the attack does no harm
      And the Enemy Golems stack has 3 cards left

    Example: Swatting a whole stack of weak cards removes it whatever the die shows
      Given these units, defined for this example only:
        | name    | level | phase | melee | ranged | defense |
        | Peasant | 1     | 2     | 1     | 0      | 2       |
      And the Defender has a stack of 3 Peasants on its Melee Line
      When the Gold Golems attack the Peasants in melee, swatting 3 cards, rolling 0
      Then any roll of the die would have done the same
      And the Peasants stack has 0 cards left

    Example: A swat cannot name more cards than the target stack holds
      Given the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
      When the Gold Golems try to attack the Enemy Golems in melee, swatting 4 cards
      Then the action is refused under the rule homm.swatting
      And the battle is unchanged
