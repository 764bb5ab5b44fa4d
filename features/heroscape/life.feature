@game:heroscape @chapter:6
Feature: Wounds, life and army cards
  In the 2024 edition a successful attack does not simply remove its defender. Each
  skull the defender fails to block puts a **wound marker** on it, and a figure falls
  when its wounds reach the **Life** on its army card. Heroes keep their wounds on their
  army card; most squad figures have a single life and fall to any successful attack;
  a few squad figures have more and keep their own wounds beside them.

  A destroyed figure is laid on its army card. When every figure of a card has been
  destroyed the card is **out of play**, which matters for the **order markers** an
  army places on its cards to decide which card takes each of its turns. Every example
  in this chapter plays under the 2024 edition, but one: in the 2004 basic game a
  destroyed figure leaves the game, and the text never puts an army card out of play.

  @id:heroscape.life @source:004/life @source:004/rolling-and-resolving @source:004/example-20 @edition:2024
  Rule: Each unblocked skull is a wound on the hero's army card; the hero falls when its wounds reach its Life
    After a successful attack, put one wound marker on the defending hero's army card for
    every skull its shields did not block. When the markers on the card equal the Life
    printed on it, the hero is destroyed, and its player lays it on its army card.

    Example: Example 20: a Knave's two unblocked skulls destroy Xenithrax, and her order marker ends Blue's turn at once
      The source says only that Xenithrax has the height advantage and so rolls one extra
      defense die; it gives no battlefield. The map is Battlebook's reconstruction: it puts
      her two levels above the Knave, and any gap from 1 to 9 levels would give the same
      one die.

      Given the battlefield:
        """
        1K1 3X 3X
         1   3  3
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        """
      And Xenithrax X already has 6 wounds
      And Blue's order marker 2 lies unrevealed on the Xenithrax the Vineweaver card
      When the Knave K1 attacks Xenithrax X, rolling skull, skull, blank against blank, skull, blank, skull
      Then the attacker rolled 3 dice and the defender 4
      And Xenithrax X takes 2 wounds and has 8 on her army card
      And the attack destroys Xenithrax X
      And Xenithrax X is placed on the army card "Xenithrax the Vineweaver"
      And Blue's order marker 2 is still on the army card "Xenithrax the Vineweaver", unrevealed
      When Blue reveals their order marker 2
      Then Blue's turn ends at once

    Example: A hero whose wounds stay below its Life fights on
      Given the battlefield:
        """
        1K1 1X 1X
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        """
      And Xenithrax X already has 5 wounds
      When the Knave K1 attacks Xenithrax X, rolling skull, skull, skull against shield, blank, blank
      Then Xenithrax X takes 2 wounds and has 7 on her army card
      And the army card "Xenithrax the Vineweaver" of Blue is still in play

  @id:heroscape.squads-and-life @source:004/squads-and-life @edition:2024
  Rule: A one-life squad figure falls to any successful attack; a squad figure with more Life keeps its own wounds
    Most squad figures have a Life of 1: any successful attack destroys such a figure,
    and no wound marker goes on its squad's army card. A squad figure with a Life above 1
    collects wound markers beside it on the battlefield, its own and no one else's, and
    is destroyed when they reach its Life.

    Example: One unblocked skull destroys a one-life Airborne Elite, and its card takes no wound
      Given the battlefield:
        """
        1K1 1A1
        K1 = Knaves of the Silver Scimitar (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Knave K1 attacks the Airborne Elite A1, rolling skull, skull, skull against shield, shield
      Then the attack destroys the Airborne Elite A1
      And the Airborne Elite A1 is placed on the army card "Airborne Elite"
      And the Airborne Elite card of Blue holds no wound markers

    Example: A multi-life squad figure keeps its own wounds beside it
      Given these army cards, defined for this example only:
        | name        | figure     | kind  | figures | life | range | attack | defense | height |
        | Iron Trolls | Iron Troll | squad | 2       | 3    | 1     | 3      | 2       | 6      |
      And the battlefield:
        """
        1K1 1T1 1T2
        K1 = Knaves of the Silver Scimitar (Red)
        T1 = Iron Trolls (Blue)
        T2 = Iron Trolls (Blue)
        """
      When the Knave K1 attacks the Iron Troll T1, rolling skull, skull, blank against blank, blank
      Then the Iron Troll T1 has 2 wound markers next to it
      And the Iron Troll T2 has 0 wound markers next to it
      And the Iron Trolls card of Blue holds no wound markers

    Example: A multi-life squad figure falls when its own wounds reach its Life
      Given these army cards, defined for this example only:
        | name        | figure     | kind  | figures | life | range | attack | defense | height |
        | Iron Trolls | Iron Troll | squad | 2       | 3    | 1     | 3      | 2       | 6      |
      And the battlefield:
        """
        1K1 1T1 1T2
        K1 = Knaves of the Silver Scimitar (Red)
        T1 = Iron Trolls (Blue)
        T2 = Iron Trolls (Blue)
        """
      And the Iron Troll T1 already has 2 wounds
      When the Knave K1 attacks the Iron Troll T1, rolling skull, blank, blank against blank, blank
      Then the attack destroys the Iron Troll T1

  @id:heroscape.wounds-move-with-figure @source:004/squads-and-life @edition:2024
  Rule: The wound markers beside a multi-life squad figure go wherever it goes
    A multi-life squad figure's wounds lie beside it on the battlefield, so they travel
    with it when it moves. Battlebook does not model movement itself (how far a figure
    may go, and over what): an example simply sets the figure down on another space.

    Example: A wounded Iron Troll set down two spaces away keeps its two wounds
      Given these army cards, defined for this example only:
        | name        | figure     | kind  | figures | life | range | attack | defense | height |
        | Iron Trolls | Iron Troll | squad | 2       | 3    | 1     | 3      | 2       | 6      |
      And the battlefield:
        """
        1K1 1T1 1T2 1 1
        K1 = Knaves of the Silver Scimitar (Red)
        T1 = Iron Trolls (Blue)
        T2 = Iron Trolls (Blue)
        """
      When the Knave K1 attacks the Iron Troll T1, rolling skull, skull, blank against blank, blank
      And Blue moves the Iron Troll T1 to row 1, column 5
      Then the Iron Troll T1 stands on row 1, column 5
      And the Iron Troll T1 has 2 wound markers next to it
      And the Iron Troll T2 has 0 wound markers next to it

  @id:heroscape.army-card-out-of-play @source:004/life @source:003/attacking
  Rule: An army card whose figures are all destroyed is out of play, though its unrevealed order marker waits for its turn
    Once every figure of an army card is destroyed, the card is out of play. An order
    marker already lying face down on it stays there, unrevealed, until its turn comes up;
    that turn then ends at once (Example 20 above), and play passes to the player on the
    left, as after any turn. In later rounds no order marker may
    go on the card and it takes no turns; when the next round begins, any markers still
    on it are taken back to be placed as usual.
    All of this is the 2024 edition's. The 2004 text takes a destroyed figure out of the
    game and says nothing of its army card, so in the 2004 game no card goes out of play
    and no turn is refused for that reason.

    @edition:2024
    Example: No order marker may be placed on an army card out of play
      Given the battlefield:
        """
        1K1 1X 1X 1A1
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        A1 = Airborne Elite (Blue)
        """
      And Xenithrax X already has 7 wounds
      When the Knave K1 attacks Xenithrax X, rolling skull, blank, blank against blank, blank, blank
      And Blue tries to place their order marker 1 on the Xenithrax the Vineweaver card
      Then the order marker is refused under the rule heroscape.army-card-out-of-play

    @edition:2024
    Example: No turn may be taken with an army card out of play
      Given the battlefield:
        """
        1K1 1X 1X 1A1
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        A1 = Airborne Elite (Blue)
        """
      And Xenithrax X already has 7 wounds
      When the Knave K1 attacks Xenithrax X, rolling skull, blank, blank against blank, blank, blank
      And Blue tries to take a turn with the Xenithrax the Vineweaver card
      Then the turn is refused under the rule heroscape.army-card-out-of-play

    @edition:2004
    Example: In the 2004 game the card of a destroyed hero does not go out of play, so its turn is not refused
      Given the battlefield:
        """
        1K1 1X 1X 1A1
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        A1 = Airborne Elite (Blue)
        """
      When the Knave K1 attacks Xenithrax X, rolling skull, blank, blank against blank, blank, blank
      And Blue tries to take a turn with the Xenithrax the Vineweaver card
      Then Xenithrax X is out of the game
      And Blue takes a turn with the army card "Xenithrax the Vineweaver"

    @edition:2024
    Example: When the next round begins, markers left on a card out of play are taken back
      Given the battlefield:
        """
        1K1 1X 1X 1A1
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        A1 = Airborne Elite (Blue)
        """
      And Xenithrax X already has 7 wounds
      And Blue's order marker 3 lies unrevealed on the Xenithrax the Vineweaver card
      When the Knave K1 attacks Xenithrax X, rolling skull, blank, blank against blank, blank, blank
      And a new round begins
      Then no order marker is left on the army card "Xenithrax the Vineweaver"

    @edition:2024
    Example: After a turn that ends at once, the player on the left takes the next turn
      Given the battlefield:
        """
        1K1 1X 1X 1A1
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        A1 = Airborne Elite (Blue)
        """
      And the players sit in this order, each on the left of the one before: Red, Blue
      And Xenithrax X already has 7 wounds
      And Blue's order marker 1 lies unrevealed on the Xenithrax the Vineweaver card
      And Red's order marker 2 lies unrevealed on the Knaves of the Silver Scimitar card
      When the Knave K1 attacks Xenithrax X, rolling skull, blank, blank against blank, blank, blank
      And Red ends its turn
      And Blue reveals their order marker 1
      Then Blue's turn ends at once
      And Red is to take the next turn
      When Red reveals their order marker 2
      Then Red takes a turn with the army card "Knaves of the Silver Scimitar"

    @edition:2024
    Example: An order marker on a card still in play starts that card's turn
      Given the battlefield:
        """
        1K1 1X 1X
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        """
      And Blue's order marker 2 lies unrevealed on the Xenithrax the Vineweaver card
      When Blue reveals their order marker 2
      Then Blue takes a turn with the army card "Xenithrax the Vineweaver"

  @id:heroscape.common-army-cards @source:004/common-army-cards @edition:2024
  Rule: With several copies of one Common army card, destroyed figures fill a started card before a new one
    When an army holds two or more copies of the same Common army card, its first
    destroyed figure of that kind may go on any of the copies (Battlebook puts it on its
    own card: see
    [the ruling on the first destroyed Common figure](../rulings/heroscape-first-common-figure.md#ruling.heroscape-first-common-figure)). After that, a destroyed
    figure of that kind must go on a copy that already holds destroyed figures, until
    that copy holds as many as the figures it shows; only then is an empty copy started.
    The copies stand for their figures together: a copy is out of play once it is full,
    whichever copy its figures came from, and the figures still standing fight on with the
    copies still in play (see
    [the ruling on copies of a Common card](../rulings/heroscape-common-copies.md#ruling.heroscape-common-out-of-play)).

    Background:
      Given these army cards, defined for this example only:
        | name                          | figures | common |
        | Knaves of the Silver Scimitar | 3       | yes    |

    Example: The first destroyed Knave goes on a copy with room, here its own card
      Given the battlefield:
        """
        1Z1 1K1 1 1K4
         1   1  1 1Z2
        Z1 = Zettian Guards (Red)
        Z2 = Zettian Guards (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Zettian Guard Z2 attacks the Knave K4, rolling skull, skull against blank, blank
      Then the Knave K4 is placed on the army card "Knaves of the Silver Scimitar #2"

    Example: A later destroyed Knave fills the copy already started, whichever card it came from
      Given the battlefield:
        """
        1Z1 1K1 1 1K4
         1   1  1K2 1Z2
        Z1 = Zettian Guards (Red)
        Z2 = Zettian Guards (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K2 = Knaves of the Silver Scimitar (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Zettian Guard Z2 attacks the Knave K4, rolling skull, skull against blank, blank
      And the Zettian Guard Z1 attacks the Knave K1, rolling skull, skull against blank, blank
      Then the Knave K1 is placed on the army card "Knaves of the Silver Scimitar #2"
      And the army card "Knaves of the Silver Scimitar" of Blue is still in play

    Example: A copy filled with Knaves of both copies is out of play, and its last Knave fights on with the other copy
      Given the battlefield:
        """
        1A1 1K4 1 1K5
         1A2 1K1 1 1
        1A3 1K2 1 1K3
        A1 = Airborne Elite (Red)
        A2 = Airborne Elite (Red)
        A3 = Airborne Elite (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K2 = Knaves of the Silver Scimitar (Blue)
        K3 = Knaves of the Silver Scimitar (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        K5 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Airborne Elite A1 attacks the Knave K4, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A2 attacks the Knave K1, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A3 attacks the Knave K2, rolling skull, skull, skull against blank, blank
      Then the Knave K2 is placed on the army card "Knaves of the Silver Scimitar #2"
      And the army card "Knaves of the Silver Scimitar #2" of Blue is out of play
      And the army card "Knaves of the Silver Scimitar" of Blue is still in play
      And the Knave K5 takes its turns with the army card "Knaves of the Silver Scimitar"

    Example: Once the started copy is full, the next destroyed Knave starts the other copy, which stays in play
      Given the battlefield:
        """
        1A1 1K4 1 1K5
         1A2 1K1 1 1
        1A3 1K2 1 1
         1A4 1K3 1 1
        A1 = Airborne Elite (Red)
        A2 = Airborne Elite (Red)
        A3 = Airborne Elite (Red)
        A4 = Airborne Elite (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K2 = Knaves of the Silver Scimitar (Blue)
        K3 = Knaves of the Silver Scimitar (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        K5 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Airborne Elite A1 attacks the Knave K4, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A2 attacks the Knave K1, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A3 attacks the Knave K2, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A4 attacks the Knave K3, rolling skull, skull, skull against blank, blank
      Then the Knave K3 is placed on the army card "Knaves of the Silver Scimitar"
      And the army card "Knaves of the Silver Scimitar" of Blue is still in play
      And the army card "Knaves of the Silver Scimitar #2" of Blue is out of play
