"""The odds pages are generated from the engine: tables, the published figure, formulas."""

from __future__ import annotations

import re
from pathlib import Path

from battlebook.heroscape.dice import heroscape_wounds
from battlebook.heroscape.odds_page import DICE
from battlebook.heroscape.odds_page import odds_page as heroscape_page
from battlebook.homm.odds_page import DEFENSES, SCORES
from battlebook.homm.odds_page import odds_page as homm_page
from battlebook.odds import fraction_text

ROOT = Path(__file__).resolve().parents[2]


def test_heroscape_page_has_a_cell_for_every_pair_with_its_exact_fraction() -> None:
    page = heroscape_page()
    titles = re.findall(r'<span title="([^"]+)">', page)
    assert len(titles) == 2 * len(DICE) ** 2
    expected = [fraction_text(heroscape_wounds(a, d).at_least_one) for a in DICE for d in DICE]
    assert titles[: len(expected)] == expected
    assert '<span title="20/81">24.7%</span>' in page


def test_heroscape_page_renders_its_formulas_as_mathml_with_latex() -> None:
    page = heroscape_page()
    assert page.count("<math ") == 3
    assert page.count("```latex") == 3
    assert "\\binom" in page


def test_homm_page_has_a_table_per_reading() -> None:
    page = homm_page()
    rows = [line for line in page.splitlines() if line.startswith("| **")]
    assert len(rows) == 2 * len(SCORES)
    seven = [line for line in rows if line.startswith("| **7** |")]
    column = list(DEFENSES).index(13)
    assert [row.split(" | ")[1 + column] for row in seven] == ["2/5", "1/2"]
    assert page.count("<math ") == 1


def test_every_registered_game_publishes_its_odds_page() -> None:
    """The generator writes `odds/<game>.md` for each game of the registry, the page the game itself makes."""
    from battlebook.games import GAMES
    from battlebook.site.pages import Generator

    generator = Generator(ROOT, api=False)
    generator.odds_pages()
    pages = generator.pages.files
    assert set(pages) == {f"odds/{name}.md" for name in GAMES}
    page = pages["odds/homm.md"]
    assert isinstance(page, str) and page.startswith(GAMES["homm"].odds_page())
