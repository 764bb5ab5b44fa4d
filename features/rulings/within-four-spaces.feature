@game:homm @chapter:10
Feature: Ruling: within 4 spaces of a town
  **The question.** A hero may not withdraw when it is "within 4 spaces" of its nearest
  town. Is a hero exactly 4 spaces away within that distance?

  **Battlebook's reading.** **Yes**: a hero 4 spaces away or closer may not withdraw; 5
  spaces away it may.

  **The alternative.** "Within 4" means closer than 4, so a hero exactly 4 spaces away
  may withdraw. A scenario chooses it with
  `Given the alternative reading: a hero exactly 4 spaces from its town may withdraw`.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line

  @id:ruling.within-four-spaces @source:000/withdrawing-heroes
  Rule: A hero exactly 4 spaces from its nearest town may not withdraw
    Example: Exactly 4 spaces away the Aggressor must stay
      Given the Aggressor's nearest town is 4 spaces away
      And combat round 1 has ended
      When the Aggressor tries to withdraw
      Then the action is refused under the rule homm.withdrawing

    Example: Under the alternative reading exactly 4 spaces is far enough
      Given the alternative reading: a hero exactly 4 spaces from its town may withdraw
      And the Aggressor's nearest town is 4 spaces away
      And combat round 1 has ended
      When the Aggressor withdraws
      Then the battle is over: the Defender wins by withdrawal

    Example: Under the alternative reading 3 spaces is still too close
      Given the alternative reading: a hero exactly 4 spaces from its town may withdraw
      And the Aggressor's nearest town is 3 spaces away
      And combat round 1 has ended
      When the Aggressor tries to withdraw
      Then the action is refused under the rule homm.withdrawing
