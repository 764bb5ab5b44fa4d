"""Steps that check what an attack did, or what the battle would allow.

Every number these steps state is computed by the engine from the battle as it stands,
through the code that resolves the attack: a score is the one `apply` would strike with
(support, swarming and the walls included), a smallest roll is the lowest face with which
`apply` kills.
"""

from __future__ import annotations

from battlebook.errors import DiceError, RuleViolation
from battlebook.homm import MeleeAttack, RangedAttack
from battlebook.homm import rule_ids as ids
from battlebook.homm.actions import Attack
from battlebook.homm.chance import smallest_roll as engine_smallest_roll
from battlebook.homm.rules import attack_score
from battlebook.language.steps.homm_world import HommWorld, then

#: Identifiers a rule had before it moved, with the one it has now: a scenario checking a
#: refusal under the former identifier still names the rule it meant.
FORMER_IDS = {"homm.guard-no-withdrawal": ids.RULING_GUARD_WITHDRAWAL}

DOMAIN = "HoMM: outcomes"


@then("the attack kills the top card of the {target:Stack}")
def attack_kills_top(homm: HommWorld, target: str) -> None:
    """The last attack hit the named stack and removed exactly its top card."""
    attack = homm.last_attack()
    assert attack.target == target, f"the attack was aimed at {attack.target}, not {target}"
    assert attack.is_hit, f"the attack missed: {attack.score} + {attack.roll} = {attack.total} < {attack.defense}"
    assert len(attack.removed) == 1, f"the attack removed {len(attack.removed)} cards"


@then("the attack does no harm")
def attack_does_no_harm(homm: HommWorld) -> None:
    """The last attack fell short of the defense and removed no card."""
    attack = homm.last_attack()
    assert not attack.is_hit, f"the attack hit: {attack.score} + {attack.roll} = {attack.total} >= {attack.defense}"
    assert attack.removed == ()


@then("the attack total is {total:Count}")
def attack_total(homm: HommWorld, total: int) -> None:
    """The last attack's score plus roll."""
    attack = homm.last_attack()
    assert attack.total == total, f"the total was {attack.score} + {attack.roll} = {attack.total}"


@then("the {stack:Stack} stack has {count:Count} {:Cards} left")
def stack_has_cards(homm: HommWorld, stack: str, count: int) -> None:
    """How many cards the named stack still holds; 0 means it has left the battle."""
    actual = homm.state.stack(stack).size if homm.state.has_stack(homm.known_stack(stack)) else 0
    assert actual == count, f"the {stack} stack has {actual} cards"


@then("the {stack:Stack} {:Attack} in melee with a score of {score:Count}")
def melee_score(homm: HommWorld, stack: str, score: int) -> None:
    """The score the named stack's melee attack would strike with now, as the engine resolves it.

    Swarming doubles it, and the walls' penalty counts; support promised against a
    particular target is not counted here (it only counts against that target).
    """
    homm.state.stack(stack)  # a stack the battle does not hold is a scenario error
    actual = attack_score(homm.state, MeleeAttack(stack, ""))
    assert actual == score, f"the {stack} attack with a score of {actual}"


def _attack_on(attacker: str, target: str, ranged: bool | None) -> Attack:
    return RangedAttack(attacker, target) if ranged else MeleeAttack(attacker, target)


def _smallest(homm: HommWorld, action: Attack) -> int | None:
    try:
        return engine_smallest_roll(homm.state, action)
    except RuleViolation as refusal:
        raise AssertionError(f"the rules would refuse that attack now: {refusal}") from None


@then("the smallest roll with which the {attacker:Stack} {:Kill} the {target:Stack}{ranged:AtRange?} is {roll:Count}")
def smallest_roll(homm: HommWorld, attacker: str, target: str, ranged: bool | None, roll: int) -> None:
    """The lowest face of the die with which the attacker's melee (or ranged) attack on the target kills now.

    The engine resolves the attack for every face of the die, from the battle as it stands.
    """
    actual = _smallest(homm, _attack_on(attacker, target, ranged))
    assert actual == roll, f"the smallest winning roll is {actual}" if actual is not None else "no roll kills"


@then("no roll lets the {attacker:Stack} kill the {target:Stack}")
def no_roll_kills(homm: HommWorld, attacker: str, target: str) -> None:
    """No face of the die lets the attacker's melee attack kill the target now."""
    actual = _smallest(homm, MeleeAttack(attacker, target))
    assert actual is None, f"a roll of {actual} would kill"


@then("the action is refused under the rule {rule:Rule}")
def action_refused(homm: HommWorld, rule: str) -> None:
    """The engine refused the last action, naming the given rule.

    A rule's former identifier (one it had before it became a ruling) still names it.
    """
    refusal = homm.refused()
    assert isinstance(refusal, RuleViolation), f"the action failed for another reason: {refusal}"
    assert refusal.rule == FORMER_IDS.get(rule, rule), f"the refusal names the rule {refusal.rule}: {refusal}"


@then("the roll is refused because the die cannot show {face:Roll}")
def roll_refused(homm: HommWorld, face: int) -> None:
    """The stated roll is not a face of the die under the reading in force."""
    refusal = homm.refused()
    assert isinstance(refusal, DiceError), f"the action was refused for another reason: {refusal}"
    assert f"cannot show {face}" in str(refusal), str(refusal)


@then("the battle is unchanged")
def battle_unchanged(homm: HommWorld) -> None:
    """The last action left the battle as it stood: the engine refused it, so nothing of it happened.

    Fails when the engine carried the action out, even if that changed nothing.
    """
    homm.check_unchanged(homm.state)


@then("the attack score is {score:Count}")
def attack_score_was(homm: HommWorld, score: int) -> None:
    """The score the last attack was made with, before any roll."""
    attack = homm.last_attack()
    assert attack.score == score, f"the attack score was {attack.score}"


@then("any roll of the die would have done the same")
def any_roll_hits(homm: HommWorld) -> None:
    """The last attack's score alone reached the defense: the lowest face of the die would have hit too."""
    attack = homm.last_attack()
    assert attack.is_sure, f"the score {attack.score} alone does not reach the defense {attack.defense}"


@then("the attack kills the top {count:Count} cards of the {target:Stack}")
def attack_kills_several(homm: HommWorld, count: int, target: str) -> None:
    """The last attack (a swat) hit and removed exactly that many cards of the stack."""
    attack = homm.last_attack()
    assert attack.target == target and attack.is_hit, f"the attack on {attack.target} hit: {attack.is_hit}"
    assert len(attack.removed) == count, f"the attack removed {len(attack.removed)} cards"


@then("the attack had to reach a defense of {defense:Count}")
def attack_defense(homm: HommWorld, defense: int) -> None:
    """The defense the last attack was measured against (a swat adds the announced cards' scores)."""
    attack = homm.last_attack()
    assert attack.defense == defense, f"the attack had to reach {attack.defense}"


@then("the top card of the {stack:Stack} is {:A} {unit:Text}")
def top_card_is(homm: HommWorld, stack: str, unit: str) -> None:
    """The unit on top of the named stack now (the card that attacks for it)."""
    top = homm.state.stack(stack).top.name
    assert top == unit, f"the top card of the {stack} is a {top}"
