"""The site's gate: every published file a browser renders, read by an HTML5 parser as the browser reads it.

One parser does every part of the work: [Lexbor](https://lexbor.com) (through `selectolax`),
which builds the tree the HTML Standard prescribes, with scripting enabled as in a reader's
browser (a `<noscript>`'s content is text, as Chromium reads it). No regular expression or
text search decides anything here: a comment the browser ends at `--!>`, a `</noscript>` in
an attribute, a `<style>` in `<svg>` all come out of the parser as the browser has them.

- [`with_policy`][battlebook.site.gate.with_policy] puts the site's Content-Security-Policy
  ([`POLICY`][battlebook.site.gate.POLICY]) as the first element of the page's `<head>` in
  the parsed tree, and writes the tree out: whatever the page held before, the policy is in
  force before any of it is read.
- [`page_problems`][battlebook.site.gate.page_problems] refuses a page whose first element
  of `<head>` is not that policy, or that holds anything able to run script or leave the
  site: any event attribute (`on*`), `srcdoc`, an inline or foreign `<script>` (the site's
  own scripts are files of the site: `<script src>` naming one; a JSON data block is data),
  `<iframe>`, `<object>`, `<embed>`, `<base>`, `<noscript>`, a `<meta http-equiv>` other than
  the policy (a refresh, another policy), SVG animation (`<set>`, `<animate>`...), a
  `<style>` element (in `<svg>` or `<math>` too: the site's styles are its files), and any
  URL whose scheme is not http(s) or mailto (read as the browser reads a URL: tabs and
  line breaks taken out, leading spaces and control characters dropped). A `data:` image
  is allowed where an image is loaded.
- [`xml_problems`][battlebook.site.gate.xml_problems] does the same for the XML files a
  browser renders (SVG, XHTML, XML such as the sitemap), which carry no policy: no script
  of any kind, no entity declarations, no style sheet processing instruction, no element
  or attribute in a namespace the parser could read otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser, LexborNode

#: The policy of every page. Everything comes from the site itself (`default-src 'self'`):
#: script from the site's own files only, no inline script, no event attribute, no
#: `javascript:` URL runs; `'wasm-unsafe-eval'` lets "Try it" compile the rules engine
#: (Pyodide, WebAssembly), with no JavaScript `eval`. Styles and fonts are the site's files
#: (a `style` attribute is allowed: a table's column alignment is one; a `<style>` element is
#: not, and the gate refuses one); images the site's files and `data:` images (the theme's icons); no frame, no plugin
#: (`object-src`), no `<base>` moving the page's addresses, no form sending the reader
#: elsewhere (`form-action`). (`frame-ancestors` is not there: a browser ignores it in a
#: `<meta>` policy; only a server's header can give it.)
POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; "
    "style-src-attr 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; media-src 'self'; frame-src 'none'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'"
)
#: The policy element as written first in every page's `<head>`.
META = f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'

#: The suffixes of files a browser renders as an HTML document (with the policy).
HTML_SUFFIXES = frozenset((".html", ".htm", ".shtml"))
#: The suffixes of files a browser renders as an XML document (no policy can be given: no script at all).
XML_SUFFIXES = frozenset((".xhtml", ".xht", ".svg", ".xml", ".xsl", ".xslt", ".rss", ".atom", ".mml"))
#: Suffixes of files a browser would run or render as a document of its own kind, which the site never serves.
REFUSED_SUFFIXES = frozenset((".svgz", ".mht", ".mhtml", ".swf", ".hta", ".jar", ".xbl"))

#: Elements that run script, load a document or plugin, move the page's addresses, or animate SVG attributes.
REFUSED_ELEMENTS = frozenset(
    (
        "iframe",
        "frame",
        "frameset",
        "object",
        "embed",
        "applet",
        "base",
        "noscript",
        "portal",
        "fencedframe",
        "set",
        "animate",
        "animatemotion",
        "animatetransform",
        "animatecolor",
        "handler",
        "listener",
        "import",
        "xml",
        "param",
    )
)
#: Attributes holding one URL a browser may follow or load.
URL_ATTRIBUTES = frozenset(
    (
        "href",
        "src",
        "action",
        "formaction",
        "xlink:href",
        "data",
        "poster",
        "background",
        "cite",
        "longdesc",
        "usemap",
        "manifest",
        "codebase",
        "classid",
        "profile",
        "icon",
        "lowsrc",
        "dynsrc",
        "itemtype",
        "xml:base",
    )
)
#: Attributes holding several URLs (a `srcset`'s candidates, `ping`'s list).
URL_LIST_ATTRIBUTES = frozenset(("srcset", "imagesrcset", "ping", "archive"))
#: Attributes that are a document or script of their own.
REFUSED_ATTRIBUTES = frozenset(("srcdoc", "attributename", "xmlns:xlink:href"))
#: The URL schemes a page may use anywhere; `data:` only for an image loaded as one (`IMAGE_SOURCES`).
SCHEMES = frozenset(("http", "https", "mailto"))
#: Where a `data:` URL is an image (read as an image, never run).
IMAGE_SOURCES = frozenset((("img", "src"), ("source", "srcset"), ("img", "srcset"), ("image", "href")))
_DATA_IMAGE = re.compile(r"data:image/(?:png|gif|jpeg|webp|avif|svg\+xml)[;,]", re.IGNORECASE)
#: A URL's scheme, as the URL parser reads one: a letter, then letters, digits, `+`, `-` or `.`, then a colon.
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*):")
#: `<meta http-equiv>` values a page may hold besides its policy: none changes what runs or where the reader goes.
HARMLESS_EQUIV = frozenset(("content-type", "x-ua-compatible", "content-language"))


def parse(page: str) -> LexborHTMLParser:
    """The page as a browser's HTML parser makes it, scripting enabled."""
    return LexborHTMLParser(page, scripting=True)


