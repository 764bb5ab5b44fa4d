@game:homm @chapter:15
Feature: Ruling: the lost character of the town text
  **The question.** The town text says that behind undamaged walls the Aggressor's ranged
  scores at the stacks inside are cut "in ?", rounding up: a character was lost from the
  text. By how much is the score cut?

  **Battlebook's reading.** In **half**, rounding up: an odd score of 5 becomes 3, an even
  4 becomes 2. The very next sentences say so, speaking of no longer cutting the score in
  half once the walls are Breached.

  **The alternative.** Read another fraction there, such as a third or a quarter. Nothing
  in the text supports it, and Battlebook does not offer it as a setting.

  **A second slip.** The text spells the first damaged position of the walls Breeched,
  with a double e.
  **Battlebook's reading.** The word is *Breached*, and the rulebook writes it so; the
  source's spelling is kept in the rule on the walls, so that searching the site for either
  word finds it. There is no other reading to choose.

  The Orcs', Halflings' and Slinger's stats are chosen for these examples.

  Background:
    Given a battle in the Defender's town
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Halfling | 1     | 4     | 1     | 2      | 4       |
      | Orc      | 2     | 6     | 2     | 3      | 5       |
      | Slinger  | 1     | 4     | 1     | 1      | 4       |
    And the Defender has a stack of 2 Orcs called "Town Orcs" on its Ranged Line

  @id:ruling.town-penalty-half @source:002/ranged-penalties
  Rule: Intact walls halve the score, rounding up
    Example: An odd score of 5 is halved up to 3
      Given the Aggressor has a stack of 2 Orcs on its Ranged Line
      When the Orcs attack the Town Orcs at range, rolling 0
      Then the attack score is 3

    Example: An even score of 4 is halved to 2
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      When the Halflings attack the Town Orcs at range, rolling 0
      Then the attack score is 2

    Example: A score of 1 stays 1
      Given the Aggressor has a Slinger on its Ranged Line
      When the Slinger attacks the Town Orcs at range, rolling 0
      Then the attack score is 1

  @id:ruling.breached-spelling @source:002/setup
  Rule: The walls' first damaged position is written Breached
    Example: One hit turns the walls to Breached
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      When the Gold Golems attack the Town Card in melee, rolling 3
      Then the town's walls are Breached
