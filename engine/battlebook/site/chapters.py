"""MkDocs hooks that publish the feature files as rulebook pages.

`mkdocs.yml` loads this file under `hooks:`. At every build it reads each feature file
under `features/`, renders it with the recorded results into `rulebook/<path>.md`, and
puts the pages into the navigation in place of the entry `rulebook.generated`.

A malformed feature file stops the build with its file and line. An example that is not
verified (failing, undefined, or not run on the current text) is logged as a warning,
which `mkdocs build --strict` turns into a failed build: the published rulebook only
shows examples that ran and passed on exactly the text it shows.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from battlebook.games import GAMES
from battlebook.book.links import feature_page, page_clashes
from battlebook.book.model import FeatureDoc, FeatureFileError, feature_paths, load_book
from battlebook.book.prose import content_security_policy, html_text, sanitize_page
from battlebook.book.render import render_feature, resolve_rule_links
from battlebook.book.results import ResultBook, ResultsFileError, default_path

log = logging.getLogger("mkdocs.plugins.battlebook")

NAV_MARKER = "rulebook.generated"
#: Section titles of the folders under `features/`, in navigation order.
GROUPS = {**{name: game.title for name, game in GAMES.items()}, "rulings": "Rulings"}

#: The site's own pages under `rulebook/` (see `book_pages`), whose addresses no chapter's page may take.
STEPS_PAGE = "rulebook/steps.md"
COVERAGE_PAGE = "rulebook/coverage.md"
RULINGS_INDEX = "rulebook/rulings/index.md"
OPEN_QUESTIONS_PAGE = "rulebook/open-questions.md"
GENERATED_PAGES = {
    STEPS_PAGE: "the step catalogue",
    COVERAGE_PAGE: "the coverage page",
    RULINGS_INDEX: "the rulings index",
    OPEN_QUESTIONS_PAGE: "the open questions page",
}

_book: list[FeatureDoc] = []
#: The escaped title of each feature page, by its source path in the site.
_titles: dict[str, str] = {}


def project_root(config: MkDocsConfig) -> Path:
    """The folder holding `mkdocs.yml`, `features/` and `build/`."""
    return Path(config.config_file_path).resolve().parent


def read_book(config: MkDocsConfig) -> list[FeatureDoc]:
    """Every feature file under `features/`, read and checked; a malformed one, or one whose page
    would take another page's address, stops the build."""
    root = project_root(config)
    try:
        book = load_book(feature_paths([root / "features"]), root)
    except FeatureFileError as error:
        raise PluginError(f"malformed feature file: {error}") from None
    clashes = page_clashes(book, GENERATED_PAGES)
    if clashes:
        raise PluginError(f"malformed feature file: {clashes[0]}")
    return book


def page_uri(feature: FeatureDoc) -> str:
    """Where a feature's page lives in the site: `features/homm/melee.feature` -> `rulebook/homm/melee.md`."""
    return "rulebook/" + feature_page(feature.path)


#: Search weight of each navigation group's pages; a rule chapter weighs 1. A ruling is
#: about a rule, so a search for the rule's topic lists the rule's own chapter first.
SEARCH_BOOST = {"rulings": 0.5}


def search_meta(feature: FeatureDoc) -> str:
    """Front matter setting the search weight of a feature's page, when it is not the default.

    Examples:
        >>> from battlebook.book.model import FeatureDoc
        >>> search_meta(FeatureDoc("features/rulings/x.feature", "X", "", (), (), (), (), "")).split()
        ['---', 'search:', 'boost:', '0.5', '---']
    """
    boost = SEARCH_BOOST.get(group_of(feature))
    return f"---\nsearch:\n  boost: {boost}\n---\n\n" if boost is not None else ""


def group_of(feature: FeatureDoc) -> str:
    """The navigation section of a feature: its first folder under `features/`."""
    parts = feature.path.removeprefix("features/").split("/")
    return parts[0] if len(parts) > 1 else ""


def rulebook_nav(book: list[FeatureDoc]) -> list[Any]:
    """Navigation sections for the rulebook pages, by game, chapters in order."""
    groups: dict[str, list[FeatureDoc]] = {}
    for feature in book:
        groups.setdefault(group_of(feature), []).append(feature)
    order = [*GROUPS, *sorted(g for g in groups if g not in GROUPS)]
    nav: list[Any] = []
    for group in order:
        if group not in groups:
            continue
        pages = [{nav_title(f.name): page_uri(f)} for f in sorted(groups[group], key=lambda f: (f.chapter, f.name))]
        if group:
            nav.append({GROUPS.get(group) or nav_title(group.replace("-", " ").title()): pages})
        else:
            nav.extend(pages)
    return nav


def nav_title(name: str) -> str:
    """A title for the navigation, taken from a feature file: escaped, since the theme shows titles as HTML.

    Examples:
        >>> nav_title("X<script>alert(1)</script>")
        'X&lt;script&gt;alert(1)&lt;/script&gt;'
    """
    return html_text(" ".join(name.split()))


