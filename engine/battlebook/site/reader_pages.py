"""MkDocs hooks for the reader's reference pages and the search that leads to the rules.

`mkdocs.yml` loads this file under `hooks:`, after [`site`][battlebook.site.chapters]. At every
build it:

- writes `reference/glossary.md` from `features/glossary.yml` (see
  [`glossary`][battlebook.book.glossary]) and `reference/units.md`, the
  [index of units and army cards][battlebook.site.units_index];
- appends the terms of a page's game to that page as abbreviations, so each term shows its
  definition on hover;
- after the build, writes the search index of the built site
  ([`search`][battlebook.site.search]), where each rule is found by its search words.

A glossary entry naming an unknown rule is logged as a warning, which
`mkdocs build --strict` turns into a failed build.
"""

from __future__ import annotations

import logging
import posixpath
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from battlebook.book.glossary import (
    Glossary,
    GlossaryError,
    abbreviation_titles,
    abbreviations,
    glossary_problems,
    load_glossary,
    render_glossary,
)
from battlebook.book.links import chapter_list, link_rule_ids, settled_rules, settles_html
from battlebook.book.model import FeatureDoc
from battlebook.games import GAMES
from battlebook.language.grammar import book_games
from battlebook.site.chapters import GROUPS, page_uri, project_root, read_book
from battlebook.site.odds_pages import odds_uri
from battlebook.site.search import index_built_site
from battlebook.site.units_index import render_units_index, units_index

log = logging.getLogger("mkdocs.plugins.battlebook")

GLOSSARY_PAGE = "reference/glossary.md"
UNITS_PAGE = "reference/units.md"
REFERENCE_PAGES = (GLOSSARY_PAGE, UNITS_PAGE)

_book: list[FeatureDoc] = []
#: The game each page is about, by its source path (see `page_games`).
_page_games: dict[str, str] = {}
_glossary: list[Glossary] = []


def page_url(uri: str) -> str:
    """A page's address in the built site: `rulebook/homm/melee.md` -> `rulebook/homm/melee/`."""
    stem = uri.removesuffix(".md")
    return "" if stem == "index" else stem.removesuffix("/index") + "/"


def rule_pages(book: list[FeatureDoc]) -> dict[str, str]:
    """Each rule identifier -> the source path of the page holding it."""
    return {rule.id: page_uri(feature) for feature in book for rule in feature.rules}


def page_games(book: list[FeatureDoc]) -> dict[str, str]:
    """The game each page is about, by its source path: every chapter's and ruling's (the game its file
    plays, [`feature_game`][battlebook.language.grammar.feature_game]) and every game's odds page.
    """
    games = {odds_uri(name): name for name in GAMES}
    played = book_games(book).files
    games.update((page_uri(feature), game) for feature in book if (game := played[feature.path]) is not None)
    return games


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read the feature files and the glossary."""
    _book[:] = read_book(config)
    _page_games.clear()
    _page_games.update(page_games(_book))
    _rule_addresses.clear()
    _abbr_settings[:] = [config.mdx_configs.get("abbr")] if "abbr" in config.markdown_extensions else []
    try:
        _glossary[:] = [load_glossary(project_root(config))]
    except GlossaryError as error:
        raise PluginError(str(error)) from None
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Write the Glossary and the index of units and army cards."""
    glossary = _glossary[0]
    pages = rule_pages(_book)
    here = page_url(GLOSSARY_PAGE)
    links = {rule_id: posixpath.relpath(page_url(uri), here) + "/#" + rule_id for rule_id, uri in pages.items()}
    titles = {name: game.title for name, game in GAMES.items()}
    files.append(File.generated(config, GLOSSARY_PAGE, content=render_glossary(glossary, links, titles)))
    files.append(File.generated(config, UNITS_PAGE, content=render_units_index(units_index(_book), UNITS_PAGE)))
    for problem in glossary_problems(glossary, pages, GAMES):
        log.warning(problem)
    return files


