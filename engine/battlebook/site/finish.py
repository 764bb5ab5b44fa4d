"""The pass over a built site: `battlebook site finish SITE`, whatever builder made it.

After the builder has written `SITE/` from the generated pages (see
[`battlebook.site.pages`][battlebook.site.pages]), this pass:

- copies the in-page runtime of "Try it" into `SITE/try/runtime/` (`--runtime`), replacing
  only a copy it made itself (it marks its copy), never the runtime it copies from;
- links every rule identifier written in a reader's page (prose, Gherkin, notes) to its rule
  ([`link_rule_ids`][battlebook.book.links.link_rule_ids]), in the page's article only;
- on a page of a game's rules, makes the first of each term in each section a link to its
  Glossary entry ([`link_terms`][battlebook.site.finish.link_terms]), which a keyboard reaches;
- writes the rulebook's own search index, `search/battlebook.json`, from the built pages and
  the rules' search words ([`write_index`][battlebook.site.search.write_index]): the search
  box reads it whatever builder made the site;
- gives every HTML page the same Content-Security-Policy as the first element of its
  `<head>`, put there in the parsed page ([`with_policy`][battlebook.site.gate.with_policy]):
  everything from the site itself, script only from its files, no inline script at all, no
  plugins, frames or forms sending elsewhere. The theme's own inline scripts are files of the
  site (`overrides/partials/javascripts/`), so the policy is one fixed text: it never allows a
  script because a page happens to contain it;
- **checks** every file a browser renders, read by an HTML5 parser as the browser reads it
  ([`battlebook.site.gate`][battlebook.site.gate]): a page whose `<head>` does not open with
  the policy, or holding anything that could run script (an inline or foreign script, an
  event attribute, a script URL, a frame, SVG animation...), an SVG or XML file holding
  script, a symbolic link (never followed) fail the pass (and `make site`). The theme puts
  none there, so any is an injection that got past the generator's escaping and sanitizing.
  A chapter's article holding one id twice (a link to it would open the other) fails it too.

Each page is written in one step (a new file renamed over it); a page that cannot be
written, or is not UTF-8, is a problem named in one line.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from battlebook.book.links import link_rule_ids
from battlebook.games import GAMES
from battlebook.site.gate import (
    HTML_SUFFIXES,
    META,
    POLICY,
    REFUSED_SUFFIXES,
    XML_SUFFIXES,
    page_problems,
    with_policy,
    xml_problems,
)
from battlebook.site.search import write_index

__all__ = ["META", "POLICY", "SiteData", "check", "finish", "link_terms", "page_problems", "with_policy"]

#: Where the in-page runtime is served in the site.
RUNTIME_URL = "try/runtime"
#: The file the pass writes into the runtime it copied: only such a copy is ever replaced.
RUNTIME_MARK = ".battlebook-runtime"

_ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">')


def has_article(page: str) -> bool:
    """Whether `page` has the article container of Material's theme (opened and closed), where its own content is.

    Examples:
        >>> has_article('<article class="md-content__inner md-typeset"><h1>A</h1></article>'), has_article("<h1>A</h1>")
        (True, False)
    """
    start = _ARTICLE.search(page)
    return start is not None and page.find("</article>", start.end()) != -1


def change_article(page: str, change: Callable[[str], str]) -> str:
    """The page with `change` applied to its article (the page's own content), the rest left as it is."""
    start = _ARTICLE.search(page)
    if start is None:
        return page
    end = page.find("</article>", start.end())
    if end == -1:
        return page
    return page[: start.end()] + change(page[start.end() : end]) + page[end:]


def link_article(page: str, rule_urls: Mapping[str, str]) -> str:
    """The page with every rule identifier in its article (the page's own content) linked to its rule."""
    return change_article(page, lambda body: link_rule_ids(body, rule_urls))


def link_terms(page_html: str, terms: Mapping[str, tuple[str, str]], glossary: str) -> str:
    """The page's HTML with the first term of each kind in each section a link to its Glossary entry.

    A term is an `<abbr>` the builder made of a word the glossary defines: `terms` maps each
    word to its entry's anchor and definition, `glossary` is the Glossary page's address from
    this page (ending in `#`). A section runs from one `<h2>` to the next (a chapter's rule),
    the opening text being one too; in each, the first of a term's words becomes a link
    (`a.bb-term`) that a keyboard reaches and whose title is the glossary's definition, and
    the term's later words stay hover text. A term in a link, a heading, a summary or code
    stays as it is: no link is ever put inside another.

    Examples:
        >>> terms = {"swarm": ("term-swarm", "Doubling the next attack."), "swarms": ("term-swarm", "Doubling...")}
        >>> abbr = '<abbr title="x">{}</abbr>'
        >>> page = "<p>{} {}</p><h2 id='r'>R</h2><p><a href='#y'>{}</a> {}</p>".format(
        ...     abbr.format("swarm"), abbr.format("swarms"), abbr.format("swarm"), abbr.format("swarm"))
        >>> print(link_terms(page, terms, "../g/#"))
        <p><a class="bb-term" href="../g/#term-swarm" title="Doubling the next attack.">swarm</a> \
<abbr title="x">swarms</abbr></p><h2 id='r'>R</h2><p><a href='#y'><abbr title="x">swarm</abbr></a> \
<a class="bb-term" href="../g/#term-swarm" title="Doubling the next attack.">swarm</a></p>
    """
    out: list[str] = []
    done, depth = 0, 0
    seen: set[str] = set()
    for match in _TAG_OR_TERM.finditer(page_html):
        if match["tag"] is not None:
            name = match["name"].lower()
            if name == "h2" and not match["close"]:
                seen = set()
            if name in _PLAIN_TERM_TAGS and not match["tag"].endswith("/>"):
                depth += -1 if match["close"] else 1
            continue
        found = terms.get(html.unescape(match["word"]))
        if found is None or depth > 0 or found[0] in seen:
            continue
        anchor, definition = found
        seen.add(anchor)
        out += [
            page_html[done : match.start()],
            f'<a class="bb-term" href="{html.escape(glossary + anchor)}" title="{html.escape(definition)}">'
            f"{match['word']}</a>",
        ]
        done = match.end()
    out.append(page_html[done:])
    return "".join(out)


#: A term as the builder writes an abbreviation, or any tag (its name, whether it closes), in one pass.
_TAG_OR_TERM = re.compile(
    r'<abbr title="[^"]*">(?P<word>[^<]*)</abbr>|(?P<tag><(?P<close>/?)(?P<name>[a-zA-Z][a-zA-Z0-9]*)[^>]*>)'
)
#: Where a term stays as it is: in links, headings, a summary (itself a control), code and anything not prose.
_PLAIN_TERM_TAGS = frozenset(
    ("a", "h1", "h2", "h3", "h4", "h5", "h6", "summary", "button", "code", "pre", "script", "style", "svg", "textarea")
)


def page_address(site: Path, path: Path) -> str:
    """A built page's address in the site: `rulebook/homm/melee/index.html` -> `rulebook/homm/melee/`."""
    relative = path.relative_to(site).as_posix()
    if relative == "index.html":
        return ""
    return relative.removesuffix("index.html") if relative.endswith("/index.html") else relative


def relative_to(target: str, here: str) -> str:
    """The address `target` (`page/#anchor`, from the site's root) as seen from the page `here`.

    Examples:
        >>> relative_to("rulebook/homm/melee/#homm.swat", "rulebook/rulings/x/")
        '../../homm/melee/#homm.swat'
        >>> relative_to("rulebook/homm/melee/#homm.swat", "rulebook/homm/melee/"), relative_to("a/#b", "")
        ('#homm.swat', 'a/#b')
    """
    page, _, anchor = target.partition("#")
    if page == here:
        return "#" + anchor
    depth = here.count("/")
    common = 0
    here_parts, page_parts = here.split("/")[:-1], page.split("/")[:-1]
    while common < min(len(here_parts), len(page_parts)) and here_parts[common] == page_parts[common]:
        common += 1
    up = "../" * (depth - common)
    return up + "".join(part + "/" for part in page_parts[common:]) + "#" + anchor


class SiteError(Exception):
    """The site cannot be finished at all: it is no folder, or the runtime to copy is the site's own copy."""


@dataclass(frozen=True)
class SiteData:
    """What the generator wrote for this pass (`site.json`): rules, their search words, the pages to link.

    And the glossary's terms: each game's words with their entry's anchor and definition
    (`terms`), the game of each page whose terms link to the Glossary (`term_pages`), and the
    Glossary page's address (`glossary`).
    """

    rules: Mapping[str, str]
    search_words: Mapping[str, Sequence[str]]
    reference_pages: Sequence[str]
    linked_pages: frozenset[str]
    terms: Mapping[str, Mapping[str, tuple[str, str]]] = field(default_factory=dict)
    term_pages: Mapping[str, str] = field(default_factory=dict)
    glossary: str = "reference/glossary/"

    @classmethod
    def read(cls, path: Path) -> SiteData:
        """The data the generator wrote at `path`.

        Raises:
            SiteError: the file cannot be read, or is not of the shape the generator writes.
        """
        try:
            data: Any = json.loads(path.read_text(encoding="utf-8"))
            return cls._of(data)
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError, IndexError) as error:
            raise SiteError(
                f"{path} is not what `battlebook site pages` writes ({type(error).__name__}): generate the pages again"
            ) from None

    @classmethod
    def _of(cls, data: Any) -> SiteData:
        return cls(
            {str(k): str(v) for k, v in data["rules"].items()},
            {str(k): [str(w) for w in v] for k, v in data["search_words"].items()},
            [str(p) for p in data["reference_pages"]],
            frozenset(str(p) for p in data["linked_pages"]),
            {
                str(game): {str(word): (str(entry[0]), str(entry[1])) for word, entry in words.items()}
                for game, words in data.get("terms", {}).items()
            },
            {str(k): str(v) for k, v in data.get("term_pages", {}).items()},
            str(data.get("glossary", "reference/glossary/")),
        )


