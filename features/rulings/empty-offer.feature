@game:homm @chapter:12
Feature: Ruling: an offer of no cards
  **The question.** A surrendering side may offer "any number" of the cards in its hand.
  Is none a number it may offer?

  **Battlebook's reading.** **Yes.** Any number from none up to the whole hand; the
  opponent, who may reject any offer, judges whether nothing is enough. A side with an
  empty hand may then still surrender.

  **The alternative.** An offer must give at least one card, so a side with an empty
  hand cannot surrender at all. A scenario chooses it with
  `Given the alternative reading: a surrender must offer at least one card`.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
    And the Aggressor holds 0 cards in hand and 10 in its deck
    And the Defender holds 2 cards in hand and 8 in its deck

  @id:ruling.empty-offer @source:000/surrendering
  Rule: A surrender may offer no cards at all
    Example: The Aggressor, with an empty hand, offers nothing and the Defender accepts
      Given the surrender step of combat round 1 has come
      When the Aggressor offers 0 cards to surrender
      And the Defender accepts the surrender
      Then the battle is over: the Defender wins by surrender
      And the Defender holds 2 cards in hand and 8 in its deck

    Example: Under the alternative reading an offer of nothing is refused
      Given the alternative reading: a surrender must offer at least one card
      And the surrender step of combat round 1 has come
      When the Aggressor tries to offer 0 cards to surrender
      Then the action is refused under the rule ruling.empty-offer
      And the battle is unchanged
