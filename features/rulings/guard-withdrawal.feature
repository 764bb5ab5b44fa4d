@game:homm @chapter:11
Feature: Ruling: a guard stack and withdrawing
  **The question.** At the end of a round a player's hero may withdraw its army from the
  battle, back to the nearest town its player holds. The sources also say that guard
  stacks may neither surrender nor accept a surrender. They say nothing of a guard stack
  withdrawing.

  **Battlebook's reading.** A guard stack may not withdraw. Withdrawing, as the sources
  tell it, is a hero taking its army back to a town of its player's; a guard stack has no
  hero to take it and no player's town to go to. Nothing more is read into it: the sources
  say that an army defending its town must fight to the death, and say it of no one else.

  **The alternative.** A guard stack may withdraw at its step as an army does: its stacks
  leave the battle, the battle ends and the other side is left the winner; having no town,
  it is not held back by the 4 spaces. A scenario chooses it with
  `Given the alternative reading: a guard stack may withdraw`.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
    And the Defender is a guard stack
    And combat round 1 has ended

  @id:ruling.guard-withdrawal @source:000/withdrawing-heroes @source:000/surrendering
  Rule: A guard stack cannot withdraw
    Example: A guard stack may not withdraw
      When the Aggressor declines to withdraw
      And the Defender tries to withdraw
      Then the action is refused under the rule ruling.guard-withdrawal
      And the battle is unchanged

    Example: Under the alternative reading the guard stack withdraws and leaves the win to the Aggressor
      Given the alternative reading: a guard stack may withdraw
      When the Aggressor declines to withdraw
      And the Defender withdraws
      Then the battle is over: the Aggressor wins by withdrawal
      And the Enemy Golems stack has 0 cards left
