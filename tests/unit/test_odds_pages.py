"""The odds pages are generated from the engine: tables (with the exact fraction of each cell), formulas."""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction
from pathlib import Path

from battlebook.heroscape.dice import heroscape_wounds
from battlebook.heroscape.fight import Fighter, duel_odds
from battlebook.heroscape.odds_page import DICE, FIGHT_DICE, FIGHT_LIFE
from battlebook.heroscape.odds_page import odds_page as heroscape_page
from battlebook.heroscape.ruleset import Edition
from battlebook.homm.fight import StackOf, fight_odds, ruleset_for
from battlebook.homm.odds_page import DEFENSES, FIGHT_CARDS, SCORES
from battlebook.homm.odds_page import odds_page as homm_page
from battlebook.odds import fraction_text
from battlebook.pictures.odds_page import fight_heading

ROOT = Path(__file__).resolve().parents[2]


def fight_section(page: str) -> str:
    """The fight calculator's section of an odds page: from its heading to the next."""
    start = page.index(fight_heading())
    end = page.find("\n## ", start + 1)
    return page[start : end if end >= 0 else None]


def test_an_odds_page_opens_with_both_calculators() -> None:
    for page in (heroscape_page(), homm_page()):
        top = page[: page.index(fight_heading())]
        assert top.count('data-bb-odds=""') == 1 and "\n## " not in top
        assert "](#fight-calculator)" in top and "{#fight-calculator}" in fight_heading()


def test_heroscape_page_has_a_cell_for_every_pair_with_its_exact_fraction() -> None:
    page = heroscape_page()
    titles = re.findall(r'<span class="bb-chance" title="([^"]+)">', page)
    assert len(titles) == 2 * len(DICE) ** 2 + len(FIGHT_DICE) * len(FIGHT_LIFE)
    expected = [fraction_text(heroscape_wounds(a, d).at_least_one) for a in DICE for d in DICE]
    wounds = re.findall(r'<span class="bb-chance" title="([^"]+)">', page.replace(fight_section(page), ""))
    assert wounds[: len(expected)] == expected
    assert '<span class="bb-chance" title="20/81">24.7%<span class="bb-exact"> (20/81)</span></span>' in page


def test_heroscape_page_renders_its_formulas_as_mathml_with_latex() -> None:
    page = heroscape_page()
    assert page.count("<math ") == 3
    assert page.count("```latex") == 3
    assert "\\binom" in page


def test_homm_page_has_a_table_per_reading() -> None:
    page = homm_page()
    rows = [line for line in page.splitlines() if line.startswith("| **")]
    assert len(rows) == 2 * len(SCORES) + 2 * len(FIGHT_CARDS)
    seven = [line for line in rows if line.startswith("| **7** |")]
    column = list(DEFENSES).index(13)
    assert [row.split(" | ")[1 + column] for row in seven] == ["2/5", "1/2"]
    assert page.count("<math ") == 1


def test_the_heroscape_page_tabulates_duels_computed_by_the_fight_calculator_and_holds_its_slot() -> None:
    page = heroscape_page()
    fights = fight_section(page)
    assert fights.count('data-bb-fight=""') == 1
    titles = re.findall(r'<span class="bb-chance" title="([^"]+)">', fights)
    expected = [
        fraction_text(duel_odds(Fighter(d, d, life), Fighter(d, d, life), Edition.EDITION_2024).first_wins)
        for d in FIGHT_DICE
        for life in FIGHT_LIFE
    ]
    assert titles == expected


def test_the_homm_page_tabulates_gold_golem_fights_under_both_readings_and_holds_the_slot() -> None:
    page = homm_page()
    fights = fight_section(page)
    assert fights.count('data-bb-fight=""') == 1
    titles = re.findall(r'<span class="bb-chance" title="([^"]+)">', fights)
    expected = [
        fraction_text(fight_odds(StackOf(a, 2, 3, 7, 7), StackOf(d, 2, 3, 7, 7), ruleset_for(faces)).aggressor_wins)
        for faces in ("0-9", "1-10")
        for a in FIGHT_CARDS
        for d in FIGHT_CARDS
    ]
    assert titles == expected


def test_the_page_calculators_forms_are_the_games_and_their_bounds_the_engines() -> None:
    """Each odds page is handed its game's forms (the battle's too); the fight forms' bounds are the engine's own."""
    from battlebook.games import GAMES, calculators
    from battlebook.heroscape import fight as scape
    from battlebook.homm import fight as homm
    from battlebook.homm.units import MAX_STAT
    from battlebook.runners.inpage import battle_form
    from battlebook.site.pages import forms_element

    script = (Path(__file__).resolve().parents[2] / "docs" / "javascripts" / "try-it-app.js").read_text("utf-8")
    assert "data-bb-forms" in script and "FIGHT_BOUNDS" not in script
    for name in GAMES:
        given = json.loads(html.unescape(forms_element(name).split('data-bb-forms="', 1)[1].split('"', 1)[0]))
        assert given == {
            "game": name,
            "odds": calculators(name).odds_form.data(),
            "fight": calculators(name).fight_form.data(),
            "battle": battle_form(name),
        }
    highs = {f.name: f.high for f in calculators("heroscape").fight_form.fields()}
    assert (highs["fa"], highs["fl"]) == (scape.MAX_DICE, scape.MAX_LIFE)
    highs = {f.name: f.high for f in calculators("homm").fight_form.fields()}
    assert (highs["ac"], highs["am"]) == (homm.MAX_CARDS, MAX_STAT)


def test_every_game_s_page_forms_ask_what_its_calculators_answer() -> None:
    """Each game's page forms, as they open, are questions its calculators answer (the page sends their values)."""
    from battlebook.games import GAMES, calculators
    from battlebook.runners.inpage import game_fight, game_odds

    for name in GAMES:
        given = calculators(name)
        odds = [
            int(f.default)
            if f.low is not None and not f.numbers
            else [int(x) for x in f.default.split(",")]
            if f.numbers
            else f.default
            for f in given.odds_form.fields()
        ]
        shown = game_odds(name, odds)["shown"]
        assert shown["main"] and shown["rows"] and all(isinstance(line, str) for line in shown["lines"])
        answer = game_fight(name, given.fight_form.defaults())
        assert sum(Fraction(chance["fraction"]) for chance in answer["chances"]) <= 1


def test_every_registered_game_publishes_its_odds_page() -> None:
    """The generator writes `odds/<game>.md` for each game of the registry, the page the game itself makes."""
    from battlebook.games import GAMES
    from battlebook.site.pages import Generator

    generator = Generator(ROOT, api=False)
    generator.odds_pages()
    pages = generator.pages.files
    assert set(pages) == {f"odds/{name}.md" for name in GAMES}
    from battlebook.site.pages import forms_element

    for name, game in GAMES.items():
        page = pages[f"odds/{name}.md"]
        assert isinstance(page, str) and page.startswith(f"{game.odds_page()}\n\n{forms_element(name)}\n")
