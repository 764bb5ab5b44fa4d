@chapter:90
Feature: The chance of an attack
  Before an attack, a player can work out exactly how likely it is to kill. Read as
  Battlebook reads it ([the die and its faces](rule:ruling.die-faces)), the die has ten
  faces, each as likely as any other, so the chance is the number of faces that would
  carry score plus roll up to the target's defense, out of ten.

  Battlebook computes that chance from the battle itself: it resolves the attack once for
  every face of the die, with every rule that applies, and counts the kills. Every attack
  in the rulebook's examples shows its chance this way, and `battlebook odds homm` answers
  for any score and defense.

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
