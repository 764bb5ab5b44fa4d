# Scenarios that fail in every way a reader's may: the runtime's build runs them (runtime/build.mjs)
# so the page ships every module such runs import. Each part below, between the dashed comment
# lines, is one file of its own.
# --- failing, refused, misspelt, unchecked
Feature: Mixed outcomes

  Background:
    Given a battle in the open field

  Example: Expects a wrong number
    Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling 6
    Then the Behemoth stack has 4 cards left

  Example: Refused
    Given the Aggressor has a stack of 3 Gold Golems on its Ranged Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling 6
    Then the attack kills the top card of the Behemoth

  Example: Misspelt
    Given the Agressor hsa a stack of 3 Gold Golems on its Melee Line
    Then the battle goes on

  Example: Checks nothing
    Given the Aggressor has a stack of 3 Gold Golems on its Melee Line

  Example: An unknown unit
    Given the Aggressor has a stack of 3 Paper Tigers on its Melee Line
    Then the battle goes on

  Scenario Outline: Rows
    Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling <roll>
    Then the Behemoth stack has <left> cards left

    Examples:
      | roll | left |
      | 6    | 0    |
      | 1    | 0    |
# --- a Heroscape battlefield that cannot be read, and a wrong outcome
@edition:2024
Feature: Heroscape mistakes

  Example: A map with an unknown figure
    Given the battlefield:
      """
      3Z1 1 1A9
      Z1 = Zettian Guards (Red)
      """
    Then the battle goes on

  Example: A wrong outcome
    Given the battlefield:
      """
      3Z1 1 1 1A1
      Z1 = Zettian Guards (Red)
      A1 = Airborne Elite (Blue)
      """
    When the Zettian Guard Z1 attacks the Airborne Elite A1, rolling skull, skull, skull against blank, blank
    Then the Airborne Elite A1 is destroyed
    And the battle goes on
# --- a file that is not Gherkin
Scenario without a feature
  Given nothing
