@game:homm @chapter:13
Feature: Ruling: Breached walls call a stack out
  **The question.** When a town's walls are hit for the first time they are Breached: a
  small hole opens in the gates, and the Defender must at once move at least one of its
  stacks to its Melee Line to fill it. When they are hit again they are Sacked, and the
  Defender must then move its stacks so that at least two stand there. The second rule
  counts the stacks in front of the walls; the first asks for a move. What if a stack
  already stands in front of the walls when they are Breached?

  **Battlebook's reading.** As the text says: the Breach calls **one stack out** at once,
  even when stacks already stand on the Defender's Melee Line, so one more comes out of
  the town (if any is left inside; when several are, the Defender picks which). The
  Sacking hit is a count, as its own words are: stacks come out until at least two
  stand outside.

  **The alternative.** The Breach is a count as well: the Defender needs at least one
  stack outside, a stack already there is enough, and nobody comes out. A scenario chooses
  it with
  `Given the alternative reading: Breached walls need only one stack outside, counting any already there`.

  The Orcs' and Halflings' stats are chosen for these examples; the Gold Golem's are the
  sources'.

  Background:
    Given a battle in the Defender's town
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Gold Golem called "Sentry" on its Melee Line

  @id:ruling.breach-call @source:002/setup
  Rule: The hit that Breaches the walls calls one stack out, even past a stack already outside
    Example: The Sentry already stands outside, and the Breach still calls the Orcs out
      Given the Defender has a stack of 2 Orcs on its Ranged Line
      When the Gold Golems attack the Town Card in melee, rolling 3
      Then the town's walls are Breached
      And the Orcs stand on the Melee Line
      And the Defender has 2 stacks on its Melee Line

    Example: With two stacks inside, the Defender picks the one the Breach calls out
      Given the Defender has a stack of 2 Orcs on its Ranged Line
      And the Defender has a stack of 2 Halflings on its Ranged Line
      When the Gold Golems attack the Town Card in melee, rolling 3
      And the Defender picks the Halflings to move up
      Then the Halflings stand on the Melee Line
      And the Orcs stand on the Ranged Line

    Example: Under the alternative reading the Sentry is enough and the Orcs stay inside
      Given the alternative reading: Breached walls need only one stack outside, counting any already there
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Gold Golems attack the Town Card in melee, rolling 3
      Then the town's walls are Breached
      And the Orcs stand on the Ranged Line
