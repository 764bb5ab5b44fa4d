@game:heroscape @chapter:3 @edition:2004
Feature: Line of sight
  A figure can only attack what it can see. **Line of sight** is not counted in spaces:
  it is a straight line through the air, from the attacker's head to the target. If
  some part of the target can be seen from the attacker's head, the line is clear;
  if terrain hides all of it, there is no attack, and by Battlebook's ruling another
  figure standing in the way hides what is behind it just as terrain does.

  ### How Battlebook measures it

  The engine checks line of sight geometrically, in three dimensions, with one fixed
  model of the table:

  - the centres of two touching spaces are 1 unit apart; a level of terrain is 1/4 unit
    tall, and the space at level *n* is a solid six-sided column up to height *n*/4;
    an empty area has no column;
  - a figure of Height *h* standing at level *n* is a body 1/2 unit wide over the centre
    of its space, from its base at *n*/4 to its **head** at (*n* + *h*)/4;
  - the line starts at the attacker's head; the sources let it end at any part of the
    target, and the engine **samples 35 points** of the target's body over each space it
    stands on (its middle and six points round its edge, each at five heights from just
    above its base to its head), so the target is seen when one of those lines is clear;
  - a line is blocked when it passes through the inside of a terrain column below the
    column's top: a ledge rising above the line hides what is behind it. A line that only
    touches a column's top, side or corner is not blocked, and a line over an empty area
    is never blocked by it;
  - other figures block a line of sight as terrain does, each an upright body as tall as
    its Height over its space, and a double-space figure may look from above either of
    its spaces: see the ruling
    [Figures and line of sight](../rulings/heroscape-sight.md#ruling.heroscape-figures-and-sight).

  Both editions use line of sight the same way (see the ruling on
  [range and line of sight in the 2024 edition](../rulings/heroscape-range-and-sight-editions.md#ruling.heroscape-range-and-sight-editions));
  the examples here play under the 2004 basic game.

  @id:heroscape.line-of-sight @source:003/line-of-sight @source:003/example-8
  Rule: The attacker must see some part of the target from its head, past terrain and other figures
    Trace straight lines from the top of the attacker's figure to its target. If at least
    one of them reaches some part of the target without passing through terrain or another
    figure, the attacker has line of sight and may attack; seeing only the top of the
    target is enough. If terrain such as a ledge or a ruin hides the whole target, the
    attack is refused. The sources' examples are terrain; that other figures block as well is
    Battlebook's reading ([figures and line of sight](rule:ruling.heroscape-figures-and-sight)).
    It does not matter if the line passes over the edge of the board, where there are no
    spaces beneath it.

    Example: Example 8, second part: the Zettian Guard sees only the top of the Airborne Elite, which is enough
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
      Then the Zettian Guard Z1 sees the top of the Airborne Elite A1 but not its base
      And the Zettian Guard Z1 may attack the Airborne Elite A1

    Example: A target wholly hidden behind a higher ledge cannot be attacked
      Given the battlefield:
        """
        1Z1 1 1 8 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 tries to attack the Airborne Elite A1
      Then the attack is refused under the rule heroscape.line-of-sight
      And the battlefield is unchanged

    Example: Raised high enough, the attacker sees over the same ledge
      Given the battlefield:
        """
        14Z1 1 1 8 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 can see the Airborne Elite A1
      And the Zettian Guard Z1 may attack the Airborne Elite A1

    Example: A line of sight over an empty area is not blocked
      Given the battlefield:
        """
        2Z1 . . . 2A1
         2  2 2 2 2
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 can see the Airborne Elite A1
      And the Zettian Guard Z1 may attack the Airborne Elite A1

    Example: Terrain lower than the line does not hide the target
      Given the battlefield:
        """
        3Z1 1 4 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 can see the Airborne Elite A1
