@game:homm @chapter:5
Feature: Ruling: declining to retaliate
  **The question.** A stack that survives an attack may answer it, once per round. Must
  it, whenever the rules let it? The texts say a stack *may* retaliate; they never say
  what a player who would rather not does. The question matters once a retaliation can
  itself be answered (the alternative reading of
  [retaliating against a retaliation](rule:ruling.retaliation-chain)): answering may then
  cost the answering stack a card.

  **Battlebook's reading.** **A stack may decline.** A retaliation is offered, not
  imposed: the stack's side chooses whether to answer, as it chooses whether to attack.
  Best play weighs both.

  **The alternative.** A stack that may retaliate always does. A scenario chooses it with
  `Given the alternative reading: a stack that may retaliate always does`.

  The units are made up for these examples: their stats are chosen to show the question.

  Background:
    Given a battle in the open field
    And these units, defined for this example only:
      | name     | level | phase | melee | ranged | defense |
      | Champion | 3     | 1     | 6     | 0      | 10      |
      | Lancer   | 1     | 4     | 3     | 0      | 10      |
    And the alternative reading: a retaliation may itself be retaliated against
    And the Aggressor has a stack of 1 Champion on its Melee Line
    And the Defender has a stack of 2 Lancers on its Melee Line

  @id:ruling.decline-retaliation @source:000/retaliations
  Rule: A stack may let an attack on it go unanswered
    When a retaliation can be answered, the Lancers do better to let some of the
    Champion's attacks go unanswered, so the Champion wins less often under best play than
    when every stack must answer.

    Example: The Lancers may hold back, and the Champion wins 5515 battles in 12404
      Then if the battle is fought to the end with best play, the Aggressor wins with chance 5515/12404

    Example: When every stack must answer, the Champion wins 35 battles in 76
      Given the alternative reading: a stack that may retaliate always does
      Then if the battle is fought to the end with best play, the Aggressor wins with chance 35/76
