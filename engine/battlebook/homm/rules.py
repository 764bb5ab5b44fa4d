"""The combat rules of Heroes of Might & Magic, as functions over battle states.

Legality is checked in layers, as in python-chess:

1. [`pseudo_legal_violation`][battlebook.homm.rules.pseudo_legal_violation]: can anything
   happen at all (the battle is not over, no stack is waiting to move up)?
2. [`legal_violation`][battlebook.homm.rules.legal_violation]: does the rule for this kind of
   action allow it here (sides, phase, lines, scores, the round's limits)?

[`apply`][battlebook.homm.rules.apply] checks both, rolls the battle's die from the dice
source it is given when the action is an attack, and returns a
[`HommResolution`][battlebook.homm.resolution.HommResolution]: the new state and what happened. A
refused action raises a [`RuleViolation`][battlebook.errors.RuleViolation] and changes nothing.
After every action the battle is settled: a Melee Line whose count fell below 3 is
refilled from the Ranged Line, and a side with no stack left loses.

Examples:
    >>> from battlebook.dice import ScriptedDice
    >>> from battlebook.homm.units import KNOWN_UNITS
    >>> from battlebook.homm.state import Side, Stack
    >>> from battlebook.homm.actions import MeleeAttack
    >>> golem, behemoth = KNOWN_UNITS["Gold Golem"], KNOWN_UNITS["Behemoth"]
    >>> state = (BattleState()
    ...     .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (golem,) * 3))
    ...     .with_stack(Stack("Behemoth", Side.DEFENDER, Line.MELEE, (behemoth,))))
    >>> result = apply(state, MeleeAttack("Gold Golems", "Behemoth"), ScriptedDice([6]))
    >>> result.attack.total, result.attack.is_hit
    (13, True)
    >>> result.state.has_stack("Behemoth"), result.state.outcome.winner
    (False, <Side.AGGRESSOR: 'Aggressor'>)
"""

from __future__ import annotations

from collections.abc import Iterator

from battlebook.dice import Dice, Die
from battlebook.errors import RuleViolation
from battlebook.frozen import evolve
from battlebook.homm import combat, extensions, flow
from battlebook.homm import rule_ids as ids
from battlebook.homm.actions import (
    AcceptSurrender,
    Action,
    Attack,
    Decline,
    EndPhase,
    MeleeAttack,
    MoveUp,
    OfferSurrender,
    Protect,
    RangedAttack,
    RejectSurrender,
    Reorganize,
    Retaliate,
    SpellAttack,
    Support,
    Swarm,
    Withdraw,
)
from battlebook.homm.resolution import AttackRoll, HommResolution
from battlebook.homm.sides import SIDES
from battlebook.homm.state import BattleState, Line
from battlebook.homm.units import AttackKind

#: Kept here for the foundation's callers; every identifier lives in `battlebook.homm.rule_ids`.
MELEE_ATTACK = ids.MELEE_ATTACK
ATTACKING_AS_A_STACK = ids.ATTACKING_AS_A_STACK

__all__ = [
    "AttackRoll",
    "HommResolution",
    "apply",
    "apply_legal",
    "attack_score",
    "attack_threshold",
    "candidate_actions",
    "is_legal",
    "legal_actions",
    "legal_violation",
    "pseudo_legal_violation",
    "smallest_winning_roll",
]


def pseudo_legal_violation(state: BattleState, action: Action) -> RuleViolation | None:
    """Why no action like `action` can happen in `state` whatever its details, or `None`."""
    if state.outcome is not None:
        return RuleViolation(ids.BATTLE_END, "the battle is over")
    if state.choosing is not None and not isinstance(action, MoveUp):
        return RuleViolation(
            ids.AUTOMATIC_REORGANIZING, f"a stack must first move up to the {state.choosing}'s Melee Line"
        )
    return None


