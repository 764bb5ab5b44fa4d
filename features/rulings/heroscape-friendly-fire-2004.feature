@game:heroscape @chapter:21
Feature: Ruling: no friendly fire in the 2004 game
  **The question.** May a figure attack a figure of its own army in the 2004 basic game?
  The later edition answers plainly that it may. The 2004 text never raises the
  question: it only ever speaks of a figure attacking an *enemy* within its Range, and
  its worked example pits one army against another.

  **Battlebook's reading.** The 2004 basic game allows attacks on enemy figures only. The
  word "enemy" is read as a condition, so an attack on a figure of the attacker's own
  army is refused under the rule
  [heroscape.attacking-friendly-figures](../heroscape/attacking.md#heroscape.attacking-friendly-figures).
  This reading is inferred from that single word; the 2004 text states no such ban.

  **The alternative.** The 2004 text says "enemy" only because that is the usual
  target, and, as in the later edition, any figure may be attacked. The engine keeps this
  as a setting of the ruleset (`friendly_fire`), which the 2024 edition switches on; a
  2004 scenario chooses it with
  `Given the alternative reading: the 2004 game lets a figure attack a friendly figure`.

  @id:ruling.heroscape-friendly-fire-2004 @source:003/range @source:004/setting-up-the-attack
  Rule: Under the 2004 game only a figure of another army may be attacked
    The attacker and the defender must belong to different armies; the 2024 edition
    drops that condition.

    @edition:2004
    Example: An Airborne Elite may not attack another Airborne Elite of its army
      Given the battlefield:
        """
        1A1 1A3 1Z1
        A1 = Airborne Elite (Blue)
        A3 = Airborne Elite (Blue)
        Z1 = Zettian Guards (Red)
        """
      Then the Airborne Elite A1 may not attack the Airborne Elite A3 under the rule heroscape.attacking-friendly-figures

    @edition:2004
    Example: The same Airborne Elite may attack an enemy Zettian Guard no farther away
      Given the battlefield:
        """
        1A1 1Z1 1A3
        A1 = Airborne Elite (Blue)
        A3 = Airborne Elite (Blue)
        Z1 = Zettian Guards (Red)
        """
      Then the Airborne Elite A1 may attack the Zettian Guard Z1

    @edition:2024
    Example: Under the 2024 edition the attack on a figure of its own army is allowed
      Given the battlefield:
        """
        1A1 1A3 1Z1
        A1 = Airborne Elite (Blue)
        A3 = Airborne Elite (Blue)
        Z1 = Zettian Guards (Red)
        """
      Then the Airborne Elite A1 may attack the Airborne Elite A3

    @edition:2004
    Example: Under the alternative reading the 2004 Airborne Elite may attack one of its own
      Given the alternative reading: the 2004 game lets a figure attack a friendly figure
      And the battlefield:
        """
        1A1 1A3 1Z1
        A1 = Airborne Elite (Blue)
        A3 = Airborne Elite (Blue)
        Z1 = Zettian Guards (Red)
        """
      Then the Airborne Elite A1 may attack the Airborne Elite A3
