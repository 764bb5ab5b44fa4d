"""The rulebook's pages, generated before any builder runs: `battlebook site pages OUT`.

One call of [`generate`][battlebook.site.pages.generate] reads the book (`features/`), the
recorded results and the games, and makes every page a Markdown builder (MkDocs, ProperDocs,
Zensical) needs, as plain files; [`write_pages`][battlebook.site.pages.write_pages] writes
them under `OUT`:

- `OUT/docs/`, the builder's `docs_dir`: the hand-written pages of `docs/` (the home page
  with its list of chapters, the contributing page with the ruling template filled in), one
  page per feature file (titled with its game, opening with links to the reference pages),
  an index page for every folder of the rulebook that has none, the rulings index, the step
  catalogue, the coverage of the sources, the glossary, the index of units and army cards, the
  Heroscape editions side by side, each game's odds page, the Engine API (an index with each
  module's first line, and a page per module that [mkdocstrings](https://mkdocstrings.github.io)
  fills), and the data "Try it" reads (`try/examples/...json`, `try/steps.json`, and the
  Playground's games, `try/games.json`);
- `OUT/nav.yml`, the navigation: `docs/nav.yml` with the generated pages put in, read by
  the builder through `INHERIT:` in `mkdocs.yml`;
- `OUT/site.json`, what the pass after the build needs: where each rule's section is, the
  search words of each rule (see [`battlebook.site.finish`][battlebook.site.finish]).

Every page is Markdown with front matter (its title, its search weight) and, for text taken
from feature files, HTML blocks already sanitized ([`prose_block`][battlebook.book.prose.prose_block]):
no builder renders a description, so no builder can publish one raw. Each page of a game's
rules ends with the abbreviation definitions of the game's terms it uses, so each term
shows its definition on hover wherever the builder reads abbreviations; the pass after the
build makes the first of each term in a section a link to its Glossary entry (`site.json`
carries the terms for it).

What must stop a strict build (an example that is not verified, a link to an unknown rule,
a step without a docstring, a gap in the coverage...) is returned as a problem:
`battlebook site pages --strict` fails on any.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import posixpath
import re
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from battlebook.book.links import chapter_list, feature_page, page_address, page_clashes, settled_rules, settles_html
from battlebook.book.model import FeatureDoc, FeatureFileError, feature_paths, load_book, require_games
from battlebook.book.prose import html_text, markdown_text, page_part, prose_block, render_prose
from battlebook.book.render import render_feature, resolve_rule_hrefs
from battlebook.book.results import ResultBook, ResultsFileError, default_path
from battlebook.book.rulings import chapter_rules, render_rulings_index, ruling_problems, rulings_of
from battlebook.book.sources import SECTIONS
from battlebook.games import GAMES, calculators
from battlebook.pictures.odds_page import FIGHT_ANCHOR
from battlebook.runners.editions import edited_games, run_editions
from battlebook.runners.reading_worth import DATA as WORTH_DATA
from battlebook.runners.reading_worth import load_worth
from battlebook.site.api_reference import API_INDEX, API_MARKER, ApiIndexError, api_pages
from battlebook.site.claims import book_claims, claim_problems, load_claims
from battlebook.site.coverage import coverage_problems, render_coverage, section_coverage
from battlebook.site.editions_page import EDITIONS_PAGE, editions_page
from battlebook.site.glossary import (
    Glossary,
    GlossaryError,
    abbreviation_titles,
    glossary_problems,
    load_glossary,
    render_glossary,
)
from battlebook.site.messages_page import (
    MESSAGES_FEATURE,
    MESSAGES_PAGE,
    message_problems,
    messages_page,
    run_samples,
)
from battlebook.site.open_questions import open_question_problems, open_questions, render_open_questions
from battlebook.site.reading_worth import readings_named, worth_section
from battlebook.site.statements import load_statements, statement_problems
from battlebook.site.units_index import render_units_index, units_index

#: The marker in `docs/nav.yml` replaced by the rulebook's sections.
NAV_MARKER = "rulebook.generated"
#: The marker in `docs/nav.yml` replaced by every registered game's odds page.
ODDS_MARKER = "odds.generated"
#: The marker in `docs/nav.yml` replaced by the editions page, titled with the games it sets side by side.
EDITIONS_MARKER = "editions.generated"
#: Section titles of the folders under `features/`, in navigation order.
GROUPS = {**{name: game.title for name, game in GAMES.items()}, "rulings": "Rulings"}
#: Search weight of each navigation group's pages; a rule chapter weighs 1. A ruling is
#: about a rule, so a search for the rule's topic lists the rule's own chapter first.
SEARCH_BOOST = {"rulings": 0.5}

STEPS_PAGE = "rulebook/steps.md"
COVERAGE_PAGE = "rulebook/coverage.md"
RULINGS_INDEX = "rulebook/rulings/index.md"
#: The page a reader reaches by trimming a chapter's address to `rulebook/`: every game's chapters.
RULEBOOK_INDEX = "rulebook/index.md"
OPEN_QUESTIONS_PAGE = "rulebook/open-questions.md"
GLOSSARY_PAGE = "reference/glossary.md"
UNITS_PAGE = "reference/units.md"
#: Pages whose entries are a rule's companions: ranked below rules, above everything else.
REFERENCE_PAGES = (GLOSSARY_PAGE, UNITS_PAGE)
#: The site's own pages under `rulebook/`, whose addresses no chapter's page may take.
RESERVED_PAGES = {
    STEPS_PAGE: "the step catalogue",
    COVERAGE_PAGE: "the coverage page",
    RULINGS_INDEX: "the rulings index",
    RULEBOOK_INDEX: "the rulebook's index",
    OPEN_QUESTIONS_PAGE: "the open questions page",
}


def odds_uri(game: str) -> str:
    """Where a registered game's odds page lives in the site.

    Examples:
        >>> odds_uri("heroscape")
        'odds/heroscape.md'
    """
    return f"odds/{game}.md"


#: Every page generated besides the chapters (the API's module pages are no link target).
GENERATED_PAGES = (
    "rulebook/steps.md",
    "rulebook/coverage.md",
    "rulebook/rulings/index.md",
    RULEBOOK_INDEX,
    "rulebook/open-questions.md",
    "reference/glossary.md",
    "reference/units.md",
    "reference/editions.md",
    MESSAGES_PAGE,
    *(odds_uri(name) for name in GAMES),
)
#: Pages where the pass after the build links every rule identifier to its rule.
LINKED_PAGES = re.compile(r"^(?:rulebook/(?!steps\.md$)|reference/|index\.md$)")

#: Where the home page lists every chapter, and where the contributing page shows the ruling template.
CHAPTERS_MARKER = "<!-- chapters -->"
#: Where a hand-written page lists every registered game's odds page (linked with the game's title).
ODDS_PAGES_MARKER = "<!-- odds pages -->"
#: Where a hand-written page links every registered game's fight calculator (on its odds page).
FIGHT_CALCULATORS_MARKER = "<!-- fight calculators -->"
TEMPLATE_MARKER = "<!-- ruling-template -->"
TEMPLATE = "docs/files/ruling.feature"
#: The hand-written navigation, with the markers of the generated parts.
NAV_SOURCE = "docs/nav.yml"

#: Front matter of the coverage and open questions pages: searchable, but ranked below the rules themselves.
COVERAGE_META = {"search": {"boost": 0.2}}
#: Front matter of the step catalogue: a contributor's page, left out of the reader's search.
CATALOGUE_META = {"search": {"exclude": True}}
#: Front matter of the editions page: its tables take the width the table of contents would (it lists
#: only the page's few headings, which the page itself shows one screen apart).
EDITIONS_META = {"hide": ["toc"]}


def page_uri(feature: FeatureDoc) -> str:
    """Where a feature's page lives in the site: `features/homm/melee.feature` -> `rulebook/homm/melee.md`."""
    return "rulebook/" + feature_page(feature.path)


