"""Steps that measure range and line of sight between two figures."""

from __future__ import annotations

from dataclasses import replace

from battlebook.errors import RulesSilent, ScenarioError
from battlebook.heroscape import Attack, counted_range, has_line_of_sight, legal_violation, visible_heights
from battlebook.heroscape.hexes import Hex
from battlebook.heroscape.sight import body_points, heads, is_clear, obstacles, straight_distance
from battlebook.heroscape.state import Turn
from battlebook.language.grammar import given, then
from battlebook.language.steps.heroscape_world import HeroscapeWorld


@then("{target:Figure} is {count:Count} {:Spaces} from {attacker:Figure}, counted along the spaces")
def spaces_between(heroscape: HeroscapeWorld, target: str, count: int, attacker: str) -> None:
    """The range count from the attacker to the target: spaces stepped along the battlefield."""
    measuring, measured = heroscape.measuring(attacker, target, counts=True, sees=False)
    actual = counted_range(heroscape.state, measuring, measured)
    assert actual == count, f"the count is {actual}"


@then("a straight count from {attacker:Figure} to {target:Figure} would give {count:Count}")
def straight_count(heroscape: HeroscapeWorld, attacker: str, target: str, count: int) -> None:
    """The straight hex distance, ignoring empty areas (what the range count must not use)."""
    actual = straight_distance(*heroscape.measuring(attacker, target, counts=True, sees=False))
    assert actual == count, f"the straight count is {actual}"


@then("{attacker:Figure} {can:Can} see {target:Figure}")
def can_see(heroscape: HeroscapeWorld, attacker: str, can: bool, target: str) -> None:
    """Whether some straight line from the attacker's head reaches any part of the target unblocked."""
    actual = has_line_of_sight(heroscape.state, *heroscape.measuring(attacker, target, counts=False, sees=True))
    assert actual is can, f"line of sight is {'clear' if actual else 'blocked'}"


@then("{attacker:Figure} sees the top of {target:Figure} but not its base")
def sees_only_top(heroscape: HeroscapeWorld, attacker: str, target: str) -> None:
    """The attacker sees the target's head, while the lower part of the target is hidden."""
    seen = visible_heights(heroscape.state, *heroscape.measuring(attacker, target, counts=False, sees=True))
    assert seen, "the attacker sees no part of the target"
    assert max(seen) == 1.0, f"the top is hidden (seen at fractions {seen} of its height)"
    assert min(seen) > 0.5, f"the lower half is visible too (seen at fractions {seen} of its height)"


@then("{attacker:Figure} {may:May} attack {target:Figure}{rule:UnderRule?}")
def may_attack(heroscape: HeroscapeWorld, attacker: str, may: bool, target: str, rule: str | None) -> None:
    """Whether range and line of sight let the attacker attack the target, during its own card's turn.

    With "may not", the rule named is the one that forbids it.
    """
    figure, other = heroscape.measuring(attacker, target, counts=True, sees=True)
    state = heroscape.state
    if state.turn is None:
        state = replace(state, turn=Turn(figure.army, figure.card_id))
    violation = legal_violation(state, Attack(figure.key, other.key))
    if may:
        assert violation is None, f"the attack is refused: {violation}"
    else:
        assert violation is not None, "the attack is allowed"
        assert rule is None or violation.rule == rule, f"the refusal names {violation.rule}: {violation}"


@then("the rules don't say how to measure from {attacker:Figure} to {target:Figure}")
def measuring_open(heroscape: HeroscapeWorld, attacker: str, target: str) -> None:
    """The engine answers "the rules don't say" for both the range count and the line of sight between the two."""
    figure, other = heroscape.measuring(attacker, target, counts=True, sees=True)
    for question in (counted_range, has_line_of_sight):
        try:
            answer = question(heroscape.state, figure, other)
        except RulesSilent:
            continue
        raise AssertionError(f"the engine answers {question.__name__.replace('_', ' ')}: {answer}")


@then("{attacker:Figure} sees {target:Figure} only from above its space at row {row:Count}, column {column:Count}")
def sees_from_one_space(heroscape: HeroscapeWorld, attacker: str, target: str, row: int, column: int) -> None:
    """Of a double-space attacker's two heads, only the one over this space has a clear line to the target."""
    state = heroscape.state
    figure, other = heroscape.measuring(attacker, target, counts=False, sees=True)
    columns = obstacles(state, ignore=(figure, other))
    clear = [
        hex_
        for hex_, head in zip(figure.spaces, heads(state, figure), strict=True)
        if any(is_clear(head, point, columns) for _, point in body_points(state, other))
    ]
    assert clear == [Hex.from_offset(row - 1, column - 1)], f"clear from above: {[str(h) for h in clear]}"


@given("{figure:Figure} has its head over its space at row {row:Count}, column {column:Count}")
def head_over(heroscape: HeroscapeWorld, figure: str, row: int, column: int) -> None:
    """Name the space a double-space figure's head is over (it matters under the alternative reading)."""
    found = heroscape.figure(figure)
    space = Hex.from_offset(row - 1, column - 1)
    if space not in found.spaces:
        raise ScenarioError(f"{found.key} does not stand on row {row}, column {column}")
    heroscape.state = heroscape.state.replacing_figure(replace(found, head=space))
