"""The page *Units and army cards*: a table per game, a row per distinct set of stats, a source per value.

The page is generated from the real rulebook (and, where a case needs it, from a small
rulebook written here), and read back the way a browser reads it (Lexbor, through
selectolax): each game's table, its columns, its rows, and the mark after each value
(`S1`... naming a section of the source texts, or `i` for illustrative).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser, LexborNode

from battlebook.book.model import FeatureDoc, feature_paths, load_book
from battlebook.book.sources import SECTIONS
from battlebook.games import GAMES
from battlebook.heroscape.cards import SOURCE_STATS
from battlebook.site.pages import UNITS_PAGE
from battlebook.site.units_index import DEFINED, ILLUSTRATIVE, columns, render_units_index, units_index
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
BOOK = rulebook()
ENTRIES = units_index(BOOK)
PAGE = render_units_index(ENTRIES, UNITS_PAGE)


@dataclass(frozen=True)
class Row:
    """A row of a game's table as a reader sees it."""

    anchor: str
    name: str
    #: Each stat the row gives (`defense`: `2`), with the words of its mark.
    stats: dict[str, tuple[str, str]]
    #: The names of the chapters (and Battlebook's card) its stats are set by.
    set_by: tuple[str, ...]
    #: The links of its examples, as written.
    examples: tuple[str, ...]


def tables(page: str) -> dict[str, tuple[list[str], list[Row]]]:
    """Each game's table on `page`: its columns' headings and its rows."""
    tree = LexborHTMLParser(page)
    found: dict[str, tuple[list[str], list[Row]]] = {}
    for table in tree.css("table.bb-units"):
        heads = [th.text(strip=True) for th in table.css("thead th")]
        rows = [_row(tr, heads) for tr in table.css("tbody tr")]
        found[table.attributes["data-game"] or ""] = (heads, rows)
    return found


def _row(tr: LexborNode, heads: list[str]) -> Row:
    cells = [cell for cell in tr.iter() if cell.tag in ("th", "td")]
    stats: dict[str, tuple[str, str]] = {}
    for head, cell in zip(heads[1:-2], cells[1:-2], strict=True):
        mark = cell.css_first("a")
        value = (cell.text(deep=False) or "").strip()
        if value:
            stats[head] = (value, (mark.attributes.get("aria-label") or "") if mark else "")
    set_by = tuple(a.text(strip=True) for a in cells[-2].css("a"))
    own = ("Battlebook's card",) if "Battlebook's card" in cells[-2].text() else ()
    links = tuple(a.attributes["href"] or "" for a in cells[-1].css("a"))
    return Row(tr.attributes.get("id") or "", cells[0].text(strip=True), stats, own + set_by, links)


TABLES = tables(PAGE)


def rows_of(name: str, game: str | None = None) -> list[Row]:
    return [row for g, (_, rows) in TABLES.items() if game in (None, g) for row in rows if row.name == name]


def defined_stats(book: Sequence[FeatureDoc], unit: str) -> dict[frozenset[tuple[str, str]], set[str]]:
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


def test_one_table_per_registered_game_with_a_column_per_stat_its_cards_give() -> None:
    assert list(TABLES) == list(GAMES)
    for game, (heads, rows) in TABLES.items():
        played = [entry for entry in ENTRIES if entry.game == game]
        assert heads == [GAMES[game].card_noun.capitalize(), *columns(played), "Stats set by", "Used in"]
        assert len(rows) == sum(len(entry.definitions) for entry in played)
        assert {row.name for row in rows} == {entry.name for entry in played}


def test_every_value_names_its_source_or_says_it_is_illustrative() -> None:
    for game, (_, rows) in TABLES.items():
        for row in rows:
            for stat, (value, mark) in row.stats.items():
                assert mark.startswith(("S", "illustrative")), f"{game} {row.name} {stat} {value}: no mark"
                if mark.startswith("S"):
                    assert "given by the source texts" in mark and "source 00" in mark, mark


def test_no_engine_field_or_python_value_reaches_the_page(small_page: str) -> None:
    for page in (PAGE, small_page):
        for word in ("False", "True", "None", "is_hero"):
            assert not re.search(rf"\b{word}\b", page), f"{word!r} is on the page"


def test_the_orc_has_one_row_per_distinct_set_of_stats_each_with_its_chapters() -> None:
    sets = defined_stats(BOOK, "Orc")
    assert len(sets) >= 1 and sum(len(chapters) for chapters in sets.values()) > len(sets), "chapters share a set"
    rows = [row for row in rows_of("Orc") if "Battlebook's card" not in row.set_by]
    assert len(rows) == len(sets)
    for row in rows:
        stats = frozenset((stat, value) for stat, (value, _) in row.stats.items())
        assert sets[stats] == {html.unescape(name) for name in row.set_by}, row


def test_the_airborne_elite_marks_exactly_the_stats_the_sources_give_with_their_section() -> None:
    card = next(c for c in GAMES["heroscape"].known_cards() if c.name == "Airborne Elite")
    (row,) = [row for row in rows_of("Airborne Elite") if "Battlebook's card" in row.set_by]
    sourced = {(stat, value) for stat, value in card.sourced}
    assert sourced == {(stat, "2") for stat in SOURCE_STATS["Airborne Elite"]} == {("defense", "2")}
    assert {(stat, value) for stat, (value, mark) in row.stats.items() if mark.startswith("S")} == sourced
    assert row.stats["attack"][0] == "3" and row.stats["attack"][1].startswith("illustrative")
    words = row.stats["defense"][1]
    assert SECTIONS[dict(card.sections)["defense"]].citation() in words
    assert "Example 9" in words and "source 003" in words