def page_url(uri: str) -> str:
    """A page's address in the built site: `rulebook/homm/melee.md` -> `rulebook/homm/melee/`.

    Examples:
        >>> page_url("rulebook/homm/melee.md"), page_url("rulebook/rulings/index.md"), page_url("index.md")
        ('rulebook/homm/melee/', 'rulebook/rulings/', '')
    """
    stem = uri.removesuffix(".md")
    return "" if stem == "index" else stem.removesuffix("/index") + "/"


def relative_url(target: str, here: str) -> str:
    """The address of the page `target` (a site address such as `rulebook/homm/melee/`) from the page `here`.

    Examples:
        >>> relative_url("rulebook/homm/melee/", "rulebook/rulings/swat-reach/"), relative_url("x/", "x/")
        ('../../homm/melee/', '')
    """
    if target == here:
        return ""
    return posixpath.relpath(target or ".", here or ".") + "/"


def group_of(feature: FeatureDoc) -> str:
    """The navigation section of a feature: its first folder under `features/`."""
    parts = feature.path.removeprefix("features/").split("/")
    return parts[0] if len(parts) > 1 else ""


def page_games(book: Sequence[FeatureDoc]) -> dict[str, str]:
    """The game each page is about, by its source path.

    Every chapter's and ruling's (the game its file declares,
    [`FeatureDoc.game`][battlebook.book.model.FeatureDoc.game]) and every game's odds page.
    """
    games = {odds_uri(name): name for name in GAMES}
    games.update((page_uri(feature), game) for feature in book if (game := feature.game) is not None and game in GAMES)
    return games


def nav_title(name: str) -> str:
    """A title for the navigation and the page, from a feature file: escaped, since the theme shows titles as HTML.

    Examples:
        >>> nav_title("X<script>alert(1)</script>")
        'X&lt;script&gt;alert(1)&lt;/script&gt;'
    """
    return html_text(" ".join(name.split()))


def page_title(name: str, game: str | None) -> str:
    """A chapter's or ruling's title for its browser tab: its name, then the title of the game it is about.

    Escaped as [`nav_title`][battlebook.site.pages.nav_title] escapes a title; a page about no
    registered game keeps its name alone.

    Examples:
        >>> page_title("Retaliation", "homm")
        'Retaliation · Heroes of Might &amp; Magic IV'
        >>> page_title("A <b>", None)
        'A &lt;b&gt;'
    """
    title = nav_title(name)
    if game is None or game not in GAMES:
        return title
    return f"{title} · {nav_title(GAMES[game].title)}"


def front_matter(meta: Mapping[str, Any]) -> str:
    """A page's YAML front matter block (empty for no settings).

    Examples:
        >>> print(front_matter({"title": "A &lt;b&gt;", "search": {"boost": 0.5}}), end="")
        ---
        {"title": "A &lt;b&gt;", "search": {"boost": 0.5}}
        ---
        <BLANKLINE>
    """
    if not meta:
        return ""
    return "---\n" + json.dumps(meta, ensure_ascii=False) + "\n---\n\n"


def rulebook_nav(book: Sequence[FeatureDoc]) -> list[Any]:
    """Navigation sections for the rulebook pages, by game, chapters in order.

    Each section opens with its folder's index page (the rulings index, a game's list of
    chapters; see [`folder_indexes`][battlebook.site.pages.folder_indexes]), which the theme's
    `navigation.indexes` makes the section's own link.
    """
    groups: dict[str, list[FeatureDoc]] = {}
    for feature in book:
        groups.setdefault(group_of(feature), []).append(feature)
    order = [*GROUPS, *sorted(g for g in groups if g not in GROUPS)]
    nav: list[Any] = []
    for group in order:
        if group not in groups:
            continue
        pages: list[Any] = [
            {nav_title(f.name): page_uri(f)} for f in sorted(groups[group], key=lambda f: (f.chapter, f.name))
        ]
        index = f"rulebook/{page_part(group)}/index.md" if group else ""
        if index and all(page_uri(f) != index for f in groups[group]):
            pages.insert(0, index)
        if group:
            nav.append({GROUPS.get(group) or nav_title(group.replace("-", " ").title()): pages})
        else:
            nav.extend(pages)
    return nav


#: Where a description's first sentence ends: a full stop, question or exclamation mark before a space or the end.
SENTENCE_END = re.compile(r"(?<=[.!?])(?=\s|$)")
#: How long a chapter's one-line summary may run before it is cut at a word.
SUMMARY_LIMIT = 180