def _expand(nav: list[Any], generated: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in nav:
        if item == NAV_MARKER or (isinstance(item, dict) and NAV_MARKER in item.values()):
            out.extend(generated)
        elif isinstance(item, dict):
            out.append({k: _expand(v, generated) if isinstance(v, list) else v for k, v in item.items()})
        else:
            out.append(item)
    return out


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read the feature files and put their pages into the navigation."""
    _book[:] = read_book(config)
    _titles.clear()
    _titles.update({page_uri(feature): nav_title(feature.name) for feature in _book})
    if config.nav:
        config.nav = _expand(config.nav, rulebook_nav(_book))
    return config


def load_results(path: Path) -> ResultBook:
    """The recorded results for the pages; a file that cannot be read stops the build, saying how to make a new one."""
    try:
        return ResultBook.load(path)
    except ResultsFileError as error:
        raise PluginError(f"the recorded results cannot be used: {error}") from None


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Render every feature as a page, warning about each example that is not verified.

    Links written `[text](rule:<id>)` in a feature's prose point at that rule's page and
    anchor, wherever its chapter lives; a link to an unknown identifier is a warning too.
    """
    root = project_root(config)
    results_path = default_path(root)
    results = load_results(results_path)
    if not len(results):
        log.warning(f"no recorded results at {results_path}: run the examples first (make test, or make examples)")
    rule_pages = {rule.id: page_uri(feature) for feature in _book for rule in feature.rules}
    for feature in _book:
        markdown, problems = render_feature(feature, results)
        markdown, unknown = resolve_rule_links(markdown, page_uri(feature), rule_pages)
        for rule_id in unknown:
            log.warning(f"{feature.path}: a link names the rule {rule_id!r}, which no Rule has as its @id")
        files.append(File.generated(config, page_uri(feature), content=search_meta(feature) + markdown))
        for problem in problems:
            log.warning(f"{problem}")
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Give a feature's page its own title, escaped.

    The theme writes `page.meta.title` into `<title>` as it is, but the navigation's title
    only after unescaping it, where `</title>` in a Feature name would end the element.
    """
    title = _titles.get(page.file.src_uri)
    if title is not None:
        page.meta["title"] = title
    return markdown


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Sanitize every description a page shows (see [`prose`][battlebook.book.prose]); warn of an id a chapter's
    page holds twice (an example's anchor and a heading of a description, say), which a strict build refuses."""
    clean = sanitize_page(html)
    if page.file.src_uri in _titles:
        for anchor in twice_used_ids(clean):
            log.warning(f"{page.file.src_uri}: the page holds the id {anchor!r} twice: a link to it opens the first")
    return clean


def twice_used_ids(page_html: str) -> list[str]:
    """The ids a page's HTML gives to more than one element.

    Examples:
        >>> twice_used_ids('<h1 id="a">A</h1><h2 id="b">B</h2><a id="a">#</a>')
        ['a']
    """
    seen: dict[str, int] = {}
    for found in _ID.finditer(page_html):
        seen[found["id"]] = seen.get(found["id"], 0) + 1
    return [anchor for anchor, count in seen.items() if count > 1]


_ID = re.compile(r"<[a-zA-Z][^>]*?\sid=\"(?P<id>[^\"]*)\"")


def live_preview() -> bool:
    """Whether this build is for `make docs`'s preview (`LIVE_VARIABLE`), whose pages reload themselves."""
    return os.environ.get(LIVE_VARIABLE) == "1"


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Give every page a Content-Security-Policy that lets no inline script run but the theme's own.

    In `make docs`'s preview, the server's reload script must run too: see
    [`content_security_policy`][battlebook.book.prose.content_security_policy].
    """
    return content_security_policy(output, inline_scripts=live_preview())


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    """The theme's own pages (404.html) get the same Content-Security-Policy; other files are left as they are."""
    if not template_name.endswith(".html"):
        return output_content
    return content_security_policy(output_content, inline_scripts=live_preview())


#: Set to 1 by `make docs`'s loop ([`battlebook.cli.live`][battlebook.cli.live]) for the
#: `mkdocs serve` it starts: the loop watches `features/`, runs a saved file's examples and
#: writes the results, and only then is the site rebuilt; and the pages let the server's
#: reload script run.
LIVE_VARIABLE = "BATTLEBOOK_LIVE"


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
    """Rebuild when a feature file or the recorded results change.

    The results' folder is watched without its subfolders: the tests keep builds of their own
    there (the hostile site), which are no reason to rebuild the rulebook. Under `make docs`'s
    loop (`LIVE_VARIABLE`), `features/` is left to the loop, which writes the results after
    each change: watched here too, each save would be built twice, the first time before its
    examples ran.
    """
    root = project_root(config)
    if os.environ.get(LIVE_VARIABLE) != "1":
        server.watch(str(root / "features"))
    server.watch(str(default_path(root).parent), recursive=False)
    return server
