@game:homm @chapter:12
Feature: Ruling: where a spell can reach
  **The question.** The rules say offensive spells attack enemy targets and are treated
  like any other attack, but not which lines a spell may be cast from or at. A melee
  attack needs both stacks on their Melee Lines; a ranged attack does not.

  **Battlebook's reading.** A spell reaches like a **ranged attack**: the caster may be on
  either of its lines and the target on either enemy line. The retaliation rules speak of
  casters making ranged attacks with their spells, which supports this reading.

  **The alternative.** A spell follows no line rule of its own and borrows the melee
  attack's: caster and target must both stand on their Melee Lines. A scenario chooses it
  with `Given the alternative reading: a spell reaches like a melee attack`.

  The Magi's and Orcs' stats and the score of Magic Fist are chosen for these examples.

  Background:
    Given a battle in the open field
    And these spells, defined for this example only:
      | name       | attack |
      | Magic Fist | 4      |
    And these units, defined for this example only:
      | name | level | phase | melee | ranged | defense | casts      |
      | Orc  | 2     | 6     | 2     | 3      | 5       |            |
      | Magi | 3     | 5     | 1     | 0      | 6       | Magic Fist |

  @id:ruling.spell-reach @source:001/spell-casters @source:000/retaliations
  Rule: A spell is cast from either line at either enemy line
    Example: Magi on their Ranged Line strike Orcs on the enemy's Ranged Line
      Given the Aggressor has a Magi on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Magi attack the Orcs with Magic Fist, rolling 1
      Then the Orcs stack has 1 card left

    Example: Magi on their Melee Line strike Orcs on the enemy's Melee Line
      Given the Aggressor has a Magi on its Melee Line
      And the Defender has a stack of 2 Orcs on its Melee Line
      When the Magi attack the Orcs with Magic Fist, rolling 1
      Then the Orcs stack has 1 card left

    Example: Under the alternative reading Magi on their Ranged Line cannot cast at the Orcs
      Given the alternative reading: a spell reaches like a melee attack
      And the Aggressor has a Magi on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Magi try to attack the Orcs with Magic Fist
      Then the action is refused under the rule ruling.spell-reach
      And the battle is unchanged
