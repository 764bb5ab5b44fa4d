@game:homm @chapter:11
Feature: Withdrawing heroes
  A hero who sees the battle going badly may leave it to fight another day. At the end of
  a round, at its side's step, the side may **withdraw**: the battle ends, every creature
  stack it had in the battle other than its heroes is discarded, and its hero goes back
  to its nearest town. A hero already close to its nearest town may not withdraw.
  Whether a guard stack, which has no hero, may withdraw is a ruling
  ([a guard stack and withdrawing](rule:ruling.guard-withdrawal)), and so is what a hero
  card fielded in the battle changes ([heroes in battle](rule:ruling.fallen-hero-withdrawal)).

  The distances to the towns are chosen for each example.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line
    And combat round 1 has ended

  @id:homm.withdrawing @source:000/withdrawing-heroes
  Rule: A withdrawing side's hero goes home and its creature stacks are discarded, unless it is within 4 spaces of its town
    Withdrawing happens only at the side's withdrawal step at the end of a round (the
    Aggressor's first, then the Defender's); that timing is the [end of a round's
    rule](rule:homm.end-of-round), and a withdrawal tried at any other time is refused
    under it, homm.end-of-round. The side's creature stacks, its heroes apart,
    are all discarded at once, its hero returns to the nearest town it controls, and the
    battle is over.
    The sources name no winner; Battlebook labels the other side the winner (see
    [the end of a battle](rule:homm.battle-end)). A hero within 4 spaces of its nearest
    town, that is 4 spaces away or closer, may not withdraw
    ([ruling: within 4 spaces](rule:ruling.within-four-spaces)).

    Example: A withdrawing Aggressor discards its Gold Golems and leaves the win to the Defender
      Given the Aggressor's nearest town is 6 spaces away
      When the Aggressor withdraws
      Then the battle is over: the Defender wins by withdrawal
      And the Gold Golems stack has 0 cards left
      And 3 cards are in the discard pile

    Example: The withdrawing hero is back at its nearest town
      Given the Aggressor's nearest town is 6 spaces away
      When the Aggressor withdraws
      Then the Aggressor's hero is back at its nearest town

    Example: A hero 5 spaces from its town may withdraw
      Given the Aggressor's nearest town is 5 spaces away
      When the Aggressor withdraws
      Then the battle is over: the Defender wins by withdrawal

    Example: A hero 4 spaces from its town may not withdraw
      Given the Aggressor's nearest town is 4 spaces away
      When the Aggressor tries to withdraw
      Then the action is refused under the rule homm.withdrawing
      And the battle is unchanged
      And the Aggressor's hero is still 4 spaces from its nearest town

    Example: The Defender may withdraw once the Aggressor has stayed
      Given the Defender's nearest town is 9 spaces away
      When the Aggressor declines to withdraw
      And the Defender withdraws
      Then the battle is over: the Aggressor wins by withdrawal
      And the Enemy Golems stack has 0 cards left
