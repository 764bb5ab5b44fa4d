@game:homm @chapter:6
Feature: Ruling: who the common-target rule binds
  **The question.** A stack may support only an attack on a target it could have attacked
  itself. Must the supported stack be able to attack that target too, when the support is
  given?

  **Battlebook's reading.** **No: the rule binds the sacrificing stack only.** It is the
  supporter's reach the texts test; whether the supported stack can use the support is
  left to its next attack (support waits for it).

  **The alternative.** The supported stack must also be able to attack the target when the
  sacrifice is made. A scenario chooses it with
  `Given the alternative reading: the supported stack must also be able to attack the target`.

  The Scouts' and Brutes' stats are chosen for these examples; the Gold Golems' are the sources'.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name  | level | phase | melee | ranged | defense |
      | Scout | 1     | 5     | 1     | 2      | 4       |
      | Brute | 2     | 3     | 4     | 0      | 6       |
    And the Aggressor has a stack of 2 Scouts on its Ranged Line
    And the Aggressor has a stack of 2 Brutes on its Ranged Line
    And the Defender has a stack of 3 Gold Golems on its Melee Line

  @id:ruling.common-target-binds @source:001/common-target
  Rule: The common-target rule binds the sacrificing stack only
    Example: The Scouts, who can shoot the Gold Golems, support the Brutes, who cannot reach them now
      When the Scouts sacrifice to support the Brutes against the Gold Golems
      Then the Brutes have support of 2 waiting

    Example: Under the alternative reading the Brutes must be able to attack the Gold Golems too
      Given the alternative reading: the supported stack must also be able to attack the target
      When the Scouts try to sacrifice to support the Brutes against the Gold Golems
      Then the action is refused under the rule ruling.common-target-binds
      And the battle is unchanged
