@game:homm @chapter:9
Feature: Reorganizing
  A stack may give up its attack opportunity to change lines, usually from the Melee Line
  back to the Ranged Line, now and then the other way. Most moves forward happen by
  themselves, though: whenever a side's Melee Line drops below three stacks, stacks step
  up from its Ranged Line at once and for free.

  The Halflings' and Orcs' stats are chosen for these examples; the sources give none.
  The Halflings' ranged attack score above 0 is the sources'.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |

  @id:homm.reorganizing @source:000/reorganize
  Rule: A stack may skip its attack to move to its other line
    Reorganizing uses the stack's attack opportunity and moves it from one of its lines to
    the other. A stack cannot "move" to the line it already stands on. A stack may step
    back even from a Melee Line of three; the line is then refilled at once, which may
    bring the same stack straight back ([ruling: stepping back from a Melee Line of three](rule:ruling.step-back)).

    Example: Gold Golems step back to the Ranged Line behind three other stacks
      Given the Aggressor's Melee Line holds 3 single Gold Golem stacks
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      When the Gold Golems reorganize to the Ranged Line
      Then the Gold Golems stand on the Ranged Line
      And the Gold Golems have used their attack opportunity this round

    Example: Halflings may move up to the Melee Line by choice
      Given the Aggressor's Melee Line holds 3 single Gold Golem stacks
      And the Aggressor has a stack of 3 Halflings on its Ranged Line
      When the Halflings reorganize to the Melee Line
      Then the Halflings stand on the Melee Line
      And the Aggressor has 4 stacks on its Melee Line

    Example: A stack cannot reorganize to the line it already holds
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      When the Halflings try to reorganize to the Ranged Line
      Then the action is refused under the rule homm.reorganizing
      And the battle is unchanged

    Example: A stack that steps back from a Melee Line of three is brought straight back, its opportunity spent
      Given the Aggressor's Melee Line holds 2 single Gold Golem stacks
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      When the Gold Golems reorganize to the Ranged Line
      Then the Gold Golems stand on the Melee Line
      And the Gold Golems have used their attack opportunity this round

  @id:homm.automatic-reorganizing @source:000/reorganize @source:000/protecting
  Rule: Whenever a Melee Line falls below three stacks, stacks move up from the Ranged Line for free
    As soon as the count of a side's stacks on its Melee Line falls below 3 (a line set up
    with fewer is left alone until something falls: [ruling: when stacks move
    up](rule:ruling.move-up-trigger)), stacks come up from its Ranged Line until the Melee Line has 3 again or the Ranged Line is empty, several at
    once when needed ([ruling: moving up to the Melee Line](rule:ruling.move-up-refill)). This costs no
    stack its attack opportunity. When more stacks wait than are needed, the side picks
    which ([ruling: who picks the stack that moves up](rule:ruling.move-up-choice)), and nothing else happens until it
    has. So a side with many stacks on its Melee Line keeps the enemy away from its Ranged
    Line: with 6 stacks in front, the enemy must destroy 4 of them before anything on the
    Ranged Line has to come forward.

    Background:
      Given the Aggressor has a stack of 6 Halflings on its Ranged Line
      And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line

    Example: Six stacks of one Gold Golem each make the enemy destroy four before the Halflings move up
      Given the Aggressor's Melee Line holds 6 single Gold Golem stacks
      And the battle is in phase 7 of round 1, on the Defender's turn
      When the Enemy Golems destroy one of the Aggressor's Melee Line stacks each round, rolling 0, until a stack moves up
      Then 4 cards are in the discard pile
      And the Halflings stand on the Melee Line

    Example: With three Golem stacks left in front, the Halflings stay back
      Given the Aggressor's Melee Line holds 4 single Gold Golem stacks
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      Then the Aggressor has 3 stacks on its Melee Line
      And the Halflings stand on the Ranged Line

    Example: When the fourth Golem stack falls, the Halflings move up at once and keep their opportunity
      Given the Aggressor's Melee Line holds 3 single Gold Golem stacks
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      Then the Halflings stand on the Melee Line
      And the Halflings have not used their attack opportunity this round

    Example: When two stacks could move up, the side must pick one before anything else happens
      Given the Aggressor's Melee Line holds 3 single Gold Golem stacks
      And the Aggressor has a stack of 2 Orcs on its Ranged Line
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      Then the Aggressor must pick which stack moves up
      And the Halflings stand on the Ranged Line

    Example: The picked stack moves up and the others stay
      Given the Aggressor's Melee Line holds 3 single Gold Golem stacks
      And the Aggressor has a stack of 2 Orcs on its Ranged Line
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      And the Aggressor picks the Orcs to move up
      Then the Orcs stand on the Melee Line
      And the Halflings stand on the Ranged Line

    Example: No attack is made while a stack still has to be picked
      Given the Aggressor's Melee Line holds 3 single Gold Golem stacks
      And the Aggressor has a stack of 2 Orcs on its Ranged Line
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      And the Orcs try to attack the Enemy Golems at range
      Then the action is refused under the rule homm.automatic-reorganizing
