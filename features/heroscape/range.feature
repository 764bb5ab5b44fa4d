@game:heroscape @chapter:2 @edition:2004
Feature: Range
  Before a figure may attack, its target must be close enough: within the **Range**
  printed on the attacker's army card. Range is counted in spaces across the
  battlefield, from the attacker's space to the target's. Height does not stretch
  the count, and the count never jumps across a gap in the board.

  Both editions count range this way (see the ruling on
  [range and line of sight in the 2024 edition](../rulings/heroscape-range-and-sight-editions.md#ruling.heroscape-range-and-sight-editions));
  the examples here play under the 2004 basic game.

  @id:heroscape.range @source:003/range @source:003/example-8
  Rule: A target must be no more spaces away than the attacker's Range, counted along the spaces
    Count the spaces from the attacker to the target: the target's space counts, the
    attacker's does not, so a target in a touching space is 1 space away and a Range of
    1 allows only attacks on touching spaces. Climbing or dropping levels adds nothing to
    the count. A double-space figure counts from whichever of its two spaces it likes, and
    a double-space target is counted to its nearer space
    ([ruling: range to a double-space target](rule:ruling.heroscape-target-space)).
    When a straight count would pass over an empty area, where the board has no spaces,
    the count instead follows the spaces of the battlefield around it. An attack on a
    target beyond range is refused.

    Example: Example 8, first part: an Airborne Elite 7 spaces away is just within a Zettian Guard's Range of 7
      The source's picture of the battlefield is lost; its words give only the count of 7
      spaces and that the Guard sees the top of the target. The terrain of this map is
      Battlebook's reconstruction.

      Given the battlefield:
        """
        2Z1 2 1 1 1 1 5 1A1 1A2
         2   2 1 1 1 1 5 1   1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        A2 = Airborne Elite (Blue)
        """
      Then the Airborne Elite A1 is 7 spaces from the Zettian Guard Z1, counted along the spaces
      And the Zettian Guard Z1 may attack the Airborne Elite A1

    Example: An Airborne Elite 8 spaces away is out of the Zettian Guard's reach
      Given the battlefield:
        """
        2Z1 2 1 1 1 1 5 1A1 1A2
         2   2 1 1 1 1 5 1   1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        A2 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 tries to attack the Airborne Elite A2
      Then the attack is refused under the rule heroscape.range
      And the battlefield is unchanged

    Example: Range 1 reaches a touching space and no further
      Given the battlefield:
        """
        1K1 1A1 1 1A2
        K1 = Knaves of the Silver Scimitar (Red)
        A1 = Airborne Elite (Blue)
        A2 = Airborne Elite (Blue)
        """
      Then the Airborne Elite A1 is 1 space from the Knave K1, counted along the spaces
      And the Knave K1 may attack the Airborne Elite A1
      And the Knave K1 may not attack the Airborne Elite A2 under the rule heroscape.range

    Example: Levels add nothing to the count
      Given the battlefield:
        """
        1Z1 1 1 1 1 1 1 10A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Airborne Elite A1 is 7 spaces from the Zettian Guard Z1, counted along the spaces
      And the Zettian Guard Z1 may attack the Airborne Elite A1

    Example: A double-space figure counts from either of its spaces
      Given the battlefield:
        """
        3 3X 3X 3A1
        X = Xenithrax the Vineweaver (Blue)
        A1 = Airborne Elite (Red)
        """
      Then the Airborne Elite A1 is 1 space from Xenithrax X, counted along the spaces
      And Xenithrax X may attack the Airborne Elite A1

    Example: Across an empty area the count goes around along the spaces
      Given the battlefield:
        """
        1Z1 . . . . . 1A1
         1  . . . . . 1
        1   . . . . . 1
         1  1 1 1 1 1 1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then a straight count from the Zettian Guard Z1 to the Airborne Elite A1 would give 6
      And the Airborne Elite A1 is 11 spaces from the Zettian Guard Z1, counted along the spaces
      And the Zettian Guard Z1 may not attack the Airborne Elite A1 under the rule heroscape.range
