"""Steps that make attacks and retaliations in a Heroes of Might & Magic battle."""

from __future__ import annotations

from battlebook.homm import AttackKind, MeleeAttack, RangedAttack, Retaliate, SpellAttack, legal_violation
from battlebook.homm.actions import Attack
from battlebook.language.steps.homm_world import HommWorld, then, when

DOMAIN = "HoMM: attacks"


def _rolls(roll: int | None) -> list[int]:
    return [roll] if roll is not None else []


def _attack(
    attacker: str, target: str, kind: AttackKind, spell: str | None, swat: int | None, picked: tuple[str, ...] | None
) -> Attack:
    """The attack, announcing `swat` cards, or the cards `picked` by name."""
    names = picked or ()
    count = swat or 1
    if spell is not None:
        return SpellAttack(attacker, target, spell, count, names)
    if kind is AttackKind.RANGED:
        return RangedAttack(attacker, target, count, names)
    return MeleeAttack(attacker, target, count, names)


_ATTACKS = "the {attacker:Stack} {:Attack} the {target:Stack} "
_ANSWER = "{swat:Swatting?}{roll:Rolling?}"
_PICKED = "{swat:Swatting?}{picked:Picking?}{roll:Rolling?}"


@when(_ATTACKS + "in melee" + _PICKED)
def melee_attack(
    homm: HommWorld, attacker: str, target: str, swat: int | None, picked: tuple[str, ...] | None, roll: int | None
) -> None:
    """A stack makes a melee attack on an enemy stack, with the stated roll of the die.

    "swatting N cards" announces a swat. Write "try to attack" when the rules should refuse
    the attack (then no roll is needed). When the score alone is enough, no roll is stated.
    "swatting the Captain and a Recruit" picks the cards by name (refused unless the
    scenario chose that reading).
    """
    homm.act(_attack(attacker, target, AttackKind.MELEE, None, swat, picked), _rolls(roll))


@when(_ATTACKS + "at range" + _PICKED)
def ranged_attack(
    homm: HommWorld, attacker: str, target: str, swat: int | None, picked: tuple[str, ...] | None, roll: int | None
) -> None:
    """A stack makes a ranged attack on an enemy stack, with the stated roll of the die."""
    homm.act(_attack(attacker, target, AttackKind.RANGED, None, swat, picked), _rolls(roll))


@when(_ATTACKS + "with {spell:Spell}" + _PICKED)
def spell_attack(
    homm: HommWorld,
    attacker: str,
    target: str,
    spell: str,
    swat: int | None,
    picked: tuple[str, ...] | None,
    roll: int | None,
) -> None:
    """A stack's top card casts an offensive spell at an enemy stack, with the stated roll of the die."""
    homm.act(_attack(attacker, target, AttackKind.SPELL, spell, swat, picked), _rolls(roll))


_RETALIATES = "the {retaliator:Stack} {:Retaliate} against the {target:Stack} "


@when(_RETALIATES + "{how:Kind}" + _ANSWER)
def retaliate(
    homm: HommWorld, retaliator: str, target: str, how: AttackKind, swat: int | None, roll: int | None
) -> None:
    """The stack just attacked answers its attacker in melee or at range, with the stated roll.

    A retaliation may swat too: "swatting N cards" announces that many of the target's cards.
    """
    homm.act(Retaliate(retaliator, target, how, swat or 1), _rolls(roll))


@when(_RETALIATES + "with {spell:Spell}" + _ANSWER)
def retaliate_with_spell(
    homm: HommWorld, retaliator: str, target: str, spell: str, swat: int | None, roll: int | None
) -> None:
    """The stack just attacked tries to answer with a spell: the engine decides whether a spell may answer.

    The retaliation is an attack of the spell kind; the rules say a retaliation answers in
    kind, and that no stack answers a spell, so write "tries to retaliate" and check the refusal.
    """
    homm.units.spell(spell)  # a spell the example never defined is a mistake in the scenario
    homm.act(Retaliate(retaliator, target, AttackKind.SPELL, swat or 1), _rolls(roll))


@then("the {retaliator:Stack} may retaliate against the {target:Stack} {how:Kind}")
def may_retaliate(homm: HommWorld, retaliator: str, target: str, how: AttackKind) -> None:
    """The rules would let the stack answer its attacker now in that kind (nothing is rolled)."""
    violation = legal_violation(homm.state, Retaliate(retaliator, target, how))
    assert violation is None, f"the retaliation would be refused: {violation}"


@then("the {retaliator:Stack} may not retaliate against the {target:Stack} {how:Kind}, by the rule {rule:Rule}")
def may_not_retaliate(homm: HommWorld, retaliator: str, target: str, how: AttackKind, rule: str) -> None:
    """The rules would refuse that retaliation now, naming the given rule."""
    violation = legal_violation(homm.state, Retaliate(retaliator, target, how))
    assert violation is not None, "the retaliation would be allowed"
    assert violation.rule == rule, f"the refusal names {violation.rule}: {violation}"


@then("the battle has no attack left to answer")
def nothing_to_answer(homm: HommWorld) -> None:
    """No attack waits for an answer: its target is gone, or it has been answered."""
    assert homm.state.last_attack is None, f"the attack {homm.state.last_attack} may still be answered"
