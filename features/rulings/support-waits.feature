@game:homm @chapter:6
Feature: Ruling: support waits for the next attack
  **The question.** Support is added to the supported stack's *next attack*. What if that
  stack's next attack opportunity comes and it does not attack: it swarms, protects,
  sacrifices in turn or lets the opportunity pass? Is the support lost with that
  opportunity, or does it wait for the attack?

  **Battlebook's reading.** **It waits for the stack's next attack**, however many of its
  opportunities pass meanwhile: the texts tie support to an attack, not to an opportunity.

  **The alternative.** Support lapses at the supported stack's next opportunity if the stack
  spends it without attacking. A scenario chooses it with
  `Given the alternative reading: support lapses at the supported stack's next opportunity`.

  The Halflings' and Orcs' stats are chosen for these examples; the Gold Golems' are the sources'.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |
    And the Aggressor has a stack of 3 Halflings on its Melee Line
    And the Aggressor has a stack of 2 Orcs on its Melee Line
    And the Defender has a stack of 3 Gold Golems on its Melee Line

  @id:ruling.support-waits @source:001/sacrificing-for-support
  Rule: Support waits until the supported stack next attacks
    Example: The Orcs protect instead of attacking, and the Halflings' support still waits
      Given the Halflings have sacrificed to support the Orcs against the Gold Golems
      When the Orcs protect
      Then the Orcs have support of 3 waiting

    Example: Under the alternative reading the support lapses when the Orcs protect
      Given the alternative reading: support lapses at the supported stack's next opportunity
      And the Halflings have sacrificed to support the Orcs against the Gold Golems
      When the Orcs protect
      Then the Orcs have no support waiting
