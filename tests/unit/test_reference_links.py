"""Reference pages for players: folder index pages, the home page, tab titles, terms and reference links.

Each test reads the pages the generator makes from the project's own book (or, for the term
links of the pass after the build, a page written here), and would fail if the piece it holds
were taken out.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

import pytest
import yaml

from battlebook.book.model import FeatureDoc
from battlebook.games import GAMES
from battlebook.runners.editions import edited_games
from battlebook.site.finish import SiteData, finish, link_terms
from battlebook.site.pages import GROUPS, Pages, folder_indexes, generate, page_title, page_uri, rulebook_nav

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pages() -> Pages:
    return generate(ROOT, api=False)


def text(pages: Pages, uri: str) -> str:
    content = pages.files[uri]
    assert isinstance(content, str), uri
    return content


def front_title(page: str) -> str:
    assert page.startswith("---\n"), "the page has front matter"
    title: str = json.loads(page.split("\n---\n", 1)[0].removeprefix("---\n"))["title"]
    return title


def chapter_pages(pages: Pages) -> list[str]:
    return [
        uri
        for uri in pages.files
        if re.match(r"^rulebook/[^/]+/.+\.md$", uri) and not uri.endswith("/index.md") and "/rulings/" not in uri
    ]


# --- index pages ---------------------------------------------------------------------------------


def test_every_folder_of_the_rulebook_has_an_index_page(pages: Pages) -> None:
    """A reader who trims a chapter's address to its folder finds a page there, never the host's 404."""
    pages_uris = [uri for uri in pages.files if uri.startswith("rulebook/") and uri.endswith(".md")]
    folders = {posixpath.dirname(uri) for uri in pages_uris}
    assert {"rulebook", "rulebook/homm", "rulebook/heroscape", "rulebook/rulings"} <= folders
    for folder in folders:
        assert f"{folder}/index.md" in pages.files, f"{folder}/ has no index page"


def test_a_games_index_lists_each_of_its_chapters_with_its_opening_sentence(pages: Pages) -> None:
    for name, game in GAMES.items():
        index = text(pages, f"rulebook/{name}/index.md")
        assert f"# {game.title}" in index
        chapters = [uri for uri in chapter_pages(pages) if uri.startswith(f"rulebook/{name}/")]
        assert chapters
        for uri in chapters:
            link = posixpath.relpath(uri, f"rulebook/{name}")
            line = next((x for x in index.splitlines() if f"]({link}):" in x), None)
            assert line is not None, f"{uri} is not listed on its game's index"
            assert re.search(r"\): \S.*&#40;\d+ rules?, \d+ examples?&#41;$", line), line
    retaliation = text(pages, "rulebook/homm/index.md")
    assert "[Retaliation](retaliation.md): Besides attacking in its own phase" in retaliation


def test_the_rulebook_index_names_every_game_and_links_the_rulings_index(pages: Pages) -> None:
    index = text(pages, "rulebook/index.md")
    for name, title in GROUPS.items():
        assert f"## [{title}]({name}/index.md)" in index
    assert "(homm/retaliation.md)" in index and "(heroscape/attacking.md)" in index
    assert "(rulings/die-faces.md)" not in index, "the rulings keep their own index"


def test_each_games_navigation_section_opens_with_its_index(pages: Pages) -> None:
    sections = {next(iter(entry)): entry[next(iter(entry))] for entry in pages.nav if isinstance(entry, dict)}
    for name, title in GROUPS.items():
        assert sections[title][0] == f"rulebook/{name}/index.md", title
    config = yaml.safe_load(re.sub(r"!ENV ", "", (ROOT / "mkdocs.yml").read_text(encoding="utf-8")))
    assert "navigation.indexes" in config["theme"]["features"], "the index is the section's own link"


def test_a_folders_index_in_the_navigation_is_its_pages_own_folder() -> None:
    """A folder name writing Markdown or HTML is slugged in the index's address as in its chapters'."""
    folder = "y) ![y](z){ onerror=alert(1) } <img src=x>"
    feature = FeatureDoc(f"features/{folder}/f.feature", "F", "", (), (), (), (), "")
    (section,) = rulebook_nav([feature])
    (entries,) = section.values()
    assert entries[0] == posixpath.dirname(page_uri(feature)) + "/index.md"
    assert entries[0] in folder_indexes([feature], set())


def test_an_index_escapes_what_a_feature_file_names() -> None:
    name, description = "<img src=x onerror=alert(1)>", "[x](javascript:alert(1)) <b>Hi</b>."
    hostile = FeatureDoc("features/homm/x.feature", name, description, (), (), (), (), "")
    made = folder_indexes([hostile], set())
    listing = made["rulebook/homm/index.md"] + made["rulebook/index.md"]
    assert "<img" not in listing and "javascript" not in listing and "<b>" not in listing
    assert "&#60;img src&#61;x onerror&#61;alert&#40;1&#41;&#62;" in listing


# --- home page -----------------------------------------------------------------------------------


def test_the_home_page_says_what_try_it_the_playground_and_the_calculators_are(pages: Pages) -> None:
    home = text(pages, "index.md")
    assert "make test" not in home and not re.search(r"clone the repository,", home, re.IGNORECASE)
    links = ("(playground.md)", *(f"(odds/{name}.md)" for name in GAMES), "(contributing.md)", "(rulebook/index.md)")
    for link in links:
        assert link in home, link
    assert "**Try it**" in home and "Propose as a ruling" in home
    own = home.split("## Checking a rule on your own computer", 1)
    assert len(own) == 2 and "pip install 'battlebook[check]'" in own[1] and "battlebook check my.feature" in own[1]
    assert home.index("## Try a rule yourself") < home.index("## Checking a rule on your own computer")


# --- tab titles ----------------------------------------------------------------------------------


def test_a_chapters_and_a_rulings_tab_title_name_their_game(pages: Pages) -> None:
    assert front_title(text(pages, "rulebook/homm/retaliation.md")) == "Retaliation · Heroes of Might &amp; Magic IV"
    assert front_title(text(pages, "rulebook/heroscape/attacking.md")) == "Attacking · Heroscape"
    assert front_title(text(pages, "rulebook/rulings/die-faces.md")).endswith(" · Heroes of Might &amp; Magic IV")
    for uri in chapter_pages(pages):
        game = uri.split("/")[1]
        assert front_title(text(pages, uri)).endswith(" · " + GAMES[game].title.replace("&", "&amp;")), uri


def test_a_tab_title_is_escaped_and_a_page_of_no_game_keeps_its_name() -> None:
    assert page_title("A <b> & c", "heroscape") == "A &lt;b&gt; &amp; c · Heroscape"
    assert page_title("Plain", None) == "Plain"


# --- the reference line and the edition labels ----------------------------------------------------


def test_each_chapter_opens_with_links_to_the_reference_pages(pages: Pages) -> None:
    units = text(pages, "reference/units.md")
    anchors = set(re.findall(r'id="(unit-[a-z0-9-]+)"', units))
    edited = {game.name for game in edited_games()}
    for uri in [*chapter_pages(pages), "rulebook/rulings/die-faces.md"]:
        page = text(pages, uri)
        line = next((x for x in page.splitlines() if x.startswith('<p class="bb-see-also"')), None)
        assert line is not None, uri
        assert page.index(line) < page.index("\n## "), "the line sits near the top, before the first rule"
        assert "/reference/glossary/#glossary-" in line and "/reference/units/#units-" in line
        assert ("/reference/editions/" in line) == any(uri.startswith(f"rulebook/{g}/") for g in edited), uri
        for anchor in re.findall(r"/reference/units/#(unit-[a-z0-9-]+)", line):
            assert anchor in anchors, f"{uri} links {anchor}, which the units page does not have"
    melee = text(pages, "rulebook/homm/melee.md")
    assert '<a href="../../../reference/units/#unit-gold-golem">Gold Golem</a>' in melee


def test_an_examples_edition_label_links_to_the_editions_page(pages: Pages) -> None:
    attacking = text(pages, "rulebook/heroscape/attacking.md")
    assert '<a class="bb-edition" href="../../../reference/editions/"' in attacking
    assert '<span class="bb-edition"' not in attacking


# --- glossary terms ------------------------------------------------------------------------------

TERMS = {
    "Melee Line": ("term-melee-line", 'The front line "of" <stacks>.'),
    "Melee Lines": ("term-melee-line", 'The front line "of" <stacks>.'),
    "swat": ("term-swat", "Several cards at once."),
}


def abbr(word: str) -> str:
    return f'<abbr title="anything">{word}</abbr>'


def test_the_first_term_of_each_section_links_to_its_glossary_entry() -> None:
    page = (
        f"<h1>Melee</h1><p>Both {abbr('Melee Lines')} face off; a {abbr('Melee Line')} and a {abbr('swat')}.</p>"
        f"<h2 id='homm.a'>A</h2><p>Again the {abbr('Melee Line')}, and the {abbr('Melee Line')}.</p>"
        f"<h3>Example with {abbr('swat')}</h3><p><a href='#x'>see {abbr('swat')}</a> and {abbr('swat')}</p>"
    )
    linked = link_terms(page, TERMS, "../g/#")
    links = re.findall(r'<a class="bb-term" href="([^"]+)" title="([^"]+)">([^<]+)</a>', linked)
    assert links == [
        ("../g/#term-melee-line", "The front line &quot;of&quot; &lt;stacks&gt;.", "Melee Lines"),
        ("../g/#term-swat", "Several cards at once.", "swat"),
        ("../g/#term-melee-line", "The front line &quot;of&quot; &lt;stacks&gt;.", "Melee Line"),
        ("../g/#term-swat", "Several cards at once.", "swat"),
    ], "one link per term and section: a word of the same term later in the section stays hover text"
    assert "<a href='#x'>see <abbr" in linked, "never a link inside a link"
    assert "<h3>Example with <abbr" in linked, "no link in a heading"
    assert linked.count("<abbr") == 4


def test_terms_link_on_a_games_pages_after_the_build(tmp_path: Path) -> None:
    page = tmp_path / "rulebook" / "homm" / "melee" / "index.html"
    page.parent.mkdir(parents=True)
    article = f'<article class="md-content__inner md-typeset"><p>{abbr("swat")}</p></article>'
    page.write_text(f"<html><head></head><body><nav>{abbr('swat')}</nav>{article}</body></html>", encoding="utf-8")
    data = SiteData({}, {}, [], frozenset(), {"homm": TERMS}, {"rulebook/homm/melee/": "homm"})
    assert finish(tmp_path, data) == []
    built = page.read_text(encoding="utf-8")
    nav, body = built.split("<article", 1)
    assert "bb-term" not in nav
    assert '<a class="bb-term" href="../../../reference/glossary/#term-swat"' in body


def test_the_generator_hands_the_pass_each_games_terms_and_pages(pages: Pages) -> None:
    terms = pages.site["terms"]
    assert terms["homm"]["Melee Line"][0] == "term-melee-line"
    assert pages.site["term_pages"]["rulebook/homm/melee/"] == "homm"
    assert pages.site["term_pages"]["rulebook/heroscape/attacking/"] == "heroscape"
    assert pages.site["glossary"] == "reference/glossary/"
    glossary = text(pages, "reference/glossary.md")
    for words in terms.values():
        for anchor, _ in words.values():
            assert f'id="{anchor}"' in glossary, anchor
