@game:homm @chapter:6
Feature: Ruling: retaliating from the Ranged Line
  **The question.** A melee attack is made from the attacker's Melee Line at a stack on
  the enemy's Melee Line, so in the open field a stack attacked in melee always stands
  where it could strike back. In a town whose walls are damaged, though, a flier may
  make a melee attack on a stack on the Defender's Ranged Line. The retaliation rules
  ask only that the stack survive and answer in kind; they do not say whether a stack on
  its Ranged Line may answer in melee.

  **Battlebook's reading.** **Yes.** A retaliation answers the stack that has just struck
  it, and that stack came to it: the line rules of an attack made in the retaliator's own
  phase do not apply to the answer. So Orcs inside the town may answer a Griffin that
  flew in, with their melee attack score.

  **The alternative.** A retaliation must obey the line rules of an ordinary attack of
  its kind, so a stack on its Ranged Line can never answer a melee attack. A scenario
  chooses it with
  `Given the alternative reading: a retaliation obeys the line rules of its kind of attack`.

  The Orcs' and Griffins' stats are chosen for these examples; the sources give none, and
  name no unit that ignores obstacles. The Sentry keeps the Breached walls' one stack
  outside, so the Orcs stay inside.

  Background:
    Given a battle in the Defender's town
    And these units, defined for this example only:
      | name    | level | phase | melee | ranged | defense | abilities         |
      | Orc     | 2     | 6     | 2     | 3      | 5       |                   |
      | Griffin | 2     | 3     | 4     | 0      | 6       | ignores obstacles |
    And the town's walls are Breached
    And the Defender has a Gold Golem called "Sentry" on its Melee Line
    And the Defender has a stack of 2 Orcs on its Ranged Line
    And the Aggressor has a stack of 1 Griffin on its Melee Line

  @id:ruling.retaliation-reach @source:000/retaliations @source:002/ignoring-obstacles
  Rule: A stack on its Ranged Line may answer a flier's melee attack in melee
    Example: The Orcs inside answer the Griffin that flew in
      When the Griffin attacks the Orcs in melee, rolling 1
      Then the Orcs stack has 1 card left
      And the Orcs stand on the Ranged Line
      And the Orcs may retaliate against the Griffin in melee

    Example: The Orcs' melee answer kills the Griffin
      When the Griffin attacks the Orcs in melee, rolling 1
      And the Orcs retaliate against the Griffin in melee, rolling 4
      Then the attack kills the top card of the Griffin

    Example: Under the alternative reading the Orcs inside cannot answer the Griffin
      Given the alternative reading: a retaliation obeys the line rules of its kind of attack
      When the Griffin attacks the Orcs in melee, rolling 1
      Then the Orcs may not retaliate against the Griffin in melee, by the rule ruling.retaliation-reach
