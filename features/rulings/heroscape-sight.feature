@chapter:17 @edition:2004
Feature: Ruling: figures and line of sight
  **The question.** Do other figures block a line of sight? The sources ask the
  player to look from behind the attacker's head and say that any visible part of the
  target is enough; the only things they name as hiding a target are pieces of
  terrain, a ruin or a ledge. They never say whether a figure standing in between
  hides what is behind it.

  **Battlebook's reading.** Only terrain blocks a line of sight; other figures, friends
  or enemies, never do.

  **The alternative.** Figures block like terrain: each one an upright body as tall as
  its Height, standing over its space (the same body the engine uses for targets). A
  scenario chooses it with the step `Given figures block line of sight`, written before
  the battlefield.

  **A second question.** Where is the head of a double-space figure? The sources let
  such a figure attack from whichever of its two spaces it likes, but give a
  figure one head, and the text map does not say which way a figure faces.

  **Battlebook's reading.** The line of sight may start above either of its two
  spaces, just as its range may be counted from either. **The alternative:** the head is
  above one front space only, which the scenario would have to name.

  @id:ruling.heroscape-figures-and-sight @source:003/line-of-sight
  Rule: Other figures do not block a line of sight unless the scenario chooses that they do
    Under the default reading a figure standing between attacker and target changes
    nothing; under the alternative, a figure tall enough to hide the whole target
    blocks the attack.

    Example: A giant standing in between does not hide the target
      Given the battlefield:
        """
        1Z1 1 1X 1X 1A1
         1   1 1  1  1
        Z1 = Zettian Guards (Red)
        X = Xenithrax the Vineweaver (Blue)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 can see the Airborne Elite A1

    Example: Under the alternative reading the same giant hides the target
      Given figures block line of sight
      And the battlefield:
        """
        1Z1 1 1X 1X 1A1
         1   1 1  1  1
        Z1 = Zettian Guards (Red)
        X = Xenithrax the Vineweaver (Blue)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 tries to attack the Airborne Elite A1
      Then the attack is refused under the rule heroscape.line-of-sight

  @id:ruling.heroscape-double-space-head @source:003/line-of-sight @source:003/range
  Rule: A double-space figure may look from above either of its spaces
    If the head above one of its two spaces sees the target, the figure has line of
    sight, even when the view from above its other space is blocked.

    Example: A double-space figure sees over a wall only from its space farther from the wall
      Given these army cards, defined for this example only:
        | name        | figure     | kind  | figures | life | range | attack | defense | height | spaces |
        | Stone Wyrms | Stone Wyrm | squad | 2       | 1    | 6     | 2      | 2       | 3      | 2      |
      And the battlefield:
        """
        1W 1W 5 1A1
        W = Stone Wyrms (Green)
        A1 = Airborne Elite (Blue)
        """
      Then the Stone Wyrm W sees the Airborne Elite A1 only from above its space at row 1, column 1
      And the Stone Wyrm W may attack the Airborne Elite A1