def first_sentence(description: str, limit: int = SUMMARY_LIMIT) -> str:
    r"""A description's first sentence as plain text, cut at a word after `limit` characters ("" for none).

    The description is rendered and sanitized as on its page, and its text read back, so no
    markup of a feature file reaches the summary.

    Examples:
        >>> first_sentence("A **melee** attack kills. Then more.\n\nSecond paragraph.")
        'A melee attack kills.'
        >>> first_sentence("word " * 60, limit=20)
        'word word word word…'
    """
    rendered = render_prose(description)
    first = re.split(r"</p>|</h[1-6]>|</li>", rendered, maxsplit=1)[0]
    text = " ".join(html.unescape(re.sub(r"<[^>]*>", " ", first)).split())
    text = re.sub(r"\s+([.,;:!?])", r"\1", text)
    end = SENTENCE_END.search(text)
    sentence = text[: end.start()] if end else text
    if len(sentence) <= limit:
        return sentence
    return sentence[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def chapter_summary(feature: FeatureDoc) -> str:
    """A chapter's line in an index: its first sentence, then how many rules and examples it has.

    Examples:
        >>> from battlebook.book.model import FeatureDoc
        >>> chapter_summary(FeatureDoc("features/x.feature", "X", "Stacks fight. More.", (), (), (), (), ""))
        'Stacks fight. (0 rules, 0 examples)'
    """
    rules = len(feature.rules)
    examples = sum(1 for _ in feature.examples())
    counts = f"({rules} rule{'' if rules == 1 else 's'}, {examples} example{'' if examples == 1 else 's'})"
    sentence = first_sentence(feature.description)
    return f"{sentence} {counts}" if sentence else counts


def _chapter_lines(features: Sequence[FeatureDoc], folder: str) -> list[str]:
    """A Markdown list of `features`, in chapter order, each linked from `folder`'s index with its summary."""
    ordered = sorted(features, key=lambda f: (f.chapter, f.name))
    return [
        f"- [{markdown_text(f.name)}]({posixpath.relpath(page_uri(f), folder)}): {markdown_text(chapter_summary(f))}"
        for f in ordered
    ]


def folder_indexes(book: Sequence[FeatureDoc], taken: Iterable[str]) -> dict[str, str]:
    """An index page for every folder of the rulebook that has none among `taken` (the pages made otherwise).

    A static host answers a folder's address (`rulebook/`, `rulebook/homm/`) with the folder's
    `index.html`, or not at all: a reader who trims a chapter's address finds the chapters of
    that folder (each with its first sentence and size) instead of an error. `rulebook/` lists
    every group's chapters under its title ([`GROUPS`][battlebook.site.pages.GROUPS]); a group
    whose folder has an index of its own (the rulings) is linked to it.
    """
    existing = set(taken)
    folders: dict[str, list[FeatureDoc]] = {}
    for feature in book:
        folder = posixpath.dirname(page_uri(feature))
        while folder.startswith("rulebook"):
            folders.setdefault(folder, []).append(feature)
            folder = posixpath.dirname(folder)
    pages: dict[str, str] = {}
    for folder, features in sorted(folders.items()):
        uri = f"{folder}/index.md"
        if uri in existing or folder == "rulebook":
            continue
        group = folder.removeprefix("rulebook/")
        name = posixpath.basename(folder).replace("-", " ").title()
        title = GROUPS.get(group) or nav_title(name)
        lines = [
            front_matter({"title": f"Chapters · {nav_title(GROUPS.get(group) or name)}"}) + f"# {title}",
            "",
            f"The {len(features)} chapter{'' if len(features) == 1 else 's'} of this part of the rulebook, in "
            "reading order, each with its opening sentence and size. The "
            f"[rulebook's index]({posixpath.relpath(RULEBOOK_INDEX, folder)}) lists every game's.",
            "",
            '<div class="bb-chapter-index" data-search-exclude markdown="1">',
            "",
            *_chapter_lines(features, folder),
            "",
            "</div>",
        ]
        pages[uri] = "\n".join(lines) + "\n"
    if folders and RULEBOOK_INDEX not in existing:
        pages[RULEBOOK_INDEX] = _rulebook_index(folders, existing)
    return pages


def _rulebook_index(folders: Mapping[str, Sequence[FeatureDoc]], own_index: set[str]) -> str:
    """The page `rulebook/index.md`: each group's chapters under its title.

    A group whose folder has an index page of its own, made apart from these (`own_index`:
    the rulings index), is linked to it with its count instead.
    """
    lines = [
        front_matter({"title": "Rulebook: every chapter"}) + "# Rulebook",
        "",
        "Every chapter of the rulebook, game by game, with its opening sentence and how many rules and "
        "worked examples it holds.",
        "",
        '<div class="bb-chapter-index" data-search-exclude markdown="1">',
        "",
    ]
    groups = [f.removeprefix("rulebook/") for f in folders if f.count("/") == 1]
    order = [*(g for g in GROUPS if g in groups), *sorted(g for g in groups if g not in GROUPS)]
    for group in order:
        folder = f"rulebook/{group}"
        title = GROUPS.get(group) or nav_title(group.replace("-", " ").title())
        features = folders[folder]
        index = posixpath.relpath(f"{folder}/index.md", "rulebook")
        lines += [f"## [{title}]({index}) {{ #{page_part(group)} }}", ""]
        if f"{folder}/index.md" in own_index:
            count = len(features)
            lines += [f"{count} page{'' if count == 1 else 's'}, each listed on [its index]({index}).", ""]
        else:
            lines += [*_chapter_lines(features, "rulebook"), ""]
    lines += ["</div>", ""]
    return "\n".join(lines)


def odds_links(here: str, anchor: str = "") -> str:
    """Every registered game's odds page (at `#anchor`, if given), linked from the page `here` with the game's title.

    Examples:
        >>> odds_links("index.md")
        '[Heroes of Might &#38; Magic IV](odds/homm.md), [Heroscape](odds/heroscape.md)'
        >>> odds_links("index.md", FIGHT_ANCHOR).split(", ")[1]
        '[Heroscape](odds/heroscape.md#fight-calculator)'
    """
    base = posixpath.dirname(here)
    fragment = f"#{anchor}" if anchor else ""
    return ", ".join(
        f"[{markdown_text(game.title)}]({posixpath.relpath(odds_uri(name), base or '.')}{fragment})"
        for name, game in GAMES.items()
    )


def editions_nav() -> list[Any]:
    """The navigation's entry of the editions page, titled with each game it sets side by side; none without one.

    Examples:
        >>> editions_nav()
        [{'Heroscape 2004 and 2024': 'reference/editions.md'}]
    """
    titles = [f"{game.title} {' and '.join(e.name for e in game.editions())}" for game in edited_games()]
    return [{"; ".join(titles): EDITIONS_PAGE}] if titles else []


def expand_nav(nav: Sequence[Any], markers: Mapping[str, Sequence[Any]]) -> list[Any]:
    """`nav` with each marker entry (a bare `marker`, or `Title: marker`) replaced by its entries.

    Examples:
        >>> expand_nav(["index.md", {"Rulebook": "rulebook.generated"}], {"rulebook.generated": [{"A": "a.md"}]})
        ['index.md', {'A': 'a.md'}]
        >>> expand_nav([{"API": ["api.md", "api.generated"]}], {"api.generated": [{"m": "api/m.md"}]})
        [{'API': ['api.md', {'m': 'api/m.md'}]}]
    """
    out: list[Any] = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) and len(item) == 1 else None
        if isinstance(item, str) and item in markers:
            out.extend(markers[item])
        elif isinstance(value, str) and value in markers:
            out.extend(markers[value])
        elif isinstance(item, dict):
            out.append({k: expand_nav(v, markers) if isinstance(v, list) else v for k, v in item.items()})
        else:
            out.append(item)
    return out