def twice_used_ids(page_html: str) -> list[str]:
    """The ids a page's HTML gives to more than one element (a link to such an id opens the first).

    Examples:
        >>> twice_used_ids('<h1 id="a">A</h1><h2 id="b">B</h2><a id="a">#</a>')
        ['a']
    """
    seen: dict[str, int] = {}
    for found in _ID.finditer(page_html):
        seen[found["id"]] = seen.get(found["id"], 0) + 1
    return [anchor for anchor, count in seen.items() if count > 1]


_ID = re.compile(r"<[a-zA-Z][^>]*?\sid=\"(?P<id>[^\"]*)\"")


@dataclass
class Published:
    """The files of a built site a browser renders, found without following any link out of it."""

    #: HTML pages (given the policy, then checked).
    pages: list[Path] = field(default_factory=list)
    #: XML documents a browser renders (SVG, XHTML, the sitemap), which carry no policy: checked as they are.
    xml: list[Path] = field(default_factory=list)
    #: What must not be published at all: a symbolic link, a file of a type the site never serves.
    refused: list[str] = field(default_factory=list)


def published_files(site: Path) -> Published:
    """Every file of `site` a browser renders as a document, walked without following a symbolic link.

    A symbolic link anywhere in the site (to a file or a folder) is refused, never followed:
    what it names may be outside the site, and the pass would write through it.
    """
    found = Published()
    for folder, folders, files in os.walk(site, followlinks=False):
        here = Path(folder)
        for name in sorted(folders):
            if (here / name).is_symlink():
                found.refused.append(f"{(here / name).relative_to(site).as_posix()}: a symbolic link (not followed)")
                folders.remove(name)
        folders.sort()
        for name in sorted(files):
            path = here / name
            relative = path.relative_to(site).as_posix()
            suffix = path.suffix.lower()
            if path.is_symlink():
                found.refused.append(f"{relative}: a symbolic link (not followed)")
            elif suffix in HTML_SUFFIXES:
                found.pages.append(path)
            elif suffix in XML_SUFFIXES:
                found.xml.append(path)
            elif suffix in REFUSED_SUFFIXES:
                found.refused.append(f"{relative}: a {suffix} file, which a browser may run: the site serves none")
    return found


