@game:homm @chapter:13
Feature: The end of a battle
  A battle ends in one of three ways: a side withdraws its hero, a side's offer to
  surrender is accepted, or a side loses its last creature stack. Battlebook says who won
  and how.

  Background:
    Given a battle in the open field

  @id:homm.battle-end @source:001/phases-and-rounds
  Rule: The battle ends when a side withdraws, a surrender is accepted, or a side has no stack left
    The side still standing wins by destruction; a side that withdraws leaves the win to
    its opponent; a side that accepts a surrender wins by surrender (see the chapters on
    withdrawing and surrendering). Once the battle is over, nothing more may be done in it.
    The sources name no winner when a hero withdraws or a surrender is accepted: calling
    the side left on the field the winner is Battlebook's own convention, a label on the
    outcome that changes no rule.

    Example: Killing the last card of the last enemy stack wins the battle
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the battle is over: the Aggressor wins by destruction

    Example: The battle goes on while both sides still have a stack
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 5
      Then the battle goes on

    Example: A retaliation that kills the attacker's last card ends the battle
      Given the Aggressor has a Gold Golem on its Melee Line
      And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
      When the Gold Golem attacks the Enemy Golems in melee, rolling 0
      And the Enemy Golems retaliate against the Gold Golem in melee, rolling 0
      Then the battle is over: the Defender wins by destruction

    Example: Nothing more may be done once the battle is over
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      And the Aggressor tries to end its turn in the phase
      Then the action is refused under the rule homm.battle-end
      And the battle is unchanged
