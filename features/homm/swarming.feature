@game:homm @chapter:7
Feature: Swarming
  A stack may give up its attack opportunity to **swarm**: its cards are turned to show
  the word, and at its next attack opportunity it works out its attack score as usual and
  then doubles it. A swarming stack becomes a big threat, and the enemy knows it.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line
    And the battle is in phase 7 of round 1, on the Aggressor's turn

  @id:homm.swarming @source:000/swarming
  Rule: A swarming stack skips this attack and doubles the score of its next one
    Swarming uses the stack's attack opportunity. At the stack's next opportunity its
    attack score is calculated normally and doubled, and after the doubled attack the
    cards return to the ready position. What happens to a swarm the stack does not use at
    that opportunity is a ruling ([how long a swarm lasts](rule:ruling.swarm-expiry): it is lost); how support
    combines with the doubling is another ([swarming and support](rule:ruling.swarm-and-support)).

    Example: Swarming Gold Golems kill a Behemoth of defense 13 whatever the die shows
      Given the Gold Golems have chosen to swarm
      When the battle moves on to phase 7 of round 2
      And the Gold Golems attack the Behemoth in melee, rolling 0
      Then the attack score is 14
      And any roll of the die would have done the same
      And the attack kills the top card of the Behemoth

    Example: Without swarming the same Golems need a roll of 6 or more
      Then the smallest roll with which the Gold Golems kill the Behemoth is 6

    Example: Swarming turns the Gold Golems' cards to show the word
      When the Gold Golems swarm
      Then the Gold Golems are swarming

    Example: Swarming uses the stack's attack opportunity
      When the Gold Golems swarm
      And the Gold Golems try to attack the Behemoth in melee
      Then the action is refused under the rule homm.attack-opportunity
      And the battle is unchanged

    Example: The doubling serves one attack only
      Given the Gold Golems have chosen to swarm
      When the battle moves on to phase 7 of round 2
      And the Gold Golems attack the Behemoth in melee, rolling 0
      Then the Gold Golems are ready

    Example: A swarm not used at the next opportunity is lost (ruling: how long a swarm lasts)
      Given the Gold Golems have chosen to swarm
      When the battle moves on to phase 8 of round 2
      Then the Gold Golems are ready
