@game:homm @chapter:16
Feature: Ruling: when a stack comes out of its town
  **The question.** A Defender's stack inside its town may move out to its Melee Line
  without giving up its attack opportunity. The town rules explain why (the stack waits
  inside while the enemy's phases go by, then comes out to attack), but they do not say
  outright *when* the move may be made: only in the stack's own phase, or at any moment,
  for instance in the middle of the Aggressor's phases to stand in its way.

  **Battlebook's reading.** A stack comes out **only in its own phase, on its side's
  turn**, like any other use of its opportunity, and then keeps that opportunity to attack.

  **The alternative.** A stack may come out at any time while a phase is being played,
  whatever the phase and whose turn it is, and it still keeps its opportunity. A scenario
  chooses it with `Given the alternative reading: a stack may come out of its town at any time`.

  The Orcs' stats are chosen for these examples; the sources give none.

  Background:
    Given a battle in the Defender's town
    And these units, defined for this example only:
      | name | level | phase | melee | ranged | defense |
      | Orc  | 2     | 6     | 2     | 3      | 5       |
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 2 Orcs on its Ranged Line

  @id:ruling.emerging-phase @source:002/emerging-from-the-town
  Rule: A stack comes out of its town only in its own phase, on its side's turn
    Example: The Orcs come out in phase 6 on the Defender's turn
      Given the battle is in phase 6 of round 1, on the Defender's turn
      When the Orcs reorganize to the Melee Line
      Then the Orcs stand on the Melee Line
      And the Orcs have not used their attack opportunity this round

    Example: The Orcs cannot come out during the Aggressor's turn
      Given the battle is in phase 6 of round 1, on the Aggressor's turn
      When the Orcs try to reorganize to the Melee Line
      Then the action is refused under the rule homm.phases-and-rounds
      And the battle is unchanged

    Example: The Orcs cannot come out in another phase to block the Gold Golems
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Orcs try to reorganize to the Melee Line
      Then the action is refused under the rule homm.phases-and-rounds
      And the battle is unchanged

    Example: Under the alternative reading the Orcs come out in the Aggressor's phase 7
      Given the alternative reading: a stack may come out of its town at any time
      And the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Orcs reorganize to the Melee Line
      Then the Orcs stand on the Melee Line
      And the Orcs have not used their attack opportunity this round
