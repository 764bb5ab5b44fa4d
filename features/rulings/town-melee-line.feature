@game:homm @chapter:13
Feature: Ruling: a town defender's Melee Line
  **The question.** In the open field, whenever a side's Melee Line falls below three
  stacks, stacks come up from its Ranged Line until it holds three again. In a town the
  walls act as the Defender's Melee Line, and the town rules have the Defender move at
  least 1 stack out to it when the walls are Breached, and move stacks out until at least
  2 stand there when they are Sacked. The texts do not say how these rules go together
  with the three-stack rule, nor what holds between two hits: does the three-stack rule
  still pull the Defender's stacks out of their town?

  **Battlebook's reading.** For the side defending the town, the **walls' minimum takes
  the place of the three**: 0 stacks while the walls are intact, 1 once Breached, 2 once
  Sacked (the hit that Breaches the walls also calls a stack out at once, see
  [Breached walls call a stack out](rule:ruling.breach-call)). That minimum holds at all times: whenever the Defender's Melee Line falls below
  it (a hit on the walls, a casualty, a stack going back inside), stacks come out from
  the Ranged Line at once and for free, until the minimum is met or nobody is left
  inside; when more could come out than are needed, the Defender picks, as in the open
  field. The Aggressor keeps the open-field rule. Otherwise the town's promise that the
  Defender need put no stack in front of its walls would be broken by the first casualty.

  **The alternative.** Both rules apply to the Defender: the walls' minimum, and on top of
  it the open-field rule, so that each time the Defender's Melee Line count falls below
  three it is filled up to three from inside. A scenario chooses it with
  `Given the alternative reading: the town's Defender also refills its Melee Line to three when its count falls`.

  The Orcs' and Halflings' stats are chosen for these examples; the Gold Golem's are the
  sources'.

  Background:
    Given a battle in the Defender's town
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line

  @id:ruling.town-melee-line @source:002/setup @source:000/reorganize
  Rule: The walls' minimum replaces the open field's three stacks for the town's Defender
    Example: Behind Breached walls a fallen stack is replaced by one stack, not three
      Given the town's walls are Breached
      And the Defender has a Gold Golem called "Sentry" on its Melee Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      And the Defender has a stack of 2 Halflings on its Ranged Line
      When the Gold Golems attack the Sentry in melee, rolling 0
      And the Defender picks the Orcs to move up
      Then the Defender has 1 stack on its Melee Line
      And the Halflings stand on the Ranged Line

    Example: Under the alternative reading the fallen Sentry is replaced by both stacks inside
      Given the alternative reading: the town's Defender also refills its Melee Line to three when its count falls
      And the town's walls are Breached
      And the Defender has a Gold Golem called "Sentry" on its Melee Line
      And the Defender has a Gold Golem called "Picket" on its Melee Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      And the Defender has a stack of 2 Halflings on its Ranged Line
      When the Gold Golems attack the Sentry in melee, rolling 0
      Then the Defender has 3 stacks on its Melee Line
      And the Halflings stand on the Melee Line

    Example: Behind Sacked walls two stacks outside are enough
      Given the town's walls are Sacked
      And the Defender's Melee Line holds 3 single Gold Golem stacks
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Gold Golems attack the Gold Golem 1 in melee, rolling 0
      Then the Defender has 2 stacks on its Melee Line
      And the Orcs stand on the Ranged Line

    Example: A stack that goes back inside below the minimum is called straight out again
      Given the town's walls are Breached
      And the Defender has a stack of 2 Orcs on its Melee Line
      When the Orcs reorganize to the Ranged Line
      Then the Orcs stand on the Melee Line
      And the Orcs have used their attack opportunity this round

    Example: The Aggressor still refills its Melee Line to three
      Given the Aggressor has a Gold Golem called "Vanguard" on its Melee Line
      And the Aggressor has a Gold Golem called "Rearguard" on its Melee Line
      And the Aggressor has a stack of 2 Halflings on its Ranged Line
      And the Defender has a stack of 3 Gold Golems called "Town Golems" on its Melee Line
      When the Town Golems attack the Vanguard in melee, rolling 0
      Then the Halflings stand on the Melee Line
