@game:heroscape @chapter:23 @edition:2024
Feature: Ruling: where the first destroyed Common figure goes
  **The question.** When an army holds two or more copies of one Common army card, the
  2024 text lets the player put the first destroyed figure of that kind on any matching
  copy; only the later ones are constrained (they fill the started copy first). A
  scenario does not say which copy the player would pick.

  **Battlebook's reading.** The choice is the owner's, and a scenario states it in the
  attack step: `..., and Blue places it on the army card "..."`. The engine accepts any
  matching copy with room. A scenario that states no choice gets the owner's usual pick
  made for it: the figure goes on its own army card (if that card still has room). Every
  later figure then follows the source's rule
  ([heroscape.common-army-cards](../heroscape/life.md#heroscape.common-army-cards)).

  **The alternative.** The first figure must go on its own card (when it has room). A
  scenario chooses it with
  `Given the alternative reading: the first destroyed figure of a Common card goes on its own card`.

  @id:ruling.heroscape-first-common-figure @source:004/common-army-cards
  Rule: The owner places the first destroyed figure of a Common card on any copy; unstated, on its own
    Whichever copy the destroyed figure came from, the owner may put it on any matching
    copy, as long as no matching copy holds a destroyed figure yet. When the scenario does
    not state the choice, its own copy takes it.

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

    Example: The owner puts the first Knave destroyed, from the first copy, on the second copy
      Given the battlefield:
        """
        1Z1 1K1 1 1K4
        Z1 = Zettian Guards (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Zettian Guard Z1 attacks the Knave K1, rolling skull, skull against blank, blank, and Blue places it on the army card "Knaves of the Silver Scimitar #2"
      Then the Knave K1 is placed on the army card "Knaves of the Silver Scimitar #2"

    Example: Under the alternative reading the owner may not put the first Knave on the other copy
      Given the alternative reading: the first destroyed figure of a Common card goes on its own card
      And the battlefield:
        """
        1Z1 1K1 1 1K4
        Z1 = Zettian Guards (Red)
        K1 = Knaves of the Silver Scimitar (Blue)
        K4 = Knaves of the Silver Scimitar #2 (Blue)
        """
      When the Zettian Guard Z1 attacks the Knave K1, rolling skull, skull against blank, blank, and Blue places it on the army card "Knaves of the Silver Scimitar #2"
      Then the attack is refused under the rule heroscape.common-army-cards
