@game:heroscape @chapter:22
Feature: Ruling: turns and victory in the two editions
  **The question.** Each Heroscape text says something the other leaves out. The later
  edition says that once a player has finished attacking, the player on the left takes
  the next turn; the 2004 text says only that the turn is over. The 2004 text says the
  battle goes on until a player meets the victory objective of the scenario; the later
  edition says nothing of how a battle is won. Does each rule hold in the edition whose
  text is silent?

  **Battlebook's reading.** **Yes, in both editions.** In the 2004 game too, play passes
  to the player on the left once a turn is over (when an example gives the seating order).
  In the 2024 edition too, Battlebook's scenarios are won by their one objective:
  destroying every opposing figure.

  **The alternative.** Each edition has only what its own text says. In the 2004 game no
  player is named to take the next turn, and any player may take it
  (`Given the alternative reading: the 2004 game names no player to take the next turn`).
  In the 2024 edition the engine cannot say who has won: it answers that the rules don't
  say (`Given the alternative reading: the 2024 edition states no way to win a battle`).

  @id:ruling.heroscape-turn-order-2004 @source:003/attacking @source:004/attacking @edition:2004
  Rule: In the 2004 game, too, the player on the left takes the next turn
    Example: In the 2004 game, after Red's turn, the player on Red's left, Blue, plays next
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
      Then Blue is to take the next turn

    Example: Under the alternative reading Green may take the next turn after Red
      Given the alternative reading: the 2004 game names no player to take the next turn
      And the battlefield:
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
      Then Green takes a turn with the army card "Knaves of the Silver Scimitar"

    Example: Under the alternative reading the rules don't say who wins a duel fought to the end
      Given the alternative reading: the 2004 game names no player to take the next turn
      And the battlefield:
        """
        1Z1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the rules don't say who wins if the Zettian Guard Z1 and the Airborne Elite A1 fight on to the end

    Example: Under the alternative reading the rules don't say who wins a battle fought to the end, no next player being named
      Given the alternative reading: the 2004 game names no player to take the next turn
      And the battlefield:
        """
        1Z1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      And it is Red's turn with the Zettian Guards card
      Then the rules don't say who wins if the battle is fought to the end with the focus plan

  @id:ruling.heroscape-victory-2024 @source:003/ending-the-battle @edition:2024
  Rule: In the 2024 edition, too, destroying every opposing figure wins the battle
    Example: Under the 2024 edition destroying the last enemy figure wins the battle
      Given the battlefield:
        """
        1Z1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, blank against blank, blank
      Then the attack destroys the Airborne Elite A1
      And Red has won the battle

    Example: Under the alternative reading the rules don't say who has won
      Given the alternative reading: the 2024 edition states no way to win a battle
      And the battlefield:
        """
        1Z1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, blank against blank, blank
      Then the attack destroys the Airborne Elite A1
      And the rules don't say who has won

    Example: Under the alternative reading the rules don't say who wins a battle fought to the end, no way to win being stated
      Given the alternative reading: the 2024 edition states no way to win a battle
      And the battlefield:
        """
        1Z1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      And it is Red's turn with the Zettian Guards card
      Then the rules don't say who wins if the battle is fought to the end with best play
