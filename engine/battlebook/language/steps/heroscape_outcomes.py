"""Steps that check what a Heroscape attack or turn did."""

from __future__ import annotations

from fractions import Fraction

import pytest

from battlebook.errors import DiceError, RulesSilent, RuleViolation
from battlebook.heroscape import Attack, Face, Hex, RevealOrderMarker, attacks_left, dice_pool
from battlebook.heroscape.resolution import AttackReport
from battlebook.heroscape.rules import winner
from battlebook.language.grammar import then
from battlebook.language.recorder import ScenarioRecord
from battlebook.language.session import annotator
from battlebook.language.steps.heroscape_world import LABEL, HeroscapeWorld


def _report(heroscape: HeroscapeWorld) -> AttackReport:
    report = heroscape.outcome().attack
    assert report is not None, "the last action was not an attack"
    return report


@then("the {:Refusable} is refused under the rule {rule:Rule}")
def attack_refused(heroscape: HeroscapeWorld, rule: str) -> None:
    """The engine refused the last action, naming the given rule."""
    refusal = heroscape.refused()
    assert isinstance(refusal, RuleViolation), f"the action failed for another reason: {refusal}"
    assert refusal.rule == rule, f"the refusal names the rule {refusal.rule}: {refusal}"


@then("the battlefield is unchanged")
def unchanged(heroscape: HeroscapeWorld) -> None:
    """The last action left the battlefield as it stood: the engine refused it, so nothing of it happened.

    Fails when the engine carried the action out, even if that changed nothing.
    """
    heroscape.check_unchanged(heroscape.state)


@then("the attack is blocked and both figures stay where they are")
def blocked(heroscape: HeroscapeWorld) -> None:
    """The shields matched or outnumbered the skulls; nothing was harmed or moved."""
    report = _report(heroscape)
    assert not report.is_successful, f"{report.skulls} skulls beat {report.shields} shields"
    before = heroscape.before
    assert before is not None
    for key in (report.attacker, report.defender):
        assert heroscape.state.figure(key) == before.figure(key), f"{key} changed"


@then("the attack destroys {figure:Figure}")
def destroys(heroscape: HeroscapeWorld, figure: str) -> None:
    """The attack succeeded and the defender is no longer on the battlefield."""
    report = _report(heroscape)
    key = heroscape.figure(figure).key
    assert report.defender == key, f"the attack was on {report.defender}"
    assert report.destroyed, f"{key} survived ({report.skulls} skulls against {report.shields} shields)"
    assert not heroscape.state.has_figure(key), f"{key} is still on the battlefield"


@then("{figure:Figure} is out of the game")
def out_of_game(heroscape: HeroscapeWorld, figure: str) -> None:
    """The destroyed figure was put out of the game, not on an army card."""
    key = heroscape.figure(figure).key
    assert key in heroscape.state.out_of_game, f"{key} is not out of the game"
    assert all(key not in c.destroyed for c in heroscape.state.cards), f"{key} lies on an army card"


@then("the attacker rolled {attack:Count} dice and the defender {defense:Count}")
def rolled(heroscape: HeroscapeWorld, attack: int, defense: int) -> None:
    """How many dice each side of the last attack rolled."""
    report = _report(heroscape)
    actual = (len(report.attack_faces), len(report.defense_faces))
    assert actual == (attack, defense), f"they rolled {actual}: {', '.join(report.pool.notes)}"


@then("{attacker:Figure} attacks {defender:Figure} with {attack:Count} dice against {defense:Count}")
def pool(heroscape: HeroscapeWorld, attacker: str, defender: str, attack: int, defense: int) -> None:
    """The dice an attack would roll on each side, counting every extra die."""
    action = Attack(heroscape.figure(attacker).key, heroscape.figure(defender).key)
    actual = dice_pool(heroscape.state, action)
    got = (actual.attack, actual.defense)
    why = ", ".join(actual.notes) or "printed values only"
    assert got == (attack, defense), f"it rolls {got[0]} attack dice against {got[1]} defense dice ({why})"


@then("{figure:Figure} takes {count:Count} {:Wounds} and has {total:Count} on {:Her} army card")
def hero_wounds(heroscape: HeroscapeWorld, figure: str, count: int, total: int) -> None:
    """The attack put this many wound markers on the hero's army card, making this total."""
    report = _report(heroscape)
    found = heroscape.figure(figure)
    assert report.wounds == count, f"the attack caused {report.wounds} wounds"
    markers = heroscape.state.card(found.card_id).wound_markers
    assert markers == total, f"the army card holds {markers} wound markers"


