@game:heroscape @chapter:23 @edition:2024
Feature: Ruling: copies of a Common army card
  **The question.** An army card is out of play once every figure it stands for
  is destroyed. When an army holds two or more copies of one Common card, destroyed
  figures are placed on whichever copy the fill-first rule names, not always on their
  own. Does a copy stand for the figures placed on it, or for the figures it was set up
  with?

  **Battlebook's reading.** The copies stand for their figures **together**. A copy is
  out of play once it is full (it holds as many destroyed figures as it depicts), and
  all copies are out of play once no figure of that kind stands. The figures still
  standing fight on with the copies still in play. This is what gives the fill-first
  rule its point: it decides which copy leaves the game first.

  **The alternative.** Each copy stands for the figures it was set up with, wherever
  they were placed; a copy may then be full and still in play, or empty and out of play.
  A scenario chooses it with
  `Given the alternative reading: each copy of a Common card stands for its own figures only`.

  **A second question.** Once the started copy is full, the next destroyed figure
  must start an empty copy. Which one?

  **Battlebook's reading.** As with the very first figure, the **owner picks** any
  matching copy with room. A scenario states the pick in the attack step, with
  `..., and Blue places it on the army card "..."`; a scenario that does not say puts
  the figure on its own card when it has room.

  **The alternative.** Only the very first figure is the owner's pick; a later one that
  starts a new copy goes on its own card whenever that card has room. A scenario chooses
  it with
  `Given the alternative reading: once the started copy is full, a destroyed figure goes on its own card`.

  The Knaves' number of figures is chosen for these examples.

  Background:
    Given these army cards, defined for this example only:
      | name                          | figures | common |
      | Knaves of the Silver Scimitar | 2       | yes    |

  @id:ruling.heroscape-common-out-of-play @source:004/common-army-cards @source:004/life
  Rule: Copies of a Common card stand for their figures together; a full copy is out of play
    Two copies of two Knaves each: once a copy holds two destroyed Knaves it is out of
    play, whichever copy the Knaves came from.

    Example: A copy full of the other copy's Knaves is out of play
      Given the battlefield:
        """
        1A1 1K1 1 1K3
         1A2 1K2 1 1K4
        A1 = Airborne Elite (Red)
        A2 = Airborne Elite (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K2 = Knaves of the Silver Scimitar (Blue)
        K3 = Knaves of the Silver Scimitar #2 (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Airborne Elite A1 attacks the Knave K1, rolling skull, skull, skull against blank, blank, and Blue places it on the army card "Knaves of the Silver Scimitar #2"
      And the Airborne Elite A2 attacks the Knave K2, rolling skull, skull, skull against blank, blank
      Then the Knave K2 is placed on the army card "Knaves of the Silver Scimitar #2"
      And the army card "Knaves of the Silver Scimitar #2" of Blue is out of play
      And the army card "Knaves of the Silver Scimitar" of Blue is still in play

    Example: The Knaves left standing attack on the turn of the copy still in play
      Given the battlefield:
        """
        1A1 1K1 1 1K3
         1A2 1K2 1 1K4
        A1 = Airborne Elite (Red)
        A2 = Airborne Elite (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K2 = Knaves of the Silver Scimitar (Blue)
        K3 = Knaves of the Silver Scimitar #2 (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Airborne Elite A1 attacks the Knave K3, rolling skull, skull, skull against blank, blank, and Blue places it on the army card "Knaves of the Silver Scimitar"
      And the Airborne Elite A2 attacks the Knave K4, rolling skull, skull, skull against blank, blank
      Then the army card "Knaves of the Silver Scimitar" of Blue is out of play
      And the Knave K1 takes its turns with the army card "Knaves of the Silver Scimitar #2"

    Example: Under the alternative reading the full copy stays in play while its own Knaves stand
      Given the alternative reading: each copy of a Common card stands for its own figures only
      And the battlefield:
        """
        1A1 1K1 1 1K3
         1A2 1K2 1 1K4
        A1 = Airborne Elite (Red)
        A2 = Airborne Elite (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K2 = Knaves of the Silver Scimitar (Blue)
        K3 = Knaves of the Silver Scimitar #2 (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Airborne Elite A1 attacks the Knave K1, rolling skull, skull, skull against blank, blank, and Blue places it on the army card "Knaves of the Silver Scimitar #2"
      And the Airborne Elite A2 attacks the Knave K2, rolling skull, skull, skull against blank, blank
      Then the army card "Knaves of the Silver Scimitar #2" of Blue is still in play
      And the army card "Knaves of the Silver Scimitar" of Blue is out of play

  @id:ruling.heroscape-next-common-copy @source:004/common-army-cards
  Rule: Once the started copy is full, the owner picks the copy the next destroyed figure starts
    Three copies of two Knaves each: the first copy filled, the next destroyed Knave may
    start either empty copy.

    Background:
      Given the battlefield:
        """
        1A1 1K1 1 1K3 1 1K5
         1A2 1K2 1 1K4 1 1K6
        1A3 1 1 1 1 1
        A1 = Airborne Elite (Red)
        A2 = Airborne Elite (Red)
        A3 = Airborne Elite (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K2 = Knaves of the Silver Scimitar (Blue)
        K3 = Knaves of the Silver Scimitar #2 (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        K5 = Knaves of the Silver Scimitar #3 (Blue)
        K6 = Knaves of the Silver Scimitar #3 (Blue)
        """

    Example: The owner starts the third copy with a Knave of the second
      When the Airborne Elite A1 attacks the Knave K1, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A2 attacks the Knave K2, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A3 attacks the Knave K4, rolling skull, skull, skull against blank, blank, and Blue places it on the army card "Knaves of the Silver Scimitar #3"
      Then the Knave K4 is placed on the army card "Knaves of the Silver Scimitar #3"

    Example: While the started copy has room, the owner may not start another
      When the Airborne Elite A1 attacks the Knave K1, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A2 attacks the Knave K4, rolling skull, skull, skull against blank, blank, and Blue places it on the army card "Knaves of the Silver Scimitar #3"
      Then the attack is refused under the rule heroscape.common-army-cards

    Example: Under the alternative reading the Knave of the second copy starts its own card
      Given the alternative reading: once the started copy is full, a destroyed figure goes on its own card
      When the Airborne Elite A1 attacks the Knave K1, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A2 attacks the Knave K2, rolling skull, skull, skull against blank, blank
      And the Airborne Elite A3 attacks the Knave K4, rolling skull, skull, skull against blank, blank, and Blue places it on the army card "Knaves of the Silver Scimitar #3"
      Then the attack is refused under the rule heroscape.common-army-cards