def _policy_element(node: LexborNode | None) -> bool:
    """Whether `node` is the site's policy element, exactly."""
    if node is None or node.tag != "meta":
        return False
    attributes = node.attributes
    equiv = (attributes.get("http-equiv") or "").strip().lower()
    return equiv == "content-security-policy" and attributes.get("content") == POLICY and len(attributes) == 2


def _first_element(parent: LexborNode | None) -> LexborNode | None:
    """The first child of `parent` that is an element (text and comments skipped)."""
    node = parent.child if parent is not None else None
    while node is not None and not node.is_element_node:
        node = node.next
    return node


def with_policy(page: str) -> str:
    """The page with the site's policy as the first element of its `<head>`, put there in the parsed tree.

    A page already opening its `<head>` with the policy is returned as it is; any other is
    parsed, given the policy element first in `<head>` (the parser makes a `<head>` for a page
    that has none), and written out from the tree.

    Examples:
        >>> with_policy("<html><head><title>x</title></head></html>").split("<title>")[0].endswith(META)
        True
        >>> page = with_policy("<title>x</title><p>" + META)
        >>> page.index(META) < page.index("<title>"), page_problems(page)
        (True, ["<meta> in html/body/p: a policy other than the site's"])
    """
    tree = parse(page)
    head = tree.head
    if head is None:  # pragma: no cover - the parser always makes one
        return page
    first = _first_element(head)
    if _policy_element(first):
        return page
    policy = tree.create_node("meta")
    policy.attrs["http-equiv"] = "Content-Security-Policy"
    policy.attrs["content"] = POLICY
    if head.child is None:
        head.insert_child(policy)
    else:
        head.child.insert_before(policy)
    return tree.html or page


@dataclass(frozen=True)
class _Seen:
    """An element as the checks see it: its tag, its attributes, the tags of its ancestors."""

    node: LexborNode
    ancestors: tuple[str, ...]


