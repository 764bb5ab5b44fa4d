@game:homm @chapter:8
Feature: Ruling: stepping back from a Melee Line of three
  **The question.** A stack may reorganize from its Melee Line to its Ranged Line. When
  its Melee Line holds exactly three stacks, the move leaves only two there, and the
  automatic move-up rule calls a stack forward again at once. The rules do not say
  whether such a step back is allowed at all.

  **Battlebook's reading.** The move is **allowed**: the stack goes to the Ranged Line,
  its attack opportunity spent, and the move-up rule then refills the Melee Line. If the
  stack that stepped back is the only one waiting, it comes straight back, and the
  opportunity is lost for nothing; if others wait too, its owner picks which moves up.

  **The alternative.** The step back is refused, since it could not leave the Melee Line
  short (below three, or below the walls' minimum for a town's Defender). A scenario
  chooses it with
  `Given the alternative reading: no stack may step back from a Melee Line it would leave short`.

  Background:
    Given a battle in the open field
    And the Aggressor's Melee Line holds 2 single Gold Golem stacks
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line

  @id:ruling.step-back @source:000/reorganize
  Rule: A stack may step back from a Melee Line of three, and the line is refilled at once
    Example: The only stack waiting is brought straight back, its opportunity spent
      When the Gold Golems reorganize to the Ranged Line
      Then the Gold Golems stand on the Melee Line
      And the Gold Golems have used their attack opportunity this round

    Example: With another stack waiting, the owner picks which comes forward
      Given the Aggressor has a stack of 2 Gold Golems called "Golem Reserve" on its Ranged Line
      When the Gold Golems reorganize to the Ranged Line
      Then the Aggressor must pick which stack moves up

    Example: Under the alternative reading the step back is refused
      Given the alternative reading: no stack may step back from a Melee Line it would leave short
      When the Gold Golems try to reorganize to the Ranged Line
      Then the action is refused under the rule ruling.step-back
      And the battle is unchanged
