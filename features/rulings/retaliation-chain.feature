@game:homm @chapter:5
Feature: Ruling: retaliating against a retaliation
  **The question.** A stack that survives an attack may retaliate, once per round. A
  retaliation is itself an attack: may the original attacker, if it survives and has not
  retaliated yet this round, answer the retaliation?

  **Battlebook's reading.** **No.** Retaliation answers an attack made in a stack's phase;
  a retaliation cannot be answered, so an exchange is at most one attack and one answer.

  **The alternative.** A retaliation is an attack like any other, and its target may
  answer it under the same conditions (in kind, once per round). A scenario chooses it
  with `Given the alternative reading: a retaliation may itself be retaliated against`.

  The Bandit's melee attack score of 1 is the sources'; its other stats are chosen for
  these examples.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name   | level | phase | melee | ranged | defense |
      | Bandit | 1     | 3     | 1     | 0      | 4       |
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Bandits on its Melee Line

  @id:ruling.retaliation-chain @source:000/retaliations
  Rule: A retaliation cannot be retaliated against
    Example: The Bandits cannot answer the Gold Golems' retaliation
      When the Bandits attack the Gold Golems in melee, rolling 0
      And the Gold Golems retaliate against the Bandits in melee, rolling 0
      And the Bandits try to retaliate against the Gold Golems in melee
      Then the action is refused under the rule ruling.retaliation-chain
      And the battle is unchanged

    Example: Under the alternative reading the Bandits may answer it
      Given the alternative reading: a retaliation may itself be retaliated against
      When the Bandits attack the Gold Golems in melee, rolling 0
      And the Gold Golems retaliate against the Bandits in melee, rolling 0
      Then the Bandits may retaliate against the Gold Golems in melee
