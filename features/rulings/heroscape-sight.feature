@game:heroscape @chapter:17 @edition:2004
Feature: Ruling: figures and line of sight
  **The question.** Do other figures block a line of sight? The sources ask the
  player to look from behind the attacker's head and say that any visible part of the
  target is enough. The things they name as hiding a target, a ruin or a ledge, are
  given only as examples; they never say whether a figure standing in between hides
  what is behind it.

  **Battlebook's reading.** Figures block like terrain. The test the sources give is
  physical, a look from the attacker's head, and a figure in the way hides what is
  behind it as a ruin would: each figure is an upright body as tall as its Height,
  standing over its space (the same body the engine uses for targets). Any part of the
  target still in view is enough.

  **The alternative.** Only terrain blocks a line of sight; other figures, friends or
  enemies, never do. A scenario chooses it with
  `Given the alternative reading: figures never block line of sight`. (The step
  `Given figures block line of sight`, from the time the readings were the other way
  round, still states Battlebook's reading.)

  **A second question.** Where is the head of a double-space figure? The sources let
  such a figure attack from whichever of its two spaces it likes, but give a
  figure one head, and the text map does not say which way a figure faces.

  **Battlebook's reading.** The line of sight may start above either of its two
  spaces, just as its range may be counted from either. **The alternative:** the head is
  over one space only, which the scenario names with
  `Given the Stone Wyrm W has its head over its space at row 1, column 2`, after choosing
  `Given the alternative reading: a double-space figure looks only from above the space its head is over`.

  @id:ruling.heroscape-figures-and-sight @source:003/line-of-sight
  Rule: Other figures block a line of sight as terrain does
    A figure tall enough to hide the whole target from the attacker's head blocks the
    attack; under the alternative reading a figure standing in between changes nothing.

    Example: Under the alternative reading a giant standing in between does not hide the target
      Given the alternative reading: figures never block line of sight
      And the battlefield:
        """
        1Z1 1 1X 1X 1A1
         1   1 1  1  1
        Z1 = Zettian Guards (Red)
        X = Xenithrax the Vineweaver (Blue)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 can see the Airborne Elite A1

    Example: A giant standing in between hides the target
      Given the battlefield:
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

    Example: Under the alternative reading a head over the space nearer the wall sees nothing
      Given the alternative reading: a double-space figure looks only from above the space its head is over
      And these army cards, defined for this example only:
        | name        | figure     | kind  | figures | life | range | attack | defense | height | spaces |
        | Stone Wyrms | Stone Wyrm | squad | 2       | 1    | 6     | 2      | 2       | 3      | 2      |
      And the battlefield:
        """
        1W 1W 5 1A1
        W = Stone Wyrms (Green)
        A1 = Airborne Elite (Blue)
        """
      And the Stone Wyrm W has its head over its space at row 1, column 2
      When the Stone Wyrm W tries to attack the Airborne Elite A1
      Then the attack is refused under the rule heroscape.line-of-sight

    Example: Under the alternative reading a head over the space farther from the wall sees the target
      Given the alternative reading: a double-space figure looks only from above the space its head is over
      And these army cards, defined for this example only:
        | name        | figure     | kind  | figures | life | range | attack | defense | height | spaces |
        | Stone Wyrms | Stone Wyrm | squad | 2       | 1    | 6     | 2      | 2       | 3      | 2      |
      And the battlefield:
        """
        1W 1W 5 1A1
        W = Stone Wyrms (Green)
        A1 = Airborne Elite (Blue)
        """
      And the Stone Wyrm W has its head over its space at row 1, column 1
      Then the Stone Wyrm W may attack the Airborne Elite A1
