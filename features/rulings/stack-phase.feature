@game:homm @chapter:2
Feature: Ruling: a stack's phase
  **The question.** Every unit card prints the phase in which it attacks, and a stack may
  hold cards of different kinds. The rules do not say which card's phase a mixed stack
  follows.

  **Battlebook's reading.** A stack acts in the phase of its **top card**, the card that
  makes the attack. When the top card is killed, the new top card's phase applies from
  then on (the stack still has only one attack opportunity in the round).

  **The alternative.** A stack acts in the earliest phase printed on any of its cards. A
  scenario chooses it with `Given the alternative reading: a stack attacks in the phase of
  its earliest card`.

  The units below and their stats are made up for these examples.

  Background:
    Given a battle in the open field

  @id:ruling.stack-phase @source:001/phases-and-rounds @source:001/attacking-as-a-stack
  Rule: A stack acts in the phase of its top card
    Example: A Captain of phase 5 on top of two Recruits of phase 2 leads the stack in phase 5
      Given these units, defined for this example only:
        | name    | level | phase | melee | ranged | defense |
        | Captain | 4     | 5     | 6     | 0      | 8       |
        | Recruit | 1     | 2     | 1     | 0      | 3       |
      And the Aggressor has a stack of 1 Captain and 2 Recruits called "Patrol" on its Melee Line
      Then the Patrol act in phase 5

    Example: Under the alternative reading the same stack acts in phase 2
      Given the alternative reading: a stack attacks in the phase of its earliest card
      And these units, defined for this example only:
        | name    | level | phase | melee | ranged | defense |
        | Captain | 4     | 5     | 6     | 0      | 8       |
        | Recruit | 1     | 2     | 1     | 0      | 3       |
      And the Aggressor has a stack of 1 Captain and 2 Recruits called "Patrol" on its Melee Line
      Then the Patrol act in phase 2

    Example: When the Captain falls, the Recruits now on top act in phase 2
      Given these units, defined for this example only:
        | name    | level | phase | melee | ranged | defense |
        | Captain | 4     | 5     | 6     | 0      | 8       |
        | Recruit | 1     | 2     | 1     | 0      | 3       |
      And the Aggressor has a stack of 1 Captain and 2 Recruits called "Patrol" on its Melee Line
      And the Defender has a stack of 3 Gold Golems on its Melee Line
      When the Gold Golems attack the Patrol in melee, rolling 1
      Then the Patrol act in phase 2
