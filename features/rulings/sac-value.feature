@game:homm @chapter:6
Feature: Ruling: the Sac value of a sacrifice
  **The question.** A sacrificing stack adds its Sac value, the levels of its cards, to a
  friend's next attack. That attack may come later in the round, or in a later round; by
  then the sacrificing stack may have lost cards. Is the Sac value the one it had when it
  sacrificed, or the one it has when the supported attack is made?

  **Battlebook's reading.** **It is fixed when the sacrifice is made.** The sacrifice is an
  act of that moment: the stack gives up its opportunity then, and what it gives is counted
  then.

  **The alternative.** The Sac value is read from the sacrificing stack when the supported
  attack is made, and a stack destroyed meanwhile gives nothing. A scenario chooses it with
  `Given the alternative reading: a Sac value is read when the supported attack is made`.

  The Halflings' and Orcs' stats are chosen for these examples; the Gold Golems' are the sources'.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |
    And the Aggressor has a stack of 3 Halflings on its Melee Line
    And the Aggressor has a stack of 2 Orcs on its Melee Line
    And the Defender has a stack of 3 Gold Golems on its Melee Line

  @id:ruling.sac-value-fixed @source:001/sacrificing-for-support
  Rule: A Sac value is counted when the sacrifice is made
    Example: The Halflings lose a card after sacrificing, and the Orcs still get all 3
      Given the Halflings have sacrificed to support the Orcs against the Gold Golems
      When the Gold Golems attack the Halflings in melee, rolling 9
      And the Orcs attack the Gold Golems in melee, rolling 0
      Then the attack score is 7

    Example: Under the alternative reading the Orcs get the 2 the Halflings have left
      Given the alternative reading: a Sac value is read when the supported attack is made
      And the Halflings have sacrificed to support the Orcs against the Gold Golems
      When the Gold Golems attack the Halflings in melee, rolling 9
      And the Orcs attack the Gold Golems in melee, rolling 0
      Then the attack score is 6
