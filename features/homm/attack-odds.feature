@game:homm @chapter:90
Feature: The chance of an attack
  Before an attack, a player can work out exactly how likely it is to kill. Read as
  Battlebook reads it ([the die and its faces](rule:ruling.die-faces)), the die has ten
  faces, each as likely as any other, so the chance is the number of faces that would
  carry score plus roll up to the target's defense, out of ten.

  Battlebook computes that chance from the battle itself: it resolves the attack once for
  every face of the die, with every rule that applies, and counts the kills. Every attack
  in the rulebook's examples shows its chance this way, and `battlebook odds homm` answers
  for any score and defense.

  The same goes for a whole fight: which stack is left standing if two stacks fight on
  until one side has no card left. `battlebook odds fight homm` answers for any two stacks,
  and the calculator on the odds page too.

  Background:
    Given a battle in the open field

  @id:homm.attack-chance @source:001/making-melee-attacks @source:001/attacking-as-a-stack
  Rule: An attack's chance of killing is the share of the die's faces that reach the defense
    Each face of the die, ten-sided by the ruling, is equally likely. The faces with which score plus
    roll is equal to or higher than the target's defense are the ones that kill; their
    number out of ten is the attack's chance. When even the lowest face is enough the
    kill is certain, and when even the highest falls short it cannot happen.

    Example: Three Gold Golems kill a Behemoth two times in five
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      Then the chance that the Gold Golems kill the Behemoth in melee is 2/5

    Example: Under the 1-10 reading the same attack kills half the time
      Given the die reads 1-10
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      Then the chance that the Gold Golems kill the Behemoth in melee is 1/2

    Example: Under the 0-9 reading a lone Gold Golem cannot hurt a Behemoth
      Given the Aggressor has a stack of 1 Gold Golem on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      Then the chance that the Gold Golem kills the Behemoth in melee is 0

    Example: Three Gold Golems are certain to kill a Gold Golem
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 1 Gold Golem called "Lone Golem" on its Melee Line
      Then the chance that the Gold Golems kill the Lone Golem in melee is 1

    Example: Swarming Gold Golems, attacking with 14 against 13, are certain to kill the Behemoth
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      And the Gold Golems swarmed in round 1 and their phase of round 2 has come
      Then the chance that the Gold Golems kill the Behemoth in melee is 1

  @id:homm.fight-odds @source:001/phases-and-rounds @source:001/attacking-as-a-stack @source:000/retaliations
  Rule: The odds of a fight to the end add up the chance of every attack along every way it can go
    Two stacks alone keep fighting: each attacks the other in its own phase, round after
    round; a stack that survives an attack answers it, once per round; neither side withdraws
    or surrenders. The battle ends when one side has no card left. Battlebook plays every
    branch of such a fight through the rules, once for each face of the die, and adds the
    chances up exactly: the chance each stack wins, with how many cards left, the chance
    that neither ever can, and how many rounds it lasts on average. The reading of the die
    and the reading of a retaliation's answer are the battle's, so either ruling changes
    the odds. The Bandit's melee attack score of 1 is the sources'; its other stats, and
    the Bulwark's, are chosen for these examples.

    Example: Three Gold Golems destroy a lone Gold Golem in the first round, every time
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 1 Gold Golem called "Lone Golem" on its Melee Line
      Then if the Gold Golems and the Lone Golem fight on to the end, the Gold Golems win with chance 1
      And if the Gold Golems and the Lone Golem fight on to the end, it lasts 1 round on average

    Example: Three Bandits striking first still lose to three Gold Golems nine times in ten
      Given these units, defined for this example only:
        | name   | level | phase | melee | ranged | defense |
        | Bandit | 1     | 3     | 1     | 0      | 4       |
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 3 Bandits on its Melee Line
      Then if the Gold Golems and the Bandits fight on to the end, the Gold Golems win with chance 280779/311375
      And if the Gold Golems and the Bandits fight on to the end, the Bandits win with chance 30596/311375
      And if the Gold Golems and the Bandits fight on to the end, the Gold Golems win with 3 cards left with chance 18/125
      And if the Gold Golems and the Bandits fight on to the end, it lasts 124682/62275 rounds on average

    Example: Under the 1-10 reading the same Bandits win more often
      Given the die reads 1-10
      And these units, defined for this example only:
        | name   | level | phase | melee | ranged | defense |
        | Bandit | 1     | 3     | 1     | 0      | 4       |
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 3 Bandits on its Melee Line
      Then if the Gold Golems and the Bandits fight on to the end, the Bandits win with chance 7/40

    Example: When a retaliation may be answered, the Bandits win more often too
      Given the alternative reading: a retaliation may itself be retaliated against
      And these units, defined for this example only:
        | name   | level | phase | melee | ranged | defense |
        | Bandit | 1     | 3     | 1     | 0      | 4       |
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 3 Bandits on its Melee Line
      Then if the Gold Golems and the Bandits fight on to the end, the Bandits win with chance 1297/8930

    Example: Two stacks that can never reach each other's defense fight for ever
      Given these units, defined for this example only:
        | name    | level | phase | melee | ranged | defense |
        | Bulwark | 5     | 9     | 0     | 0      | 17      |
      And the Aggressor has a Bulwark on its Melee Line
      And the Defender has a Bulwark called "Other Bulwark" on its Melee Line
      Then if the Bulwark and the Other Bulwark fight on to the end, the fight never ends with chance 1
