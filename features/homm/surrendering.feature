@game:homm @chapter:12
Feature: Surrendering
  When neither side has withdrawn, first the Aggressor and then the Defender may try to
  buy their way out. The surrendering side offers a number of cards from its hand (never
  from its Adventure Stack); the other side accepts or rejects. If it accepts, the
  surrendering army goes back to its nearest town, the offered cards are discarded from
  the surrendering player's hand, and the accepting player draws that many cards from
  its own deck, as if gold had changed hands.

  Battlebook keeps only the number of cards in each hand and deck. Those numbers are
  chosen for each example.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
    And the Aggressor holds 5 cards in hand and 10 in its deck
    And the Defender holds 2 cards in hand and 8 in its deck

  @id:homm.surrendering @source:000/surrendering
  Rule: An accepted surrender trades the offered cards for a safe way home
    At its surrender step (an offer at any other moment is refused under the
    [end of a round's rule](rule:homm.end-of-round)) a side may offer any number of the cards in its hand, from none
    to all of them ([ruling: an offer of no cards](rule:ruling.empty-offer)). The opponent answers at once. On acceptance the battle ends and the
    accepting side wins: the surrendering army leaves the battle intact for its nearest
    town, its player discards the offered number of cards from hand, and the accepting
    player draws the same number from its deck. On rejection the fight goes on: the
    Defender may still offer after a rejected Aggressor, and after the Defender's step the
    next round begins.

    Example: The Defender accepts 3 cards, and 3 cards change hands
      Given the surrender step of combat round 1 has come
      When the Aggressor offers 3 cards to surrender
      And the Defender accepts the surrender
      Then the battle is over: the Defender wins by surrender
      And the Aggressor holds 2 cards in hand and 10 in its deck
      And the Defender holds 5 cards in hand and 5 in its deck

    Example: The surrendering army leaves the battle with all its cards
      Given the surrender step of combat round 1 has come
      When the Aggressor offers 3 cards to surrender
      And the Defender accepts the surrender
      Then the Gold Golems stack has 3 cards left
      And 0 cards are in the discard pile

    Example: The surrendering army is back at its nearest town
      Given the Aggressor's nearest town is 7 spaces away
      And the surrender step of combat round 1 has come
      When the Aggressor offers 1 card to surrender
      And the Defender accepts the surrender
      Then the Aggressor's army is back at its nearest town

    Example: After a rejected offer the Defender may still offer its own
      Given the surrender step of combat round 1 has come
      When the Aggressor offers 3 cards to surrender
      And the Defender rejects the surrender
      Then the Defender is to choose whether to surrender in round 1

    Example: After the Defender's offer is rejected the next round begins
      Given the surrender step of combat round 1 has come
      When the Aggressor declines to surrender
      And the Defender offers 1 card to surrender
      And the Aggressor rejects the surrender
      Then the battle is in phase 1 of round 2, on the Aggressor's turn

    Example: An offer of no cards at all is still an offer
      Given the surrender step of combat round 1 has come
      When the Aggressor offers 0 cards to surrender
      Then the Defender is to answer the offer of 0 cards

    Example: Accepting an offer larger than the acceptor's deck is a case the rules leave open
      The accepting player draws as many cards as were offered, but the sources do not say
      what happens when its deck holds fewer. A table could let it draw what its deck holds
      and no more, or refuse it the right to accept an offer its deck cannot match; the
      engine takes neither and answers that the rules don't say.

      Given the Defender holds 2 cards in hand and 3 in its deck
      And the surrender step of combat round 1 has come
      When the Aggressor offers 5 cards to surrender
      Then the Defender is to answer the offer of 5 cards
      And the rules don't say what happens if the Defender accepts the surrender

    Example: A side cannot offer more cards than it holds
      Given the surrender step of combat round 1 has come
      When the Aggressor declines to surrender
      And the Defender tries to offer 3 cards to surrender
      Then the action is refused under the rule homm.surrendering
      And the battle is unchanged

  @id:homm.who-cannot-surrender @source:000/surrendering
  Rule: Guard stacks neither surrender nor accept a surrender
    A guard stack is not a player's army: it can neither offer a surrender nor take one,
    so nobody can surrender to it. The same note of the source also bars an army defending
    a town from surrendering; that belongs to battles in towns, and the chapter on towns
    enforces it under the rule homm.no-retreat-no-surrender.

    Example: A guard stack cannot surrender
      Given the Defender is a guard stack
      And the surrender step of combat round 1 has come
      When the Aggressor declines to surrender
      And the Defender tries to offer 0 cards to surrender
      Then the action is refused under the rule homm.who-cannot-surrender
      And the battle is unchanged

    Example: No one can surrender to a guard stack
      Given the Defender is a guard stack
      And the surrender step of combat round 1 has come
      When the Aggressor tries to offer 2 cards to surrender
      Then the action is refused under the rule homm.who-cannot-surrender
      And the battle is unchanged
