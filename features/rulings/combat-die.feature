@chapter:2
Feature: Ruling: the sides of the Heroscape combat die
  **The question.** Both Heroscape texts have the attacker count skulls and the defender
  count shields, but neither lists how many sides of a combat die carry each symbol.
  Without that, no chance of an attack can be worked out.

  **Battlebook's reading.** Every combat die, attack or defense, has six sides: three
  skulls, two shields and one blank. An attack die therefore shows a skull half the time,
  and a defense die shows a shield one time in three. These are the dice behind the odds
  pages and `battlebook odds heroscape`, and they give the published figure of 20/81 for
  two attack dice getting past four defense dice.

  **The alternative.** Leave the sides unknown and give no Heroscape odds at all, or read
  the dice with other numbers of skulls and shields. The engine accepts any such die (a
  `CombatDie` value, or the step `Given the Heroscape combat die of ...`), but no example
  of the sources needs one.

  Background:
    Given the Heroscape combat die of 3 skulls, 2 shields and 1 blank

  @id:ruling.combat-die @source:003/attacking @source:004/rolling-and-resolving
  Rule: A combat die shows a skull on three sides, a shield on two and nothing on one
    Every shield the defender rolls cancels one skull the attacker rolled; the skulls
    left over are the wounds. With these dice, the number of wounds is the number of
    skulls (each die one chance in two) minus the number of shields (each die one chance
    in three), and never less than zero.

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

    Example: The Knave's three dice against Xenithrax's four deal two wounds or more 4 times in 27
      When 3 attack dice are rolled against 4 defense dice
      Then the chance of at least 2 wounds is 4/27
      And the chance of at least one wound is 11/27
