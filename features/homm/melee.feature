@game:homm @chapter:2
Feature: Melee attacks
  Hand-to-hand fighting happens between the two **Melee Lines**. A stack on its own
  Melee Line picks a stack on the enemy's Melee Line, rolls the die and adds the roll to
  its melee attack score. Reaching the target's defense score kills one card; falling
  short does nothing. The texts say only "a die": that it has ten faces, and how they
  are numbered, is a ruling ([the die and its faces](rule:ruling.die-faces)).

  A creature stack fights as one body: its top card makes the attack, and the cards
  beneath it lend their weight to that card's score.

  Background:
    Given a battle in the open field

  @id:homm.melee-attack @source:001/making-melee-attacks
  Rule: A melee attack kills the target's top card when score plus roll reaches its defense
    Only a stack standing on its own Melee Line can attack in melee, and only a stack on
    the opposing Melee Line can be its target. The attacker rolls the die and adds the
    result to its melee attack score. If that total is equal to or higher than the
    target's defense score, the target's top card is killed and leaves the stack; if the
    total is lower, the target takes no harm at all.

    Example: A roll of 6 is exactly enough for the Gold Golems to kill a Behemoth
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
      And the Behemoth stack has 0 cards left

    Example: A roll of 5 leaves the Behemoth unharmed
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 5
      Then the attack does no harm
      And the Behemoth stack has 1 card left

    Example: 6 is the smallest roll that kills the Behemoth
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      Then the smallest roll with which the Gold Golems kill the Behemoth is 6

    Example: A killed card leaves the rest of its stack in place
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
      When the Gold Golems attack the Enemy Golems in melee, rolling 0
      Then the attack kills the top card of the Enemy Golems
      And the Enemy Golems stack has 2 cards left

    Example: A stack on its Ranged Line cannot make a melee attack
      Given the Aggressor has a stack of 3 Gold Golems on its Ranged Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems try to attack the Behemoth in melee
      Then the action is refused under the rule homm.melee-attack
      And the battle is unchanged

    Example: A stack on the enemy's Ranged Line cannot be attacked in melee
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Ranged Line
      When the Gold Golems try to attack the Behemoth in melee
      Then the action is refused under the rule homm.melee-attack
      And the battle is unchanged

  @id:homm.attacking-as-a-stack @source:001/attacking-as-a-stack
  Rule: Only the top card attacks, and each card beneath it adds its level
    When a stack holds several unit cards, the top card alone makes the attack. Every
    card under it adds its level to the top card's attack score, so a bigger stack hits
    harder without attacking more often.

    Example: Three Gold Golems attack with a score of 3+2+2 = 7
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      Then the Gold Golems attack in melee with a score of 7

    Example: A lone Gold Golem attacks with its printed score of 3
      Given the Aggressor has a stack of 1 Gold Golem on its Melee Line
      Then the Gold Golem attacks in melee with a score of 3

    Example: The cards beneath add their own levels, whatever the top card is
      Given these units, defined for this example only:
        | name    | level | phase | melee | ranged | defense |
        | Captain | 4     | 5     | 6     | 0      | 8       |
        | Recruit | 1     | 5     | 1     | 0      | 3       |
      And the Aggressor has a stack of 1 Captain and 2 Recruits called "Patrol" on its Melee Line
      Then the Patrol attacks in melee with a score of 8
