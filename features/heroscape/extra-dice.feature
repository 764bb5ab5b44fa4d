@game:heroscape @chapter:5
Feature: Extra dice: height, special powers and glyphs
  An attack starts from the attacker's Attack dice and the defender's Defense dice (see
  [Attacking](attacking.md)). Three things can add to either side: a base standing
  higher than the other figure's, a special power printed on an army card, and a glyph
  the figure stands on. Height works in both editions, though not the same way. Special
  powers, special attacks and glyphs belong to the 2024 edition alone: the 2004 text has
  none of them, and the 2004 examples below show each doing nothing there. In the 2024
  edition an extra die must also be claimed before the dice are rolled, or it is lost; in
  the 2004 game the higher figure simply rolls its extra die.

  As in *Attacking*, the examples define their powers in a table (its columns are
  explained there): the sources describe what a power may do but print no power of any
  real card.

  @id:heroscape.height-advantage @source:003/height-advantage @source:004/height-advantage
  Rule: A figure whose base is higher rolls extra dice, attacking or defending
    Compare the levels the two figures stand on; the figures' own sizes do not matter.
    The figure standing higher rolls one extra die, whether it attacks or defends. In the
    2004 basic game that is all. In the 2024 edition a figure standing 10 or more levels
    above the other rolls two extra dice instead of one, and neither a glyph nor a water
    space raises the level a figure stands at.

    @edition:2004
    Example: In the 2004 game a Zettian Guard two levels up rolls one extra attack die
      Given the battlefield:
        """
        3Z1 3 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 3 dice against 2

    @edition:2004
    Example: In the 2004 game a defender standing higher rolls one extra defense die
      Given the battlefield:
        """
        1Z1 1 3 3A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 3

    @edition:2004
    Example: In the 2004 game a taller defender on a lower base earns no height advantage
      Given the battlefield:
        """
        2Z1 2 1X 1X
        Z1 = Zettian Guards (Red)
        X = Xenithrax the Vineweaver (Blue)
        """
      Then the Zettian Guard Z1 attacks Xenithrax X with 3 dice against 3

    @edition:2004
    Example: In the 2004 game twelve levels up still earn only one extra die
      Given the battlefield:
        """
        13Z1 13 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 3 dice against 2

    @edition:2024
    Example: In the 2024 edition twelve levels up earn two extra dice
      Given the battlefield:
        """
        13Z1 13 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 4 dice against 2

    @edition:2024
    Example: In the 2024 edition a taller defender on a lower base earns no height advantage
      Given the battlefield:
        """
        2Z1 2 1X 1X
        Z1 = Zettian Guards (Red)
        X = Xenithrax the Vineweaver (Blue)
        """
      Then the Zettian Guard Z1 attacks Xenithrax X with 3 dice against 3

    @edition:2024
    Example: In the 2024 edition nine levels up earn one extra die
      Given the battlefield:
        """
        10Z1 10 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 3 dice against 2

    @edition:2024
    Example: In the 2024 edition exactly ten levels up earn two extra dice
      Given the battlefield:
        """
        11Z1 11 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 4 dice against 2

    @edition:2024
    Example: In the 2024 edition a defender ten levels up rolls two extra defense dice
      Given the battlefield:
        """
        1Z1 1 11 11A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 4

    @edition:2024
    Example: In the 2024 edition a glyph under the attacker adds no height
      Given the battlefield:
        """
        2aZ1 2 2 2A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        a = glyph Astrid
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 2

    @edition:2024
    Example: In the 2024 edition a water space under the defender adds no height
      Given the battlefield:
        """
        2Z1 2 2 2~A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 2

  @id:heroscape.special-powers @source:004/special-powers @source:004/attacking @source:003/attacking
  Rule: Special powers change the dice, and a special attack may be used instead of a normal attack
    Before rolling, check the army cards for special powers that add dice to the attack
    or the defense. A card whose power is named as a Special Attack offers a different
    attack that the figure may make in place of its normal one. The source says no more
    of it; in these examples a special attack is defined, in the powers table, with its
    own number of attack dice and its own range, which replace the card's Attack and
    Range. An attack may only use a special attack printed on the attacker's own card. The
    2004 text has no special powers at all: an attacker rolls the Attack on its card (plus
    any height die) and the defender its Defense, and an attack naming a special attack is
    refused.

    @edition:2024
    Example: A defending special power adds a defense die
      Given these powers, defined for this example only:
        | power      | kind          | holder         | attack dice | defense dice |
        | Stone Skin | special power | Airborne Elite | 0           | 1            |
      And the battlefield:
        """
        1Z1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 3

    @edition:2024
    Example: A special attack replaces the normal attack, with its own dice and range
      Given these powers, defined for this example only:
        | power                 | kind           | holder         | attack dice | range |
        | Volley Special Attack | special attack | Zettian Guards | 4           | 9     |
      And the battlefield:
        """
        1Z1 1 1 1 1 1 1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1 with the special attack "Volley Special Attack", rolling skull, skull, skull, blank against shield, blank
      Then the attacker rolled 4 dice and the defender 2
      And the attack destroys the Airborne Elite A1

    @edition:2024
    Example: Without its special attack the same target is out of range
      Given these powers, defined for this example only:
        | power                 | kind           | holder         | attack dice | range |
        | Volley Special Attack | special attack | Zettian Guards | 4           | 9     |
      And the battlefield:
        """
        1Z1 1 1 1 1 1 1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 may not attack the Airborne Elite A1 under the rule heroscape.range

    @edition:2024
    Example: A special attack the attacker's card does not have is refused
      Given the battlefield:
        """
        1Z1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 tries to attack the Airborne Elite A1 with the special attack "Fire Breath Special Attack"
      Then the attack is refused under the rule heroscape.special-powers

    @edition:2004
    Example: In the 2004 game a defending special power adds no die
      Given these powers, defined for this example only:
        | power      | kind          | holder         | attack dice | defense dice |
        | Stone Skin | special power | Airborne Elite | 0           | 1            |
      And the battlefield:
        """
        1Z1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 2

    @edition:2004
    Example: In the 2004 game a special attack printed on the attacker's card is refused
      Given these powers, defined for this example only:
        | power                 | kind           | holder         | attack dice | range |
        | Volley Special Attack | special attack | Zettian Guards | 4           | 9     |
      And the battlefield:
        """
        1Z1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 tries to attack the Airborne Elite A1 with the special attack "Volley Special Attack"
      Then the attack is refused under the rule heroscape.special-powers
      And the battlefield is unchanged

  @id:heroscape.glyphs @source:004/glyphs @source:004/attacking @source:003/attacking
  Rule: A glyph under the attacker or the defender may give it extra dice
    Some glyphs help the figure standing on them, in attack or in defense. Their dice are
    added with the other extras before rolling. The 2004 text has no glyphs: a figure
    standing on one rolls what its card and its height give it, no more.

    @edition:2024
    Example: A Zettian Guard on an attack glyph rolls an extra attack die
      Given these powers, defined for this example only:
        | power           | kind  | holder | attack dice | defense dice |
        | Glyph of Astrid | glyph | Astrid | 1           | 0            |
      And the battlefield:
        """
        1aZ1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        a = glyph Astrid
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 3 dice against 2

    @edition:2024
    Example: The same glyph does nothing for a figure that is not standing on it
      Given these powers, defined for this example only:
        | power           | kind  | holder | attack dice | defense dice |
        | Glyph of Astrid | glyph | Astrid | 1           | 0            |
      And the battlefield:
        """
        1Z1 1a 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        a = glyph Astrid
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 2

    @edition:2024
    Example: An Airborne Elite on a defense glyph rolls an extra defense die
      Given these powers, defined for this example only:
        | power           | kind  | holder | attack dice | defense dice |
        | Glyph of Ivor   | glyph | Ivor   | 0           | 1            |
      And the battlefield:
        """
        1Z1 1 1 1iA1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        i = glyph Ivor
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 3

    @edition:2004
    Example: In the 2004 game the attack glyph gives the Zettian Guard on it no extra die
      Given these powers, defined for this example only:
        | power           | kind  | holder | attack dice | defense dice |
        | Glyph of Astrid | glyph | Astrid | 1           | 0            |
      And the battlefield:
        """
        1aZ1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        a = glyph Astrid
        """
      Then the Zettian Guard Z1 attacks the Airborne Elite A1 with 2 dice against 2

  @id:heroscape.claim-extras-before-rolling @source:004/attacking @source:003/height-advantage
  Rule: Extra dice must be claimed before the roll; an extra nobody claimed is lost
    Before rolling, the players check for height advantage, special powers and glyphs
    that change the attack. An extra die that was overlooked until after the roll does
    not count for that attack: the 2024 edition is blunt about it. The 2004 text has no
    such rule: it gives the higher figure its extra die without condition, so a 2004
    attack that leaves the height die out is refused under the height advantage rule.

    @edition:2024
    Example: A height advantage overlooked before the roll is lost
      Given the battlefield:
        """
        3Z1 3 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, overlooking its height advantage, rolling skull, skull against shield, blank
      Then the attacker rolled 2 dice and the defender 2

    @edition:2024
    Example: A glyph's extra die overlooked before the roll is lost
      Given these powers, defined for this example only:
        | power           | kind  | holder | attack dice | defense dice |
        | Glyph of Astrid | glyph | Astrid | 1           | 0            |
      And the battlefield:
        """
        1aZ1 1 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        a = glyph Astrid
        """
      When the Zettian Guard Z1 attacks the Airborne Elite A1, overlooking the power "Glyph of Astrid", rolling skull, blank against shield, blank
      Then the attacker rolled 2 dice and the defender 2

    @edition:2004
    Example: In the 2004 game a height advantage cannot be lost by overlooking it
      Given the battlefield:
        """
        3Z1 3 1 1A1
        Z1 = Zettian Guards (Red)
        A1 = Airborne Elite (Blue)
        """
      When the Zettian Guard Z1 tries to attack the Airborne Elite A1, overlooking its height advantage
      Then the attack is refused under the rule heroscape.height-advantage
      And the battlefield is unchanged
