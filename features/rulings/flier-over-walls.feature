@game:homm @chapter:14
Feature: Ruling: a flier and the walls
  **The question.** Once a town's walls are Breached, a unit that ignores obstacles may
  get over them, flying or teleporting, and strike the stacks inside in melee. A melee
  attack is made from the attacker's Melee Line. May such a unit fly in from its Ranged
  Line as well?

  **Battlebook's reading.** **No.** Flying in lets the unit reach stacks a melee attack
  could not otherwise reach; it does not change where a melee attack is made from. The
  flier attacks from its own Melee Line, as every melee attacker does.

  **The alternative.** A unit that ignores obstacles, having no need of a path, may fly in
  from either of its lines. A scenario chooses it with
  `Given the alternative reading: a unit that ignores obstacles may fly in from its Ranged Line too`.

  The Griffins' and Orcs' stats are chosen for these examples; the sources name no unit
  that ignores obstacles.

  Background:
    Given a battle in the Defender's town
    And these units, defined for this example only:
      | name    | level | phase | melee | ranged | defense | abilities         |
      | Griffin | 2     | 3     | 4     | 0      | 6       | ignores obstacles |
      | Orc     | 2     | 6     | 2     | 3      | 5       |                   |
    And the town's walls are Breached
    And the Defender has a Gold Golem called "Sentry" on its Melee Line
    And the Defender has a stack of 2 Orcs on its Ranged Line

  @id:ruling.flier-line @source:002/ignoring-obstacles @source:001/making-melee-attacks
  Rule: A flier flies in from its own Melee Line only
    Example: Griffins on their Ranged Line cannot fly in over Breached walls
      Given the Aggressor has a stack of 1 Griffin on its Ranged Line
      When the Griffin tries to attack the Orcs in melee
      Then the action is refused under the rule homm.melee-attack
      And the battle is unchanged

    Example: Under the alternative reading the same Griffin flies in and strikes the Orcs
      Given the alternative reading: a unit that ignores obstacles may fly in from its Ranged Line too
      And the Aggressor has a stack of 1 Griffin on its Ranged Line
      When the Griffin attacks the Orcs in melee, rolling 1
      Then the Orcs stack has 1 card left