@dataclass
class Pages:
    """What one generation makes.

    The files of the builder's `docs_dir`, the navigation, the data for the pass after the build, and the problems.
    """

    files: dict[str, str | bytes] = field(default_factory=dict)
    nav: list[Any] = field(default_factory=list)
    site: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


class GenerationError(Exception):
    """The pages cannot be generated (a malformed feature file, an unreadable glossary or results file)."""


def read_results(path: Path) -> ResultBook:
    """The recorded results for the pages; an unreadable file stops the generation, saying how to make a new one."""
    try:
        return ResultBook.load(path)
    except ResultsFileError as error:
        raise GenerationError(f"the recorded results cannot be used: {error}") from None


def read_book(root: Path) -> list[FeatureDoc]:
    """Every feature file under `root/features/`, read and checked; a malformed one stops the generation.

    A file that declares no game (no `@game:` tag on its Feature) is malformed here.
    """
    try:
        book = load_book(feature_paths([root / "features"]), root)
    except FeatureFileError as error:
        raise GenerationError(f"malformed feature file: {error}") from None
    clashes = page_clashes(book, RESERVED_PAGES)
    if clashes:
        raise GenerationError(f"malformed feature file: {clashes[0]}")
    for feature in book:
        *folders, file = feature.path.split("/")
        for part, is_folder in [*((name, True) for name in folders[1:]), (file.removesuffix(".feature"), True)]:
            problem = name_problem(part, folder=is_folder)
            if problem:
                raise GenerationError(f"{feature.path}:1: {problem}")
    try:
        require_games(book, tuple(GAMES))
    except FeatureFileError as error:
        raise GenerationError(f"malformed feature file: {error}") from None
    return book


@dataclass(frozen=True)
class Terms:
    """The hover terms of each game: word -> definition, as the abbreviations of its pages."""

    by_game: Mapping[str, Mapping[str, str]]

    def used(self, game: str | None, *texts: str) -> dict[str, str]:
        """The terms of `game` that occur in `texts` (as the abbreviations extension finds them: whole words)."""
        if game is None:
            return {}
        text = "\n".join(texts)
        return {
            word: title
            for word, title in self.by_game.get(game, {}).items()
            if word in text and re.search(rf"\b{re.escape(word)}\b", text)
        }

    @staticmethod
    def definitions(terms: Mapping[str, str]) -> str:
        r"""Abbreviation definitions for the end of a page (empty for none).

        Examples:
            >>> Terms.definitions({"swarm": "Doubling the next attack."})
            '\n\n*[swarm]: Doubling the next attack.\n'
        """
        if not terms:
            return ""
        return "\n\n" + "\n".join(f"*[{word}]: {title}" for word, title in terms.items()) + "\n"


def glossary_terms(glossary: Glossary) -> Terms:
    """Every game's hover terms, read from the glossary as the abbreviations extension would read them."""
    by_game: dict[str, dict[str, str]] = {}
    for game in GAMES:
        by_game[game] = abbreviation_titles(glossary, game) or {}
    return Terms(by_game)


def term_entries(glossary: Glossary) -> dict[str, dict[str, tuple[str, str]]]:
    """Each game's terms for the pass after the build: every word of a term -> its Glossary anchor and definition.

    Examples:
        >>> from battlebook.site.glossary import parse_glossary
        >>> swarm = {"term": "swarm", "rule": "r", "game": "homm", "definition": "Doubling.", "forms": ["swarms"]}
        >>> term_entries(parse_glossary({"terms": [swarm]}))["homm"]["swarms"]
        ('term-swarm', 'Doubling.')
    """
    entries: dict[str, dict[str, tuple[str, str]]] = {}
    for term in glossary.terms:
        for word in (term.term, *term.forms):
            entries.setdefault(term.game, {})[word] = (term.anchor, " ".join(term.definition.split()))
    return entries