@then("{figure:Figure} has {count:Count} wound {:Markers} next to it")
def figure_wounds(heroscape: HeroscapeWorld, figure: str, count: int) -> None:
    """Wound markers beside a multi-life squad figure (its own, not its squadmates')."""
    found = heroscape.figure(figure)
    assert found.wounds == count, f"{found.key} has {found.wounds} wound markers next to it"
    assert heroscape.state.wounds_of(found) == count, f"{found.key} counts {heroscape.state.wounds_of(found)}"


@then("the {card:Text} card of {army:Army} holds no wound markers")
def no_card_wounds(heroscape: HeroscapeWorld, card: str, army: str) -> None:
    """The army card carries no wound markers."""
    held = heroscape.army_card(army, card)
    assert held.wound_markers == 0, f"it holds {held.wound_markers}"


@then('{figure:Figure} is placed on the army card "{card:Name}"')
def placed_on(heroscape: HeroscapeWorld, figure: str, card: str) -> None:
    """The destroyed figure now lies on this army card."""
    key = heroscape.figure(figure).key
    holder = [c.id for c in heroscape.state.cards if key in c.destroyed]
    assert holder == [card], f"{key} lies on {holder or 'no card'}"


@then('the army card "{card:Name}" of {army:Army} is {in_play:InPlay} play')
def card_in_play(heroscape: HeroscapeWorld, card: str, army: str, in_play: bool) -> None:
    """Whether the army card is out of play (all its figures destroyed; never in the 2004 game)."""
    held = heroscape.army_card(army, card)
    actual = heroscape.state.is_out_of_play(held.id)
    assert actual is not in_play, f"{card} is {'out of' if actual else 'still in'} play"


@then(
    '{army:Army}\'s order marker {label:Label} is still on the army card "{card:Name}", unrevealed', parameters=[LABEL]
)
def marker_stays(heroscape: HeroscapeWorld, army: str, label: str, card: str) -> None:
    """The order marker still lies face down on the card."""
    marker = next((m for m in heroscape.state.markers if m.army == army and m.label == label), None)
    assert marker is not None, f"{army}'s order marker {label} is no longer on any card"
    assert marker.card_id == card and not marker.revealed, f"the marker is {marker}"


@then('no order marker is left on the army card "{card:Name}"')
def no_marker(heroscape: HeroscapeWorld, card: str) -> None:
    """Every order marker has been taken off the card."""
    left = heroscape.state.markers_on(heroscape.state.card(card).id)
    labels = ", ".join(f"{marker.army}'s {marker.label}" for marker in left)
    assert not left, f"order markers left on it: {labels}"


@then("{army:Army}'s turn ends at once")
def turn_ends(heroscape: HeroscapeWorld, army: str) -> None:
    """Revealing the army's marker ended its turn at once: no army card is taking a turn."""
    result = heroscape.outcome()
    action = heroscape.journal[-1].action
    assert isinstance(action, RevealOrderMarker) and action.army == army, f"the last action was {action}"
    assert result.turn_ended_at_once, "the turn went on"
    assert heroscape.state.turn is None, f"a turn is under way: {heroscape.state.turn}"


@then('{army:Army} takes a turn with the army card "{card:Name}"')
def turn_under_way(heroscape: HeroscapeWorld, army: str, card: str) -> None:
    """The turn of this army card is under way."""
    turn = heroscape.state.turn
    refusal = heroscape.refusal
    if turn is None and isinstance(refusal, RuleViolation):
        heroscape.refusal_checked = True
        raise AssertionError(f"the turn never started: refused under {refusal.rule}: {refusal.reason}")
    if turn is None:
        raise AssertionError("no army card is taking a turn")
    assert (turn.army, turn.card_id) == (army, card), f"{turn.army} is taking a turn with {turn.card_id}"


@then("no figure of the card taking the turn has an attack left, so the turn is over")
def turn_over(heroscape: HeroscapeWorld) -> None:
    """Every figure of the turn's army card has made its attack."""
    left = attacks_left(heroscape.state)
    assert heroscape.state.turn is not None, "no turn is under way"
    assert not left, f"{', '.join(left)} may still attack"


