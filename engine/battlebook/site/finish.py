"""The pass over a built site: `battlebook site finish SITE`, whatever builder made it.

After the builder has written `SITE/` from the generated pages (see
[`battlebook.site.pages`][battlebook.site.pages]), this pass:

- copies the in-page runtime of "Try it" into `SITE/try/runtime/` (`--runtime`);
- links every rule identifier written in a reader's page (prose, Gherkin, notes) to its rule
  ([`link_rule_ids`][battlebook.book.links.link_rule_ids]), in the page's article only;
- on a page of a game's rules, makes the first of each term in each section a link to its
  Glossary entry ([`link_terms`][battlebook.site.finish.link_terms]), which a keyboard reaches;
- writes the rulebook's own search index, `search/battlebook.json`, from the built pages and
  the rules' search words ([`write_index`][battlebook.site.search.write_index]): the search
  box reads it whatever builder made the site;
- gives every HTML page the same Content-Security-Policy, first in its `<head>`
  ([`POLICY`][battlebook.site.finish.POLICY]): script only from the site's own files, no
  inline script at all, no plugins. The theme's own inline scripts are files of the site
  (`overrides/partials/javascripts/`), so the policy is one fixed text: it never allows a
  script because a page happens to contain it;
- **checks** every HTML page: it fails the pass (and `make site`) when a page lacks the
  policy, or holds a live inline script, an event attribute (`onerror=...`) or a
  `javascript:` URL. The theme puts none there, so any is an injection that got past the
  generator's escaping and sanitizing. A chapter's article holding one id twice (a link to
  it would open the other) fails it too.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from battlebook.book.links import link_rule_ids
from battlebook.games import GAMES
from battlebook.site.search import write_index

#: The policy of every page. Script comes from the site's own files only ('self'): no inline
#: script, no event attribute, no `javascript:` URL runs. `'wasm-unsafe-eval'` lets "Try it"
#: compile the rules engine (Pyodide, WebAssembly); no JavaScript `eval` is allowed. Workers
#: (Try it's engine, the theme's search) come from the site's own files too (`worker-src`). No
#: plugin (`object-src`), and no `<base>` that would move the page's relative addresses.
POLICY = "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; object-src 'none'; base-uri 'self'"
META = f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
#: Where the in-page runtime is served in the site.
RUNTIME_URL = "try/runtime"

_HEAD = re.compile(r"<head(?:\s[^>]*)?>", re.IGNORECASE)
_ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">')
#: Attributes holding a URL a browser may follow or load.
URL_ATTRIBUTES = frozenset(
    ("href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcdoc", "background", "ping")
)
#: URL schemes that run script or make a document of their own.
SCRIPT_SCHEMES = re.compile(r"^(?:javascript:|vbscript:|data:text/html|data:application/xhtml)", re.IGNORECASE)
#: `<script type>` values that are script (an empty type too); any other type is data.
SCRIPT_TYPES = frozenset(("", "text/javascript", "application/javascript", "module", "text/ecmascript"))


def with_policy(page: str) -> str:
    """The page with the Content-Security-Policy `<meta>` first in its `<head>` (once).

    Examples:
        >>> with_policy("<html><head><title>x</title></head></html>").split("<title>")[0].endswith(META)
        True
    """
    if META in page:
        return page
    head = _HEAD.search(page)
    if head is None:
        return page
    return page[: head.end()] + META + page[head.end() :]


class _Scanner(HTMLParser):
    """Finds what could run script in a page: inline scripts, event attributes, script URLs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.policies: list[str] = []
        self._script: tuple[int, int] | None = None
        self._in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        where = f"line {self.getpos()[0]}"
        if tag == "head":
            self._in_head = True
        if tag == "meta" and values.get("http-equiv", "").lower() == "content-security-policy":
            self.policies.append(values.get("content", ""))
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"{where}: <{tag} {name}=...> (an event attribute)")
            squashed = "".join((value or "").split())
            if name in URL_ATTRIBUTES and SCRIPT_SCHEMES.match(squashed):
                self.found.append(f"{where}: <{tag} {name}={squashed[:60]!r}> (a script URL)")
        if tag == "script":
            kind = values.get("type", "").strip().lower()
            if "src" not in values and kind in SCRIPT_TYPES:
                self._script = self.getpos()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "script":
            self.handle_endtag(tag)

    def handle_data(self, data: str) -> None:
        if self._script is not None and data.strip():
            self.found.append(f"line {self._script[0]}: an inline <script>: {data.strip()[:60]!r}")
            self._script = None

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None


#: A tag as the prefilter sees it: its name, and everything up to its `>` outside quotes.
_TAG = re.compile(r"""<(?P<name>[a-zA-Z][^\s/>]*)(?P<attrs>(?:"[^"]*"|'[^']*'|[^'">])*)>""")
#: Where an attribute whose name starts with `on` may begin (as the parser reads attribute names).
_EVENT = re.compile(r"""(?:^|['"\s/])on""", re.IGNORECASE)
#: An attribute, as the parser reads one after a quote, a space or a slash.
_ATTRIBUTE = re.compile(r"""(?<=['"\s/])(?P<name>[^\s/>"'=][^\s/=>]*)(?:\s*=\s*(?P<value>"[^"]*"|'[^']*'|[^\s>]*))?""")


