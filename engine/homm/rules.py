"""The combat rules of Heroes of Might & Magic, as functions over battle states.

Legality is checked in two layers, as in python-chess:

1. [`pseudo_legal_violation`][engine.homm.rules.pseudo_legal_violation]: does the action
   make sense at all (the stacks exist, they are on opposite sides)?
2. [`legal_violation`][engine.homm.rules.legal_violation]: does the rule for this kind of
   action allow it here (the right lines)?

[`apply`][engine.homm.rules.apply] checks both, rolls the battle's die from the dice
source it is given, and returns a [`Resolution`][engine.homm.rules.Resolution]: the new
state and what happened. A refused action raises a
[`RuleViolation`][engine.errors.RuleViolation] and changes nothing.

>>> from engine.dice import ScriptedDice
>>> from engine.homm.units import KNOWN_UNITS
>>> from engine.homm.state import Side
>>> from engine.homm.actions import MeleeAttack
>>> golem, behemoth = KNOWN_UNITS["Gold Golem"], KNOWN_UNITS["Behemoth"]
>>> state = (BattleState()
...     .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (golem,) * 3))
...     .with_stack(Stack("Behemoth", Side.DEFENDER, Line.MELEE, (behemoth,))))
>>> result = apply(state, MeleeAttack("Gold Golems", "Behemoth"), ScriptedDice([6]))
>>> result.attack.total, result.attack.is_hit
(13, True)
>>> result.state.has_stack("Behemoth")
False
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice, Die
from engine.errors import DiceError, RuleViolation
from engine.homm.actions import Action
from engine.homm.state import BattleState, Line, Stack
from engine.homm.units import AttackKind, UnitCard

#: Stable identifiers of the rules this module enforces; each anchors its rule on the site.
MELEE_ATTACK = "homm.melee-attack"
ATTACKING_AS_A_STACK = "homm.attacking-as-a-stack"


@dataclass(frozen=True)
class AttackRoll:
    """What one attack did: the numbers on both sides and the cards it removed."""

    attacker: str
    target: str
    kind: AttackKind
    score: int
    roll: int
    defense: int
    removed: tuple[UnitCard, ...]

    @property
    def total(self) -> int:
        """The attack score plus the die roll."""
        return self.score + self.roll

    @property
    def is_hit(self) -> bool:
        """Whether the total reached the defense score."""
        return self.total >= self.defense


@dataclass(frozen=True)
class Resolution:
    """The outcome of an action: the battle after it, and the attack it made."""

    state: BattleState
    attack: AttackRoll


def pseudo_legal_violation(state: BattleState, action: Action) -> RuleViolation | None:
    """Why `action` makes no sense in `state` whatever the rules say, or `None`.

    Unknown stacks are scenario errors and raise at once.
    """
    attacker = state.stack(action.attacker)
    target = state.stack(action.target)
    if attacker.side is target.side:
        return RuleViolation(MELEE_ATTACK, f"{attacker.name} and {target.name} are on the same side ({attacker.side})")
    return None


def legal_violation(state: BattleState, action: Action) -> RuleViolation | None:
    """Why the rules forbid `action` in `state`, or `None` when it is allowed."""
    violation = pseudo_legal_violation(state, action)
    if violation is not None:
        return violation
    attacker = state.stack(action.attacker)
    target = state.stack(action.target)
    if attacker.line is not Line.MELEE:
        return RuleViolation(
            MELEE_ATTACK,
            f"{attacker.name} cannot make a melee attack from the {attacker.line} Line: "
            "melee attackers must stand on their Melee Line",
        )
    if target.line is not Line.MELEE:
        return RuleViolation(
            MELEE_ATTACK,
            f"{target.name} is on the {target.line} Line: a melee attack can only target "
            "a stack on the enemy's Melee Line",
        )
    return None


def is_legal(state: BattleState, action: Action) -> bool:
    """Whether the rules allow `action` in `state`."""
    return legal_violation(state, action) is None


def attack_score(state: BattleState, attacker: Stack, kind: AttackKind) -> int:
    """The score `attacker` attacks with: its top card's score plus the levels under it."""
    return attacker.attack_score(kind)


def roll_die(die: Die, dice: Dice) -> int:
    """Roll the battle's ten-sided die from `dice`, as a number."""
    face = dice.roll(die)
    if not isinstance(face, int):
        raise DiceError(f"a {die.name} shows numbers, not {face!r}")
    return face


def apply(state: BattleState, action: Action, dice: Dice) -> Resolution:
    """Carry out `action`, rolling from `dice`; raise `RuleViolation` if it is refused."""
    violation = legal_violation(state, action)
    if violation is not None:
        raise violation
    attacker = state.stack(action.attacker)
    target = state.stack(action.target)
    score = attack_score(state, attacker, action.kind)
    roll = roll_die(state.ruleset.die, dice)
    hit = score + roll >= target.defense
    removed = (target.top,) if hit else ()
    after = state.replacing(target.name, target.without_top(1), removed) if hit else state
    return Resolution(after, AttackRoll(attacker.name, target.name, action.kind, score, roll, target.defense, removed))


def smallest_winning_roll(score: int, defense: int, die: Die) -> int | None:
    """The lowest face of `die` with which `score` reaches `defense`, or `None` if none does.

    >>> from engine.homm.ruleset import Ruleset
    >>> smallest_winning_roll(7, 13, Ruleset().die)
    6
    >>> smallest_winning_roll(7, 17, Ruleset().die) is None
    True
    """
    faces = sorted(int(f) for f in die.faces if isinstance(f, int))
    return next((face for face in faces if score + face >= defense), None)
