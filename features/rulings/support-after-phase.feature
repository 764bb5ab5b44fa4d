@game:homm @chapter:6
Feature: Ruling: supporting a friend whose phase has passed
  **The question.** A stack acts in its own phase. May it sacrifice for a friend whose
  phase has already come and gone this round, so that the support can only serve that
  friend's attack next round?

  **Battlebook's reading.** **Yes.** Nothing in the texts ties the sacrifice to the friend's
  phase: the support simply waits for the friend's next attack, next round if need be.

  **The alternative.** A stack may sacrifice only for a friend whose phase has not passed
  this round. A scenario chooses it with
  `Given the alternative reading: no stack may sacrifice for a friend whose phase has passed this round`.

  The Scouts' and Brutes' stats are chosen for these examples; the Gold Golems' are the sources'.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name  | level | phase | melee | ranged | defense |
      | Scout | 1     | 5     | 1     | 2      | 4       |
      | Brute | 2     | 3     | 4     | 0      | 6       |
    And the Aggressor has a stack of 2 Scouts on its Melee Line
    And the Aggressor has a stack of 2 Brutes on its Melee Line
    And the Defender has a stack of 3 Gold Golems on its Melee Line
    And the battle is in phase 5 of round 1, on the Aggressor's turn

  @id:ruling.support-after-phase @source:001/sacrificing-for-support
  Rule: A stack may sacrifice for a friend whose phase has passed
    Example: In phase 5 the Scouts sacrifice for the Brutes, whose phase 3 has passed
      When the Scouts sacrifice to support the Brutes against the Gold Golems
      Then the Brutes have support of 2 waiting

    Example: Under the alternative reading the Scouts may not sacrifice for the Brutes
      Given the alternative reading: no stack may sacrifice for a friend whose phase has passed this round
      When the Scouts try to sacrifice to support the Brutes against the Gold Golems
      Then the action is refused under the rule ruling.support-after-phase
      And the battle is unchanged