def html_pages(site: Path) -> list[Path]:
    """Every HTML page of the built site (no symbolic link followed)."""
    return published_files(site).pages


def read_page(path: Path) -> str | None:
    """A built page's text, or `None` when it is not UTF-8 (the builders write UTF-8; a browser would guess)."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None


def runtime_problem(site: Path, runtime: Path) -> str | None:
    """Why the runtime `runtime` cannot be copied into `site` (it is the site's copy, or holds it), or `None`."""
    target = site / RUNTIME_URL
    source, into = runtime.resolve(), target.resolve()
    if source == into or into in source.parents or source in into.parents:
        return f"the runtime {runtime} is the site's own copy of it ({target}): name build/inpage/runtime"
    return None


def copy_runtime(site: Path, runtime: Path) -> list[str]:
    """Copy the in-page runtime into `site/try/runtime`, replacing only a copy this pass made before.

    Raises:
        SiteError: the runtime named is inside the site's copy (or holds the site): copying
            it would delete it.
    """
    target = site / RUNTIME_URL
    overlap = runtime_problem(site, runtime)
    if overlap:
        raise SiteError(overlap)
    if not (runtime / "manifest.json").is_file():
        return [f"no in-page runtime at {runtime}: run `make runtime` (Try it cannot run without it)"]
    if target.is_symlink() or (target.exists() and not (target / RUNTIME_MARK).is_file()):
        return [f"{RUNTIME_URL}: the site holds a runtime this pass did not copy: it is left as it is"]
    fresh = target.with_name(f".{target.name}.{os.getpid()}.new")
    shutil.rmtree(fresh, ignore_errors=True)
    shutil.copytree(runtime, fresh, symlinks=True)
    (fresh / RUNTIME_MARK).write_text("copied by battlebook site finish\n", encoding="utf-8")
    if target.exists():
        old = target.with_name(f".{target.name}.{os.getpid()}.old")
        target.rename(old)
        fresh.rename(target)
        shutil.rmtree(old, ignore_errors=True)
    else:
        fresh.rename(target)
    return []


def _write(path: Path, text: str) -> str | None:
    """Write a page in one step (a new file beside it, renamed over it); what went wrong, if anything."""
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.chmod(temporary, path.stat().st_mode & 0o777)
            os.replace(temporary, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
    except OSError as error:
        return f"cannot be written ({error.strerror or error})"
    return None


def finish(site: Path, data: SiteData | None, runtime: Path | None = None) -> list[str]:
    """Make the built `site` safe and link its rules (see the module's description); return what the check found.

    Every page is given the policy and its rule links before any is checked, so the list
    names every unsafe page, not only the first.

    Raises:
        SiteError: the runtime to copy is the site's own copy.
    """
    problems: list[str] = []
    if runtime is not None:
        problems += copy_runtime(site, runtime)
    published = published_files(site)
    problems += published.refused
    for path in published.pages:
        name = path.relative_to(site).as_posix()
        page = read_page(path)
        if page is None:
            problems.append(f"{name}: not UTF-8 (every page of the site is): not published")
            continue
        here = page_address(site, path)
        new = page
        if data is not None and (here in data.term_pages or here in data.linked_pages) and not has_article(page):
            problems.append(
                f"{path.relative_to(site).as_posix()}: no article container (Material's "
                '<article class="md-content__inner">): its rule and term links cannot be made'
            )
        if data is not None and here in data.term_pages:
            terms = data.terms.get(data.term_pages[here], {})
            glossary = relative_to(data.glossary + "#", here)
            new = change_article(new, partial(link_terms, terms=terms, glossary=glossary))
        if data is not None and here in data.linked_pages:
            new = link_article(new, {rule_id: relative_to(target, here) for rule_id, target in data.rules.items()})
        new = with_policy(new)
        if new != page:
            failed = _write(path, new)
            if failed:
                problems.append(f"{name}: {failed}")
                continue
        problems += [f"{name}: {problem}" for problem in page_problems(new)]
        if data is not None and here in data.linked_pages and here.startswith("rulebook/"):
            article = _ARTICLE.search(new)
            body = new[article.end() : new.find("</article>", article.end())] if article else ""
            problems += [
                f"{name}: the page holds the id {anchor!r} twice: a link to it opens the first"
                for anchor in twice_used_ids(body)
            ]
    problems += _xml_problems(site, published.xml)
    if data is not None:
        try:
            write_index(site, data.search_words, {name: game.title for name, game in GAMES.items()})
        except OSError as error:
            problems.append(f"search/battlebook.json: cannot be written ({error.strerror or error})")
    return problems


def _xml_problems(site: Path, files: Iterable[Path]) -> list[str]:
    problems = []
    for path in files:
        name = path.relative_to(site).as_posix()
        text = read_page(path)
        if text is None:
            problems.append(f"{name}: not UTF-8: not published")
            continue
        problems += [f"{name}: {problem}" for problem in xml_problems(text)]
    return problems


def check(site: Path) -> list[str]:
    """What the check finds in the built `site`, changing nothing (see `page_problems`)."""
    published = published_files(site)
    problems = list(published.refused)
    for path in published.pages:
        page = read_page(path)
        name = path.relative_to(site).as_posix()
        if page is None:
            problems.append(f"{name}: not UTF-8 (every page of the site is): not published")
            continue
        problems += [f"{name}: {problem}" for problem in page_problems(page)]
    return problems + _xml_problems(site, published.xml)
