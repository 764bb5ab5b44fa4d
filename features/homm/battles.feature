@game:homm @chapter:91
Feature: The odds of a whole battle
  Most battles have several stacks a side, and every decision the rules give a player
  changes who wins: which stack to attack, whether to swarm, protect or sacrifice for a
  friend, whether to answer an attack. Battlebook works a whole open-field battle out
  exactly, through the same rules every example runs against, in two ways: under the
  **plain plan**, where every stack attacks whenever it can the enemy stack it kills most
  surely (in melee from its Melee Line, else at range), always retaliates, and does nothing
  else; and under **best play**, where the Aggressor makes every decision to win as often
  as it can and the Defender to stop it. `battlebook odds battle homm` answers for any
  battle within its bounds.

  The units of these examples are made up for them: their stats are chosen to show the
  odds, and none is a card of the sources.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name    | level | phase | melee | ranged | defense |
      | Footman | 1     | 3     | 3     | 0      | 7       |
      | Archer  | 1     | 4     | 2     | 3      | 5       |
      | Ogre    | 2     | 5     | 4     | 0      | 8       |
      | Bulwark | 5     | 9     | 0     | 0      | 17      |
      | Warden  | 2     | 6     | 3     | 0      | 14      |

  @id:homm.battle-odds @source:001/phases-and-rounds @source:001/sacrificing-for-support @source:000/retaliations
  Rule: The odds of a whole battle add up every way it can go, under a plan or under best play
    Each stack acts in its phase, the Aggressor's first, each side's in the order it was set
    up; a stack that survives an attack may answer it once a round; no side withdraws or
    surrenders. Battlebook plays every branch of the battle through the rules, once for each
    result of the die, and adds the chances up exactly. Under best play the Aggressor picks,
    at each of its decisions, what makes its chance of winning largest, the Defender what
    makes it smallest, each knowing the other does the same; where two options are equal on
    that chance, each side prefers its own win, then a battle that never ends, then a loss.
    Battlebook proves the strategies it finds: no other decision, anywhere, does better for
    the side that makes it. One limit is Battlebook's own: a stack does not sacrifice again
    for a friend whose attack already waits on its support.

    Example: Sacrificing the Footman for the Archer wins nine battles in ten, where the plain plan wins three in four
      Given the Aggressor has a stack of 1 Footman on its Melee Line
      And the Aggressor has a stack of 1 Archer on its Ranged Line
      And the Defender has a stack of 1 Ogre on its Melee Line
      Then if the battle is fought to the end with the plain plan, the Aggressor wins with chance 216629/281483
      And if the battle is fought to the end with best play, the Aggressor wins with chance 1945/2134
      And if the battle is fought to the end with best play, the Aggressor's best first decision is to have the Footman sacrifice to support the Archer against the Ogre

    Example: Two Ogres swarm first against a Warden, and win nearly two battles in three where the plain plan wins two in seven
      Given the Aggressor has a stack of 2 Ogres on its Melee Line
      And the Defender has a stack of 1 Warden on its Melee Line
      Then if the battle is fought to the end with the plain plan, the Aggressor wins with chance 2/7
      And if the battle is fought to the end with best play, the Aggressor wins with chance 1262/1927
      And if the battle is fought to the end with best play, the Aggressor's best first decision is to have the Ogres swarm

    Example: Stacks that cannot reach each other's defense fight for ever, however they play
      Given the Aggressor has a stack of 1 Bulwark on its Melee Line
      And the Aggressor has a stack of 1 Bulwark called "Second Bulwark" on its Melee Line
      And the Defender has a stack of 1 Bulwark called "Enemy Bulwark" on its Melee Line
      Then if the battle is fought to the end with the plain plan, the battle never ends with chance 1
      And if the battle is fought to the end with best play, the battle never ends with chance 1