def legal_violation(state: BattleState, action: Action) -> RuleViolation | None:
    """Why the rules forbid `action` in `state`, or `None` when it is allowed.

    An action that names an extension's piece (the town card), acting or as its target,
    is judged by that extension alone. Unknown stacks and facts the scenario did not set up
    raise `ScenarioError` at once.
    """
    violation = pseudo_legal_violation(state, action)
    if violation is not None:
        return violation
    owner = extensions.owner_of_named(state, action)
    if owner is not None:
        return owner.piece_violation(state, action)
    match action:
        case MeleeAttack() | RangedAttack() | SpellAttack():
            return combat.attack_violation(state, action)
        case Retaliate():
            return combat.retaliation_violation(state, action)
        case Support():
            return combat.support_violation(state, action)
        case Swarm() | Protect():
            return combat.stance_violation(state, action)
        case Reorganize():
            return combat.reorganize_violation(state, action)
        case MoveUp():
            return flow.move_up_violation(state, action)
        case EndPhase():
            return flow.end_phase_violation(state, action)
        case Decline():
            return flow.decline_violation(state, action)
        case Withdraw():
            return flow.withdraw_violation(state, action)
        case OfferSurrender():
            return flow.offer_violation(state, action)
        case AcceptSurrender() | RejectSurrender():
            return flow.answer_violation(state, action)


def is_legal(state: BattleState, action: Action) -> bool:
    """Whether the rules allow `action` in `state`."""
    return legal_violation(state, action) is None


def attack_score(state: BattleState, action: Attack | Retaliate) -> int:
    """The score `action` attacks with in `state`, exactly as [`apply`][battlebook.homm.rules.apply] strikes with it.

    The stack's levels, the support promised against the target, swarming and the walls'
    penalty all count. Legality is not checked: this is the score the attack would have.
    """
    return combat.score_of(state, action)


def attack_threshold(state: BattleState, action: Attack | Retaliate) -> tuple[int, int] | None:
    """The score the attack `action` strikes with in `state` and the defense it must reach, or `None`.

    Exactly the two numbers [`apply`][battlebook.homm.rules.apply] resolves it with (its
    [`AttackRoll`][battlebook.homm.resolution.AttackRoll]'s `score` and `defense`): a roll
    hits when the score plus the roll reaches the defense. Without resolving the attack, for
    a caller weighing attacks it will not all make (a plan that takes the likeliest kill).
    `None` for an attack on an extension's piece, which the extension judges. Legality is
    not checked.

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> from battlebook.homm.state import Side, Stack
        >>> from battlebook.homm.actions import MeleeAttack
        >>> golem, behemoth = KNOWN_UNITS["Gold Golem"], KNOWN_UNITS["Behemoth"]
        >>> state = (BattleState()
        ...     .with_stack(Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (golem,) * 3))
        ...     .with_stack(Stack("Behemoth", Side.DEFENDER, Line.MELEE, (behemoth,))))
        >>> attack_threshold(state, MeleeAttack("Gold Golems", "Behemoth"))
        (7, 13)
    """
    defense = combat.struck_defense(state, action)
    return None if defense is None else (combat.score_of(state, action), defense)


def apply(state: BattleState, action: Action, dice: Dice) -> HommResolution:
    """Carry out `action`, rolling from `dice`; raise `RuleViolation` if it is refused."""
    violation = legal_violation(state, action)
    if violation is not None:
        raise violation
    return apply_legal(state, action, dice)


