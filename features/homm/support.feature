@game:homm @chapter:6
Feature: Sacrificing for support
  A stack may give up its attack opportunity to strengthen a friend. Its **Sac value** is
  the levels of all its cards added up, and that value is added to the score of the
  friendly stack's next attack. The helper must be able to reach the target itself: a
  stack that could not have attacked the target on its own cannot help against it.

  Battlebook has the sacrificing stack name the target when it sacrifices (see the ruling
  [support names its target](rule:ruling.support-names-target)). The Halflings' and Orcs' stats are chosen for these
  examples; the sources give none.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line

  @id:homm.sacrificing-for-support @source:001/sacrificing-for-support
  Rule: A sacrificing stack adds its Sac value to a friendly stack's next attack
    The stack announces that it gives up its attack opportunity this round and names the
    friendly stack it backs. Its Sac value, the sum of its cards' levels, is added to the
    score of that stack's next attack, and to that attack only. Only another stack of the
    same side can be supported. Several stacks may sacrifice for the same stack, and their
    Sac values add up ([ruling: several stacks supporting one](rule:ruling.several-supporters)).
    The support waits for that attack however many opportunities pass
    ([ruling](rule:ruling.support-waits)), its Sac value is the one the stack had when it
    sacrificed ([ruling](rule:ruling.sac-value-fixed)), and the friend may be one whose phase
    has passed this round ([ruling](rule:ruling.support-after-phase)).

    Example: Three Gold Golems of level 2 have a Sac value of 6
      Then the Gold Golems have a Sac value of 6

    Example: Backed by a second stack of Golems, the Gold Golems reach the Behemoth whatever the die shows
      Given the Aggressor has a stack of 3 Gold Golems called "Golem Reserve" on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      And the Golem Reserve have sacrificed to support the Gold Golems against the Behemoth
      When the Gold Golems attack the Behemoth in melee, rolling 0
      Then the attack score is 13
      And any roll of the die would have done the same

    Example: The support is spent by the next attack
      Given the Aggressor has a stack of 3 Gold Golems called "Golem Reserve" on its Melee Line
      And the Defender has a stack of 2 Behemoths on its Melee Line
      And the Golem Reserve have sacrificed to support the Gold Golems against the Behemoths
      When the Gold Golems attack the Behemoths in melee, rolling 0
      Then the Behemoths stack has 1 card left
      And the Gold Golems have no support waiting

    Example: Under the round's clock the Golem Reserve sacrifice when their phase, 7, comes
      Given the Aggressor has a stack of 3 Gold Golems called "Golem Reserve" on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      And the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Golem Reserve sacrifice to support the Gold Golems against the Behemoth
      Then the Gold Golems have support of 6 waiting
      And the Golem Reserve have used their attack opportunity this round

    Example: Under the round's clock the Golem Reserve may not sacrifice before their phase
      Given the Aggressor has a stack of 3 Gold Golems called "Golem Reserve" on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      And the battle is in phase 6 of round 1, on the Aggressor's turn
      When the Golem Reserve try to sacrifice to support the Gold Golems against the Behemoth
      Then the action is refused under the rule homm.phases-and-rounds
      And the battle is unchanged

    Example: A stack that has sacrificed has used its attack opportunity
      Given the Aggressor has a stack of 3 Gold Golems called "Golem Reserve" on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      And the Golem Reserve have sacrificed to support the Gold Golems against the Behemoth
      When the Golem Reserve try to attack the Behemoth in melee
      Then the action is refused under the rule homm.attack-opportunity

    Example: A stack cannot support the enemy
      Given the Defender has a Behemoth on its Melee Line
      When the Gold Golems try to sacrifice to support the Behemoth against the Gold Golems
      Then the action is refused under the rule homm.sacrificing-for-support
      And the battle is unchanged

  @id:homm.common-target @source:001/common-target
  Rule: A stack can only support an attack on a target it could have attacked itself
    The supporting stack must be able to reach the target with an attack of its own: in
    melee when both stand on Melee Lines (or, in a town, when it may fly in over damaged
    walls, as the chapter on towns shows), otherwise only with a ranged attack score above
    0 or an offensive spell ([ruling: support from a spell caster](rule:ruling.spell-caster-support)).
    Gold Golems, whose ranged attack score is 0, cannot help against a stack on the
    enemy's Ranged Line. The rule binds the
    sacrificing stack only ([ruling](rule:ruling.common-target-binds)).

    Example: Gold Golems cannot support an attack on the enemy's Ranged Line
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Gold Golems try to sacrifice to support the Halflings against the Orcs
      Then the action is refused under the rule homm.common-target
      And the battle is unchanged

    Example: Gold Golems can support an attack on the enemy's Melee Line
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Melee Line
      When the Gold Golems sacrifice to support the Halflings against the Orcs
      Then the Halflings have support of 6 waiting

    Example: Halflings can support an attack on the Ranged Line, since they can shoot
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Halflings sacrifice to support the Gold Golems against the Orcs
      Then the Gold Golems have support of 3 waiting