class Generator:
    """One generation of the pages of the project at `root` (see the module's description)."""

    def __init__(self, root: Path, *, api: bool = True) -> None:
        self.root = root
        self.api = api
        self.pages = Pages()
        #: Where each file of `pages` comes from (a hand-written page, a feature file, the site itself).
        self.origins: dict[str, str] = {}
        self.book = read_book(root)
        self.results = read_results(default_path(root))
        try:
            self.glossary = load_glossary(root)
        except GlossaryError as error:
            raise GenerationError(str(error)) from None
        self.terms = glossary_terms(self.glossary)
        #: What each alternative reading is worth on its game's battle set, by game (`make worth` writes it).
        try:
            self.worth = load_worth(root)
        except ValueError as error:
            raise GenerationError(str(error)) from None
        #: Every unit and army card of the book, with the examples using it (the units page's entries).
        self.units = units_index(self.book)
        #: The games printed in more than one edition, whose chapters link the editions page.
        self.edited = {game.name for game in edited_games()}
        #: The game each page is about, by its source path (see `page_games`).
        self.page_games = page_games(self.book)
        #: Each rule identifier -> the page holding it, and its address in the site.
        self.rule_pages = {rule.id: page_uri(feature) for feature in self.book for rule in feature.rules}
        self.rule_urls = {rule_id: page_url(uri) for rule_id, uri in self.rule_pages.items()}
        #: Every page of the site a description may link to: the hand-written ones and the generated ones.
        self.known_pages = (
            {page_uri(feature) for feature in self.book}
            | {path.relative_to(root / "docs").as_posix() for path in (root / "docs").rglob("*.md")}
            | set(GENERATED_PAGES)
        )

    def problem(self, text: str) -> None:
        """Record something that must stop a strict build."""
        self.pages.problems.append(text)

    def add(self, uri: str, content: str | bytes, meta: Mapping[str, Any] | None = None, origin: str = "") -> None:
        """Add a file of the builder's `docs_dir` (a page gets `meta` as its front matter).

        `origin` says where it comes from (a hand-written page, a feature file; the site's own
        page by default). A file made twice stops the generation, naming both.
        """
        origin = origin or f"the site's own {uri}"
        if uri in self.pages.files:
            raise GenerationError(f"{uri} would be made twice: from {self.origins[uri]} and from {origin}: rename one")
        if isinstance(content, str) and meta:
            content = front_matter(meta) + content
        self.pages.files[uri] = content
        self.origins[uri] = origin

    def planned_address_clashes(self) -> None:
        """`address_clashes` before the slow pages are made: the site's own pages and folder indexes as planned."""
        planned = dict(self.origins)
        for uri in GENERATED_PAGES:
            planned.setdefault(uri, f"the site's own {uri}")
        for uri in folder_indexes(self.book, planned):
            planned.setdefault(uri, f"the index of the folder features/{uri.removeprefix('rulebook/')[:-9]}")
        owners: dict[str, str] = {}
        for uri, origin in planned.items():
            if not uri.endswith(".md"):
                continue
            address = page_address(uri)
            if address in owners:
                raise GenerationError(
                    f"{origin} and {owners[address]} would both be served at {address or 'the home page'}: rename one"
                )
            owners[address] = origin

    def address_clashes(self) -> None:
        """Stop the generation when two pages would be served at one address (`a.md` and `a/index.md`), naming both."""
        owners: dict[str, str] = {}
        for uri in self.pages.files:
            if not uri.endswith(".md"):
                continue
            address = page_address(uri)
            if address in owners:
                raise GenerationError(
                    f"{self.origins[uri]} and {self.origins[owners[address]]} would both be served at "
                    f"{address or 'the home page'}: rename one"
                )
            owners[address] = uri

    def prose(self, here: str, source: str) -> Callable[[str], str]:
        """The description renderer of the page `here`: rule links resolved to addresses, the page's terms on hover."""
        here_url = page_url(here)

        def page_link(match: re.Match[str]) -> str:
            path, anchor = match["path"], match["anchor"] or ""
            target = posixpath.normpath(posixpath.join(posixpath.dirname(here), html.unescape(path)))
            if target not in self.known_pages:
                self.problem(f"{source}: a link points to {path!r}, which is not a page of the site")
            return f'href="{html_text(relative_url(page_url(target), here_url))}{anchor}"'

        def render(markdown: str) -> str:
            hrefs = {rule_id: relative_url(url, here_url) + "#" + rule_id for rule_id, url in self.rule_urls.items()}
            markdown, unknown = resolve_rule_hrefs(markdown, hrefs)
            for rule_id in unknown:
                self.problem(f"{source}: a link names the rule {rule_id!r}, which no Rule has as its @id")
            block = prose_block(markdown, self.terms.used(self.page_games.get(here), markdown))
            return PAGE_LINK.sub(page_link, block)

        return render

    def chapters(self) -> None:
        """One page per feature file, with the rules a ruling settles linked from the ruling's page."""
        if not len(self.results):
            self.problem(
                f"no recorded results at {default_path(self.root)}: "
                "run the examples first (make test, or make examples)"
            )
        settled = settled_rules(self.book)
        for feature in self.book:
            uri = page_uri(feature)
            game = self.page_games.get(uri)
            editions = relative_url(page_url(EDITIONS_PAGE), page_url(uri)) if game in self.edited else ""
            markdown, problems = render_feature(
                feature,
                self.results,
                self.prose(uri, feature.path),
                top=self.reference_line(feature, uri),
                editions_href=editions,
            )
            if uri.startswith("rulebook/rulings/"):
                markdown = self.with_settled_rules(markdown, uri, settled) + self.reading_worth(feature, uri)
            meta: dict[str, Any] = {"title": page_title(feature.name, self.page_games.get(uri))}
            boost = SEARCH_BOOST.get(group_of(feature))
            if boost is not None:
                meta["search"] = {"boost": boost}
            terms = self.terms.definitions(self.terms.used(self.page_games.get(uri), markdown))
            self.add(uri, markdown + terms, meta, origin=feature.path)
            self.pages.problems += [str(problem) for problem in problems]

    def reading_worth(self, feature: FeatureDoc, uri: str) -> str:
        """A ruling page's section on what its alternative readings are worth in battle ("" if its game has no set)."""
        game = self.page_games.get(uri)
        worth = self.worth.get(game) if game is not None else None
        if game is None or worth is None:
            return ""
        named = [words for words in readings_named(feature.description) if words in GAMES[game].readings()]
        for words in named:
            if words not in worth.readings:
                self.problem(f"{feature.path}: {WORTH_DATA} does not weigh the reading {words!r}: run `make worth`")
        section = worth_section(named, worth, GAMES[game].title, calculators(game).battle_scope)
        return "\n\n" + section if section else ""

    def reference_line(self, feature: FeatureDoc, uri: str) -> str:
        """The line under a chapter's summary linking its companions, the reference pages.

        The Glossary and the units and army cards (at its game's part of each), each unit or card
        the chapter's examples use (at its entry), and the game's editions side by side when it
        has more than one. Names are the book's, escaped; the line is left out of the search.
        """
        here = page_url(uri)
        game = self.page_games.get(uri)

        def link(target: str, anchor: str, text: str) -> str:
            href = relative_url(page_url(target), here) + (f"#{anchor}" if anchor else "")
            return f'<a href="{html_text(href)}">{text}</a>'

        parts = [
            link(GLOSSARY_PAGE, f"glossary-{game}" if game else "", "Glossary"),
            link(UNITS_PAGE, f"units-{game}" if game else "", "Units and army cards"),
        ]
        if game is not None and game in self.edited:
            editions = " and ".join(html_text(edition.name) for edition in GAMES[game].editions())
            parts.append(link(EDITIONS_PAGE, "", f"{html_text(GAMES[game].title)} {editions} side by side"))
        line = f'<p class="bb-see-also" data-search-exclude>See also: {" · ".join(parts)}.'
        used = [entry for entry in self.units if any(f.path == feature.path for f, _ in entry.examples)]
        if used:
            anchors = Counter(entry.anchor for entry in self.units)
            names = [
                link(UNITS_PAGE, e.anchor if anchors[e.anchor] == 1 else f"units-{e.game}", html_text(e.name))
                for e in used
            ]
            noun = " and ".join(sorted({f"{GAMES[e.game].card_noun}s" for e in used if e.game in GAMES})) or "units"
            line += f" {noun[:1].upper()}{noun[1:]} in this chapter's examples: {', '.join(names)}."
        return line + "</p>"

    def with_settled_rules(self, markdown: str, uri: str, settled: Mapping[str, list[tuple[FeatureDoc, str]]]) -> str:
        """A ruling's page with, under each of its rules, the rules of the chapters that link to it."""
        here = page_url(uri)

        def add(match: re.Match[str]) -> str:
            rules = [
                (relative_url(page_url(page_uri(f)), here) + (f"#{rule_id}" if rule_id else ""), rule_id, f.name)
                for f, rule_id in settled.get(match["id"], [])
            ]
            return match[0] + ("\n\n" + settles_html(rules) if rules else "")

        return RULE_HEADING.sub(add, markdown)

    def book_pages(self) -> None:
        """The step catalogue, the coverage page, the rulings index and the open questions."""
        from battlebook.language.catalogue import build_catalogue, catalogue_problems, render_catalogue
        from battlebook.language.steps import load_step_modules

        domains = build_catalogue(self.book, load_step_modules())
        coverage = section_coverage(self.book, self.results)
        rulings = rulings_of(self.book)
        statements = load_statements(self.root)
        self.add(STEPS_PAGE, render_catalogue(domains), CATALOGUE_META)
        self.add(COVERAGE_PAGE, render_coverage(coverage, self.book, statements), COVERAGE_META)
        self.add(RULINGS_INDEX, render_rulings_index(rulings, self.prose(RULINGS_INDEX, RULINGS_INDEX)))
        questions = open_questions(self.book)
        self.add(OPEN_QUESTIONS_PAGE, render_open_questions(questions), COVERAGE_META)
        self.pages.problems += [
            *map(str, catalogue_problems(domains)),
            *coverage_problems(coverage),
            *ruling_problems(rulings),
            *statement_problems(statements, self.book),
            *claim_problems(book_claims(self.book, self.glossary), load_claims(self.root), statements, self.book),
            *open_question_problems(questions),
        ]

    def reference_pages(self) -> None:
        """The glossary, the units and army cards, the Heroscape editions side by side, the check's messages."""
        here = page_url(GLOSSARY_PAGE)
        links = {rule_id: relative_url(url, here) + "#" + rule_id for rule_id, url in self.rule_urls.items()}
        titles = {name: game.title for name, game in GAMES.items()}
        self.add(GLOSSARY_PAGE, render_glossary(self.glossary, links, titles))
        self.add(UNITS_PAGE, render_units_index(self.units, UNITS_PAGE))
        entries = run_editions(self.book, self.root)
        pages = {feature.path: page_uri(feature) for feature in self.book}
        self.add(EDITIONS_PAGE, editions_page(entries, pages, EDITIONS_PAGE, self.book), EDITIONS_META)
        if (self.root / MESSAGES_FEATURE).is_file():
            said = run_samples(self.root)
            self.add(MESSAGES_PAGE, messages_page(said))
            self.pages.problems += message_problems(said)
        else:
            self.pages.problems.append(f"{MESSAGES_FEATURE}: missing, so the page of the check's messages is not made")
        self.pages.problems += glossary_problems(self.glossary, self.rule_pages, GAMES)

    def odds_pages(self) -> None:
        """Every registered game's odds page (see [`Game.odds_page`][battlebook.game.Game.odds_page])."""
        for game in GAMES.values():
            uri = odds_uri(game.name)
            page = f"{game.odds_page()}\n\n{forms_element(game.name)}\n"
            self.add(uri, page + self.terms.definitions(self.terms.used(game.name, page)))

    def try_it_data(self) -> None:
        """Each chapter's example texts, by anchor, and the step catalogue: what "Try it" reads."""
        from battlebook.runners.inpage import book_examples, game_choices, step_catalogue

        texts: dict[str, dict[str, str]] = {}
        for feature, anchor, text in book_examples(self.book):
            texts.setdefault(feature.path, {})[anchor] = text
        for path, examples in texts.items():
            self.add(examples_uri(path), json.dumps(examples, ensure_ascii=False, sort_keys=True))
        self.add("try/steps.json", json.dumps(step_catalogue(), ensure_ascii=False))
        self.add("try/games.json", json.dumps(game_choices(), ensure_ascii=False))
        self.add("try/rulings.json", json.dumps(ruling_facts(self.book), ensure_ascii=False))

    def hand_written(self) -> list[Any]:
        """The pages of `docs/`, markers filled in; the navigation of `docs/nav.yml`."""
        docs = self.root / "docs"
        nav: list[Any] = []
        for path in hand_written_files(docs):
            uri = path.relative_to(docs).as_posix()
            if uri == "nav.yml":
                nav = read_nav(path)
                continue
            if uri == API_INDEX:  # the Engine API's source: its page is made from it (see `run`)
                continue
            if any(part.startswith(".") for part in uri.split("/")):
                continue
            if path.suffix != ".md":
                self.add(uri, _read_bytes(path), origin=f"docs/{uri}")
                continue
            text = _read_text(path, f"docs/{uri}")
            if ODDS_PAGES_MARKER in text:
                text = text.replace(ODDS_PAGES_MARKER, odds_links(uri))
            if FIGHT_CALCULATORS_MARKER in text:
                text = text.replace(FIGHT_CALCULATORS_MARKER, odds_links(uri, FIGHT_ANCHOR))
            if CHAPTERS_MARKER in text:
                text = text.replace(
                    CHAPTERS_MARKER, chapter_list(self.book, GROUPS, {f.path: page_uri(f) for f in self.book})
                )
            if TEMPLATE_MARKER in text:
                template = _read_text(self.root / TEMPLATE, f"{TEMPLATE} (docs/{uri} shows it)").rstrip("\n")
                text = text.replace(TEMPLATE_MARKER, f'```gherkin title="{TEMPLATE}"\n{template}\n```')
            self.add(uri, text, origin=f"docs/{uri}")
        return nav

    def run(self) -> Pages:
        """Generate every page."""
        nav = self.hand_written()
        self.chapters()
        self.planned_address_clashes()
        self.book_pages()
        self.reference_pages()
        self.odds_pages()
        self.try_it_data()
        for uri, content in folder_indexes(self.book, self.pages.files).items():
            self.add(uri, content, origin=f"the index of the folder features/{uri.removeprefix('rulebook/')[:-9]}")
        markers: dict[str, list[Any]] = {
            NAV_MARKER: rulebook_nav(self.book),
            ODDS_MARKER: [odds_uri(name) for name in GAMES],
            EDITIONS_MARKER: editions_nav(),
        }
        if self.api:
            try:
                api = api_pages(self.root)
            except ApiIndexError as error:
                raise GenerationError(str(error)) from None
            except (OSError, UnicodeDecodeError) as error:
                raise GenerationError(f"docs/{API_INDEX}: cannot be read ({error})") from None
            for uri, content in api.files.items():
                self.add(uri, content)
            markers[api.marker] = api.nav
        else:
            stub = "# Engine API\n\nThe module pages are not part of this build (`make docs API=1` builds them).\n"
            self.add(API_INDEX, stub, {"search": {"exclude": True}})
            markers[API_MARKER] = []
        self.address_clashes()
        self.pages.nav = expand_nav(nav, markers)
        self.pages.site = {
            "rules": {rule_id: url + "#" + rule_id for rule_id, url in self.rule_urls.items()},
            "search_words": {
                **{rule_id: list(self.glossary.search_words(rule_id)) for rule_id in self.rule_urls},
                **{address: list(words) for address, words in calculator_search_words().items()},
            },
            "reference_pages": [page_url(uri) for uri in REFERENCE_PAGES],
            "terms": term_entries(self.glossary),
            "term_pages": {page_url(uri): game for uri, game in sorted(self.page_games.items())},
            "glossary": page_url(GLOSSARY_PAGE),
            "linked_pages": sorted(
                page_url(uri) for uri in self.pages.files if uri.endswith(".md") and LINKED_PAGES.match(uri)
            ),
        }
        return self.pages


