# A ruling: copy this file to features/rulings/<your-question>.feature, then replace
# every part in CAPITALS or marked "replace". Lines starting with # are comments.
# Run it with:  battlebook check features/rulings/<your-question>.feature
#
# Tags:
#   @chapter:N              orders the rulings in the navigation (on the Feature line)
#   @id:ruling.<slug>       the Rule's permanent identifier and link anchor; use the file's
#                           name as <slug>, lowercase words joined by "-"; never change it
#   @source:<text>/<section> the source section the question comes from (see the coverage
#                           page for every key); give several tags if it spans sections

@chapter:50
Feature: Ruling: REPLACE WITH THE QUESTION IN A FEW WORDS
  **The question.** Replace: what the source texts leave open, in your own words, and why
  a player could read it two ways.

  **Battlebook's reading.** Replace: the reading Battlebook adopts, stated so that the
  examples below can check it.

  **The alternative.** Replace: the other reading, and how a scenario can choose it (if a
  step lets it), so a group that plays it the other way knows what changes.

  Background:
    Given a battle in the open field

  @id:ruling.your-question @source:001/making-melee-attacks
  Rule: Replace with the adopted reading as one sentence
    Replace: the rule restated in your own words. Keep one behaviour per example below,
    3 to 5 steps each, every roll stated, and a Then that checks what the engine did.

    Example: Replace with what this example shows, in a unique name
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth

    Example: Units the sources do not give can be defined inline
      Given these units, defined for this example only:
        | name    | level | phase | melee | ranged | defense |
        | Captain | 4     | 5     | 6     | 0      | 8       |
      And the Aggressor has a stack of 1 Captain on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Captain attacks the Behemoth in melee, rolling 6
      Then the attack does no harm