def _may_run(attrs: str) -> bool:
    """Whether a tag's attribute text may hold an event attribute, or a URL attribute whose value is a script URL."""
    for found in _ATTRIBUTE.finditer(" " + attrs):
        name = found["name"].lower()
        if name.startswith("on"):
            return True
        if name in URL_ATTRIBUTES and found["value"]:
            value = html.unescape(found["value"].strip("\"'"))
            if SCRIPT_SCHEMES.match("".join(value.split())) or "&" in value:
                return True
    return False


def looks_safe(page: str) -> bool:
    """Whether a cheap look at every tag of `page` finds nothing the full scan could object to.

    A prefilter that only ever errs on the side of scanning: a page it passes has the site's
    policy exactly once, no tag with an attribute that may be an event handler, no attribute
    text that may hold a script URL (a scheme or a character reference), and no `<script>`
    without `src` but data blocks. Any other page gets the full scan of `page_problems`.

    Examples:
        >>> looks_safe(with_policy('<head></head><a class="md-button" href="../x/">on</a><script src="a.js"></script>'))
        True
        >>> looks_safe(with_policy('<head></head><img src=x onerror=alert(1)>')), looks_safe("<head></head>")
        (False, False)
    """
    if page.count(META) != 1 or page.lower().count("content-security-policy") != 1:
        return False
    for tag in _TAG.finditer(page):
        attrs = tag["attrs"]
        if not attrs:
            continue
        if (_EVENT.search(attrs) or ":" in attrs or "&" in attrs) and _may_run(attrs):
            return False
        if tag["name"].lower() == "script" and "src=" not in attrs and 'type="application/json"' not in attrs:
            return False
    return not re.search(r"<script\s*>", page, re.IGNORECASE)


def page_problems(page: str) -> list[str]:
    """What makes a built page unsafe to publish: no policy (or another one), or markup that would run script.

    Examples:
        >>> page_problems(with_policy("<html><head></head><body><p>ok</p></body></html>"))
        []
        >>> page_problems("<html><head></head><body><img src=x onerror=alert(1)></body></html>")
        ['no Content-Security-Policy', 'line 1: <img onerror=...> (an event attribute)']
        >>> page_problems(with_policy('<head></head><a href=" java script:x">a</a><script>alert(1)</script>'))
        ["line 1: <a href='javascript:x'> (a script URL)", "line 1: an inline <script>: 'alert(1)'"]
    """
    if looks_safe(page):
        return []
    return full_scan(page)


def full_scan(page: str) -> list[str]:
    """`page_problems` without the prefilter: the page read by an HTML parser, every tag and attribute looked at."""
    scanner = _Scanner()
    scanner.feed(page)
    scanner.close()
    problems: list[str] = []
    if not scanner.policies:
        problems.append("no Content-Security-Policy")
    elif any(policy != POLICY for policy in scanner.policies):
        problems.append(f"a Content-Security-Policy other than the site's: {scanner.policies}")
    return problems + scanner.found


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
        """The data the generator wrote at `path`."""
        data: Any = json.loads(path.read_text(encoding="utf-8"))
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


def html_pages(site: Path) -> Iterable[Path]:
    """Every HTML file of the built site."""
    return sorted(site.rglob("*.html"))


def finish(site: Path, data: SiteData | None, runtime: Path | None = None) -> list[str]:
    """Make the built `site` safe and link its rules (see the module's description); return what the check found.

    Every page is given the policy and its rule links before any is checked, so the list
    names every unsafe page, not only the first.
    """
    problems: list[str] = []
    if runtime is not None:
        if (runtime / "manifest.json").is_file():
            target = site / RUNTIME_URL
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(runtime, target)
        else:
            problems.append(f"no in-page runtime at {runtime}: run `make runtime` (Try it cannot run without it)")
    for path in html_pages(site):
        page = path.read_text(encoding="utf-8", errors="replace")
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
            path.write_text(new, encoding="utf-8")
        problems += [f"{path.relative_to(site).as_posix()}: {problem}" for problem in page_problems(new)]
        if data is not None and here in data.linked_pages and here.startswith("rulebook/"):
            article = _ARTICLE.search(new)
            body = new[article.end() : new.find("</article>", article.end())] if article else ""
            problems += [
                f"{path.relative_to(site).as_posix()}: the page holds the id {anchor!r} twice: "
                "a link to it opens the first"
                for anchor in twice_used_ids(body)
            ]
    if data is not None:
        write_index(site, data.search_words, {name: game.title for name, game in GAMES.items()})
    return problems


def check(site: Path) -> list[str]:
    """What the check finds in the built `site`, changing nothing (see `page_problems`)."""
    return [
        f"{path.relative_to(site).as_posix()}: {problem}"
        for path in html_pages(site)
        for problem in page_problems(path.read_text(encoding="utf-8", errors="replace"))
    ]
