@chapter:4
Feature: Ruling: the Heroscape combat die
  **The question.** Both Heroscape texts settle every attack with six-sided combat
  dice that show skulls and shields, but neither prints how many faces carry each
  symbol. The 2004 text also speaks of red attack dice and blue defense dice, as if
  they could be different dice.

  **Battlebook's reading.** There is one combat die, used for attack and defense alike
  (the colours only tell the rolls apart): **three skull faces, two shield faces and one
  blank face**. So one die shows a skull half the time, a shield a third of the time.
  An example may state only faces that the die can show.

  **The alternative.** Red attack dice and blue defense dice are different dice, each
  with its own mix of faces (for instance, defense dice with more shields). No example of
  the sources depends on the mix: Example 9 and Example 20 state only how many dice
  were rolled and how many skulls and shields came up, and all of those counts are
  possible under either reading.

  @id:ruling.heroscape-combat-die @source:003/attacking @source:004/rolling-and-resolving
  Rule: The combat die has three skulls, two shields and one blank, for attack and defense alike
    Every stated face must be one of these three symbols; a face the die does not
    carry is refused as a mistake in the example.

    @edition:2004
    Example: The combat die shows three skulls, two shields and one blank
      Then the combat die has 3 skull faces, 2 shield faces and 1 blank face

    @edition:2004
    Example: One die shows a skull half the time and a shield a third of the time
      Then one die shows a skull with a chance of 1/2
      And one die shows a shield with a chance of 1/3
      And one die shows a blank with a chance of 1/6

    @edition:2004
    Example: A face the combat die does not have is refused
      Given the battlefield:
        """
        3Z1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, sword, blank against shield, blank
      Then the roll is refused: a combat die cannot show 'sword'
      And the battlefield is unchanged

    @edition:2024
    Example: The same die serves in the 2024 edition
      Then the combat die has 3 skull faces, 2 shield faces and 1 blank face
