@game:homm @chapter:14
Feature: Ruling: a shot the walls cut to nothing
  **The question.** A unit whose ranged attack score is 0 may not make ranged attacks.
  Behind Breached walls the Aggressor's shots at the stacks inside lose 1, so a shot of 1
  falls to 0. May that shot still be fired?

  **Battlebook's reading.** **Yes.** The bar on ranged attacks speaks of the unit's own
  ranged attack score, which is still above 0; the walls only weaken the attack. A shot
  of 0 needs the die alone to reach the target's defense.

  **The alternative.** A shot the walls cut to 0 cannot be made. A scenario chooses it
  with `Given the alternative reading: a ranged attack the walls cut to 0 cannot be made`.

  The Slinger's and Halflings' stats are chosen for these examples.

  Background:
    Given a battle in the Defender's town
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Slinger  | 1     | 4     | 1     | 1      | 4       |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
    And the town's walls are Breached
    And the Aggressor has a Slinger on its Ranged Line
    And the Defender has a Gold Golem called "Sentry" on its Melee Line
    And the Defender has a stack of 2 Halflings on its Ranged Line

  @id:ruling.zero-shot @source:002/ranged-penalties @source:001/making-ranged-attacks
  Rule: A ranged attack the walls cut to 0 may still be made
    Example: The Slinger shoots with 1 - 1 = 0, and a roll of 4 reaches the Halflings
      When the Slinger attacks the Halflings at range, rolling 4
      Then the attack score is 0
      And the attack kills the top card of the Halflings

    Example: Under the alternative reading the Slinger may not shoot
      Given the alternative reading: a ranged attack the walls cut to 0 cannot be made
      When the Slinger tries to attack the Halflings at range, rolling 4
      Then the action is refused under the rule ruling.zero-shot
      And the battle is unchanged
