@game:heroscape @chapter:18
Feature: Ruling: the Heroscape combat die
  **The question.** Both Heroscape texts settle an attack with attack dice and defense
  dice: the attacker counts skulls and the defender counts shields. Neither says how
  many sides a die has, nor how many sides carry each symbol, and without that no chance
  of an attack can be worked out. The 2004 text also speaks of red attack dice and blue
  defense dice, as if they could be different dice.

  **Battlebook's reading.** There is one combat die, used for attack and defense alike
  (the colours only tell the two rolls apart), with six sides: **three skull sides, two
  shield sides and one blank side**. This is Battlebook's reading, from outside the texts
  and with no citation to a printed source (see [Outside facts](../../reference/outside-facts.md)).
  One die therefore shows a skull half the time and a shield a third of the time. An
  example may state only faces this die can show. The same die is rolled when an attack
  resolves and counted by the odds (the odds pages, the chance shown beside every attack,
  `battlebook odds heroscape`); for two attack dice against four defense dice it gives
  20/81, a figure the engine computes, not one any source states.

  **The alternative.** Red attack dice and blue defense dice are different dice, each
  with its own mix of sides (for instance, defense dice with more shields), or one die
  with another mix. No example of the sources depends on the mix. Example 9 states only
  how many dice were rolled and whether each attack was blocked (its pictures of the
  faces are lost); Example 20 states the dice rolled and that two skulls and no shields
  came up. Every outcome they state is possible under either reading. The engine accepts any
  mix (a `CombatDie` value, or the step `Given the Heroscape combat die of ...`), and
  different attack and defense dice (`Given attack dice of ..., and defense dice of ...`);
  a battle read with them both resolves and gets its odds with those dice. Two such
  alternatives have names:
  `Given the alternative reading: a combat die has four skulls and two shields`, and
  `Given the alternative reading: defense dice have three shields, two skulls and one blank`
  (attack dice keep Battlebook's sides).

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

    @edition:2004
    Example: A Zettian Guard one level up destroys an Airborne Elite 5 times in 8
      Given the battlefield:
        """
        3Z1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the chance that the Zettian Guard Z1 destroys the Airborne Elite A1 with 3 attack dice against 2 is 5/8

    @edition:2004
    Example: Under the alternative of four skulls and two shields the same attack succeeds 64 times in 81
      Given the Heroscape combat die of 4 skulls, 2 shields and 0 blank
      And the battlefield:
        """
        3Z1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the chance that the Zettian Guard Z1 destroys the Airborne Elite A1 with 3 attack dice against 2 is 64/81

    @edition:2004
    Example: Under the same alternative a blank cannot be rolled
      Given the Heroscape combat die of 4 skulls, 2 shields and 0 blank
      And the battlefield:
        """
        3Z1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, skull, skull against shield, blank
      Then the roll is refused: a combat die cannot show 'blank'

    @edition:2004
    Example: Under the alternative of defense dice with three shields, the same attack succeeds half the time
      Given attack dice of 3 skulls, 2 shields and 1 blank, and defense dice of 2 skulls, 3 shields and 1 blank
      And the battlefield:
        """
        3Z1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the chance that the Zettian Guard Z1 destroys the Airborne Elite A1 with 3 attack dice against 2 is 1/2

    @edition:2004
    Example: Under the same alternative the defense dice may show a skull, which blocks nothing
      Given attack dice of 3 skulls, 2 shields and 1 blank, and defense dice of 2 skulls, 3 shields and 1 blank
      And the battlefield:
        """
        3Z1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, blank, blank against skull, skull
      Then the attack destroys the Airborne Elite A1

  @id:ruling.combat-die @source:003/attacking @source:004/rolling-and-resolving
  Rule: With this die, wounds are skulls at one chance in two less shields at one chance in three
    Every shield the defender rolls cancels one skull the attacker rolled; the skulls
    left over are the wounds. With these dice, the number of wounds is the number of
    skulls (each die one chance in two) minus the number of shields (each die one chance
    in three), and never less than zero.

    Background:
      Given the Heroscape combat die of 3 skulls, 2 shields and 1 blank

    Example: Two attack dice get past four defense dice 20 times in 81
      When 2 attack dice are rolled against 4 defense dice
      Then the chance of at least one wound is 20/81

    Example: One die against one die wounds one time in three
      When 1 attack die is rolled against 1 defense die
      Then the chance of at least one wound is 1/3

    Example: Without defense dice every skull is a wound
      When 3 attack dice are rolled against 0 defense dice
      Then the chance of exactly 3 wounds is 1/8
      And the expected number of wounds is 3/2

    Example: Defense dice with three shields let two attack dice past four of them 7 times in 64
      Given attack dice of 3 skulls, 2 shields and 1 blank, and defense dice of 2 skulls, 3 shields and 1 blank
      When 2 attack dice are rolled against 4 defense dice
      Then the chance of at least one wound is 7/64

    Example: The Knave's three dice against Xenithrax's four deal two wounds or more 4 times in 27
      When 3 attack dice are rolled against 4 defense dice
      Then the chance of at least 2 wounds is 4/27
      And the chance of at least one wound is 11/27
