@game:homm @chapter:9
Feature: Ruling: swatting with ranged attacks and spells
  **The question.** Swatting is described with melee attacks. The ranged attack rules say
  the process is otherwise the same as a melee attack, and spells are treated as any other
  attack, but neither text mentions swatting by name.

  **Battlebook's reading.** **Every** attack may swat: melee, ranged and spell attacks
  alike, and retaliations too, since a retaliation is an attack. It is not an attack
  opportunity, though, so it takes neither support nor a swarm's doubling (ruling
  [what a retaliation takes](rule:ruling.retaliation-support)).

  **The alternative.** Only melee attacks may swat. A scenario chooses it with
  `Given the alternative reading: only melee attacks may swat`.

  The Halflings', Orcs' and Magi's stats and the score of Magic Fist are chosen for these
  examples.

  Background:
    Given a battle in the open field
    And these spells, defined for this example only:
      | name       | attack |
      | Magic Fist | 4      |
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense | casts      |
      | Halfling | 1     | 4     | 1     | 2      | 4       |            |
      | Orc      | 2     | 6     | 2     | 3      | 5       |            |
      | Magi     | 3     | 5     | 1     | 0      | 6       | Magic Fist |
    And the Aggressor has a stack of 3 Halflings on its Ranged Line
    And the Defender has a stack of 2 Orcs on its Ranged Line

  @id:ruling.swat-reach @source:001/swatting @source:001/making-ranged-attacks @source:001/spell-casters
  Rule: Ranged attacks and spells may swat as melee attacks do
    Example: Halflings swat both Orcs at range with 4 + 6 = 10
      When the Halflings attack the Orcs at range, swatting 2 cards, rolling 6
      Then the attack had to reach a defense of 10
      And the Orcs stack has 0 cards left

    Example: Magi swat both Orcs with Magic Fist and 4 + 6 = 10
      Given the Aggressor has a Magi on its Ranged Line
      When the Magi attack the Orcs with Magic Fist, swatting 2 cards, rolling 6
      Then the attack had to reach a defense of 10
      And the Orcs stack has 0 cards left

    Example: The Orcs' retaliation swats two Halflings with 5 + 3 = 8
      When the Halflings attack the Orcs at range, rolling 0
      And the Orcs retaliate against the Halflings at range, swatting 2 cards, rolling 3
      Then the attack had to reach a defense of 8
      And the Halflings stack has 1 card left

    Example: Under the alternative reading a spell cannot swat either
      Given the alternative reading: only melee attacks may swat
      And the Aggressor has a Magi on its Ranged Line
      When the Magi try to attack the Orcs with Magic Fist, swatting 2 cards
      Then the action is refused under the rule ruling.swat-reach
      And the battle is unchanged

    Example: Under the alternative reading a ranged attack cannot swat
      Given the alternative reading: only melee attacks may swat
      When the Halflings try to attack the Orcs at range, swatting 2 cards
      Then the action is refused under the rule ruling.swat-reach
      And the battle is unchanged

    Example: Under the alternative reading a retaliation at range cannot swat
      Given the alternative reading: only melee attacks may swat
      When the Halflings attack the Orcs at range, rolling 0
      And the Orcs try to retaliate against the Halflings at range, swatting 2 cards
      Then the action is refused under the rule ruling.swat-reach
      And the battle is unchanged