#: A link to another page's Markdown source in rendered HTML (`href="../x.md#a"`), as a builder would rewrite it.
PAGE_LINK = re.compile(r'href="(?P<path>(?![a-z][a-z0-9+.-]*:|/|#)[^"#?]*\.md)(?P<anchor>#[^"]*)?"')
#: A ruling's rule heading, as `render_feature` writes it.
RULE_HEADING = re.compile(r"^## .* \{ #(?P<id>ruling\.[a-z0-9.-]+) \}$", re.MULTILINE)


def examples_uri(feature_path: str) -> str:
    """Where a chapter's example texts live in the site: beside its page's own address, as the page asks for them.

    Examples:
        >>> examples_uri("features/homm/melee.feature")
        'try/examples/rulebook/homm/melee.json'
        >>> examples_uri("features/homm/café.feature"), examples_uri("features/homm/town/index.feature")
        ('try/examples/rulebook/homm/caf-....json', 'try/examples/rulebook/homm/town.json')
    """
    return "try/examples/" + page_address("rulebook/" + feature_page(feature_path)).rstrip("/") + ".json"


def ruling_facts(book: Sequence[FeatureDoc]) -> dict[str, object]:
    """What a ruling proposed in the page must know of the rulebook: sections to cite, ids taken, next chapter.

    Examples:
        >>> facts = ruling_facts([])
        >>> facts["next_chapter"], facts["sources"][0]["key"]
        (1, '000/swarming')
    """
    chapters = [ruling.feature.chapter for ruling in rulings_of(book)]
    return {
        "sources": [
            {"key": key, "title": section.title, "text": section.source.title, "game": section.source.game}
            for key, section in sorted(SECTIONS.items(), key=lambda item: item[1].source.code)
        ],
        "ids": sorted(rule.id for feature in book for rule in feature.rules),
        "next_chapter": max(chapters, default=0) + 1,
        "rules": chapter_rules(book),
    }


