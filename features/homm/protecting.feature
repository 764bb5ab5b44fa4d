@game:homm @chapter:8
Feature: Protecting
  Sometimes staying alive matters more than hitting. A stack may give up its attack
  opportunity to **protect**: its cards are turned to show the word, and while they stay
  so each card adds its own level to its defense score. When the stack's phase comes
  round again the cards return to the ready position and the stack chooses anew.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
    And the battle is in phase 7 of round 1, on the Aggressor's turn

  @id:homm.protecting @source:000/protecting
  Rule: A protecting stack's cards each add their level to their defense until its next opportunity
    Protecting uses the stack's attack opportunity. Until the stack's next attack
    opportunity every card in it defends with its defense score plus its level; an attack
    on it, or a swat, must reach those raised scores.

    Example: Protecting turns the Gold Golems' cards to show the word
      When the Gold Golems protect
      Then the Gold Golems are protecting

    Example: Protecting Gold Golems defend with 7 + 2 = 9
      When the Gold Golems protect
      Then each card of the Gold Golems has a defense score of 9

    Example: A total of 8 no longer kills a protecting Gold Golem
      Given the Gold Golems have chosen to protect
      When the Aggressor ends its turn in the phase
      And the Enemy Golems attack the Gold Golems in melee, rolling 1
      Then the attack does no harm

    Example: A total of 9 still kills a protecting Gold Golem
      Given the Gold Golems have chosen to protect
      When the Aggressor ends its turn in the phase
      And the Enemy Golems attack the Gold Golems in melee, rolling 2
      Then the attack kills the top card of the Gold Golems

    Example: Swatting two protecting Golems must reach 9 + 9 = 18
      Given the Gold Golems have chosen to protect
      When the Aggressor ends its turn in the phase
      And the Enemy Golems attack the Gold Golems in melee, swatting 2 cards, rolling 9
      Then the attack had to reach a defense of 18
      And the attack does no harm

    Example: The protection holds until the stack's phase comes round again
      Given the Gold Golems have chosen to protect
      When the battle moves on to phase 6 of round 2
      Then each card of the Gold Golems has a defense score of 9

    Example: In its next phase the stack is back to its printed defense
      Given the Gold Golems have chosen to protect
      When the battle moves on to phase 7 of round 2
      Then each card of the Gold Golems has a defense score of 7