def apply_legal(state: BattleState, action: Action, dice: Dice) -> HommResolution:
    """Carry out `action`, known to be legal in `state`, rolling from `dice`: `apply` without the check.

    As python-chess's `push` trusts a move taken from its legal moves: for a caller that
    only applies what [`legal_actions`][battlebook.homm.rules.legal_actions] or
    [`legal_violation`][battlebook.homm.rules.legal_violation] allowed in that very state
    (an exact solver, which checks each option once when it lists it). An action the rules
    refuse gives an undefined result here: every path that takes a reader's action goes
    through `apply`, which checks it.

    Examples:
        >>> from battlebook.dice import ScriptedDice
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> from battlebook.homm.state import Side, Stack
        >>> from battlebook.homm.actions import MeleeAttack
        >>> golem = KNOWN_UNITS["Gold Golem"]
        >>> state = (BattleState()
        ...     .with_stack(Stack("Golems", Side.AGGRESSOR, Line.MELEE, (golem,) * 3))
        ...     .with_stack(Stack("Golem", Side.DEFENDER, Line.MELEE, (golem,))))
        >>> attack = MeleeAttack("Golems", "Golem")
        >>> is_legal(state, attack)
        True
        >>> apply_legal(state, attack, ScriptedDice([6])) == apply(state, attack, ScriptedDice([6]))
        True
    """
    roll: AttackRoll | None = None
    before = state
    if state.last_attack is not None and not isinstance(action, Retaliate):
        state = evolve(state, last_attack=None)
    match action:
        case MeleeAttack() | RangedAttack() | SpellAttack():
            state, roll = combat.attack(state, action, dice)
        case Retaliate():
            state, roll = combat.retaliate(state, action, dice)
        case Support():
            state = combat.support(state, action)
        case Swarm() | Protect():
            state = combat.take_stance(state, action)
        case Reorganize():
            state = combat.reorganize(state, action)
        case MoveUp():
            after, moved = flow.move_up(state, action)
            return HommResolution(extensions.after_action(after), None, moved)
        case EndPhase():
            state = flow.end_phase(state, action)
        case Decline():
            state = flow.decline(state, action)
        case Withdraw():
            state = flow.withdraw(state, action)
        case OfferSurrender():
            state = flow.offer(state, action)
        case AcceptSurrender():
            state = flow.accept(state, action)
        case RejectSurrender():
            state = flow.reject(state, action)
    after, moved = flow.settle(state, before)
    return HommResolution(extensions.after_action(after), roll, moved)


def candidate_actions(state: BattleState) -> Iterator[Action]:
    """Every action shaped for `state` (stacks that exist, sides in play), legal or not."""
    names = [stack.name for stack in state.stacks]
    for attacker in state.stacks:
        for target in state.stacks:
            if target.side is attacker.side:
                for enemy in state.stacks_on(attacker.side.opponent):
                    if target.name != attacker.name:
                        yield Support(attacker.name, target.name, enemy.name)
                continue
            for swat in range(1, target.size + 1):
                yield MeleeAttack(attacker.name, target.name, swat)
                yield RangedAttack(attacker.name, target.name, swat)
                for spell in attacker.top.spells:
                    yield SpellAttack(attacker.name, target.name, spell.name, swat)
                for kind in (AttackKind.MELEE, AttackKind.RANGED):
                    yield Retaliate(attacker.name, target.name, kind, swat)
        yield Swarm(attacker.name)
        yield Protect(attacker.name)
        yield Reorganize(attacker.name, Line.RANGED if attacker.line is Line.MELEE else Line.MELEE)
    yield from extensions.piece_actions(state)
    for side in SIDES:
        for name in names:
            yield MoveUp(name, side)
        yield EndPhase(side)
        yield Decline(side)
        yield Withdraw(side)
        yield AcceptSurrender(side)
        yield RejectSurrender(side)
        for cards in range(state.army(side).hand + 1):
            yield OfferSurrender(side, cards)


def legal_actions(state: BattleState) -> Iterator[Action]:
    """Every action the rules allow in `state`."""
    return (action for action in candidate_actions(state) if is_legal(state, action))


def smallest_winning_roll(score: int, defense: int, die: Die) -> int | None:
    """The lowest face of `die` with which `score` reaches `defense`, or `None` if none does.

    Examples:
        >>> from battlebook.homm.ruleset import Ruleset
        >>> smallest_winning_roll(7, 13, Ruleset().die)
        6
        >>> smallest_winning_roll(7, 17, Ruleset().die) is None
        True
    """
    faces = sorted(int(f) for f in die.faces if isinstance(f, int))
    return next((face for face in faces if score + face >= defense), None)
