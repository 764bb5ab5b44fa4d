@game:homm @chapter:1
Feature: Ruling: the die and its faces
  **The question.** The combat rules have the attacker roll "a die" and add the roll to
  its score. The texts call it only that. They never say which numbers its faces show,
  nor how many faces it has. What they do show is rolls of 6 and 7, and a need to roll
  6 or better called a poor chance: the die can show at least a 7, one more than a
  six-sided die, and how far beyond that it goes they do not say.

  **Battlebook's reading.** The die is **ten-sided**, each face equally likely, and it
  reads **0 to 9** unless a scenario says otherwise. Both are Battlebook's readings, not
  facts of the texts: ten faces fit every roll the texts quote, and no other source is
  cited for it (see [Outside facts](../../reference/outside-facts.md)). Under the 0-9 reading a roll
  can add nothing to an attack, and a target whose defense is more than 9 above the
  attack score can never be hurt.

  **The alternative.** Read the ten faces 1 to 10: every roll adds at least 1, and a
  target up to 10 above the attack score can still be reached. A scenario chooses it
  with the step `Given the die reads 1-10`, or in the words of every other ruling,
  `Given the alternative reading: the die's faces are read 1 to 10`. A die of another
  size is not offered as a setting: every chance Battlebook shows counts ten faces.

  The reading changes no worked example of the sources: they quote only rolls from 6 to 7,
  which both readings allow.

  Background:
    Given a battle in the open field

  @id:ruling.die-faces @source:001/making-melee-attacks
  Rule: The die is read as ten faces, 0 to 9, unless the scenario chooses 1 to 10
    Any stated roll must be a face of the die under the reading in force; a roll the die
    cannot show is refused as an error in the scenario.

    Example: Under the default reading a roll of 0 adds nothing
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 1 Gold Golem called "Lone Golem" on its Melee Line
      When the Gold Golems attack the Lone Golem in melee, rolling 0
      Then the attack total is 7

    Example: Under the default reading the die cannot show 10
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems try to attack the Behemoth in melee, rolling 10
      Then the roll is refused because the die cannot show 10

    Example: Under the 1-10 reading the die cannot show 0
      Given the die reads 1-10
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems try to attack the Behemoth in melee, rolling 0
      Then the roll is refused because the die cannot show 0

    Example: A defense 10 above the score is out of reach under the default reading
      Given these units, defined for this example only:
        | name     | level | phase | melee | ranged | defense |
        | Bulwark  | 5     | 9     | 0     | 0      | 17      |
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Bulwark on its Melee Line
      Then no roll lets the Gold Golems kill the Bulwark

    Example: The same defense falls to a 10 under the 1-10 reading
      Given the die reads 1-10
      And these units, defined for this example only:
        | name     | level | phase | melee | ranged | defense |
        | Bulwark  | 5     | 9     | 0     | 0      | 17      |
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Bulwark on its Melee Line
      Then the smallest roll with which the Gold Golems kill the Bulwark is 10
