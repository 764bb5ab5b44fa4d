@game:heroscape @chapter:4
Feature: Attacking
  On a turn, the figures of the army card chosen for that turn may attack. Each attack
  is one figure against one other: the attacker rolls **attack dice**, the defender
  rolls **defense dice**, and skulls are set against shields. The sources never list a
  die's sides; Battlebook reads every combat die as three skull faces, two shield faces
  and one blank face, a reading with no printed source behind it (see
  [the ruling on the combat die](../rulings/combat-die.md#ruling.heroscape-combat-die));
  every example states the faces rolled, attack dice first.

  The two editions part ways here. In the **2004 basic game** a figure is destroyed by
  any successful attack and height gives one extra die. In the **2024 edition**
  unblocked skulls become wounds measured against the defender's Life (see *Wounds,
  life and army cards*), a much higher figure earns two extra dice, friendly figures
  may be attacked, and special powers and glyphs can change the dice (see *Extra dice:
  height, special powers and glyphs*). Each example names its edition with a tag.

  Special powers, special attacks and glyph powers all act through a single extension
  point of the engine: a power that changes the dice an attack rolls. The examples
  define their powers in a table, because the sources describe the idea but print no
  power of any real card:

  | column | meaning |
  | --- | --- |
  | `power` | its name |
  | `kind` | `special power` (of an army card), `special attack` (of an army card, used instead of a normal attack) or `glyph` |
  | `holder` | the army card's name, or the glyph's name |
  | `attack dice`, `defense dice` | extra dice it gives to an attacking or defending figure; for a special attack, the attack dice it rolls in place of the card's Attack |
  | `range` | a special attack's own Range |
  | `extra attacks` | for a special power: how many more attacks each figure of its card may make in a turn |

  @id:heroscape.attacking @source:003/attacking @source:004/attacking
  Rule: Each figure on the chosen army card may attack once per turn, in any order, and several may attack the same target
    Only figures of the army card whose turn it is may attack. They attack one after the
    other in the order their player likes; each attacks at most once in the turn, but
    any number of them may pick the same defender. In the 2024 edition a special power
    may allow a figure more attacks; the 2004 text knows no special powers, so there each
    figure attacks once whatever its card is given. When every figure that can attack has
    attacked, the turn is over.

    @edition:2004
    Example: A figure that has attacked cannot attack again in the same turn
      Given the battlefield:
        """
        3Z1 1 1 1A1
         3Z2 1 1 1
        Z1 = Zettian Guards (Red)
        Z2 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling blank, blank, shield against blank, blank
      And the Zettian Guard Z1 tries to attack the Airborne Elite A1
      Then the attack is refused under the rule heroscape.attacking

    @edition:2024
    Example: A figure of another army card cannot attack during this card's turn
      Given the battlefield:
        """
        3Z1 1K1 1A1
        Z1 = Zettian Guards (Red)
        K1 = Knaves of the Silver Scimitar (Red)
        A1 = Airborne Elite (Blue)
        """
      And it is Red's turn with the Zettian Guards
      When the Knave K1 tries to attack the Airborne Elite A1
      Then the attack is refused under the rule heroscape.attacking
      And the battlefield is unchanged

    @edition:2024
    Example: A special power may let a figure attack more than once in a turn
      Given these powers, defined for this example only:
        | power         | kind          | holder         | extra attacks |
        | Double Volley | special power | Zettian Guards | 1             |
      And the battlefield:
        """
        3Z1 1 1A1 1A3
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        A3 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling blank, blank, blank against blank, blank
      And the Zettian Guard Z1 attacks the Airborne Elite A3, rolling blank, blank, blank against blank, blank
      Then no figure of the card taking the turn has an attack left, so the turn is over

    @edition:2004
    Example: In the 2004 game a special power granting an extra attack does not act, and a second attack is refused
      Given these powers, defined for this example only:
        | power         | kind          | holder         | extra attacks |
        | Double Volley | special power | Zettian Guards | 1             |
      And the battlefield:
        """
        3Z1 1 1A1 1A3
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        A3 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling blank, blank, blank against blank, blank
      And the Zettian Guard Z1 tries to attack the Airborne Elite A3
      Then the attack is refused under the rule heroscape.attacking
      And the battlefield is unchanged

    @edition:2004
    Example: The second Guard may attack before the first
      Given the battlefield:
        """
        3Z1 1 1 1A1
         3Z2 1 1 1
        Z1 = Zettian Guards (Red)
        Z2 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z2 attacks the Airborne Elite A1, rolling blank, blank, blank against blank, blank
      And the Zettian Guard Z1 attacks the Airborne Elite A1, rolling blank, blank, blank against blank, blank
      Then no figure of the card taking the turn has an attack left, so the turn is over

    @edition:2024
    Example: In the 2024 edition too the second Guard may attack before the first
      Given the battlefield:
        """
        3Z1 1 1 1A1
         3Z2 1 1 1
        Z1 = Zettian Guards (Red)
        Z2 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z2 attacks the Airborne Elite A1, rolling blank, blank, blank against blank, blank
      And the Zettian Guard Z1 attacks the Airborne Elite A1, rolling blank, blank, blank against blank, blank
      Then no figure of the card taking the turn has an attack left, so the turn is over

  @id:heroscape.attack-dice @source:003/attacking @source:004/rolling-and-resolving
  Rule: The attacker rolls its Attack plus extra dice and counts skulls; the defender rolls its Defense plus extra dice and counts shields
    The attacker rolls as many dice as the Attack on its army card, plus any extra dice it
    has earned; the defender then rolls as many as the Defense on its own card, plus its
    extra dice. Only skulls count on the attack dice, and only shields on the defense
    dice: a shield the attacker rolls, or a skull the defender rolls, counts for nothing.
    Each shield cancels one skull.

    @edition:2004
    Example: A Zettian Guard on level ground rolls its 2 attack dice against the Airborne Elite's 2 defense dice
      Given the battlefield:
        """
        1Z1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 2

    @edition:2024
    Example: Shields on attack dice and skulls on defense dice count for nothing
      Given the battlefield:
        """
        1K1 1A1
        K1 = Knaves of the Silver Scimitar (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Knave K1 attacks the Airborne Elite A1, rolling skull, shield, shield against skull, skull
      Then the attacker rolled 3 dice and the defender 2
      And the attack destroys the Airborne Elite A1

    @edition:2024
    Example: The Knave's shield and Xenithrax's skull count for nothing, so two skulls against one shield wound once
      Given the battlefield:
        """
        1K1 1X 1X
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        """
      When the Knave K1 attacks Xenithrax X, rolling skull, skull, shield against shield, skull, blank
      Then Xenithrax X takes 1 wound and has 1 on her army card

  @id:heroscape.attack-outcome @source:003/attacking @source:003/example-9 @source:004/rolling-and-resolving
  Rule: More skulls than shields makes the attack successful; otherwise the attack does nothing
    If the skulls outnumber the shields, the attack succeeds. If the shields match or
    outnumber the skulls, it fails: both figures stay where they are and that attack is
    over. What a success does depends on the edition: in the 2004 basic game the
    defender is destroyed and leaves the game; in the 2024 edition each skull left
    unblocked is a wound (see *Wounds, life and army cards*).

    @edition:2004
    Example: Example 9: two Zettian Guards attack one Airborne Elite; the first attack is blocked, the second destroys it
      The source shows the rolled dice only in pictures, which are lost. Its words fix how
      many dice are rolled (3 attack dice, 2 defense dice) and how each attack ends.
      Battlebook chose faces that fit those words: the first attack rolls 1 skull against
      1 shield, the second 2 skulls against 1 shield. The battlefield is lost too; the
      map, with both Guards a few levels above the Airborne Elite, is Battlebook's
      reconstruction of what the words say: each Guard is in range, sees the target and
      has the height advantage.

      Given the battlefield:
        """
        4Z1 4 2 1 1 1A1
         4Z2 4 2 1 1 1
        Z1 = Zettian Guards (Red)
        Z2 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, shield, blank against shield, blank
      Then the attacker rolled 3 dice and the defender 2
      And the attack is blocked and both figures stay where they are
      When the Zettian Guard Z2 attacks the Airborne Elite A1, rolling skull, skull, blank against shield, blank
      Then the attacker rolled 3 dice and the defender 2
      And the attack destroys the Airborne Elite A1
      And the Airborne Elite A1 is out of the game
      And no figure of the card taking the turn has an attack left, so the turn is over

    @edition:2024
    Example: Under the 2024 edition two skulls against two shields do nothing, and no wound is placed
      Given the battlefield:
        """
        1K1 1X 1X
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        """
      And Xenithrax X already has 3 wounds
      When the Knave K1 attacks Xenithrax X, rolling skull, skull, blank against shield, shield, blank
      Then the attack is blocked and both figures stay where they are
      And Xenithrax X takes 0 wounds and has 3 on her army card

    @edition:2004
    Example: In the 2004 game two skulls against one shield destroy even Xenithrax
      Given the battlefield:
        """
        2K1 2X 2X
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        """
      When the Knave K1 attacks Xenithrax X, rolling skull, skull, blank against shield, blank, blank
      Then the attack destroys Xenithrax X
      And Xenithrax X is out of the game

    @edition:2024
    Example: In the 2024 edition the same roll only wounds Xenithrax once
      Given the battlefield:
        """
        2K1 2X 2X
        K1 = Knaves of the Silver Scimitar (Red)
        X = Xenithrax the Vineweaver (Blue)
        """
      When the Knave K1 attacks Xenithrax X, rolling skull, skull, blank against shield, blank, blank
      Then Xenithrax X takes 1 wound and has 1 on her army card
      And the army card "Xenithrax the Vineweaver" of Blue is still in play

  @id:heroscape.attacking-friendly-figures @source:004/setting-up-the-attack @source:003/range
  Rule: In the 2024 edition a figure may attack a friendly figure
    The 2024 edition says plainly that a figure of one's own army may be attacked: it
    becomes the defender and the attack goes on as usual. The 2004 basic game says
    nothing of it: it speaks only of attacking enemy figures, which Battlebook reads, in a
    ruling and not as a rule of the text, as a ban on attacking one's own army (see
    [the ruling on friendly fire in the 2004 game](../rulings/heroscape-friendly-fire-2004.md#ruling.heroscape-friendly-fire-2004)).

    @edition:2004
    Example: In the 2004 game an Airborne Elite cannot attack another of its army
      Given the battlefield:
        """
        1A1 1 1A3
        A1 = Airborne Elite (Blue)
        A3 = Airborne Elite (Blue)
        """
      When the Airborne Elite A1 tries to attack the Airborne Elite A3
      Then the attack is refused under the rule heroscape.attacking-friendly-figures
      And the battlefield is unchanged

    @edition:2024
    Example: In the 2024 edition an Airborne Elite may attack and destroy another of its army
      Given the battlefield:
        """
        1A1 1 1A3
        A1 = Airborne Elite (Blue)
        A3 = Airborne Elite (Blue)
        """
      When the Airborne Elite A1 attacks the Airborne Elite A3, rolling skull, skull, blank against shield, blank
      Then the attack destroys the Airborne Elite A3
      And the Airborne Elite A3 is placed on the army card "Airborne Elite"

  @id:heroscape.fight-odds @source:003/attacking @source:004/rolling-and-resolving @source:004/life
  Rule: The odds of a duel to the end add up the chance of every attack along every way it can go
    Two figures take turns attacking each other, the one named first attacking first, one
    attack a turn, until one is destroyed. Battlebook plays every branch of such a duel
    through the rules of the edition, once for each number of skulls the shields can leave
    unblocked, and adds the chances up exactly: who wins, with how much Life left, the
    chance that neither ever can, and how many attacks it takes on average. The same
    counting answers how likely a figure is to fall to a series of attacks. Height, powers
    and glyphs give their extra dice as in any attack, and the edition decides what a
    successful attack does: the same two figures fare differently in the 2004 game, where
    Life does not count, and in the 2024 edition. `battlebook odds fight heroscape`
    answers for any two figures, and the calculator on the odds page too.

    @edition:2024
    Example: In the 2024 edition a Knave must wound an Iron Troll three times before it falls
      Given these army cards, defined for this example only:
        | name        | figure     | kind  | figures | life | range | attack | defense | height |
        | Iron Trolls | Iron Troll | squad | 2       | 3    | 1     | 3      | 2       | 6      |
      And the battlefield:
        """
        1K1 1T1
        K1 = Knaves of the Silver Scimitar (Red)
        T1 = Iron Trolls (Blue)
        """
      Then if the Knave K1 and the Iron Troll T1 fight on to the end, the Knave K1 wins with chance 36088/179685
      And if the Knave K1 and the Iron Troll T1 fight on to the end, the Iron Troll T1 wins with 3 Life left with chance 3/11
      And if the Knave K1 and the Iron Troll T1 fight on to the end, it takes 225272/81675 attacks on average

    @edition:2004
    Example: In the 2004 game the Iron Troll's Life does not count, and the Knave wins most duels
      Given these army cards, defined for this example only:
        | name        | figure     | kind  | figures | life | range | attack | defense | height |
        | Iron Trolls | Iron Troll | squad | 2       | 3    | 1     | 3      | 2       | 6      |
      And the battlefield:
        """
        1K1 1T1
        K1 = Knaves of the Silver Scimitar (Red)
        T1 = Iron Trolls (Blue)
        """
      Then if the Knave K1 and the Iron Troll T1 fight on to the end, the Knave K1 wins with chance 8/11
      And if the Knave K1 and the Iron Troll T1 fight on to the end, it takes 8/5 attacks on average

    @edition:2024
    Example: Three attacks of 3 dice against 2 destroy an unhurt Iron Troll a little over half the time
      Given these army cards, defined for this example only:
        | name        | figure     | kind  | figures | life | range | attack | defense | height |
        | Iron Trolls | Iron Troll | squad | 2       | 3    | 1     | 3      | 2       | 6      |
      And the battlefield:
        """
        1K1 1T1
        K1 = Knaves of the Silver Scimitar (Red)
        T1 = Iron Trolls (Blue)
        """
      Then if the Iron Troll T1 is attacked 3 times with 3 attack dice against 2 defense dice, it is destroyed with chance 2633/4608
      And if the Iron Troll T1 is attacked 3 times with 3 attack dice against 2 defense dice, attack 2 destroys it with chance 83/324

    @edition:2004
    Example: A Zettian Guard on higher ground wins most duels against an Airborne Elite
      Given the battlefield:
        """
        2Z1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then if the Zettian Guard Z1 and the Airborne Elite A1 fight on to the end, the Zettian Guard Z1 wins with chance 729/793
      And if the Zettian Guard Z1 and the Airborne Elite A1 fight on to the end, it takes 8019/3965 attacks on average
