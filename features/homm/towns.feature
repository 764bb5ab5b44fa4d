@game:homm @chapter:14
Feature: Battles in towns
  An army that falls back to one of its towns fights behind its walls. A battle in a town
  follows every rule of a battle in the open field, with the differences below: the Town
  Card stands in front of the Defender, the walls can be Breached and then Sacked, they
  blunt the Aggressor's shots at the stacks inside, only units that ignore obstacles can
  get over them (and only once they are damaged), the stacks inside may come out for free,
  and the Defender fights to the end.

  In these examples the Defender defends its town and actions call its town card "Town
  Card". The sources give no stats for the Halflings, Orcs, Griffins, Sharpshooters or
  Magi, nor the score of any spell, and they name no unit that ignores obstacles: the
  tables below are chosen for these examples only. The Gold Golem's stats are the sources'.

  Background:
    Given a battle in the Defender's town
    And these spells, defined for this example only:
      | name       | attack |
      | Magic Fist | 4      |
    And these units, defined for this example only:
      | name         | level | phase | melee | ranged | defense | casts      | abilities         |
      | Halfling     | 1     | 4     | 1     | 2      | 4       |            |                   |
      | Orc          | 2     | 6     | 2     | 3      | 5       |            |                   |
      | Magi         | 3     | 5     | 1     | 0      | 6       | Magic Fist |                   |
      | Griffin      | 2     | 3     | 4     | 0      | 6       |            | ignores obstacles |
      | Sharpshooter | 2     | 4     | 1     | 3      | 5       |            | ignores obstacles |

  @id:homm.town-battle @source:002/battles-in-towns @source:002/setup
  Rule: The Defender may keep all its stacks inside, behind the Town Card
    At setup the Defender may place every one of its stacks on its Ranged Line: nothing
    obliges it to put any on its Melee Line. The Town Card takes the place of that Melee
    Line, and the walls act as one, so the stacks inside are out of reach of melee attacks
    as a Ranged Line always is. While the walls are intact the Defender needs no stack in
    front of them at all ([ruling: a town defender's Melee Line](rule:ruling.town-melee-line)).

    Example: A Defender with every stack inside cannot be reached in melee
      Given the Defender has a stack of 2 Orcs on its Ranged Line
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      When the Gold Golems try to attack the Orcs in melee
      Then the action is refused under the rule homm.melee-attack
      And the battle is unchanged

    Example: When its only stack outside falls, no stack has to come out from behind intact walls
      Given the Defender has a Gold Golem called "Sentry" on its Melee Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      When the Gold Golems attack the Sentry in melee, rolling 0
      Then the Orcs stand on the Ranged Line
      And the Defender has 0 stacks on its Melee Line

  @id:homm.town-card @source:002/setup
  Rule: The Town Card never attacks, has defense 10, and only melee attacks can hit it
    The Town Card can be attacked but never attacks, retaliates or moves. Its defense score
    is 10, and only a melee attack can hit it: ranged attacks and spells are refused. To
    damage the walls an enemy stack on its Melee Line must make a melee attack whose total
    (score plus roll) is 10 or more. The card is a single card, so an attack on it swats
    nothing. Other stacks may sacrifice to support an attack on the walls, but, since a
    stack may only support an attack on a target it could attack itself, only stacks on
    their Melee Line can.

    Background:
      Given the Defender has a stack of 2 Orcs on its Ranged Line
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line

    Example: A melee total of exactly 10 hits the walls
      When the Gold Golems attack the Town Card in melee, rolling 3
      Then the attack total is 10
      And the town's walls are Breached

    Example: A melee total of 9 leaves the walls intact
      When the Gold Golems attack the Town Card in melee, rolling 2
      Then the attack does no harm
      And the town's walls are intact

    Example: A ranged attack at the Town Card is refused
      Given the Aggressor has a stack of 3 Halflings on its Ranged Line
      When the Halflings try to attack the Town Card at range
      Then the action is refused under the rule homm.town-card
      And the battle is unchanged

    Example: A spell at the Town Card is refused
      Given the Aggressor has a stack of 2 Magi on its Ranged Line
      When the Magi try to attack the Town Card with Magic Fist
      Then the action is refused under the rule homm.town-card
      And the battle is unchanged

    Example: The Town Card never attacks
      When the Town Card tries to attack the Gold Golems in melee
      Then the action is refused under the rule homm.town-card
      And the battle is unchanged

    Example: The Town Card never retaliates
      When the Gold Golems attack the Town Card in melee, rolling 2
      And the Town Card tries to retaliate against the Gold Golems in melee
      Then the action is refused under the rule homm.town-card
      And the battle is unchanged

    Example: A stack on its Melee Line may sacrifice to support an attack on the walls
      Given the Aggressor has a stack of 2 Halflings on its Melee Line
      And the Halflings have sacrificed to support the Gold Golems against the Town Card
      When the Gold Golems attack the Town Card in melee, rolling 1
      Then the attack total is 10
      And the town's walls are Breached

    Example: A stack on its Ranged Line cannot support an attack on the walls
      Given the Aggressor has a stack of 2 Halflings on its Ranged Line
      When the Halflings try to sacrifice to support the Gold Golems against the Town Card
      Then the action is refused under the rule homm.common-target
      And the battle is unchanged

  @id:homm.town-walls @source:002/setup @source:002/ranged-penalties
  Rule: The first hit Breaches the walls, the second Sacks them; each calls stacks out at once
    The Town Card is never destroyed: a hit turns it instead. After the first hit the walls
    are **Breached**, a word the source spells Breeched throughout. There is now a gap to
    fill: the Defender must at once move at least 1 stack out of its town to its Melee
    Line, even when stacks already stand there ([ruling: Breached walls call a stack
    out](rule:ruling.breach-call)). After the second hit the walls are **Sacked**, and the
    Defender must at once move stacks out until at least 2 stand on its Melee Line.
    Stacks come out from the Ranged Line for free, as in automatic reorganizing; when more
    could come out than are needed, the Defender picks ([ruling: a town defender's Melee
    Line](rule:ruling.town-melee-line)). Further hits leave the walls Sacked. When the battle ends, however it ends,
    Breached or Sacked walls are repaired at once.

    Background:
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line

    Example: The first hit Breaches the walls and the Orcs must come out
      Given the Defender has a stack of 2 Orcs on its Ranged Line
      When the Gold Golems attack the Town Card in melee, rolling 5
      Then the town's walls are Breached
      And the Orcs stand on the Melee Line

    Example: With two stacks inside, the Defender picks the one that comes out
      Given the Defender has a stack of 2 Orcs on its Ranged Line
      And the Defender has a stack of 2 Halflings on its Ranged Line
      When the Gold Golems attack the Town Card in melee, rolling 5
      Then the Defender must pick which stack moves up
      And the town's walls are Breached

    Example: The second hit Sacks the walls and a second stack must come out
      Given the town's walls are Breached
      And the Defender has a stack of 2 Orcs on its Melee Line
      And the Defender has a stack of 2 Halflings on its Ranged Line
      When the Gold Golems attack the Town Card in melee, rolling 4
      Then the town's walls are Sacked
      And the Defender has 2 stacks on its Melee Line

    Example: Sacked walls stay Sacked and the Town Card stays in play
      Given the town's walls are Sacked
      And the Defender has a stack of 2 Orcs on its Melee Line
      And the Defender has a stack of 2 Halflings on its Melee Line
      When the Gold Golems attack the Town Card in melee, rolling 9
      Then the town's walls are Sacked
      And the battle goes on

    Example: The walls are repaired as soon as the battle is over
      Given the town's walls are Sacked
      And the Defender has a stack of 2 Orcs on its Melee Line
      And the Defender has a stack of 2 Halflings on its Melee Line
      And the Aggressor's nearest town is 6 spaces away
      And combat round 1 has ended
      When the Aggressor withdraws
      Then the battle is over: the Defender wins by withdrawal
      And the town's walls are intact

  @id:homm.town-ranged-penalties @source:002/ranged-penalties
  Rule: The Aggressor's shots at stacks inside are halved, then less 1, then free
    The walls shield the stacks on the Defender's Ranged Line from the Aggressor's ranged
    attacks. While the walls are intact, such an attack's score is halved, rounding up
    ([ruling: the lost character](rule:ruling.town-penalty-half)); once they are Breached, 1 is taken off it instead; once
    they are Sacked, nothing is taken off. The penalty is taken from the whole score the
    attack is made with, levels, support and swarming included ([ruling: what the walls'
    penalty applies to](rule:ruling.town-penalty-score)), and it applies to a ranged retaliation by the Aggressor too. The
    shield works one way only: the Defender's own ranged attacks from inside suffer
    nothing, and neither do the Aggressor's spells or its shots at stacks on the Defender's
    Melee Line. A shot cut to 0 may still be fired ([ruling: a shot the walls cut to
    nothing](rule:ruling.zero-shot)).

    Background:
      Given the Aggressor has a stack of 2 Orcs on its Ranged Line
      And the Defender has a stack of 2 Halflings on its Ranged Line

    Example: Behind intact walls an odd score of 5 is halved to 3
      When the Orcs attack the Halflings at range, rolling 1
      Then the attack score is 3
      And the attack kills the top card of the Halflings

    Example: One less on the die and the halved shot misses
      When the Orcs attack the Halflings at range, rolling 0
      Then the attack score is 3
      And the attack does no harm

    Example: Behind Breached walls the score loses 1
      Given the town's walls are Breached
      And the Defender has a Gold Golem called "Sentry" on its Melee Line
      When the Orcs attack the Halflings at range, rolling 0
      Then the attack score is 4
      And the attack kills the top card of the Halflings

    Example: Behind Sacked walls the score is whole
      Given the town's walls are Sacked
      And the Defender's Melee Line holds 2 single Gold Golem stacks
      When the Orcs attack the Halflings at range, rolling 0
      Then the attack score is 5

    Example: A spell at a stack inside suffers no penalty
      Given the Aggressor has a Magi on its Ranged Line
      When the Magi attack the Halflings with Magic Fist, rolling 0
      Then the attack score is 4
      And the attack kills the top card of the Halflings

    Example: A shot at a stack outside the walls suffers no penalty
      Given the Defender has a Gold Golem called "Sentry" on its Melee Line
      When the Orcs attack the Sentry at range, rolling 2
      Then the attack score is 5
      And the attack kills the top card of the Sentry

    Example: The Defender shoots out of its town at its full score
      Given the Defender has a stack of 2 Orcs called "Town Orcs" on its Ranged Line
      When the Town Orcs attack the Orcs at range, rolling 0
      Then the attack score is 5
      And the attack kills the top card of the Orcs

    Example: The Aggressor's ranged retaliation at a stack inside is halved too
      Given the Defender has a stack of 2 Orcs called "Town Orcs" on its Ranged Line
      When the Town Orcs attack the Orcs at range, rolling 0
      And the Orcs retaliate against the Town Orcs at range, rolling 2
      Then the attack score is 2
      And the attack does no harm

  @id:homm.town-ignoring-obstacles @source:002/ignoring-obstacles
  Rule: Units that ignore obstacles fly in only once the walls are Breached, and shoot without penalty
    A unit that ignores obstacles is still stopped by intact walls. Once the walls are at
    least Breached, an Aggressor's stack whose top card ignores obstacles may fly (or
    teleport) in and make melee attacks on the stacks on the Defender's Ranged Line; it
    attacks from its own Melee Line like any melee attacker ([ruling: a flier and the
    walls](rule:ruling.flier-line)). Other units still reach only
    the Defender's Melee Line. A ranged unit that ignores obstacles also ignores the walls'
    ranged penalties. Which units ignore obstacles is printed on their cards; a scenario
    says so in the `abilities` column of its unit table. Since such a stack could attack
    the stacks inside itself, it may also sacrifice to support another stack's attack on
    them (the common target rule); while the walls stand intact it may not.

    Example: Griffins cannot fly over intact walls
      Given the Aggressor has a stack of 1 Griffin on its Melee Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Griffin tries to attack the Orcs in melee
      Then the action is refused under the rule homm.town-ignoring-obstacles
      And the battle is unchanged

    Example: Once the walls are Breached, Griffins fly in and strike the Orcs
      Given the town's walls are Breached
      And the Defender has a Gold Golem called "Sentry" on its Melee Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      And the Aggressor has a stack of 1 Griffin on its Melee Line
      When the Griffin attacks the Orcs in melee, rolling 1
      Then the Orcs stack has 1 card left

    Example: Once the walls are Breached, one flying stack may support another against the Orcs
      Given the town's walls are Breached
      And the Defender has a stack of 2 Orcs on its Ranged Line
      And the Aggressor has a stack of 2 Griffins called "High Wing" on its Melee Line
      And the Aggressor has a stack of 1 Griffin on its Melee Line
      When the High Wing sacrifice to support the Griffin against the Orcs
      Then the Griffin have support of 4 waiting

    Example: Behind intact walls no flying stack may support an attack on the Orcs
      Given the Defender has a stack of 2 Orcs on its Ranged Line
      And the Aggressor has a stack of 2 Griffins called "High Wing" on its Melee Line
      And the Aggressor has a stack of 1 Griffin on its Melee Line
      When the High Wing try to sacrifice to support the Griffin against the Orcs
      Then the action is refused under the rule homm.common-target
      And the battle is unchanged

    Example: Gold Golems cannot follow them in, even through Sacked walls
      Given the town's walls are Sacked
      And the Defender's Melee Line holds 2 single Gold Golem stacks
      And the Defender has a stack of 2 Orcs on its Ranged Line
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      When the Gold Golems try to attack the Orcs in melee
      Then the action is refused under the rule homm.melee-attack
      And the battle is unchanged

    Example: Sharpshooters that ignore obstacles shoot over intact walls at full score
      Given the Aggressor has a stack of 2 Sharpshooters on its Ranged Line
      And the Defender has a stack of 2 Orcs on its Ranged Line
      When the Sharpshooters attack the Orcs at range, rolling 0
      Then the attack score is 5
      And the attack kills the top card of the Orcs

  @id:homm.emerging-from-the-town @source:002/emerging-from-the-town
  Rule: A stack inside may come out to the Melee Line for free, but going back in costs its attack
    A Defender's stack on its Ranged Line may move to its Melee Line without giving up its
    attack opportunity, so it can wait inside while the enemy's phases pass and come out
    to attack in its own. It moves as a stack reorganizes, before it has used its
    opportunity, but it keeps that opportunity to attack afterwards; that it may do so
    only in its own phase is a ruling ([when a stack comes out of its town](rule:ruling.emerging-phase)). Going
    back in from the Melee Line to the Ranged Line is an ordinary reorganization: it uses
    the stack's attack opportunity.

    Background:
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 2 Orcs on its Ranged Line

    Example: The Orcs come out and keep their attack opportunity
      When the Orcs reorganize to the Melee Line
      Then the Orcs stand on the Melee Line
      And the Orcs have not used their attack opportunity this round

    Example: The Orcs come out and attack at once
      When the Orcs reorganize to the Melee Line
      And the Orcs attack the Gold Golems in melee, rolling 3
      Then the attack kills the top card of the Gold Golems

    Example: Going back inside costs the attack opportunity
      Given the Defender has a stack of 2 Halflings on its Melee Line
      When the Halflings reorganize to the Ranged Line
      Then the Halflings stand on the Ranged Line
      And the Halflings have used their attack opportunity this round

    Example: A stack that has already attacked cannot come out for free
      When the Orcs attack the Gold Golems at range, rolling 0
      And the Orcs try to reorganize to the Melee Line
      Then the action is refused under the rule homm.attack-opportunity
      And the battle is unchanged


  @id:homm.no-retreat-no-surrender @source:002/no-retreat-no-surrender @source:000/surrendering
  Rule: The Defender of a town can neither withdraw nor surrender
    An army defending its town fights to the death: at the end of a round it may not
    withdraw, and it may not offer a surrender (the chapter on towns says so, and the
    note on surrendering repeats it). The Aggressor keeps both choices.

    Background:
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 2 Orcs on its Ranged Line

    Example: The town's Defender may not withdraw
      Given combat round 1 has ended
      When the Aggressor declines to withdraw
      And the Defender tries to withdraw
      Then the action is refused under the rule homm.no-retreat-no-surrender
      And the battle is unchanged

    Example: The town's Defender may not surrender
      Given the Defender holds 2 cards in hand and 8 in its deck
      And the surrender step of combat round 1 has come
      When the Aggressor declines to surrender
      And the Defender tries to offer 1 card to surrender
      Then the action is refused under the rule homm.no-retreat-no-surrender
      And the battle is unchanged

    Example: The Aggressor may still surrender to the town's Defender
      Given the Aggressor holds 5 cards in hand and 10 in its deck
      And the surrender step of combat round 1 has come
      When the Aggressor offers 2 cards to surrender
      Then the Defender is to answer the offer of 2 cards

    Example: The Aggressor may still withdraw from a town
      Given the Aggressor's nearest town is 6 spaces away
      And combat round 1 has ended
      When the Aggressor withdraws
      Then the battle is over: the Defender wins by withdrawal
