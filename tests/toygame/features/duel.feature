@game:toy
Feature: Striking in a Coin Duel
  Two champions take turns; a strike's roll that reaches the target's guard takes a heart.

  @id:toy.strike
  Rule: A strike takes a heart when its roll reaches the target's guard

    Example: A roll of 4 against guard 4 takes a heart
      Given the champion Ada with 2 hearts and guard 3
      And the champion Bo with 2 hearts and guard 4
      When Ada strikes Bo and rolls 4
      Then Bo has 1 hearts left

    Example: The last heart taken knocks the champion out
      Given the champion Ada with 2 hearts and guard 3
      And the champion Bo with 1 hearts and guard 6
      When Ada strikes Bo and rolls 6
      Then Bo is knocked out

  @id:toy.turns
  Rule: Champions strike in turn, the first placed first

    Example: The second champion cannot strike first
      Given the champion Ada with 2 hearts and guard 3
      And the champion Bo with 2 hearts and guard 4
      When Bo strikes Ada and rolls 5
      Then the action is refused by the rule toy.turns

  @id:toy.knocked-out
  Rule: The duel ends when a champion is knocked out

    Example: Nobody strikes after the knock-out
      Given the champion Ada with 2 hearts and guard 3
      And the champion Bo with 1 hearts and guard 6
      When Ada strikes Bo and rolls 6
      And Bo strikes Ada and rolls 6
      Then the action is refused by the rule toy.knocked-out
