@game:homm @chapter:11
Feature: Ruling: heroes in battle
  **The question.** A scenario may field a hero card: it stands on a line and attacks in
  its phase as a stack does (see [heroes attack in their phase](rule:homm.heroes-attack)).
  The sources then leave three things open. Withdrawing is something a hero does: may a
  side whose hero has been killed still withdraw? A battle ends when a side has had all of
  its creature stacks destroyed: does a hero standing alone keep its side in the battle?
  And a Melee Line that falls below three stacks is refilled: does a hero standing on it
  count as one of the three?

  **Battlebook's reading.** A hero card in the battle is played as one more stack. A side
  whose hero has been killed may still withdraw: its creature stacks are discarded and
  the battle ends, but no hero goes home, since none is left. A side left with its hero
  alone stays in the battle. A hero on a Melee Line counts toward its three stacks.

  **The alternative.** Each of the three may be read the other way. A side whose hero has
  been killed has nobody to withdraw, and may not
  (`Given the alternative reading: a side whose hero has fallen cannot withdraw`). A side
  left with its hero alone has lost the battle
  (`Given the alternative reading: a side left with only its hero has lost the battle`). A
  hero standing on its own is not a creature stack and does not count toward the three
  (`Given the alternative reading: a hero on its own does not count toward the stacks of a Melee Line`).

  The Knight's stats are chosen for these examples; the Gold Golems' are the sources'.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name   | level | phase | melee | ranged | defense | hero |
      | Knight | 3     | 2     | 4     | 0      | 8       | yes  |
    And the Aggressor has a Knight on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line

  @id:ruling.fallen-hero-withdrawal @source:000/withdrawing-heroes
  Rule: A side whose hero has been killed may still withdraw, and no hero goes home
    Example: Once its Knight has fallen, the Aggressor withdraws and its Gold Golems are discarded
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Aggressor's nearest town is 6 spaces away
      And the battle is in phase 7 of round 1, on the Defender's turn
      When the Enemy Golems attack the Knight in melee, rolling 1
      And both sides end their turns until the round ends
      And the Aggressor withdraws
      Then the battle is over: the Defender wins by withdrawal
      And the Gold Golems stack has 0 cards left
      And the Aggressor's hero has fallen in the battle

    Example: Under the alternative reading a side whose hero has fallen may not withdraw
      Given the alternative reading: a side whose hero has fallen cannot withdraw
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Aggressor's nearest town is 6 spaces away
      And the battle is in phase 7 of round 1, on the Defender's turn
      When the Enemy Golems attack the Knight in melee, rolling 1
      And both sides end their turns until the round ends
      And the Aggressor tries to withdraw
      Then the action is refused under the rule ruling.fallen-hero-withdrawal
      And the battle is unchanged

  @id:ruling.hero-alone @source:001/phases-and-rounds
  Rule: A side left with its hero alone stays in the battle
    Example: When its last creature stack falls, the Aggressor's Knight fights on
      Given the Aggressor has a Gold Golem on its Melee Line
      When the Enemy Golems attack the Gold Golem in melee, rolling 0
      Then the Gold Golem stack has 0 cards left
      And the battle goes on

    Example: Under the alternative reading the Aggressor, left with its Knight alone, has lost
      Given the alternative reading: a side left with only its hero has lost the battle
      And the Aggressor has a Gold Golem on its Melee Line
      When the Enemy Golems attack the Gold Golem in melee, rolling 0
      Then the battle is over: the Defender wins by destruction

  @id:ruling.hero-on-melee-line @source:000/reorganize
  Rule: A hero on a Melee Line counts toward its three stacks
    Example: With the Knight and two Gold Golems still in front, no stack moves up
      Given the Aggressor's Melee Line holds 3 single Gold Golem stacks
      And the Aggressor has a stack of 2 Gold Golems called "Reserve" on its Ranged Line
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      Then the Aggressor has 3 stacks on its Melee Line
      And the Reserve stand on the Ranged Line

    Example: Under the alternative reading the Knight does not count, and the Reserve moves up
      Given the alternative reading: a hero on its own does not count toward the stacks of a Melee Line
      And the Aggressor's Melee Line holds 3 single Gold Golem stacks
      And the Aggressor has a stack of 2 Gold Golems called "Reserve" on its Ranged Line
      When the Enemy Golems attack the Gold Golem 1 in melee, rolling 0
      Then the Reserve stand on the Melee Line
