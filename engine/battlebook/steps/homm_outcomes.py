"""Steps that check what an attack did, or what the battle would allow."""

from __future__ import annotations

from pytest_bdd import parsers, then

from battlebook.errors import DiceError, RuleViolation
from battlebook.homm import AttackKind, smallest_winning_roll
from battlebook.steps.homm_world import HommWorld

DOMAIN = "HoMM: outcomes"


@then(parsers.re(r"the attack kills the top card of the (?P<target>.+)"))
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


@then(parsers.parse("the attack total is {total:d}"))
def attack_total(homm: HommWorld, total: int) -> None:
    """The last attack's score plus roll."""
    attack = homm.last_attack()
    assert attack.total == total, f"the total was {attack.score} + {attack.roll} = {attack.total}"


@then(parsers.re(r"the (?P<stack>.+?) stack has (?P<count>\d+) cards? left"))
def stack_has_cards(homm: HommWorld, stack: str, count: str) -> None:
    """How many cards the named stack still holds; 0 means it has left the battle."""
    expected = int(count)
    actual = homm.state.stack(stack).size if homm.state.has_stack(stack) else 0
    assert actual == expected, f"the {stack} stack has {actual} cards"


@then(parsers.re(r"the (?P<stack>.+?) attacks? in melee with a score of (?P<score>\d+)"))
def melee_score(homm: HommWorld, stack: str, score: str) -> None:
    """The melee attack score the named stack would attack with now."""
    actual = homm.state.stack(stack).attack_score(AttackKind.MELEE)
    assert actual == int(score), f"the {stack} attack with a score of {actual}"


@then(
    parsers.re(
        r"the smallest roll with which the (?P<attacker>.+?) kills? the (?P<target>.+?)(?P<ranged> at range)? "
        r"is (?P<roll>\d+)"
    )
)
def smallest_roll(homm: HommWorld, attacker: str, target: str, ranged: str | None, roll: str) -> None:
    """The lowest face of the die with which the attacker's melee (or ranged) attack reaches the target's defense."""
    kind = AttackKind.RANGED if ranged else AttackKind.MELEE
    score = homm.state.stack(attacker).attack_score(kind)
    actual = smallest_winning_roll(score, homm.state.stack(target).defense, homm.state.ruleset.die)
    assert actual == int(roll), f"the smallest winning roll is {actual}"


@then(parsers.re(r"no roll lets the (?P<attacker>.+?) kill the (?P<target>.+)"))
def no_roll_kills(homm: HommWorld, attacker: str, target: str) -> None:
    """No face of the die lets the attacker's melee attack reach the target's defense."""
    score = homm.state.stack(attacker).attack_score(AttackKind.MELEE)
    actual = smallest_winning_roll(score, homm.state.stack(target).defense, homm.state.ruleset.die)
    assert actual is None, f"a roll of {actual} would kill"


@then(parsers.parse("the action is refused under the rule {rule}"))
def action_refused(homm: HommWorld, rule: str) -> None:
    """The engine refused the last action, naming the given rule."""
    refusal = homm.refused()
    assert isinstance(refusal, RuleViolation), f"the action failed for another reason: {refusal}"
    assert refusal.rule == rule, f"the refusal names the rule {refusal.rule}: {refusal}"


@then(parsers.parse("the roll is refused because the die cannot show {face:d}"))
def roll_refused(homm: HommWorld, face: int) -> None:
    """The stated roll is not a face of the die under the reading in force."""
    refusal = homm.refused()
    assert isinstance(refusal, DiceError), f"the action was refused for another reason: {refusal}"
    assert f"cannot show {face}" in str(refusal), str(refusal)


@then("the battle is unchanged")
def battle_unchanged(homm: HommWorld) -> None:
    """The battle is exactly as it was before the last action."""
    assert homm.is_unchanged(homm.state), "the battle changed"


@then(parsers.parse("the attack score is {score:d}"))
def attack_score_was(homm: HommWorld, score: int) -> None:
    """The score the last attack was made with, before any roll."""
    attack = homm.last_attack()
    assert attack.score == score, f"the attack score was {attack.score}"


@then("any roll of the die would have done the same")
def any_roll_hits(homm: HommWorld) -> None:
    """The last attack's score alone reached the defense: the lowest face of the die would have hit too."""
    attack = homm.last_attack()
    assert attack.is_sure, f"the score {attack.score} alone does not reach the defense {attack.defense}"


@then(parsers.re(r"the attack kills the top (?P<count>\d+) cards of the (?P<target>.+)"))
def attack_kills_several(homm: HommWorld, count: str, target: str) -> None:
    """The last attack (a swat) hit and removed exactly that many cards of the stack."""
    attack = homm.last_attack()
    assert attack.target == target and attack.is_hit, f"the attack on {attack.target} hit: {attack.is_hit}"
    assert len(attack.removed) == int(count), f"the attack removed {len(attack.removed)} cards"


@then(parsers.parse("the attack had to reach a defense of {defense:d}"))
def attack_defense(homm: HommWorld, defense: int) -> None:
    """The defense the last attack was measured against (a swat adds the announced cards' scores)."""
    attack = homm.last_attack()
    assert attack.defense == defense, f"the attack had to reach {attack.defense}"


@then(parsers.re(r"the top card of the (?P<stack>.+?) is an? (?P<unit>.+)"))
def top_card_is(homm: HommWorld, stack: str, unit: str) -> None:
    """The unit on top of the named stack now (the card that attacks for it)."""
    top = homm.state.stack(stack).top.name
    assert top == unit, f"the top card of the {stack} is a {top}"
