@game:heroscape @chapter:19 @edition:2004
Feature: Ruling: range to a double-space target
  **The question.** A double-space figure stands on two spaces. The sources say that such
  a figure, attacking, may count its range from either of them. They say nothing of a
  double-space figure being attacked: is the range counted to the nearer of its two
  spaces, or must the whole figure be within range?

  **Battlebook's reading.** The range is counted to the target's **nearer space**, just
  as it is counted from the attacker's nearer space: a figure is within range when any
  space it stands on is.

  **The alternative.** The range is counted to the target's **farther space**, so that
  the whole figure must be within range. A scenario chooses it with
  `Given the alternative reading: range to a double-space target is counted to its farther space`.

  The Stone Wyrms are a double-space card chosen for these examples.

  Background:
    Given these army cards, defined for this example only:
      | name        | figure     | kind  | figures | life | range | attack | defense | height | spaces |
      | Stone Wyrms | Stone Wyrm | squad | 2       | 1    | 6     | 2      | 2       | 3      | 2      |

  @id:ruling.heroscape-target-space @source:003/range
  Rule: A double-space target is within range when its nearer space is
    Example: A Stone Wyrm whose nearer space is 7 spaces away is within the Zettian Guard's Range 7
      Given the battlefield:
        """
        1Z1 1 1 1 1 1 1 1W 1W
        Z1 = Zettian Guards (Red)
        W = Stone Wyrms (Green)
        """
      Then the Stone Wyrm W is 7 spaces from the Zettian Guard Z1, counted along the spaces
      And the Zettian Guard Z1 may attack the Stone Wyrm W

    Example: Under the alternative reading its farther space, 8 spaces away, puts it out of range
      Given the alternative reading: range to a double-space target is counted to its farther space
      And the battlefield:
        """
        1Z1 1 1 1 1 1 1 1W 1W
        Z1 = Zettian Guards (Red)
        W = Stone Wyrms (Green)
        """
      Then the Stone Wyrm W is 8 spaces from the Zettian Guard Z1, counted along the spaces
      And the Zettian Guard Z1 may not attack the Stone Wyrm W under the rule heroscape.range
