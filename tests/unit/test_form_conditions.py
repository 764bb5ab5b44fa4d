"""A calculator field counts only where the game's rules read it: declared per field, read by the generic form.

Each game declares, on a field of its page forms, the choice under which the field counts
(`Field.counts`, such as an edition whose rules read a Life) and why it does not count
otherwise (`Field.why`). The page disables such a field, says why, and sends nothing for
it; the in-page runner reads it at its default ([`PageForm.completed`]). No game is named
in the shared code: these tests go over every registered game's forms.
"""

from __future__ import annotations

from itertools import product

import pytest

from battlebook.calculator import Field, PageForm
from battlebook.games import GAMES, calculators
from battlebook.runners.inpage import game_fight


def forms() -> list[tuple[str, str, PageForm]]:
    """Every page form of every registered game, with the game and the form's name."""
    found = []
    for name in GAMES:
        calculator = calculators(name)
        found += [(name, "odds", calculator.odds_form), (name, "fight", calculator.fight_form)]
    return found


def conditional(form: PageForm) -> list[Field]:
    return [field for field in form.fields() if field.counts is not None]


@pytest.mark.parametrize(("game", "kind", "form"), forms(), ids=lambda v: v if isinstance(v, str) else "")
def test_each_condition_names_a_choice_of_its_form_and_says_why(game: str, kind: str, form: PageForm) -> None:
    choices = {field.name: {value for value, _ in field.choices} for field in form.fields() if field.choices}
    for field in conditional(form):
        assert field.counts is not None
        choice, values = field.counts
        assert choice in choices, f"{game} {kind}: {field.name} counts under {choice!r}, not a choice of the form"
        assert values and set(values) <= choices[choice], f"{game} {kind}: {field.name} names values {choice} lacks"
        assert set(values) != choices[choice], f"{game} {kind}: {field.name} counts under every value of {choice}"
        assert len(field.why) > 20, f"{game} {kind}: {field.name} does not say why it does not count"
        assert field.data()["counts"] == [choice, list(values)] and field.data()["why"] == field.why


def test_the_heroscape_2004_fight_form_leaves_out_every_life_and_says_why() -> None:
    form = calculators("heroscape").fight_form
    lives = {field.name for field in conditional(form)}
    assert lives == {f.name for f in form.fields() if f.what == "Life"} and len(lives) == 3
    for field in conditional(form):
        assert field.counts == ("e", ("2024",)) and "2004" in field.why


@pytest.mark.parametrize("game", [name for name in GAMES if conditional(calculators(name).fight_form)])
def test_a_form_sent_without_the_fields_that_do_not_count_answers_as_with_their_defaults(game: str) -> None:
    form = calculators(game).fight_form
    for field in conditional(form):
        assert field.counts is not None
        choice, values = field.counts
        chosen = next(f for f in form.fields() if f.name == choice)
        ignored = next(value for value, _ in chosen.choices if value not in values)
        given = form.defaults() | {choice: ignored}
        sent = {name: text for name, text in given.items() if name != field.name}
        assert form.completed(sent) == given
        assert game_fight(game, sent) == game_fight(game, given)


def test_completed_keeps_what_was_sent_and_fills_only_a_field_that_does_not_count() -> None:
    edition = Field("e", "Edition", "a", choices=(("a", "A"), ("b", "B")))
    life = Field("l", "Life", "4", 1, 9, counts=("e", ("b",)), why="A counts no Life")
    form = PageForm("Fight", "Compute", (edition, life))
    for chosen, sent_life in product("ab", (None, "7")):
        sent = {"e": chosen} | ({"l": sent_life} if sent_life else {})
        expected = dict(sent) if sent_life or chosen == "b" else sent | {"l": "4"}
        assert form.completed(sent) == expected
