@game:homm @chapter:10
Feature: Ruling: what a retaliation takes from support, swarming and protecting
  **The question.** A retaliation is an attack, but it is not the stack's attack
  opportunity: it comes when the stack is struck, in anyone's phase. Support is lent to
  a stack's *next attack*, a swarm doubles the stack's *next attack opportunity*, and a
  stack turned to protect gives up its *attack opportunity*. Which of these reach a
  retaliation?

  **Battlebook's reading.** Support and swarming both serve the stack's next attack
  opportunity, so a retaliation **neither receives nor spends** the support waiting for
  the stack, and a swarming stack retaliates at its **plain** score, keeping its swarm.
  Protecting gives up only the opportunity, so a protecting stack **may still
  retaliate**. A retaliation is still an attack in every other way: it may swat (ruling
  [swatting with ranged attacks and spells](rule:ruling.swat-reach)).

  **The alternative.** Each reading has its own, and a scenario chooses it with its own step:
  `Given the alternative reading: a retaliation receives the support waiting for an attack on its target`
  (the support is added and spent),
  `Given the alternative reading: a swarming stack's retaliation is doubled` (the
  swarm is spent), and
  `Given the alternative reading: a stack turned to protect cannot retaliate`.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line

  @id:ruling.retaliation-support @source:001/sacrificing-for-support @source:000/retaliations
  Rule: A retaliation neither receives nor spends the support waiting for its stack
    The two Gold Golems left after the Enemy Golems' hit answer with 3 + 2 = 5; the Sac
    value of 6 lent by the Golem Reserve waits for their next attack.

    Example: The Gold Golems retaliate with 5, and the support still waits
      Given the Aggressor has a stack of 3 Gold Golems called "Golem Reserve" on its Melee Line
      And the Golem Reserve have sacrificed to support the Gold Golems against the Enemy Golems
      When the Enemy Golems attack the Gold Golems in melee, rolling 0
      And the Gold Golems retaliate against the Enemy Golems in melee, rolling 0
      Then the attack score is 5
      And the Gold Golems have support of 6 waiting

    Example: Under the alternative reading the retaliation takes the support and spends it
      Given the alternative reading: a retaliation receives the support waiting for an attack on its target
      And the Aggressor has a stack of 3 Gold Golems called "Golem Reserve" on its Melee Line
      And the Golem Reserve have sacrificed to support the Gold Golems against the Enemy Golems
      When the Enemy Golems attack the Gold Golems in melee, rolling 0
      And the Gold Golems retaliate against the Enemy Golems in melee, rolling 0
      Then the attack score is 11
      And the Gold Golems have no support waiting

  @id:ruling.swarm-retaliation @source:000/swarming @source:000/retaliations
  Rule: A swarming stack's retaliation is not doubled, and the swarm waits
    Example: Swarming Gold Golems retaliate with 5 and are still swarming
      Given the Gold Golems have chosen to swarm
      When the Enemy Golems attack the Gold Golems in melee, rolling 0
      And the Gold Golems retaliate against the Enemy Golems in melee, rolling 0
      Then the attack score is 5
      And the Gold Golems are swarming

    Example: Under the alternative reading the retaliation is doubled to 10 and the swarm is spent
      Given the alternative reading: a swarming stack's retaliation is doubled
      And the Gold Golems have chosen to swarm
      When the Enemy Golems attack the Gold Golems in melee, rolling 0
      And the Gold Golems retaliate against the Enemy Golems in melee, rolling 0
      Then the attack score is 10
      And the Gold Golems are ready

  @id:ruling.protecting-retaliation @source:000/protecting @source:000/retaliations
  Rule: A stack turned to protect may still retaliate
    Protecting, the Gold Golems defend with 7 + 2 = 9; the Enemy Golems' 7 + 2 reaches it.

    Example: Protecting Gold Golems answer the attack that hit them
      Given the Gold Golems have chosen to protect
      When the Enemy Golems attack the Gold Golems in melee, rolling 2
      Then the Gold Golems may retaliate against the Enemy Golems in melee

    Example: Under the alternative reading the protecting Gold Golems cannot answer
      Given the alternative reading: a stack turned to protect cannot retaliate
      And the Gold Golems have chosen to protect
      When the Enemy Golems attack the Gold Golems in melee, rolling 2
      And the Gold Golems try to retaliate against the Enemy Golems in melee, rolling 0
      Then the action is refused under the rule ruling.protecting-retaliation
      And the battle is unchanged
