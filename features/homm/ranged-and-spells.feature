@game:homm @chapter:4
Feature: Ranged attacks and spells
  A ranged attack works like a melee attack, with three differences: the die roll is
  added to the **ranged** attack score, the attacker may stand on either of its lines and
  shoot at either enemy line, and a unit whose ranged attack score is 0 cannot shoot at all.

  Some units cast offensive spells (the sources name Magi and Faerie Dragons as casters,
  and Magic Fist, Lightning and Fireball as spells). A spell is an attack like any other:
  the cards under the caster add their levels to the spell's score, and other stacks may
  sacrifice to support it.

  The sources give no stats for the Halflings, Orcs or Magi, nor any spell's score: the
  numbers in the tables below are chosen for these examples only. The Gold Golem's ranged
  attack score of 0 is the sources'.

  Background:
    Given a battle in the open field
    And these spells, defined for this example only:
      | name       | attack |
      | Magic Fist | 4      |
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense | casts      |
      | Halfling | 1     | 4     | 1     | 2      | 4       |            |
      | Orc      | 2     | 6     | 2     | 3      | 5       |            |
      | Magi     | 3     | 5     | 1     | 0      | 6       | Magic Fist |

  @id:homm.ranged-attack @source:001/making-ranged-attacks
  Rule: A ranged attack adds the roll to the ranged score, from either line at either line
    The attacker may be on its Melee Line or its Ranged Line, and the target on either
    enemy line. The attack score is the top card's ranged attack score plus the levels of
    the cards under it; the roll is added and compared with the target's defense exactly
    as in melee. A unit with a ranged attack score of 0 may not make ranged attacks.

    Example: Halflings on their Ranged Line shoot the enemy's Ranged Line
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Halflings attack the Orcs at range, rolling 1
      Then the attack total is 5
      And the Orcs stack has 1 card left

    Example: A ranged attack can also be made from the Melee Line at the Melee Line
      Given the Aggressor has a stack of 3 Halflings on its Melee Line
      And the Defender has a stack of 2 Orcs on its Melee Line
      When the Halflings attack the Orcs at range, rolling 0
      Then the attack does no harm

    Example: Halflings on their Melee Line shoot the enemy's Ranged Line
      Given the Aggressor has a stack of 3 Halflings on its Melee Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Halflings attack the Orcs at range, rolling 1
      Then the Orcs stack has 1 card left

    Example: Halflings on their Ranged Line shoot the enemy's Melee Line
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Melee Line
      When the Halflings attack the Orcs at range, rolling 1
      Then the Orcs stack has 1 card left

    Example: One less on the die and the shot misses
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      Then the smallest roll with which the Halflings kill the Orcs at range is 1

    Example: Gold Golems, with a ranged attack score of 0, cannot shoot
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 2 Orcs on its Melee Line
      When the Gold Golems try to attack the Orcs at range
      Then the action is refused under the rule homm.ranged-attack
      And the battle is unchanged

    Example: A stack may not shoot at a stack of its own side
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      When the Halflings try to attack the Gold Golems at range
      Then the action is refused under the rule homm.ranged-attack
      And the battle is unchanged

  @id:homm.spell-attack @source:001/spell-casters @source:000/retaliations
  Rule: An offensive spell is an attack, with the stack's levels and any support added
    A stack whose top card can cast an offensive spell may attack with it as its attack
    opportunity. The spell's score takes the place of the card's printed score, and the
    levels of the cards under the caster are added as for any attack; a sacrificing
    stack's Sac value is added too. The sources describe casters' spells as ranged
    attacks, so Battlebook lets a spell reach either enemy line from either line ([ruling: where a
    spell can reach](rule:ruling.spell-reach)). Only a card that can cast the spell may cast it.

    Example: Two Magi cast Magic Fist with a score of 4 + 3 = 7
      Given the Aggressor has a stack of 2 Magi on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Magi attack the Orcs with Magic Fist, rolling 0
      Then the attack score is 7
      And the Orcs stack has 1 card left

    Example: A supporting stack adds its Sac value to the spell
      Given the Aggressor has a stack of 1 Magi on its Ranged Line
      And the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has a Behemoth on its Ranged Line
      And the Halflings have sacrificed to support the Magi against the Behemoth
      When the Magi attack the Behemoth with Magic Fist, rolling 6
      Then the attack score is 7
      And the attack kills the top card of the Behemoth

    Example: A unit that knows no such spell cannot cast it
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Halflings try to attack the Orcs with Magic Fist
      Then the action is refused under the rule homm.spell-attack
      And the battle is unchanged
