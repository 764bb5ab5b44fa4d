"""Steps that draw a Heroscape battlefield, define army cards, and check what the map holds."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from battlebook.errors import ScenarioError
from battlebook.heroscape import KNOWN_CARDS, ArmyCard, CardKind, Hex, MapError, Terrain
from battlebook.language.grammar import given, then, when
from battlebook.language.steps.heroscape_world import TERRAIN, HeroscapeWorld
from battlebook.language.tables import table_number, table_rows

CARD_COLUMNS = ("name", "figure", "kind", "figures", "life", "move", "range", "attack", "defense", "height")
OPTIONAL_COLUMNS = ("spaces", "common")


@given("the battlefield:")
def battlefield(heroscape: HeroscapeWorld, docstring: str) -> None:
    """Draw the battlefield as a text map with its legend (the format is on the page *The battlefield*)."""
    heroscape.draw(docstring)


@when("the battlefield is drawn as:")
def battlefield_drawn(heroscape: HeroscapeWorld, docstring: str) -> None:
    """Try to draw a battlefield; a malformed map or a setup mistake is kept for a Then step to check."""
    try:
        heroscape.draw(docstring)
    except ScenarioError as error:
        heroscape.map_error = error


@given("figures block line of sight")
def figures_block_sight(heroscape: HeroscapeWorld) -> None:
    """Figures block lines of sight like terrain: Battlebook's reading, which this step states outright."""
    if heroscape.has_battlefield:
        raise ScenarioError("choose the reading before drawing the battlefield")
    heroscape.choose({"figures_block_sight": True})


@given("these army cards, defined for this example only:")
def define_cards(heroscape: HeroscapeWorld, datatable: list[list[str]]) -> None:
    """Define army cards: columns name, figure, kind, figures, life, move, range, attack, defense, height.

    Optional columns: `spaces` (1 or 2) and `common` (yes or no). A blank cell leaves a stat undefined.
    """
    for values in table_rows(datatable, "army card", CARD_COLUMNS + OPTIONAL_COLUMNS):
        name = values["name"]
        numbers = {k: table_number(v, f"the {name}'s {k}") for k, v in values.items() if k in CARD_COLUMNS[3:] and v}
        base = heroscape.card_or_none(name) or ArmyCard(name, name)
        given: dict[str, Any] = dict(numbers)
        if values.get("figure"):
            given["figure"] = values["figure"]
        if values.get("kind"):
            given["kind"] = CardKind(values["kind"])
        if values.get("spaces"):
            given["spaces"] = table_number(values["spaces"], f"the {name}'s spaces")
        if values.get("common"):
            given["common"] = values["common"] == "yes"
        heroscape.cards.define(replace(base, **given))


@then("the map is refused at line {line:Count}, column {column:Count}{why:Why?}")
def map_refused(heroscape: HeroscapeWorld, line: int, column: int, why: str | None) -> None:
    """The map was refused with an error naming this line and column (and saying `why`, if given)."""
    error = heroscape.map_error
    assert isinstance(error, MapError), f"the map was not refused as malformed: {error}"
    assert (error.line, error.column) == (line, column), f"the error names another place: {error}"
    if why:
        assert why in str(error), f"the error says: {error}"


def _hex(row: int, column: int) -> Hex:
    return Hex.from_offset(row - 1, column - 1)


@then("row {row:Count}, column {column:Count} is {terrain:Terrain} at level {level:Count}", parameters=[TERRAIN])
def space_is(heroscape: HeroscapeWorld, row: int, column: int, terrain: Terrain, level: int) -> None:
    """The space at this map row and column (counting from 1) has this terrain and level."""
    space = heroscape.state.battlefield.space(_hex(row, column))
    assert (space.terrain, space.level) == (terrain, level), f"the space is {space}"


@then("row {row:Count}, column {column:Count} is an empty area")
def empty_area(heroscape: HeroscapeWorld, row: int, column: int) -> None:
    """The battlefield has no space at this map row and column."""
    assert not heroscape.state.battlefield.has_space(_hex(row, column)), "there is a space there"


@then('row {row:Count}, column {column:Count} holds the glyph "{glyph:Name}"')
def glyph_at(heroscape: HeroscapeWorld, row: int, column: int, glyph: str) -> None:
    """The space at this map row and column bears the named glyph."""
    space = heroscape.state.battlefield.space(_hex(row, column))
    assert space.glyph == glyph, f"the space bears {space.glyph!r}"


@then("{figure:Figure} of {army:Army} stands on {count:Count} {:Spaces} at level {level:Count}")
def figure_stands(heroscape: HeroscapeWorld, figure: str, army: str, count: int, level: int) -> None:
    """The figure belongs to the army and stands on this many spaces, at this level."""
    found = heroscape.figure(figure)
    assert found.army == army, f"{found.key} belongs to {found.army}"
    assert len(found.spaces) == count, f"{found.key} stands on {len(found.spaces)} spaces"
    assert heroscape.state.base_level(found) == level, (
        f"{found.key} stands at level {heroscape.state.base_level(found)}"
    )


@then("the army cards known to the engine read:", game="heroscape")
def known_cards(datatable: list[list[str]]) -> None:
    """The engine's built-in army cards hold exactly these stats ("-" where none is given).

    Only some of them come from the source texts; the rest are illustrative (see the page
    *Outside facts*).
    """
    header, *rows = datatable
    assert len(rows) == len(KNOWN_CARDS), f"the engine knows {sorted(KNOWN_CARDS)}"
    for row in rows:
        values = dict(zip(header, (cell.strip() for cell in row), strict=True))
        card = KNOWN_CARDS[values["name"]]
        for column, expected in values.items():
            if column == "name":
                continue
            actual = getattr(card, column)
            shown = "-" if actual is None else str(actual.value if isinstance(actual, CardKind) else actual)
            assert shown == expected, f"{card.name}: {column} is {shown}, not {expected}"


@then("the army cards known from the printed cards read:", game="heroscape")
def known_cards_former_wording(datatable: list[list[str]]) -> None:
    """The former wording of *the army cards known to the engine read:*, kept so that older files still run.

    The wording is wrong: the engine's cards are not printed cards, and only some of their
    stats come from the source texts (see the page *Outside facts*). Write the other wording.
    """
    known_cards(datatable)


@then("the battle could not be set up: {why:Text}")
def setup_refused(heroscape: HeroscapeWorld, why: str) -> None:
    """The map was read, but setting the battle up on it failed, saying `why`."""
    error = heroscape.map_error
    assert error is not None, "the battle was set up without complaint"
    assert why in str(error), f"the error says: {error}"
