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


class UnstatedRoll(DiceError):
    """An action the rules allow, left unplayed because the scenario states too few rolls for it.

    Not a refusal: no rule forbids the action. The message says how many faces the action
    needs and how many the scenario states.

    Args:
        die: The die's name, such as `combat die`.
        needed: How many faces the action rolls in all.
        stated: How many of them the scenario states.
        what: What the faces are for, in a player's words (`3 attack dice and 2 defense dice`).

    Examples:
        >>> short = UnstatedRoll("combat die", 5, 3, "3 attack dice and 2 defense dice")
        >>> str(short).split("; ")
        ['allowed but not rolled: the attack rolls 5 faces of the combat die (3 attack dice and 2 defense dice)', \
'the scenario states 3']
        >>> str(UnstatedRoll("d10 read 0-9", 1, 0))
        'allowed but not rolled: the attack rolls 1 face of the d10 read 0-9; the scenario states none'
    """

    def __init__(self, die: str, needed: int, stated: int, what: str = "") -> None:
        faces = "face" if needed == 1 else "faces"
        detail = f" ({what})" if what else ""
        said = str(stated) if stated else "none"
        rolls = f"the attack rolls {needed} {faces} of the {die}{detail}"
        super().__init__(f"allowed but not rolled: {rolls}; the scenario states {said}")
        self.die, self.needed, self.stated, self.what = die, needed, stated, what


def refusal_words(error: Exception) -> str:
    """What became of an action that was not carried out, in the words the CLI and the pages share.

    A rule's refusal names its rule; an action no rule forbids but the scenario gave no roll
    for is *allowed but not rolled*, never "refused"; a stated face the die lacks is a refused roll.

    Examples:
        >>> refusal_words(RuleViolation("homm.melee-attack", "the attacker is not on its Melee Line"))
        'refused under homm.melee-attack: the attacker is not on its Melee Line'
        >>> refusal_words(UnstatedRoll("combat die", 2, 0))
        'allowed but not rolled: the attack rolls 2 faces of the combat die; the scenario states none'
        >>> refusal_words(DiceError("a combat die cannot show 'sword'"))
        "refused for its roll: a combat die cannot show 'sword'"
    """
    if isinstance(error, RuleViolation):
        return f"refused under {error.rule}: {error.reason}"
    if isinstance(error, UnstatedRoll):
        return str(error)
    if isinstance(error, DiceError):
        return f"refused for its roll: {error}"
    return str(error)