@then("{army:Army} has won the battle")
def has_won(heroscape: HeroscapeWorld, army: str) -> None:
    """The army has reached the victory objective: no opposing figure is left."""
    assert winner(heroscape.state) == army, f"the winner is {winner(heroscape.state)}"


@then("the rules don't say who has won")
def winner_open(heroscape: HeroscapeWorld) -> None:
    """The engine cannot name a winner: the rules in force state no objective, and it answers "the rules don't say"."""
    try:
        won = winner(heroscape.state)
    except RulesSilent:
        return
    raise AssertionError(f"the engine names {won} the winner" if won else "the engine says nobody has won yet")


@then("no army has won yet")
def nobody_won(heroscape: HeroscapeWorld) -> None:
    """Figures of more than one army are still on the battlefield."""
    assert winner(heroscape.state) is None, f"{winner(heroscape.state)} has won"


@then(
    "the combat die has {skulls:Count} skull {:FaceWord}, {shields:Count} shield {:FaceWord} "
    "and {blanks:Count} blank {:FaceWord}"
)
def die_faces(heroscape: HeroscapeWorld, skulls: int, shields: int, blanks: int) -> None:
    """The faces of the combat die under the scenario's ruleset."""
    faces = heroscape.ruleset.die.faces
    actual = tuple(faces.count(face) for face in (Face.SKULL, Face.SHIELD, Face.BLANK))
    assert actual == (skulls, shields, blanks), f"the die has faces {faces}"


@then("one die shows a {face:Face} with a chance of {chance:Chance}")
def face_chance(heroscape: HeroscapeWorld, face: str, chance: Fraction) -> None:
    """The chance that one roll of the combat die shows this face, as a fraction."""
    faces = heroscape.ruleset.die.faces
    actual = Fraction(faces.count(Face(face)), len(faces))
    assert actual == chance, f"the chance is {actual}"


@then("the roll is refused: a combat die cannot show {face:Text}")
def roll_refused(heroscape: HeroscapeWorld, face: str) -> None:
    """A stated face is not on the combat die; the attack was not carried out."""
    refusal = heroscape.refused()
    assert isinstance(refusal, DiceError), f"the action was refused for another reason: {refusal}"
    assert f"cannot show {face}" in str(refusal), str(refusal)


@annotator
def dice_notes(request: pytest.FixtureRequest, record: ScenarioRecord) -> None:
    """Under a passing Heroscape example, note how many dice each attack rolled and why."""
    if "heroscape" not in request.fixturenames:
        return
    world: HeroscapeWorld = request.getfixturevalue("heroscape")
    parts: list[str] = []
    for entry in world.journal:
        report = entry.resolution.attack if entry.resolution is not None else None
        if report is None:
            continue
        why = f" ({'; '.join(report.pool.notes)})" if report.pool.notes else ""
        parts.append(
            f"{report.attacker} against {report.defender}: {report.pool.attack} attack dice against "
            f"{report.pool.defense} defense dice{why}; {report.skulls} skull(s) against {report.shields} shield(s)"
        )
    if parts:
        record.annotate("Dice rolled", " | ".join(parts))


@then('{figure:Figure} takes its turns with the army card "{card:Name}"')
def acts_with(heroscape: HeroscapeWorld, figure: str, card: str) -> None:
    """The standing figure attacks on the turns of this army card of its army."""
    found = heroscape.figure(figure)
    held = next((c for c in heroscape.state.cards if c.army == found.army and c.id == card), None)
    assert held is not None, f"{found.army} has no army card {card!r}"
    assert heroscape.state.acts_for(held.id, found), f"{found.key} does not take its turns with {card}"


@then("{army:Army} is to take the next turn")
def up_next(heroscape: HeroscapeWorld, army: str) -> None:
    """The army whose player sits on the left of the player who has just ended a turn."""
    actual = heroscape.state.up_next
    assert actual == army, f"{actual or 'no army'} is to take the next turn"


@then("{figure:Figure} stands on row {row:Count}, column {column:Count}")
def stands_on(heroscape: HeroscapeWorld, figure: str, row: int, column: int) -> None:
    """The figure's space now."""
    found = heroscape.figure(figure)
    expected = Hex.from_offset(row - 1, column - 1)
    assert found.spaces == (expected,), f"{found.key} stands on {[str(h) for h in found.spaces]}"