def _elements(root: LexborNode, ancestors: tuple[str, ...] = ()) -> Iterator[_Seen]:
    """Every element under `root` (itself included), with its ancestors' tags; templates' contents too."""
    stack: list[tuple[LexborNode, tuple[str, ...]]] = [(root, ancestors)]
    while stack:
        node, above = stack.pop()
        if node.is_element_node:
            yield _Seen(node, above)
            above = (*above, node.tag or "")
            if node.tag == "template":
                stack += [(fragment, above) for fragment in node.template_fragments()]
        child = node.last_child
        while child is not None:
            stack.append((child, above))
            child = child.prev


def _bad_url(value: str, tag: str, attribute: str) -> str | None:
    """Why a URL attribute's value is refused, or `None`: read as the URL parser reads it."""
    squashed = "".join(value.split("\t")).replace("\n", "").replace("\r", "")
    squashed = squashed.strip("".join(chr(c) for c in range(0x21)))
    scheme = _SCHEME.match(squashed)
    if scheme is None:
        return None
    name = scheme[1].lower()
    if name in SCHEMES:
        return None
    if name == "data" and (tag, attribute) in IMAGE_SOURCES and _DATA_IMAGE.match(squashed):
        return None
    return f"a {name}: URL"


def _url_list(value: str, attribute: str) -> list[str]:
    """The URLs of a list attribute: a `srcset`'s candidates (each URL before its size), `ping`'s words."""
    if attribute in ("srcset", "imagesrcset"):
        return [part.split()[0] for part in value.split(",") if part.split()]
    return value.split()


def _where(seen: _Seen) -> str:
    tag = seen.node.tag or "?"
    path = "/".join(seen.ancestors[-3:])
    return f"<{tag}> in {path}" if path else f"<{tag}>"


def element_problems(seen: _Seen, xml: bool = False) -> list[str]:
    """What makes one element unsafe: see the module's description."""
    node = seen.node
    tag = (node.tag or "").lower()
    where = _where(seen)
    attributes = node.attributes
    problems: list[str] = []
    if tag in REFUSED_ELEMENTS:
        problems.append(f"{where}: an element that may run script or load a document")
    if tag == "style":
        inside = {"svg", "math"} & set(seen.ancestors)
        problems.append(f"{where}: a <style> in SVG or MathML" if inside else f"{where}: an inline <style>")
    if tag == "meta" and attributes.get("http-equiv") is not None:
        equiv = (attributes.get("http-equiv") or "").strip().lower()
        if equiv == "content-security-policy":
            if not _policy_element(node) or seen.ancestors[-1:] != ("head",):
                problems.append(f"{where}: a policy other than the site's")
        elif equiv not in HARMLESS_EQUIV:
            problems.append(f"{where}: <meta http-equiv={equiv[:40]!r}>")
    if tag == "script" or tag.endswith(":script"):
        problems += _script_problems(node, where, xml)
    if xml and ":" in tag:
        problems.append(f"{where}: an element in a namespace of its own")
    for name, value in attributes.items():
        lowered = name.lower()
        text = value or ""
        if lowered.startswith("on") or lowered.split(":")[-1].startswith("on"):
            problems.append(f"{where}: an event attribute {name}=...")
        elif lowered in REFUSED_ATTRIBUTES:
            problems.append(f"{where}: the attribute {name}")
        elif xml and ":" in lowered and lowered not in ("xlink:href", "xml:lang", "xml:space", "xmlns:xlink"):
            problems.append(f"{where}: an attribute in a namespace of its own ({name})")
        elif lowered in URL_ATTRIBUTES or lowered.endswith(":href"):
            bad = _bad_url(text, tag, lowered)
            if bad:
                problems.append(f"{where}: {name}={text[:60]!r} ({bad})")
        elif lowered in URL_LIST_ATTRIBUTES:
            for url in _url_list(text, lowered):
                bad = _bad_url(url, tag, lowered)
                if bad:
                    problems.append(f"{where}: {name}={url[:60]!r} ({bad})")
    return problems


