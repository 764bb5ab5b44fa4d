@game:homm @chapter:11
Feature: Ruling: support names its target
  **The question.** A sacrificing stack announces which friendly stack it helps, and may
  only help against a target it could have attacked itself. The rules do not say when
  that target is known: the supported stack attacks later, perhaps in another phase.

  **Battlebook's reading.** The sacrificing stack names the **target** along with the
  friendly stack, so the common-target rule is checked when it sacrifices. The Sac value
  is added only if the supported stack's next attack is on that target; that next attack
  uses up the support either way.

  **The alternative.** What counts is the friendly stack alone, and the common-target
  rule is checked against whatever that stack attacks next: the support adds to that
  attack if the sacrificing stack, as it stood when it sacrificed, could have attacked
  that target itself. A target named at the sacrifice is then only the player's intent.
  The two readings part where the supported stack attacks another target the sacrificing
  stack could also have struck: Battlebook adds nothing, the alternative adds the Sac
  value. A scenario chooses it with
  `Given the alternative reading: support counts against any target of the next attack that the supporter could have attacked`.

  The Halflings' and Orcs' stats are chosen for these examples.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Aggressor has a stack of 3 Halflings on its Ranged Line
    And the Defender has a stack of 2 Orcs on its Melee Line
    And the Defender has a stack of 2 Orcs called "Orc Archers" on its Ranged Line

  @id:ruling.support-names-target @source:001/sacrificing-for-support @source:001/common-target
  Rule: Support is promised against one named target
    Example: Support promised against the Orcs adds 6 to an attack on them
      Given the Gold Golems have sacrificed to support the Halflings against the Orcs
      When the Halflings attack the Orcs at range, rolling 0
      Then the attack score is 10

    Example: The same support adds nothing to an attack on another target, and is spent
      Given the Gold Golems have sacrificed to support the Halflings against the Orcs
      When the Halflings attack the Orc Archers at range, rolling 0
      Then the attack score is 4
      And the Halflings have no support waiting

    Example: Support named against the Orcs adds nothing to an attack on other Orcs the Gold Golems could have struck
      Given the Defender has a stack of 2 Orcs called "Orc Guards" on its Melee Line
      And the Gold Golems have sacrificed to support the Halflings against the Orcs
      When the Halflings attack the Orc Guards at range, rolling 0
      Then the attack score is 4
      And the Halflings have no support waiting

    Example: Under the alternative reading the same support adds 6 to the attack on the Orc Guards
      Given the alternative reading: support counts against any target of the next attack that the supporter could have attacked
      And the Defender has a stack of 2 Orcs called "Orc Guards" on its Melee Line
      And the Gold Golems have sacrificed to support the Halflings against the Orcs
      When the Halflings attack the Orc Guards at range, rolling 0
      Then the attack score is 10

    Example: Under the alternative reading support named against the Orc Archers adds 6 to an attack on the Orcs
      Given the alternative reading: support counts against any target of the next attack that the supporter could have attacked
      And the Gold Golems have sacrificed to support the Halflings against the Orc Archers
      When the Halflings attack the Orcs at range, rolling 0
      Then the attack score is 10

    Example: Under the alternative reading the same support adds nothing to a shot at the Orc Archers
      Given the alternative reading: support counts against any target of the next attack that the supporter could have attacked
      And the Gold Golems have sacrificed to support the Halflings against the Orcs
      When the Halflings attack the Orc Archers at range, rolling 0
      Then the attack score is 4
      And the Halflings have no support waiting
