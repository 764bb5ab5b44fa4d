"""Exceptions shared by both games.

Every action the rules forbid raises a [`RuleViolation`][battlebook.errors.RuleViolation]
whose `rule` is the stable identifier of the rule it breaks, the same identifier that
anchors that rule in the online rulebook. Mistakes in a scenario's own setup (an unknown
unit, a stat the sources do not give) raise a [`ScenarioError`][battlebook.errors.ScenarioError]
instead: those are not rules of the game.

Examples:
    >>> err = RuleViolation("homm.melee-attack", "the attacker is not on its Melee Line")
    >>> str(err)
    'the attacker is not on its Melee Line (rule homm.melee-attack)'
    >>> err.rule
    'homm.melee-attack'
"""

from __future__ import annotations


class BattlebookError(Exception):
    """Base class of every error the engine raises on purpose."""


class RuleViolation(BattlebookError):
    """An action the rules of the game forbid.

    Args:
        rule: The stable identifier of the broken rule, such as `homm.melee-attack`.
        message: What is wrong, in a player's words.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} (rule {rule})")
        self.rule = rule
        self.reason = message


class RulesSilent(BattlebookError):
    """A case the source texts do not settle: neither allowed nor forbidden by anything they say.

    Not a mistake in the scenario: the question is open. A ruling can settle it.

    Args:
        question: What is open, in a player's words.

    Examples:
        >>> str(RulesSilent("who draws when the deck runs out"))
        "the rules don't say: who draws when the deck runs out"
    """

    def __init__(self, question: str) -> None:
        super().__init__(f"the rules don't say: {question}")
        self.question = question


class ScenarioError(BattlebookError):
    """A scenario asks for something that does not exist or cannot be set up."""


class UnknownUnitError(ScenarioError):
    """A unit name that neither the sources nor the scenario define."""


class MissingStatError(ScenarioError):
    """A stat the sources do not give was needed; the scenario must define it."""


class DiceError(ScenarioError):
    """A stated roll that the die cannot show, or a roll that was never stated."""