def calculator_search_words() -> dict[str, tuple[str, ...]]:
    """The words that find each odds page's calculators in the site's search, by their sections' addresses.

    What each calculator answers, as its game declares it ([`Calculators`][battlebook.calculator.Calculators]):
    the odds calculator at the top of the page (its one line of help: the page's title and prose name
    it), the fight and battle calculators in the section `#fight-calculator` (the page puts the
    battle calculator under the fight calculator).

    Examples:
        >>> words = calculator_search_words()
        >>> words["odds/homm/#fight-calculator"][-1]
        'Battle calculator: a battle of several stacks a side, under the plain plan or best play'
    """
    words: dict[str, tuple[str, ...]] = {}
    for game in GAMES:
        given = calculators(game)
        page = page_url(odds_uri(game))
        words[page] = (given.odds.help,)
        battle = (f"Battle calculator: {given.battle.help}",) if given.battle is not None else ()
        words[f"{page}#{FIGHT_ANCHOR}"] = (given.fight_form.title, given.fight.help, *battle)
    return words


def forms_element(game: str) -> str:
    """A hidden element handing the odds page of `game` its calculators' forms, as the game describes them.

    The page draws them with one generic form (see [`PageForm`][battlebook.calculator.PageForm]):
    their fields, groups, choices and bounds, the engine's own.

    Examples:
        >>> forms_element("heroscape")[:55]
        '<div hidden data-bb-forms="{&quot;game&quot;: &quot;her'
    """
    from battlebook.runners.inpage import battle_form

    given = calculators(game)
    forms: dict[str, Any] = {"game": game, "odds": given.odds_form.data(), "fight": given.fight_form.data()}
    forms["battle"] = battle_form(game)
    return f'<div hidden data-bb-forms="{html_text(json.dumps(forms))}"></div>'


#: How deep the hand-written navigation may nest (sections in sections): deeper is no navigation a reader can use.
MAX_NAV_DEPTH = 20


def read_nav(path: Path) -> list[Any]:
    """The hand-written navigation (`docs/nav.yml`: a `nav:` list as `mkdocs.yml` writes it).

    Raises:
        GenerationError: the file is not UTF-8, not YAML, holds a tag (`!!python/...`), nests
            deeper than `MAX_NAV_DEPTH`, or has no `nav:` list; said in one line.
    """
    text = _read_text(path, NAV_SOURCE)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise GenerationError(f"{NAV_SOURCE}: not YAML mkdocs.yml could read: {' '.join(str(error).split())}") from None
    except RecursionError:
        raise GenerationError(f"{NAV_SOURCE}: nested deeper than {MAX_NAV_DEPTH} levels") from None
    nav = data.get("nav") if isinstance(data, dict) else None
    if not isinstance(nav, list):
        raise GenerationError(f"{NAV_SOURCE}: expected a `nav:` list, as mkdocs.yml writes it")
    if _depth(nav) > MAX_NAV_DEPTH:
        raise GenerationError(f"{NAV_SOURCE}: nested deeper than {MAX_NAV_DEPTH} levels")
    return nav


def _depth(value: Any, limit: int = MAX_NAV_DEPTH + 1) -> int:
    """How deep lists and mappings nest in `value` (counted up to `limit`)."""
    if limit <= 0 or not isinstance(value, (list, dict)):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(item, limit - 1) for item in items), default=0)


