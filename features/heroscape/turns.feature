@game:heroscape @chapter:7
Feature: Turns and the end of the battle
  Attacks happen on turns. This chapter says who plays after whom, and when the battle
  is over and who has won it. How the figures of the card taking a turn attack is the
  subject of [Attacking](rule:heroscape.attacking).

  @id:heroscape.turn-order @source:004/attacking
  Rule: When a player has finished attacking, the player on the left takes the next turn
    The later edition ends a turn once its player is done attacking, and play goes to
    the player on that player's left; Battlebook passes play the same way in the 2004
    game, whose text names no next player
    ([ruling: turns and victory in the two editions](rule:ruling.heroscape-turn-order-2004)). An example gives the seating order round the table,
    each army's player on the left of the one before; the turn then passes along it, back
    to the first after the last.

    @edition:2024
    Example: After Red's turn the player on Red's left, Blue, plays next
      Given the battlefield:
        """
        1Z1 1 1A1 1 1K1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        K1 = Knaves of the Silver Scimitar (Green)
        """
      And the players sit in this order, each on the left of the one before: Red, Blue, Green
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling blank, blank against blank, blank
      And Red ends its turn
      Then Blue is to take the next turn

    @edition:2024
    Example: After the last player in the seating order, play comes back to the first
      Given the battlefield:
        """
        1Z1 1 1A1 1 1K1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        K1 = Knaves of the Silver Scimitar (Green)
        """
      And the players sit in this order, each on the left of the one before: Red, Blue, Green
      And it is Green's turn with the Knaves of the Silver Scimitar card
      When Green ends its turn
      Then Red is to take the next turn

    @edition:2024
    Example: The player on the right may not play out of turn
      Given the battlefield:
        """
        1Z1 1 1A1 1 1K1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        K1 = Knaves of the Silver Scimitar (Green)
        """
      And the players sit in this order, each on the left of the one before: Red, Blue, Green
      And it is Red's turn with the Zettian Guards card
      When Red ends its turn
      And Green tries to take a turn with the Knaves of the Silver Scimitar card
      Then the turn is refused under the rule heroscape.turn-order

  @id:heroscape.ending-the-battle @source:003/ending-the-battle
  Rule: The battle goes on until one army reaches the scenario's victory objective
    Play continues until a player achieves what the game scenario sets as victory; that
    player wins. The 2004 text leaves the objective to the scenario; Battlebook's examples
    use one objective, destroying every opposing figure, and Battlebook plays 2024 battles
    to the same objective
    ([ruling: turns and victory in the two editions](rule:ruling.heroscape-victory-2024)).

    @edition:2004
    Example: Destroying the last enemy figure wins the battle
      Given the battlefield:
        """
        3Z1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, skull, skull against shield, blank
      Then Red has won the battle

    @edition:2004
    Example: While an enemy figure stands, nobody has won
      Given the battlefield:
        """
        3Z1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, blank, blank against shield, blank
      Then no army has won yet