def test_an_example_stat_the_sources_give_is_marked_and_its_own_choices_are_not() -> None:
    (row,) = [row for row in rows_of("Bandit") if "Battlebook's card" not in row.set_by]
    marked = {f"{stat} {value}" for stat, (value, mark) in row.stats.items() if mark.startswith("S")}
    assert marked == {"phase 3", "melee 1"}
    assert "Retaliations" in row.stats["melee"][1] and row.stats["defense"][1].startswith("illustrative")


def test_the_orc_phase_and_the_magi_ranged_score_are_marked_as_the_retaliation_text_s() -> None:
    for name, stat in (("Orc", "phase"), ("Magi", "ranged")):
        rows = rows_of(name)
        assert rows and all("Retaliations" in row.stats[stat][1] for row in rows), name


def test_used_in_counts_the_battles_a_unit_takes_part_in_not_the_tables_defining_it() -> None:
    magi = {(f.path, e.name) for f, e in next(x for x in ENTRIES if x.name == "Magi").examples}
    defining = {
        (feature.path, example.name): example
        for feature in BOOK
        for rule, example in feature.examples()
        if any(
            DEFINED.match(s.text) and "Magi" in str(s.table)
            for s in (*feature.background, *(rule.background if rule else ()), *example.steps)
        )
    }
    assert magi and len(magi) < len(defining) / 2, "every example whose background defines the Magi is counted"
    fought = {key for key, example in defining.items() if any(re.search(r"\bMagi\b", s.text) for s in example.steps)}
    assert fought <= magi
    assert ("features/homm/retaliation.feature", "Magi attacked in melee cannot answer with a spell") in magi


def test_each_row_links_the_examples_using_its_stats_and_the_rows_together_link_every_one() -> None:
    by_path = {feature.path: feature for feature in BOOK}
    for entry in ENTRIES:
        rows = rows_of(entry.name, entry.game)
        linked = [link for row in rows for link in row.examples]
        assert len(linked) == len(entry.examples), entry.name
        expected = {
            f"../../rulebook/{by_path[f.path].path.removeprefix('features/').removesuffix('.feature')}/#{e.anchor}"
            for f, e in entry.examples
        }
        assert set(linked) == expected, entry.name
        for definition, row in zip(entry.definitions, rows, strict=True):
            assert len(row.examples) == len(definition.examples)


def test_an_example_defining_its_own_stats_is_linked_from_the_row_of_those_stats() -> None:
    checked = 0
    for entry in ENTRIES:
        for definition in entry.definitions:
            for feature, example in definition.examples:
                rule = next(r for r, e in feature.examples() if e is example)
                steps = (*feature.background, *(rule.background if rule else ()), *example.steps)
                tables = [s.table for s in steps if DEFINED.match(s.text) and s.table]
                given = [
                    {k: v.strip() for k, v in zip(table[0], row, strict=False)}
                    for table in tables
                    for row in table[1:]
                    if row[table[0].index("name")].strip() == entry.name
                ]
                if given:
                    checked += 1
                    shown = {stat.name: stat.value for stat in definition.stats}
                    assert all(shown[k] == v for k, v in given[-1].items() if k in shown), (entry.name, example.name)
    assert checked > 100


def test_each_mark_leads_to_its_entry_in_the_key() -> None:
    anchors = set(re.findall(r'class="bb-stat-(?:source|illustrative)" href="#([^"]+)"', PAGE))
    assert anchors and {ILLUSTRATIVE.format(game=game) for game in GAMES} <= anchors
    for anchor in anchors:
        assert PAGE.count(f'<strong id="{anchor}">') == 1, anchor


def test_every_stat_the_sources_give_names_a_section_of_its_own_game() -> None:
    for game in GAMES.values():
        for card in game.known_cards():
            cited = dict(card.sections)
            assert set(cited) == {stat for stat, _ in card.sourced}, card.name
            for key in cited.values():
                assert SECTIONS[key].source.game == game.title, key


def test_the_entries_keep_their_anchors() -> None:
    for anchor in ("unit-gold-golem", "unit-orc", "unit-airborne-elite"):
        assert PAGE.count(f'id="{anchor}"') == 1, anchor
    for game in GAMES:
        assert f"{{ #units-{game} }}" in PAGE
    ids = re.findall(r'id="([^"]+)"', PAGE)
    assert len(ids) == len(set(ids)), "an anchor twice"


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


def test_the_same_stats_in_two_chapters_are_one_row_and_different_stats_another(small_page: str) -> None:
    _, rows = tables(small_page)["homm"]
    grunts = [row for row in rows if row.name == "Grunt"]
    assert len(grunts) == 2
    same, other = sorted(grunts, key=lambda row: row.stats["melee"][0] == "4")
    assert same.stats["melee"][0] == "1" and set(same.set_by) == {"First", "Second"}
    assert other.stats["melee"][0] == "4" and other.set_by == ("Third",)
    assert len(same.examples) == 2 and len(other.examples) == 1 and "three/" in other.examples[0]


def test_a_false_yes_or_no_stat_is_left_out_and_a_true_one_says_yes(small_page: str) -> None:
    _, rows = tables(small_page)["homm"]
    assert all("hero" not in row.stats for row in rows if row.name == "Grunt")
    knights = rows_of("Knight")
    assert knights and all(row.stats["hero"][0] == "yes" for row in knights)
