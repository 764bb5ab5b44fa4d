@game:homm @chapter:11
Feature: Ruling: support from a spell caster
  **The question.** A stack may only sacrifice to support an attack on a target it could
  have attacked itself: Gold Golems, whose ranged score is 0, cannot help against the
  enemy's Ranged Line. A spell caster such as the Magi may have no ranged score either,
  yet its spells can reach that line. Does a spell it could cast count as an attack it
  could make?

  **Battlebook's reading.** **Yes.** The sources treat an offensive spell as any other
  attack, so a stack that could strike a target with its spell could have attacked it,
  and may support an attack on it, a shot included.

  **The alternative.** Only the stack's melee and ranged scores count for the common
  target: a caster with no ranged score may not support an attack on the Ranged Line. A
  scenario chooses it with
  `Given the alternative reading: a spell does not count as an attack the supporter could make`.

  The Magi's, Halflings' and Orcs' stats and the score of Magic Fist are chosen for these
  examples.

  Background:
    Given a battle in the open field
    And these spells, defined for this example only:
      | name       | attack |
      | Magic Fist | 4      |
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense | casts      |
      | Magi     | 3     | 5     | 1     | 0      | 6       | Magic Fist |
      | Halfling | 1     | 4     | 1     | 2      | 4       |            |
      | Orc      | 2     | 6     | 2     | 3      | 5       |            |
    And the Aggressor has a stack of 2 Magi on its Ranged Line
    And the Aggressor has a stack of 3 Halflings on its Ranged Line
    And the Defender has a stack of 2 Orcs on its Melee Line
    And the Defender has a stack of 2 Orcs called "Orc Archers" on its Ranged Line

  @id:ruling.spell-caster-support @source:001/common-target @source:001/spell-casters
  Rule: A caster whose spell reaches a target may support a shot at it
    Example: The Magi, who cast Magic Fist, support the Halflings' shot at the Orc Archers
      When the Magi sacrifice to support the Halflings against the Orc Archers
      Then the Halflings have support of 6 waiting

    Example: Under the alternative reading the Magi may not support a shot at the Ranged Line
      Given the alternative reading: a spell does not count as an attack the supporter could make
      When the Magi try to sacrifice to support the Halflings against the Orc Archers
      Then the action is refused under the rule homm.common-target
      And the battle is unchanged
