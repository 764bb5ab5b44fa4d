@game:homm @chapter:3
Feature: Phases and combat rounds
  A battle is fought in **combat rounds**, and each round in up to ten **phases**. Every
  unit card prints the phase in which it attacks. In each phase the Aggressor's stacks of
  that phase act first and their casualties leave the battle; then the Defender's stacks of
  the same phase do the same. After phase 10 the round is over: first the Aggressor, then
  the Defender, may withdraw; then the Aggressor, then the Defender, may offer to
  surrender. If nobody ends the battle that way, a new round starts at phase 1.

  In the examples a side hands the turn on with "ends its turn in the phase". The Gold
  Golem's phase, 7, is the one the sources give (they send the Golems in during phase 7). Which
  card sets the phase of a stack of mixed units is a ruling ([a stack's phase](rule:ruling.stack-phase)).

  **Turn order is checked only when an example sets the clock.** The engine checks phases
  and turns only in a battle that has a clock: an example that says "the battle is in
  phase ... of round ...", "the battle begins", or reaches the end of a round. Examples in
  other chapters that say none of these leave turn order aside, so that each shows one
  rule on its own; their stacks act as if it were their phase and their side's turn.

  **Heroes attack in their phase too.** Hero cards print a phase like unit cards, and a
  hero attacks in it. The sources give no hero's numbers, so an example that fields a
  hero defines its card, marked `hero` in the unit table; it then stands on a line and
  attacks like any stack.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 3 Gold Golems called "Enemy Golems" on its Melee Line

  @id:homm.phases-and-rounds @source:001/phases-and-rounds
  Rule: Phase by phase, the Aggressor's stacks act before the Defender's
    A stack may act only in its own phase and only while it is its side's turn. Within a
    phase the Aggressor goes first; when the Aggressor is done, the Defender takes its turn
    in the same phase; when the Defender is done, the next phase begins, again with the
    Aggressor. After the Defender's turn in phase 10 the round ends. Casualties leave the
    battle at once: a stack the Aggressor destroys in a phase is gone before the
    Defender's turn in that same phase, so it never gets to act in it.

    Example: The Gold Golems attack when phase 7 comes round
      Given the battle begins
      When both sides end their turns until phase 7
      And the Gold Golems attack the Enemy Golems in melee, rolling 0
      Then the attack kills the top card of the Enemy Golems

    Example: A stack cannot attack before its phase
      Given the battle is in phase 6 of round 1, on the Aggressor's turn
      When the Gold Golems try to attack the Enemy Golems in melee
      Then the action is refused under the rule homm.phases-and-rounds
      And the battle is unchanged

    Example: The Defender's stacks wait while the Aggressor has the turn
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Enemy Golems try to attack the Gold Golems in melee
      Then the action is refused under the rule homm.phases-and-rounds
      And the battle is unchanged

    Example: When the Aggressor is done, the Defender acts in the same phase
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Aggressor ends its turn in the phase
      Then the battle is in phase 7 of round 1, on the Defender's turn

    Example: When the Defender is done, the next phase starts with the Aggressor
      Given the battle is in phase 3 of round 1, on the Defender's turn
      When the Defender ends its turn in the phase
      Then the battle is in phase 4 of round 1, on the Aggressor's turn

    Example: After the Defender's turn in phase 10 the round is over
      Given the battle is in phase 10 of round 1, on the Defender's turn
      When the Defender ends its turn in the phase
      Then the Aggressor is to choose whether to withdraw in round 1

    Example: A stack the Aggressor destroys in phase 7 does not act in the Defender's phase 7
      Given the Defender has a Gold Golem called "Lone Golem" on its Melee Line
      And the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Gold Golems attack the Lone Golem in melee, rolling 0
      And the Aggressor ends its turn in the phase
      Then the battle is in phase 7 of round 1, on the Defender's turn
      And the Lone Golem stack has 0 cards left

    Example: A side cannot end the other side's turn
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Defender tries to end its turn in the phase
      Then the action is refused under the rule homm.phases-and-rounds
      And the battle is unchanged

  @id:homm.heroes-attack @source:001/phases-and-rounds @source:000/withdrawing-heroes
  Rule: A hero attacks in the phase its card prints, and leaves with its side when it withdraws
    A hero card says in which phase its hero attacks, every round, as a unit card does.
    When its side withdraws, the hero goes back to its town: only the side's other cards
    are discarded. The Knight's stats are chosen for these examples.

    Background:
      Given these units, defined for this example only:
        | name   | level | phase | melee | ranged | defense | hero |
        | Knight | 3     | 2     | 4     | 0      | 8       | yes  |
      And the Aggressor has a Knight on its Melee Line

    Example: The Knight attacks in phase 2, and 4 + 3 kills an Enemy Golem
      Given the battle is in phase 2 of round 1, on the Aggressor's turn
      When the Knight attacks the Enemy Golems in melee, rolling 3
      Then the attack kills the top card of the Enemy Golems

    Example: The Knight may not attack in phase 7
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Knight tries to attack the Enemy Golems in melee, rolling 3
      Then the action is refused under the rule homm.phases-and-rounds
      And the battle is unchanged

    Example: When its side withdraws the Knight goes home, and only the Gold Golems are discarded
      Given the Aggressor's nearest town is 6 spaces away
      And combat round 1 has ended
      When the Aggressor withdraws
      Then the Knight stack has 0 cards left
      And 3 cards are in the discard pile
      And the Aggressor's hero is back at its nearest town

  @id:homm.attack-opportunity @source:001/phases-and-rounds @source:000/protecting
  Rule: Each stack has one attack opportunity per round
    In its phase a stack gets a single attack opportunity. It may attack with it, or give
    it up to swarm, to protect, to support a friend or to reorganize; whichever it does,
    the opportunity is spent until the next round. A stack that does nothing in its phase
    lets the opportunity pass. Answering an attack (retaliating) is not an attack
    opportunity and does not use it.

    Example: A stack that has attacked cannot attack again in the same round
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Gold Golems attack the Enemy Golems in melee, rolling 0
      And the Gold Golems try to attack the Enemy Golems in melee
      Then the action is refused under the rule homm.attack-opportunity
      And the battle is unchanged

    Example: Protecting spends the opportunity too
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      When the Gold Golems protect
      And the Gold Golems try to attack the Enemy Golems in melee
      Then the action is refused under the rule homm.attack-opportunity

    Example: The opportunity comes back in the next round
      Given the battle is in phase 7 of round 1, on the Aggressor's turn
      And the Gold Golems have chosen to protect
      When both sides play on into the next round
      Then the battle is in phase 1 of round 2, on the Aggressor's turn
      And the Gold Golems have not used their attack opportunity this round

  @id:homm.end-of-round @source:001/phases-and-rounds @source:000/withdrawing-heroes @source:000/surrendering
  Rule: At the end of a round each side may withdraw, then each may surrender, the Aggressor first
    When phase 10 is over, the Aggressor decides whether to withdraw, then the Defender.
    If neither does, the Aggressor decides whether to offer surrender, then the Defender.
    If the battle still goes on, the next round starts at phase 1 with the Aggressor. No
    stack attacks during these steps, and nobody may act out of turn: a withdrawal, an
    offer of surrender or an answer to one tried at any other moment is refused under this
    rule, homm.end-of-round (what a withdrawal or a surrender then does is the rule of its
    own chapter).

    Example: After the Aggressor stays, the Defender may withdraw
      Given combat round 1 has ended
      When the Aggressor declines to withdraw
      Then the Defender is to choose whether to withdraw in round 1

    Example: When neither side withdraws, the Aggressor may surrender first
      Given combat round 1 has ended
      When the Aggressor declines to withdraw
      And the Defender declines to withdraw
      Then the Aggressor is to choose whether to surrender in round 1

    Example: When nobody withdraws or surrenders, round 2 starts at phase 1
      Given combat round 1 has ended
      When the Aggressor declines to withdraw
      And the Defender declines to withdraw
      And the Aggressor declines to surrender
      And the Defender declines to surrender
      Then the battle is in phase 1 of round 2, on the Aggressor's turn

    Example: The Defender cannot withdraw before the Aggressor has chosen
      Given combat round 1 has ended
      When the Defender tries to withdraw
      Then the action is refused under the rule homm.end-of-round
      And the battle is unchanged

    Example: Nobody may surrender while the withdrawals are still being decided
      Given combat round 1 has ended
      When the Aggressor tries to offer 0 cards to surrender
      Then the action is refused under the rule homm.end-of-round
      And the battle is unchanged

    Example: No stack attacks between two rounds
      Given combat round 1 has ended
      When the Gold Golems try to attack the Enemy Golems in melee
      Then the action is refused under the rule homm.phases-and-rounds
      And the battle is unchanged
