"""The page *Units and army cards*: a line per distinct set of stats, a source mark per stat, players' words.

The page is generated from the real rulebook (and, where a case needs it, from a small
rulebook written here), and read back the way a player reads it: each entry's section, the
lines of stats in it, and the marks after the values.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from battlebook.book.model import FeatureDoc, feature_paths, load_book
from battlebook.book.sources import SECTIONS
from battlebook.games import GAMES
from battlebook.heroscape.cards import SOURCE_STATS
from battlebook.site.pages import UNITS_PAGE
from battlebook.site.units_index import DEFINED, render_units_index, units_index

ROOT = Path(__file__).resolve().parents[2]
BOOK = load_book(feature_paths([ROOT / "features"]), ROOT)
PAGE = render_units_index(units_index(BOOK), UNITS_PAGE)
MARK = re.compile(
    r'<a class="bb-stat-source" href="#(?P<anchor>[^"]+)"[^>]*aria-label="(?P<label>[^"]+)"><sup>S\d+</sup></a>'
)


def section(page: str, anchor: str) -> str:
    """The part of the page under the heading with this anchor, up to the next heading."""
    start = page.index(f"{{ #{anchor} }}")
    end = page.find("\n#", start)
    return page[start : end if end >= 0 else len(page)]


def stat_lines(page: str, anchor: str) -> list[str]:
    """The lines of stats of an entry (the list items outside its "Used in" block)."""
    return [line for line in section(page, anchor).splitlines() if line.startswith("- ")]


def marked(line: str) -> dict[str, str]:
    """Each stat of a line of stats (`defense 2`), with the words of its source mark ('' when it has none)."""
    stats, _, _ = line[2:].partition(" — ")
    found: dict[str, str] = {}
    for part in re.split(r", (?![^<]*>)", stats):
        mark = MARK.search(part)
        words = html.unescape(MARK.sub("", part)).strip()
        found[words] = html.unescape(mark["label"]) if mark else ""
    return found


def defined_stats(book: list[FeatureDoc], unit: str) -> dict[frozenset[tuple[str, str]], set[str]]:
    """Read straight from the feature files: each distinct set of stats a table gives `unit`, with the chapters."""
    found: dict[frozenset[tuple[str, str]], set[str]] = {}
    for feature in book:
        for rule, example in feature.examples():
            steps = (*feature.background, *(rule.background if rule else ()), *example.steps)
            for step in steps:
                if not DEFINED.match(step.text) or not step.table:
                    continue
                header, *rows = step.table
                for row in rows:
                    cells = {k: v.strip() for k, v in zip(header, row, strict=False)}
                    if cells.get("name") == unit:
                        stats = frozenset((k, v) for k, v in cells.items() if k != "name" and v)
                        found.setdefault(stats, set()).add(feature.name)
    return found


def test_no_engine_field_or_python_value_reaches_the_page(small_page: str) -> None:
    for page in (PAGE, small_page):
        for word in ("False", "True", "None", "is_hero"):
            assert not re.search(rf"\b{word}\b", page), f"{word!r} is on the page"


def test_the_orc_has_one_line_per_distinct_set_of_stats_each_with_its_chapters() -> None:
    sets = defined_stats(BOOK, "Orc")
    assert len(sets) >= 1 and sum(len(chapters) for chapters in sets.values()) > len(sets), "chapters share a set"
    lines = stat_lines(PAGE, "unit-orc")
    assert len(lines) == len(sets)
    for line in lines:
        chapters = {html.unescape(name) for name in re.findall(r"\[([^\]]+)\]\(", line)}
        stats = frozenset((name, value) for name, _, value in (words.partition(" ") for words in marked(line)))
        assert sets[stats] == chapters, line


def test_the_airborne_elite_marks_exactly_the_stats_the_sources_give_with_their_section() -> None:
    card = next(c for c in GAMES["heroscape"].known_cards() if c.name == "Airborne Elite")
    (line,) = [line for line in stat_lines(PAGE, "unit-airborne-elite") if "Battlebook" in line]
    marks = marked(line)
    sourced = {f"{stat} {value}" for stat, value in card.sourced}
    assert sourced == {f"{stat} 2" for stat in SOURCE_STATS["Airborne Elite"]} == {"defense 2"}
    assert {words for words, mark in marks.items() if mark} == sourced
    assert "attack 3" in marks and marks["attack 3"] == ""
    assert SECTIONS[dict(card.sections)["defense"]].citation() in marks["defense 2"]
    assert "Example 9" in marks["defense 2"] and "source 003" in marks["defense 2"]


def test_an_example_stat_the_sources_give_is_marked_and_its_own_choices_are_not() -> None:
    (line,) = [line for line in stat_lines(PAGE, "unit-bandit") if "defined in" in line]
    marks = marked(line)
    assert {words for words, mark in marks.items() if mark} == {"phase 3", "melee 1"}
    assert "Retaliations" in marks["melee 1"] and marks["defense 4"] == ""


def test_each_mark_leads_to_its_entry_in_the_key() -> None:
    anchors = {m["anchor"] for m in MARK.finditer(PAGE)}
    assert anchors
    for anchor in anchors:
        assert f'<strong id="{anchor}">' in PAGE


def test_every_stat_the_sources_give_names_a_section_of_its_own_game() -> None:
    for game in GAMES.values():
        for card in game.known_cards():
            cited = dict(card.sections)
            assert set(cited) == {stat for stat, _ in card.sourced}, card.name
            for key in cited.values():
                assert SECTIONS[key].source.game == game.title, key


def test_the_entries_keep_their_anchors() -> None:
    for anchor in ("unit-gold-golem", "unit-orc", "unit-airborne-elite", "units-homm", "units-heroscape"):
        assert f"{{ #{anchor} }}" in PAGE
    assert "Used in" in section(PAGE, "unit-orc")


SMALL = """@game:homm
Feature: {name}

  @id:probe.{slug} @source:001/making-melee-attacks
  Rule: A probe

    Example: The Grunts attack the Gold Golem
      Given these units, defined for this example only:
        | name   | level | phase | melee | ranged | defense | hero |
        | Grunt  | 1     | 2     | {melee}     | 0      | 3       | {hero}   |
      And the Aggressor has a Grunt on its Melee Line
      And the Defender has a Gold Golem on its Melee Line
      When the Grunt attacks the Gold Golem in melee, rolling 9
      Then the Gold Golem stack has 0 cards left
