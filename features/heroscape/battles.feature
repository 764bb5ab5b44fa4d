@game:heroscape @chapter:91
Feature: The odds of a whole battle
  A battle has more than two figures, and the attacking player chooses, attack after
  attack, which enemy each figure strikes, having seen every roll before it. Battlebook
  works a whole battle of two army cards out exactly, through the same rules every example
  runs against, in two ways: under the **focus plan**, where every attack strikes the enemy
  figure with the most wounds (the first one listed when several tie), and under **best
  play**, where the army taking the first turn picks every target to win as often as it can
  and the other army to stop it. `battlebook odds battle heroscape` answers for any battle
  within its bounds, and so does the battle calculator on the odds page.

  The army cards of these examples are made up for them: their numbers are chosen to show
  the odds, and none is a card of the sources.

  Background:
    Given these army cards, defined for this example only:
      | name      | figure   | kind  | figures | life | move | range | attack | defense | height |
      | Sentinels | Sentinel | squad | 2       | 1    | 4    | 6     | 2      | 2       | 5      |
      | Raiders   | Raider   | squad | 2       | 1    | 4    | 6     | 3      | 2       | 5      |
      | Warlord   | Warlord  | hero  | 1       | 3    | 5    | 6     | 3      | 3       | 6      |
      | Wardens   | Warden   | squad | 2       | 1    | 4    | 6     | 0      | 2       | 5      |
      | Watchers  | Watcher  | squad | 2       | 1    | 4    | 6     | 0      | 3       | 5      |

  @id:heroscape.battle-odds @source:003/attacking @source:004/attacking @source:004/life
  Rule: The odds of a whole battle add up every way it can go, under a plan or under best play
    Each army fights with one army card, and every figure stands within range and sight of
    every enemy, so nobody needs to move. The army whose turn it is goes first; then the
    turns alternate, and on its turn each figure of the army still standing attacks once.
    Battlebook plays every branch of the battle through the rules of the edition, once for
    each number of skulls the shields can leave unblocked, and adds the chances up exactly,
    battles that could go on for ever included. The edition decides what a successful attack
    does, so the same armies fare differently in the 2004 game, where Life does not count,
    and in the 2024 edition, where a hero falls only once its wounds reach its Life.

    @edition:2004
    Example: In the 2004 game two Sentinels bring down the Warlord in most battles
      Given the battlefield:
        """
        1S1 1S2
         1W1 1
        S1 = Sentinels (Red)
        S2 = Sentinels (Red)
        W1 = Warlord (Blue)
        """
      And it is Red's turn with the Sentinels card
      Then if the battle is fought to the end with the focus plan, Red wins with chance 22/27
      And if the battle is fought to the end with best play, Red wins with chance 22/27
      And if the battle is fought to the end with the focus plan, it lasts 334/135 turns on average

    @edition:2024
    Example: In the 2024 edition the Warlord's Life turns the same battle around
      Given the battlefield:
        """
        1S1 1S2
         1W1 1
        S1 = Sentinels (Red)
        S2 = Sentinels (Red)
        W1 = Warlord (Blue)
        """
      And it is Red's turn with the Sentinels card
      Then if the battle is fought to the end with the focus plan, Red wins with chance 60343/196830
      And if the battle is fought to the end with best play, Red wins with chance 60343/196830
      And if the battle is fought to the end with best play, Blue wins with chance 136487/196830

    @edition:2004
    Example: Figures that roll no attack dice fight for ever
      Given the battlefield:
        """
        1V1 1V2
         1V3 1V4
        V1 = Wardens (Red)
        V2 = Wardens (Red)
        V3 = Watchers (Blue)
        V4 = Watchers (Blue)
        """
      And it is Red's turn with the Wardens card
      Then if the battle is fought to the end with the focus plan, the armies fight for ever with chance 1
      And if the battle is fought to the end with best play, the armies fight for ever with chance 1

  @id:heroscape.battle-best-play @source:003/height-advantage @source:004/height-advantage @source:003/attacking
  Rule: Under best play each target is picked knowing the rolls so far, and the enemy on high ground can be the one to strike first
    Under best play the army taking the first turn picks each target to make its chance of
    winning as large as it can, the other army to make it as small, each knowing the other
    does the same; where two targets are equal on that chance, each army prefers its own
    win, then a battle that never ends, then a loss. Battlebook proves the choices it finds:
    no other target, at any attack, does better for the army that picks it. A figure on
    higher ground rolls more dice when it attacks a lower one and when a lower one attacks
    it, so striking it first is harder but takes its extra dice out of the battle; the focus
    plan, with no wounds to tell the Raiders apart, strikes the first one listed.

    @edition:2004
    Example: Striking the Raider on the hill first wins more battles than the focus plan
      Given the battlefield:
        """
        1S1 1S2 1
         1R1 3R2 1
        S1 = Sentinels (Red)
        S2 = Sentinels (Red)
        R1 = Raiders (Blue)
        R2 = Raiders (Blue)
        """
      And it is Red's turn with the Sentinels card
      Then if the battle is fought to the end with the focus plan, Red wins with chance 6938750080/16062158467
      And if the battle is fought to the end with best play, Red wins with chance 752688512/1627566581
      And if the battle is fought to the end with best play, Red's best first decision is to have the Sentinel S1 attack the Raider R2

    @edition:2024
    Example: In the 2024 edition a hill ten levels high doubles the Raider's extra dice, and striking it first matters more
      Given the battlefield:
        """
        1S1 1S2 1
         1R1 11R2 1
        S1 = Sentinels (Red)
        S2 = Sentinels (Red)
        R1 = Raiders (Blue)
        R2 = Raiders (Blue)
        """
      And it is Red's turn with the Sentinels card
      Then if the battle is fought to the end with the focus plan, Red wins with chance 2523396204313600/8130390111225863
      And if the battle is fought to the end with best play, Red wins with chance 23498573562880/65818011941369
      And if the battle is fought to the end with best play, Red's best first decision is to have the Sentinel S1 attack the Raider R2