def _read_text(path: Path, name: str) -> str:
    """A hand-written file's text; one that is missing, unreadable or not UTF-8 stops the generation, named."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise GenerationError(f"{name}: not UTF-8 (byte {error.start}): save it as UTF-8") from None
    except OSError as error:
        raise GenerationError(f"{name}: cannot be read ({error.strerror or error})") from None


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise GenerationError(f"{path}: cannot be read ({error.strerror or error})") from None


def hand_written_files(docs: Path) -> list[Path]:
    """Every file under `docs/`, in order; a symbolic link there stops the generation (it may publish any file).

    A file or folder name that cannot be a page's address (a control character, a backslash,
    a name a builder would take for a page of its own: `x.html/` as a folder) stops it too.
    """
    found: list[Path] = []
    for folder, folders, files in os.walk(docs, followlinks=False):
        here = Path(folder)
        for name in sorted(folders + files):
            path = here / name
            relative = path.relative_to(docs.parent).as_posix()
            if path.is_symlink():
                raise GenerationError(f"{relative}: a symbolic link: docs/ publishes only its own files")
            problem = name_problem(name, folder=name in folders)
            if problem:
                raise GenerationError(f"{relative}: {problem}")
        folders.sort()
        found += [here / name for name in sorted(files)]
    return sorted(found)


#: Suffixes a browser renders as a document: a folder so named would be taken for a page.
PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".xht", ".svg", ".xml", ".md", ".shtml")


def name_problem(name: str, folder: bool = False) -> str | None:
    r"""Why a file or folder name cannot be part of a page's address, or `None`.

    Examples:
        >>> name_problem("melee.md"), name_problem("x.html", folder=True)
        (None, 'a folder named like a page (x.html): rename it')
        >>> name_problem("a\tb.md")
        'a name holding a control character or a backslash: rename it'
    """
    if any(ord(c) < 0x20 or c in "\x7f\\" for c in name):
        return "a name holding a control character or a backslash: rename it"
    if len(name.encode("utf-8", "surrogateescape")) > 200:
        return "a name longer than 200 bytes: rename it"
    if folder and name.lower().endswith(PAGE_SUFFIXES):
        return f"a folder named like a page ({name}): rename it"
    return None


def generate(root: Path, *, api: bool = True) -> Pages:
    """Every page of the project at `root` (see the module's description); `api=False` leaves out the Engine API."""
    return Generator(root, api=api).run()


#: The file the generator writes into a folder it made: only such a folder is ever written into again.
OWNER_MARK = ".battlebook-pages"


def output_problem(out: Path, root: Path) -> str | None:
    """Why the generator may not write its pages under `out` for the project at `root`, or `None`.

    The generator writes only into a folder it owns: a new one, an empty one, or one holding
    its mark (`OWNER_MARK`, written when it made the folder). It refuses a symbolic link (at
    `out` or `out/docs`), a file, the project itself or a folder holding it, and the project's
    own inputs (`docs/`, `features/`).

    Examples:
        >>> import tempfile
        >>> root = Path(tempfile.mkdtemp())
        >>> output_problem(root / "build" / "pages", root) is None
        True
        >>> output_problem(root, root)
        '... is the project itself: name a folder of its own (build/pages)'
    """
    if out.is_symlink() or (out / "docs").is_symlink():
        return f"{out} is a symbolic link (or its docs/ is): name a real folder (build/pages)"
    if out.exists() and not out.is_dir():
        return f"{out} is not a folder: name a folder (build/pages)"
    existing = next((folder for folder in (out, *out.parents) if folder.exists()), Path("."))
    if not existing.is_dir():
        return f"{out} is under {existing}, which is not a folder: name a folder (build/pages)"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"cannot write the pages under {out}: Permission denied"
    here, project = out.resolve(), root.resolve()
    if here == project or here in project.parents:
        return f"{out} is the project itself: name a folder of its own (build/pages)"
    for inputs in ("docs", "features"):
        if here == project / inputs or (project / inputs) in here.parents:
            return f"{out} is inside the project's {inputs}/: name a folder of its own (build/pages)"
    if out.is_dir() and not (out / OWNER_MARK).is_file() and any(out.iterdir()) and not _earlier_generation(out):
        return f"{out} holds files the generator did not write: name a new or empty folder (build/pages)"
    return None


def _earlier_generation(out: Path) -> bool:
    """Whether `out` is what a generation before the mark wrote: `docs/`, `nav.yml` and its `site.json`, only."""
    if {path.name for path in out.iterdir()} != {"docs", "nav.yml", "site.json"}:
        return False
    try:
        data = json.loads((out / "site.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and {"rules", "search_words", "linked_pages"} <= data.keys()


def _write_file(path: Path, data: bytes) -> None:
    """Write `data` to `path` in one step: a new file of a unique name beside it, renamed over it."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def write_pages(pages: Pages, out: Path, root: Path | None = None) -> int:
    """Write `pages` under `out` (see the module's description); return how many files changed.

    `out` must be a folder the generator owns (see `output_problem`; `root` is the project,
    the current folder by default). Each file is written in one step (a new file renamed
    over the old), and a file whose content is unchanged is not written again, so a builder
    watching `out` rebuilds only for a real change; a file of an earlier generation that is no
    longer made is removed (only under `out/docs`, which the generator owns; no symbolic link
    is followed).

    Raises:
        GenerationError: `out` is not the generator's to write, or a file cannot be written.
    """
    problem = output_problem(out, root or Path("."))
    if problem:
        raise GenerationError(problem)
    docs = out / "docs"
    wanted = {docs / uri: content for uri, content in pages.files.items()}
    wanted[out / "nav.yml"] = yaml.safe_dump({"nav": pages.nav}, sort_keys=False, allow_unicode=True)
    wanted[out / "site.json"] = json.dumps(pages.site, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    changed = 0
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / OWNER_MARK).write_text("written by battlebook site pages: removed with it\n", encoding="utf-8")
        for path, content in wanted.items():
            data = content.encode("utf-8") if isinstance(content, str) else content
            if path.is_file() and not path.is_symlink() and path.read_bytes() == data:
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            _write_file(path, data)
            changed += 1
        for folder, folders, files in sorted(os.walk(docs, followlinks=False), reverse=True):
            for name in files + [f for f in folders if Path(folder, f).is_symlink()]:
                path = Path(folder) / name
                if path not in wanted:
                    path.unlink()
                    changed += 1
            if Path(folder) != docs and not any(Path(folder).iterdir()):
                Path(folder).rmdir()
    except OSError as error:
        raise GenerationError(f"cannot write the pages under {out}: {error.strerror or error}") from None
    return changed


def clean(out: Path) -> None:
    """Remove the generated pages under `out`."""
    shutil.rmtree(out, ignore_errors=True)


def problems_text(problems: Iterable[str]) -> str:
    """The problems, one warning line each."""
    return "".join(f"WARNING -  {problem}\n" for problem in problems)