"""


@pytest.fixture
def small_page(tmp_path: Path) -> str:
    """Three chapters defining the Grunt: two with the same stats (a `hero` of `no`), one with its own."""
    folder = tmp_path / "features" / "homm"
    folder.mkdir(parents=True)
    for slug, name, melee, hero in (
        ("one", "First", 1, "no"),
        ("two", "Second", 1, "False"),
        ("three", "Third", 4, ""),
    ):
        text = SMALL.format(name=name, slug=slug, melee=melee, hero=hero)
        (folder / f"{slug}.feature").write_text(text, encoding="utf-8")
    return render_units_index(units_index(load_book(feature_paths([tmp_path / "features"]), tmp_path)), UNITS_PAGE)


def test_the_same_stats_in_two_chapters_are_one_line_and_different_stats_another(small_page: str) -> None:
    lines = stat_lines(small_page, "unit-grunt")
    assert len(lines) == 2
    same, other = sorted(lines, key=lambda line: "melee 4" in line)
    assert "melee 1" in same and "[First]" in same and "[Second]" in same and "[Third]" not in same
    assert "melee 4" in other and "[Third]" in other and "[First]" not in other


def test_a_false_yes_or_no_stat_is_left_out_and_a_true_one_is_its_name(small_page: str) -> None:
    grunt = section(small_page, "unit-grunt")
    assert not re.search(r"\b(hero|False|no)\b", grunt), grunt
    knight = stat_lines(PAGE, "unit-knight")
    assert knight and all(line.split(" — ")[0].endswith(", hero") for line in knight)
