@game:homm @chapter:11
Feature: Ruling: several stacks supporting one
  **The question.** A stack may give up its attack opportunity to add its Sac value to a
  friendly stack's next attack. The sources show one stack supporting another. May two
  stacks both sacrifice for the same stack's next attack, and if so, does it get both?

  **Battlebook's reading.** **Yes.** Each sacrificing stack adds its own Sac value: the
  rule is written for any stack that gives up its opportunity, and nothing in it limits
  how many may do so for one friend. Each must meet the common-target rule on its own.

  **The alternative.** Only one stack may sacrifice for a given stack's next attack; a
  second is refused. A scenario chooses it with
  `Given the alternative reading: only one stack may sacrifice for the same attack`.

  The Halflings' stats are chosen for these examples; the Gold Golems' and the
  Behemoth's defense are the sources'.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Aggressor has a stack of 2 Gold Golems called "Second Golems" on its Melee Line
    And the Aggressor has a stack of 3 Halflings on its Ranged Line
    And the Defender has a Behemoth on its Melee Line

  @id:ruling.several-supporters @source:001/sacrificing-for-support
  Rule: Two stacks that sacrifice for one add both their Sac values
    Example: Gold Golems give 6 and the Second Golems 4, and the Halflings shoot with 14
      Given the Gold Golems have sacrificed to support the Halflings against the Behemoth
      And the Second Golems have sacrificed to support the Halflings against the Behemoth
      When the Halflings attack the Behemoth at range, rolling 0
      Then the attack score is 14
      And the attack kills the top card of the Behemoth

    Example: Under the alternative reading the second stack may not sacrifice for the Halflings
      Given the alternative reading: only one stack may sacrifice for the same attack
      And the Gold Golems have sacrificed to support the Halflings against the Behemoth
      When the Second Golems try to sacrifice to support the Halflings against the Behemoth
      Then the action is refused under the rule ruling.several-supporters
      And the battle is unchanged
