@chapter:23 @edition:2024
Feature: Ruling: where the first destroyed Common figure goes
  **The question.** When an army holds two or more copies of one Common army card, the
  2024 text lets the player put the first destroyed figure of that kind on any matching
  copy; only the later ones are constrained (they fill the started copy first). A
  scenario does not say which copy the player would pick.

  **Battlebook's reading.** The player's free choice is made for them: the first
  destroyed figure goes on its own army card (if that card still has room). Every later
  figure then follows the source's rule
  ([heroscape.common-army-cards](../heroscape/life.md#heroscape.common-army-cards)).

  **The alternative.** The scenario names the copy the first figure goes on, and the
  engine accepts any matching copy with room. Battlebook has no step for that choice yet.

  @id:ruling.heroscape-first-common-figure @source:004/common-army-cards
  Rule: The first destroyed figure of a Common card goes on its own copy
    Whichever copy the destroyed figure came from, that copy takes it, as long as no
    matching copy holds a destroyed figure yet.

    Background:
      Given these army cards, defined for this example only:
        | name                          | figures | common |
        | Knaves of the Silver Scimitar | 3       | yes    |

    Example: The first Knave destroyed, from the first copy, goes on the first copy
      Given the battlefield:
        """
        1Z1 1K1 1 1K4
        Z1 = Zettian Guards (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Zettian Guard Z1 attacks the Knave K1, rolling skull, skull against blank, blank
      Then the Knave K1 is placed on the army card "Knaves of the Silver Scimitar"

    Example: The first Knave destroyed, from the second copy, goes on the second copy
      Given the battlefield:
        """
        1Z1 1K4 1 1K1
        Z1 = Zettian Guards (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Zettian Guard Z1 attacks the Knave K4, rolling skull, skull against blank, blank
      Then the Knave K4 is placed on the army card "Knaves of the Silver Scimitar #2"