#: Where the home page lists every chapter.
CHAPTERS_MARKER = "<!-- chapters -->"
RULE_HEADING = re.compile(r"^## .* \{ #(?P<id>ruling\.[a-z0-9.-]+) \}$", re.MULTILINE)


def relative_url(target: str, here: str) -> str:
    """The address of the page `target` (a site address such as `rulebook/homm/melee/`) from the page `here`.

    Examples:
        >>> relative_url("rulebook/homm/melee/", "rulebook/rulings/swat-reach/"), relative_url("x/", "x/")
        ('../../homm/melee/', '')
    """
    if target == here:
        return ""
    return posixpath.relpath(target or ".", here or ".") + "/"


def _with_settled_rules(markdown: str, here: str) -> str:
    settled = settled_rules(_book)

    def add(match: re.Match[str]) -> str:
        rules = [
            (relative_url(page_url(page_uri(f)), here) + (f"#{rule_id}" if rule_id else ""), rule_id, f.name)
            for f, rule_id in settled.get(match["id"], [])
        ]
        return match[0] + ("\n\n" + settles_html(rules) if rules else "")

    return RULE_HEADING.sub(add, markdown)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """List the chapters on the home page, link each ruling to the rules it settles, and add the hover terms."""
    src = page.file.src_uri
    if CHAPTERS_MARKER in markdown:
        markdown = markdown.replace(CHAPTERS_MARKER, chapter_list(_book, GROUPS, {f.path: page_uri(f) for f in _book}))
    if src.startswith("rulebook/rulings/"):
        markdown = _with_settled_rules(markdown, page_url(src))
    game = _page_games.get(src)
    titles = abbreviation_titles(_glossary[0], game) if game is not None and _glossary and _abbr_settings else None
    _set_abbreviations(config, titles)
    if game is None or not _glossary or titles is not None:
        return markdown
    return markdown + "\n\n" + abbreviations(_glossary[0], game) + "\n"


#: The `abbr` extension's own settings, as `mkdocs.yml` gives them (`None`: it gives none).
_abbr_settings: list[dict[str, object] | None] = []


def _set_abbreviations(config: MkDocsConfig, titles: dict[str, str] | None) -> None:
    """Hand the page's hover terms to the `abbr` extension, for the Markdown of this page only.

    MkDocs builds each page's Markdown from `config.mdx_configs` right after this event, so
    the page gets the terms as if its text ended with their definitions, without parsing them.
    Every other page gets the extension's settings from `mkdocs.yml` back.
    """
    if not _abbr_settings:
        return
    original = _abbr_settings[0]
    settings = dict(original or {})
    if titles is not None:
        settings["glossary"] = {**titles}
    if titles is None and original is None:
        config.mdx_configs.pop("abbr", None)
    else:
        config.mdx_configs["abbr"] = settings


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Link every rule identifier written in a reader's page (prose, Gherkin, notes) to its rule."""
    src = page.file.src_uri
    if not (src.startswith(("rulebook/", "reference/")) or src == "index.md") or src == "rulebook/steps.md":
        return html
    here = page_url(src)
    if not _rule_addresses:
        _rule_addresses.append({rule_id: page_url(uri) for rule_id, uri in rule_pages(_book).items()})
    relative: dict[str, str] = {}
    urls = {}
    for rule_id, target in _rule_addresses[0].items():
        if target not in relative:
            relative[target] = relative_url(target, here)
        urls[rule_id] = relative[target] + "#" + rule_id
    return link_rule_ids(html, urls)


#: Each rule's page address in the site, worked out once per build (`on_config` clears it).
_rule_addresses: list[dict[str, str]] = []


def on_post_build(config: MkDocsConfig) -> None:
    """Write the site's search index from the built pages (see [`search`][battlebook.site.search])."""
    # SEARCH INDEX, the one call site (issue 25): it reads only the built site and the project's
    # glossary, so it moves as it is into `battlebook site finish SITE` once that command lands.
    index_built_site(Path(config.site_dir), project_root(config))
