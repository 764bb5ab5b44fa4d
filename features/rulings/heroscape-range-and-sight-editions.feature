@game:heroscape @chapter:22 @edition:2024
Feature: Ruling: range and line of sight in the 2024 edition
  **The question.** How does the 2024 edition count range and decide line of sight? Its
  text asks the attacker to confirm that the defender is within Range and Line of Sight,
  but it explains neither; only the 2004 text describes how to count the spaces and how
  to look from the attacker's head to the target.

  **Battlebook's reading.** Both editions count range and decide line of sight the same
  way, as the 2004 text describes (see [Range](../heroscape/range.md#heroscape.range)
  and [Line of sight](../heroscape/line-of-sight.md)); an edition setting changes neither.

  **The alternative.** The 2024 edition has its own way of measuring, which its text
  leaves out. Nothing in the sources would then say how far a target is or whether it can
  be seen, and the engine answers that the rules don't say, for any attack under the 2024
  edition. A scenario chooses it with
  `Given the alternative reading: the 2024 edition measures range and line of sight in a way its text does not state`.

  @id:ruling.heroscape-range-and-sight-editions @source:004/setting-up-the-attack @source:003/range @source:003/line-of-sight
  Rule: Under the 2024 edition range is counted and line of sight decided as in the 2004 game
    The examples below replay situations of the 2004 chapters under the 2024 edition and
    reach the same results.

    Example: Under the 2024 edition Example 8's Airborne Elite is 7 spaces away and within range
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
      And the Zettian Guard Z1 may not attack the Airborne Elite A2 under the rule heroscape.range

    Example: Under the 2024 edition a target wholly behind a higher ledge cannot be attacked
      Given the battlefield:
        """
        1Z1 1 1 8 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 tries to attack the Airborne Elite A1
      Then the attack is refused under the rule heroscape.line-of-sight
      And the battlefield is unchanged

    Example: Under the alternative reading the rules don't say how far Example 8's Airborne Elite is
      Given the alternative reading: the 2024 edition measures range and line of sight in a way its text does not state
      And the battlefield:
        """
        2Z1 2 1 1 1 1 5 1A1 1A2
         2   2 1 1 1 1 5 1   1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        A2 = Airborne Elite (Blue)
        """
      Then the rules don't say how to measure from the Zettian Guard Z1 to the Airborne Elite A1
