Feature: The messages a check can give
  Each Example provokes one kind of message: its name is the message's kind, its
  description what the message means and what to do. The page *Messages of a check* runs
  them when the site is built and shows the check's own words.

  @game:homm
  Example: expected and actual
    A Then step stated an outcome the engine does not reach: the rules, as Battlebook
    reads them, give the outcome on the `actual:` line.

    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling 5
    Then the attack kills the top card of the Behemoth

  @game:homm
  Example: refused under a rule
    The action breaks a rule; the message names the rule's identifier (its section of the
    rulebook). Write `try to` in the When step and `Then the action is refused under the
    rule ...` if the refusal is what the scenario means to show.

    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Ranged Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling 6
    Then the attack kills the top card of the Behemoth

  @game:heroscape @edition:2004
  Example: allowed but not rolled
    No rule refuses the action, but the scenario states fewer rolls than it needs; the
    message says how many faces the attack rolls and how many were stated. This is not a
    refusal: a Then step expecting one fails with this message.

    Given the battlefield:
      """
      1Z1 1 1 1A1
      Z1 = Zettian Guards (Red)
      A1 = Airborne Elite (Blue)
      """
    When the Zettian Guard Z1 tries to attack the Airborne Elite A1
    Then the attack is refused under the rule heroscape.line-of-sight

  @game:homm
  Example: a roll refused
    A stated roll is a face the die cannot show under the reading in force.

    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling 10
    Then the attack kills the top card of the Behemoth

  @game:heroscape @edition:2024
  Example: the rules don't say
    The sources leave the case open and no ruling settles it under the readings chosen:
    not a mistake in the scenario. The example counts as open, not failed.

    Given the alternative reading: the 2024 edition states no way to win a battle
    And the battlefield:
      """
      3Z1 1 1A1
      Z1 = Zettian Guards (Red)
      A1 = Airborne Elite (Blue)
      """
    When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, skull, skull against shield, blank
    Then Red has won the battle

  @game:homm
  Example: the scenario cannot be played
    The scenario's own setup is wrong (here a unit the sources do not define); the message
    names the line, and how to define a unit in the scenario.

    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Dragons on its Melee Line
    Then the Gold Dragons attack in melee with a score of 7

  @game:homm
  Example: no step reads like this line
    A line matches no step of the language; the closest steps are listed.

    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    Then the Gold Golems hit in melee with a score of 7
