@game:homm @chapter:7
Feature: Ruling: moving up to the Melee Line
  **The question.** When a side's Melee Line falls below three stacks and more
  stacks wait on its Ranged Line than are needed, the rules do not say who picks the
  stack that moves up.

  **Battlebook's reading.** The **owner** of the stacks picks, since the text speaks of
  moving your own unit up. Until it has picked, nothing else may happen.

  **The alternative.** The opponent picks. A scenario chooses it with
  `Given the alternative reading: the opponent picks the stack that moves up`.

  **A second question.** The rule applies when the number of stacks on a Melee Line
  *falls* below three. Does it also apply to an army set up with fewer than three stacks
  there?

  **Battlebook's reading.** No: stacks move up only when the count drops, through a
  casualty, a withdrawal of stacks or a reorganization. **The alternative** fills a Melee
  Line short of three whatever made it short, so an army set up that way sees its line
  filled as soon as anything happens in the battle. A scenario chooses it with
  `Given the alternative reading: stacks move up whenever a Melee Line holds fewer than three`.

  **A third question.** The source has you move *a* unit up whenever the count falls
  below three. When a Melee Line ends up two or more short of three (it held only two and
  one falls, or only one and it falls), does one stack move up per fall, or as many as it
  takes to make three again?

  **Battlebook's reading.** The Melee Line is **refilled up to three** at once: as many
  stacks move up as are needed (and as are waiting), so several may move together.

  **The alternative.** Only one stack moves up each time the count falls, and the line
  may stay short of three. A scenario chooses it with
  `Given the alternative reading: only one stack moves up each time the count falls`.

  The Halflings' and Orcs' stats are chosen for these examples.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |
    And the Aggressor has a stack of 6 Halflings on its Ranged Line
    And the Aggressor has a stack of 2 Orcs on its Ranged Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line

  @id:ruling.move-up-choice @source:000/reorganize
  Rule: The owner of the stacks picks the one that moves up
    Example: The Aggressor picks which of its stacks moves up
      Given the Aggressor's Melee Line holds 3 single Gold Golem stacks
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      Then the Aggressor must pick which stack moves up

    Example: The Defender may not pick for the Aggressor
      Given the Aggressor's Melee Line holds 3 single Gold Golem stacks
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      And the Defender tries to pick the Halflings to move up
      Then the action is refused under the rule ruling.move-up-choice
      And the battle is unchanged

    Example: Under the alternative reading the Defender picks
      Given the alternative reading: the opponent picks the stack that moves up
      And the Aggressor's Melee Line holds 3 single Gold Golem stacks
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      And the Defender picks the Halflings to move up
      Then the Halflings stand on the Melee Line

  @id:ruling.move-up-trigger @source:000/reorganize
  Rule: Stacks move up only when a Melee Line's count falls below three
    Example: An army set up with one stack in front keeps its Ranged Line while nothing falls
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      When the Enemy Golems attack the Gold Golems in melee, rolling 0
      Then the Aggressor has 1 stack on its Melee Line
      And the Halflings stand on the Ranged Line

    Example: Under the alternative reading the Ranged Line comes up as soon as anything happens
      Given the alternative reading: stacks move up whenever a Melee Line holds fewer than three
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      When the Enemy Golems attack the Gold Golems in melee, rolling 0
      Then the Aggressor has 3 stacks on its Melee Line
      And the Halflings stand on the Melee Line

    Example: When that one stack falls, two stacks move up and no choice is left
      Given the Aggressor has a Gold Golem on its Melee Line
      When the Enemy Golems attack the Gold Golem in melee, rolling 0
      Then the Halflings stand on the Melee Line
      And the Orcs stand on the Melee Line

  @id:ruling.move-up-refill @source:000/reorganize
  Rule: A Melee Line that falls below three is refilled up to three at once
    Example: When a Melee Line of two drops to one, both waiting stacks move up together
      Given the Aggressor's Melee Line holds 2 single Gold Golem stacks
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      Then the Aggressor has 3 stacks on its Melee Line
      And the Halflings stand on the Melee Line
      And the Orcs stand on the Melee Line

    Example: Under the alternative reading one stack moves up, picked by the Aggressor
      Given the alternative reading: only one stack moves up each time the count falls
      And the Aggressor's Melee Line holds 2 single Gold Golem stacks
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      And the Aggressor picks the Halflings to move up
      Then the Aggressor has 2 stacks on its Melee Line
