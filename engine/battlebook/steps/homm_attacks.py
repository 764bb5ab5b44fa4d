"""Steps that make attacks and retaliations in a Heroes of Might & Magic battle."""

from __future__ import annotations

import re

from pytest_bdd import parsers, then, when

from battlebook.homm import AttackKind, MeleeAttack, RangedAttack, Retaliate, SpellAttack, legal_violation
from battlebook.homm.actions import Attack
from battlebook.steps.homm_world import HommWorld

DOMAIN = "HoMM: attacks"

_SWAT = r"(?:, swatting (?P<swat>\d+) cards?)?(?:, swatting (?P<picked>(?:the|an?) [A-Z].*?))?"
_ROLL = r"(?:, rolling (?P<roll>-?\d+))?"
_KIND = {"in melee": AttackKind.MELEE, "at range": AttackKind.RANGED}


def _rolls(roll: str | None) -> list[int]:
    return [int(roll)] if roll is not None else []


def _picked(text: str | None) -> tuple[str, ...]:
    """Unit names from "the Captain and a Recruit": one name per card picked."""
    if not text:
        return ()
    parts = [p.strip() for p in re.split(r",\s*|\s+and\s+", text) if p.strip()]
    return tuple(re.sub(r"^(?:the|an?)\s+", "", part) for part in parts)


def _attack(
    attacker: str, target: str, how: str, spell: str | None, swat: str | None, picked: str | None = None
) -> Attack:
    count = int(swat) if swat else 1
    names = _picked(picked)
    if spell is not None:
        return SpellAttack(attacker, target, spell, count, names)
    if how == "at range":
        return RangedAttack(attacker, target, count, names)
    return MeleeAttack(attacker, target, count, names)


_ATTACKS = r"the (?P<attacker>.+?) (?:attacks?|tries to attack|try to attack) the (?P<target>.+?) "


@when(parsers.re(_ATTACKS + r"in melee" + _SWAT + _ROLL))
def melee_attack(
    homm: HommWorld, attacker: str, target: str, swat: str | None, picked: str | None, roll: str | None
) -> None:
    """A stack makes a melee attack on an enemy stack, with the stated roll of the die.

    "swatting N cards" announces a swat. Write "try to attack" when the rules should refuse
    the attack (then no roll is needed). When the score alone is enough, no roll is stated.
    "swatting the Captain and a Recruit" picks the cards by name (refused unless the
    scenario chose that reading).
    """
    homm.act(_attack(attacker, target, "in melee", None, swat, picked), _rolls(roll))


@when(parsers.re(_ATTACKS + r"at range" + _SWAT + _ROLL))
def ranged_attack(
    homm: HommWorld, attacker: str, target: str, swat: str | None, picked: str | None, roll: str | None
) -> None:
    """A stack makes a ranged attack on an enemy stack, with the stated roll of the die."""
    homm.act(_attack(attacker, target, "at range", None, swat, picked), _rolls(roll))


@when(parsers.re(_ATTACKS + r"with (?P<spell>[A-Z][A-Za-z ]+?)" + _SWAT + _ROLL))
def spell_attack(
    homm: HommWorld, attacker: str, target: str, spell: str, swat: str | None, picked: str | None, roll: str | None
) -> None:
    """A stack's top card casts an offensive spell at an enemy stack, with the stated roll of the die."""
    homm.act(_attack(attacker, target, "spell", spell, swat, picked), _rolls(roll))


@when(
    parsers.re(
        r"the (?P<retaliator>.+?) (?:retaliates?|tries to retaliate|try to retaliate) against the (?P<target>.+?) "
        r"(?P<how>in melee|at range)" + _ROLL
    )
)
def retaliate(homm: HommWorld, retaliator: str, target: str, how: str, roll: str | None) -> None:
    """The stack just attacked answers its attacker in melee or at range, with the stated roll."""
    homm.act(Retaliate(retaliator, target, _KIND[how]), _rolls(roll))


@then(parsers.re(r"the (?P<retaliator>.+?) may retaliate against the (?P<target>.+?) (?P<how>in melee|at range)"))
def may_retaliate(homm: HommWorld, retaliator: str, target: str, how: str) -> None:
    """The rules would let the stack answer its attacker now in that kind (nothing is rolled)."""
    violation = legal_violation(homm.state, Retaliate(retaliator, target, _KIND[how]))
    assert violation is None, f"the retaliation would be refused: {violation}"


@then(
    parsers.re(
        r"the (?P<retaliator>.+?) may not retaliate against the (?P<target>.+?) (?P<how>in melee|at range), "
        r"by the rule (?P<rule>\S+)"
    )
)
def may_not_retaliate(homm: HommWorld, retaliator: str, target: str, how: str, rule: str) -> None:
    """The rules would refuse that retaliation now, naming the given rule."""
    violation = legal_violation(homm.state, Retaliate(retaliator, target, _KIND[how]))
    assert violation is not None, "the retaliation would be allowed"
    assert violation.rule == rule, f"the refusal names {violation.rule}: {violation}"


@then("the battle has no attack left to answer")
def nothing_to_answer(homm: HommWorld) -> None:
    """No attack waits for an answer: its target is gone, or it has been answered."""
    assert homm.state.last_attack is None, f"the attack {homm.state.last_attack} may still be answered"
