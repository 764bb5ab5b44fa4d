@game:homm @chapter:14
Feature: Ruling: what the walls' penalty applies to
  **The question.** Behind intact walls the Aggressor's ranged attack scores at the stacks
  inside are halved, behind Breached walls they lose 1. A stack attacks with more than
  its top card's printed ranged score: the levels of the cards under it are added, and so
  may be a supporting stack's Sac value, and a swarm doubles the result. Is the penalty
  taken from the printed score of the card, or from the whole score of the attack?

  **Battlebook's reading.** From the **whole score** the attack is made with: the top
  card's ranged score, the levels under it, any support, and any swarm doubling, added up
  first. The text speaks of the ranged attack scores *of the attacks* aimed inside, and it
  is the attack as a whole that the walls stop.

  **The alternative.** Halve (or reduce by 1) only the top card's printed ranged score,
  then add the levels, the support and the doubling as usual. A scenario chooses it with
  `Given the alternative reading: the walls' penalty is taken from the top card's ranged score`.

  The two readings part only where something is added to the card's score and the walls
  are intact: behind Breached walls both take 1 off. The Orcs' and Halflings' stats are
  chosen for these examples.

  Background:
    Given a battle in the Defender's town
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |
    And the Defender has a stack of 2 Halflings on its Ranged Line

  @id:ruling.town-penalty-score @source:002/ranged-penalties @source:001/attacking-as-a-stack
  Rule: The walls' penalty is taken from the whole score of the attack
    Example: Two Orcs shoot with 3 + 2 = 5, halved to 3
      Given the Aggressor has a stack of 2 Orcs on its Ranged Line
      When the Orcs attack the Halflings at range, rolling 0
      Then the attack score is 3

    Example: Support is halved along with the rest
      Given the Aggressor has a stack of 2 Orcs on its Ranged Line
      And the Aggressor has a stack of 3 Halflings called "Helpers" on its Ranged Line
      And the Helpers have sacrificed to support the Orcs against the Halflings
      When the Orcs attack the Halflings at range, rolling 0
      Then the attack score is 4

    Example: Under the alternative reading only the Orc card's 3 is halved, to 2, and the 2 levels follow
      Given the alternative reading: the walls' penalty is taken from the top card's ranged score
      And the Aggressor has a stack of 2 Orcs on its Ranged Line
      When the Orcs attack the Halflings at range, rolling 0
      Then the attack score is 4

    Example: Behind Breached walls both readings take 1 off
      Given the alternative reading: the walls' penalty is taken from the top card's ranged score
      And the town's walls are Breached
      And the Defender has a Gold Golem called "Sentry" on its Melee Line
      And the Aggressor has a stack of 2 Orcs on its Ranged Line
      When the Orcs attack the Halflings at range, rolling 0
      Then the attack score is 4