#: `<script type>` values of a data block the site writes (the theme's configuration): never run.
DATA_SCRIPT_TYPES = frozenset(("application/json",))


def _script_problems(node: LexborNode, where: str, xml: bool) -> list[str]:
    """A script is the site's own file (`src` a relative URL, no text), or a JSON data block; nothing else."""
    if xml:
        return [f"{where}: a script in a file that carries no policy"]
    attributes = node.attributes
    kind = attributes.get("type")
    text = node.text(deep=True) or ""
    if kind is not None and kind.strip().lower() in DATA_SCRIPT_TYPES and "src" not in attributes:
        return []
    if kind is not None and kind.strip().lower() not in ("", "text/javascript", "module"):
        return [f"{where}: a <script type={kind[:40]!r}>: {text.strip()[:60]!r}"]
    if text.strip():
        return [f"{where}: an inline <script>: {text.strip()[:60]!r}"]
    source = attributes.get("src")
    if not source:
        return [f"{where}: a <script> with no file"]
    squashed = "".join(source.split())
    if _SCHEME.match(squashed) or squashed.startswith(("//", "\\")) or "\\" in squashed:
        return [f"{where}: a <script> from elsewhere: {source[:60]!r}"]
    return []


def page_problems(page: str) -> list[str]:
    """What makes a built HTML page unsafe to publish (see the module's description); empty when it is safe.

    Examples:
        >>> page_problems(with_policy("<html><head></head><body><p>ok</p></body></html>"))
        []
        >>> for problem in page_problems("<head></head><img src=x onerror=alert(1)>"):
        ...     print(problem)
        the first element of <head> is not the site's Content-Security-Policy
        <img> in html/body: an event attribute onerror=...
        >>> for problem in page_problems(with_policy('<a href=" JaVaScript:x">a</a><!--><script>x()</script>')):
        ...     print(problem)
        <a> in html/body: href=' JaVaScript:x' (a javascript: URL)
        <script> in html/body: an inline <script>: 'x()'

    """
    tree = parse(page)
    problems = []
    if not _policy_element(_first_element(tree.head)):
        problems.append("the first element of <head> is not the site's Content-Security-Policy")
    root = tree.root
    if root is not None:
        for seen in _elements(root):
            problems += element_problems(seen)
    return problems


#: What a browser's XML parser reads that an HTML parser does not: declarations that can
#: make markup out of text, and style sheets that transform the document.
_XML_ONLY = re.compile(r"<!ENTITY|<!DOCTYPE[^>]*\[|<\?xml-stylesheet|<!\[CDATA\[", re.IGNORECASE)
_XML_ENCODING = re.compile(r"""<\?xml[^>]*encoding\s*=\s*["']\s*(?!utf-?8\s*["'])""", re.IGNORECASE)


def xml_problems(text: str) -> list[str]:
    """What makes an XML file a browser renders (SVG, XHTML, the sitemap) unsafe: it carries no policy.

    The file is read by the same HTML5 parser; what only an XML parser would read (entity
    declarations, a `<![CDATA[` section, a style sheet instruction, another encoding) is
    refused before it, and so is any script and any element or attribute in a namespace
    (a prefix the XML parser could map to XHTML or SVG).

    Examples:
        >>> xml_problems('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>')
        []
        >>> xml_problems('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
        ['<script> in html/body/svg: a script in a file that carries no policy']
    """
    problems = []
    found = _XML_ONLY.search(text) or _XML_ENCODING.search(text)
    if found:
        problems.append(f"{found[0][:20]!r}: XML markup an HTML parser does not read as a browser's XML parser does")
    root = parse(text).root
    if root is not None:
        for seen in _elements(root):
            problems += element_problems(seen, xml=True)
    return problems
