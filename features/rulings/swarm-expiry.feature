@game:homm @chapter:4
Feature: Ruling: how long a swarm lasts
  **The question.** A swarming stack doubles its attack score "at its next attack
  opportunity". The rules do not say what becomes of the swarm when the stack does not
  attack at that opportunity: when it lets its phase pass, or spends the opportunity to
  protect, to support a friend or to reorganize instead.

  **Battlebook's reading.** The swarm serves the **next opportunity only**. Whatever the
  stack does with that opportunity, or if it does nothing, the swarm is then over and its
  cards go back to the ready position; a later attack is not doubled.

  **The alternative.** The swarm waits until the stack next attacks, however many
  opportunities pass first, and whether they are let pass or spent supporting a friend or
  reorganizing; only turning to protect ends it, since the cards cannot be turned both
  ways at once. A scenario chooses it with
  `Given the alternative reading: a swarm lasts until the stack next attacks`.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line
    And the battle is in phase 7 of round 1, on the Aggressor's turn

  @id:ruling.swarm-expiry @source:000/swarming
  Rule: A swarm not used at the stack's next opportunity is lost
    Example: A swarm let pass in round 2 does not double the attack of round 3
      Given the Gold Golems have chosen to swarm
      When the battle moves on to phase 8 of round 2
      And the battle moves on to phase 7 of round 3
      And the Gold Golems attack the Behemoth in melee, rolling 0
      Then the attack score is 7

    Example: Under the alternative reading the swarm kept through round 2 doubles the attack of round 3
      Given the alternative reading: a swarm lasts until the stack next attacks
      And the Gold Golems have chosen to swarm
      When the battle moves on to phase 7 of round 3
      And the Gold Golems attack the Behemoth in melee, rolling 0
      Then the attack score is 14

    Example: A swarming stack that protects at its next opportunity gives up the swarm
      Given the Gold Golems have chosen to swarm
      When the battle moves on to phase 7 of round 2
      And the Gold Golems protect
      Then the Gold Golems are protecting
