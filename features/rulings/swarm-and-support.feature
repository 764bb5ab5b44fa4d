@game:homm @chapter:3
Feature: Ruling: swarming and support
  **The question.** A swarming stack works out its attack score "normally" and doubles it;
  support adds a Sac value to the score of the supported attack. When a swarming stack
  is also supported, the rules do not say whether the support is doubled too.

  **Battlebook's reading.** The doubling applies to the stack's **own** score (the top
  card's score plus the levels under it); support is added **after** the doubling. A
  swarm doubles what the stack itself brings; the Sac value belongs to another stack.

  **The alternative.** Support is added first and the sum is doubled. A scenario chooses
  it with `Given the alternative reading: swarming doubles the score after support is added`.

  Background:
    Given a battle in the open field

  @id:ruling.swarm-and-support @source:000/swarming @source:001/sacrificing-for-support
  Rule: A swarm doubles the stack's own score, and support is added after the doubling
    Background:
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Aggressor has a stack of 3 Gold Golems called "Golem Reserve" on its Melee Line
      And the Defender has a stack of 2 Behemoths on its Melee Line

    Example: Swarming Gold Golems backed by a Sac value of 6 attack with 7 x 2 + 6 = 20
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      And the Gold Golems have chosen to swarm
      When the battle moves on to phase 7 of round 2
      And the Golem Reserve sacrifice to support the Gold Golems against the Behemoths
      And the Gold Golems attack the Behemoths in melee, rolling 0
      Then the attack score is 20

    Example: Under the alternative reading they attack with (7 + 6) x 2 = 26
      Given the alternative reading: swarming doubles the score after support is added
      And the battle is in phase 7 of round 1, on the Aggressor's turn
      And the Gold Golems have chosen to swarm
      When the battle moves on to phase 7 of round 2
      And the Golem Reserve sacrifice to support the Gold Golems against the Behemoths
      And the Gold Golems attack the Behemoths in melee, rolling 0
      Then the attack score is 26
