@game:homm @chapter:10
Feature: Retaliation
  Besides attacking in its own phase, a stack may hit back once per combat round when it
  is attacked. To **retaliate** it must survive the attack and answer in the same kind:
  a melee attack with its melee attack score, a ranged attack with its ranged attack
  score, which must be above 0. Nobody can answer a spell.

  The sources give the Bandit's melee attack score of 1 and place its attack in phase 3;
  its other stats, and all the stats of the Orc, the Halflings and the Magi, are chosen for
  these examples. The Orc attacks in phase 6, as in the sources' example.

  Background:
    Given a battle in the open field
    And these spells, defined for this example only:
      | name       | attack |
      | Magic Fist | 4      |
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense | casts      |
      | Bandit   | 1     | 3     | 1     | 0      | 4       |            |
      | Orc      | 2     | 6     | 2     | 3      | 5       |            |
      | Halfling | 1     | 4     | 1     | 2      | 4       |            |
      | Magi     | 3     | 5     | 1     | 0      | 6       | Magic Fist |
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line

  @id:homm.retaliation @source:000/retaliations
  Rule: A stack that survives an attack may answer its attacker in kind
    Right after an attack, the stack it targeted may retaliate if it still has cards (or
    let the attack go unanswered: [declining to retaliate](rule:ruling.decline-retaliation)). It
    attacks its attacker back with the same kind of attack: with its stack's melee attack
    score against a melee attack, with its stack's ranged attack score against a ranged
    attack. A unit whose ranged attack score is 0 cannot answer a ranged attack, even if
    it casts spells; a stack that shoots well must still answer a melee attack in melee;
    and no one may retaliate against a spell. Whether a stack on its Ranged Line may
    answer a flier's melee attack in a town is a ruling ([retaliating from the
    Ranged Line](rule:ruling.retaliation-reach): it may). Whether a retaliation can itself be answered is
    another ([retaliating against a retaliation](rule:ruling.retaliation-chain): it cannot).
    A retaliation is not the stack's attack opportunity: it takes neither waiting support
    nor a swarm's doubling, and a protecting stack may still retaliate ([what a
    retaliation takes](rule:ruling.retaliation-support)).

    Example: The Bandit's 1 + 7 = 8 kills the top Gold Golem, and the two left may retaliate
      Given the Defender has a Bandit on its Melee Line
      And the battle is in phase 3 of round 1, on the Defender's turn
      When the Bandit attacks the Gold Golems in melee, rolling 7
      Then the attack total is 8
      And the Gold Golems stack has 2 cards left
      And the Gold Golems may retaliate against the Bandit in melee

    Example: The two surviving Golems answer with a melee score of 3 + 2 = 5
      Given the Defender has a Bandit on its Melee Line
      When the Bandit attacks the Gold Golems in melee, rolling 7
      And the Gold Golems retaliate against the Bandit in melee, rolling 0
      Then the attack score is 5
      And the Bandit stack has 0 cards left

    Example: Gold Golems cannot answer an Orc's ranged attack in phase 6
      Given the Defender has an Orc on its Ranged Line
      And the battle is in phase 6 of round 1, on the Defender's turn
      When the Orc attacks the Gold Golems at range, rolling 4
      Then the Gold Golems stack has 2 cards left
      And the Gold Golems may not retaliate against the Orc at range, by the rule homm.retaliation

    Example: Halflings could answer the same ranged attack
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      And the Defender has an Orc on its Ranged Line
      When the Orc attacks the Halflings at range, rolling 0
      Then the Halflings may retaliate against the Orc at range

    Example: A ranged attack cannot be answered in melee
      Given the Defender has an Orc on its Melee Line
      When the Orc attacks the Gold Golems at range, rolling 4
      And the Gold Golems try to retaliate against the Orc in melee
      Then the action is refused under the rule homm.retaliation
      And the battle is unchanged

    Example: A good shooter attacked in melee must still answer in melee
      Given the Aggressor has a stack of 3 Halflings on its Melee Line
      And the Defender has a Bandit on its Melee Line
      When the Bandit attacks the Halflings in melee, rolling 0
      Then the Halflings may retaliate against the Bandit in melee
      And the Halflings may not retaliate against the Bandit at range, by the rule homm.retaliation

    Example: Magi without a ranged attack score cannot answer a ranged attack
      Given the Aggressor has a stack of 2 Magi on its Ranged Line
      And the Defender has an Orc on its Ranged Line
      When the Orc attacks the Magi at range, rolling 0
      Then the Magi may not retaliate against the Orc at range, by the rule homm.retaliation

    Example: No one can retaliate against a spell
      Given the Defender has a stack of 2 Magi on its Ranged Line
      When the Magi attack the Gold Golems with Magic Fist, rolling 2
      Then the Gold Golems stack has 2 cards left
      And the Gold Golems may not retaliate against the Magi in melee, by the rule homm.retaliation

    Example: Magi attacked in melee cannot answer with a spell
      Given the Aggressor has a stack of 2 Magi on its Melee Line
      And the Defender has a Bandit on its Melee Line
      When the Bandit attacks the Magi in melee, rolling 0
      And the Magi try to retaliate against the Bandit with Magic Fist
      Then the action is refused under the rule homm.retaliation
      And the battle is unchanged

    Example: Only the stack just attacked may retaliate
      Given the Aggressor has a stack of 3 Gold Golems called "Golem Reserve" on its Melee Line
      And the Defender has a Bandit on its Melee Line
      When the Bandit attacks the Gold Golems in melee, rolling 7
      Then the Golem Reserve may not retaliate against the Bandit in melee, by the rule homm.retaliation

    Example: A stack destroyed by the attack cannot retaliate
      Given the Aggressor has a Gold Golem called "Lone Golem" on its Melee Line
      And the Defender has a Bandit on its Melee Line
      When the Bandit attacks the Lone Golem in melee, rolling 7
      Then the Lone Golem stack has 0 cards left
      And the battle has no attack left to answer

  @id:homm.retaliation-once-per-round @source:000/retaliations
  Rule: A stack retaliates at most once per combat round, and the marks are cleared when the round ends
    Each stack that has retaliated is marked for the rest of the round and cannot
    retaliate again in it. At the end of the round all the marks are cleared. Retaliating
    is not an attack opportunity: the stack still attacks in its own phase.

    Background:
      Given the Defender has a Bandit on its Melee Line
      And the Defender has a Bandit called "Second Bandit" on its Melee Line
      And the battle is in phase 3 of round 1, on the Defender's turn

    Example: A stack that has retaliated cannot retaliate again in the same round
      When the Bandit attacks the Gold Golems in melee, rolling 0
      And the Gold Golems retaliate against the Bandit in melee, rolling 0
      And the Second Bandit attacks the Gold Golems in melee, rolling 0
      Then the Gold Golems may not retaliate against the Second Bandit in melee, by the rule homm.retaliation-once-per-round

    Example: A stack that has retaliated still has its attack opportunity
      When the Bandit attacks the Gold Golems in melee, rolling 0
      And the Gold Golems retaliate against the Bandit in melee, rolling 0
      Then the Gold Golems have not used their attack opportunity this round

    Example: The marks are cleared when the round ends
      When the Bandit attacks the Gold Golems in melee, rolling 0
      And the Gold Golems retaliate against the Bandit in melee, rolling 0
      And both sides end their turns until the round ends
      Then no stack is marked as having retaliated
