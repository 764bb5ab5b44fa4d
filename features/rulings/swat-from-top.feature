@game:homm @chapter:5
Feature: Ruling: which cards a swat takes
  **The question.** A swatting attacker announces *how many* of the target stack's cards
  it attacks, adds up their defense scores and, on a hit, discards them. The text never
  says *which* cards those are when the stack mixes units.

  **Battlebook's reading.** A swat counts its cards **from the top** of the stack, as a
  plain attack takes the top card: swatting 2 attacks the top two cards. The attacker
  chooses only the number.

  **The alternative.** The attacker picks the cards, by unit, anywhere in the stack. A
  scenario chooses it with
  `Given the alternative reading: a swat may pick which of the target's cards it takes`
  and names the cards in the attack: `..., swatting a Gold Golem, rolling 0`.

  Background:
    Given a battle in the open field
    And the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a stack of 1 Behemoth and 2 Gold Golems called "Horde" on its Melee Line

  @id:ruling.swat-from-top @source:001/swatting
  Rule: A swat takes the target stack's cards from the top
    Example: Swatting one card of the Horde means the Behemoth on top, whose 13 a 7 + 0 does not reach
      When the Gold Golems attack the Horde in melee, swatting 1 card, rolling 0
      Then the attack had to reach a defense of 13
      And the attack does no harm

    Example: A swat may not pick a card from under the top
      When the Gold Golems try to attack the Horde in melee, swatting a Gold Golem, rolling 0
      Then the action is refused under the rule ruling.swat-from-top
      And the battle is unchanged

    Example: Under the alternative reading the Gold Golems pick a Gold Golem from under the Behemoth
      Given the alternative reading: a swat may pick which of the target's cards it takes
      When the Gold Golems attack the Horde in melee, swatting a Gold Golem, rolling 0
      Then the attack had to reach a defense of 7
      And the Horde stack has 2 cards left
      And the top card of the Horde is a Behemoth
