"""Untrusted text on the rulebook's pages: names shown as text, descriptions sanitized.

Feature files come from strangers, so nothing in them may run as script on a page.
Two kinds of text reach the pages:

- **names** (of features, rules, examples, files, stacks, units, figures) are plain text.
  Where one enters HTML, [`html_text`][battlebook.book.prose.html_text] escapes it; where it
  enters Markdown that a page is rendered from, [`markdown_text`][battlebook.book.prose.markdown_text]
  escapes it for both HTML and Markdown, so no tag, link, emphasis or attribute list
  (`{ onclick=... }`) can come of it.
- **descriptions** (of features, rules and examples) are Markdown. They are written into the
  page between two markers holding a number drawn afresh for each build
  ([`prose_block`][battlebook.book.prose.prose_block]), and once MkDocs has rendered the page,
  [`sanitize_page`][battlebook.book.prose.sanitize_page] cleans the HTML between the markers
  with [nh3](https://nh3.readthedocs.io) (the Ammonia sanitizer): it keeps what a rulebook
  needs (emphasis, lists, tables, headings, code, links to http(s) and to other pages of
  the site) and drops every other tag, every event attribute and every other URL scheme. Of
  the Markdown directives, only the project's own act in a description (`[text](rule:<id>)`
  links); a `:::` line (which would make mkdocstrings document any installed module) stays text.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
import secrets
from collections.abc import Callable

from battlebook.visible import visible

#: Drawn once per build: a description cannot forge the marker that closes its block.
NONCE = secrets.token_hex(12)
OPEN = f"<!-- bb-prose {NONCE} -->"
CLOSE = f"<!-- /bb-prose {NONCE} -->"

#: Characters Markdown (with the site's extensions) may act on; written as character references.
_MARKDOWN_ACTIVE = re.compile(r"[\\`*_{}\[\]()#+!|~^=:<>&\"'$]")

TAGS = {
    "p", "br", "hr", "em", "strong", "b", "i", "code", "pre", "kbd", "sub", "sup", "del", "ins", "mark",
    "blockquote", "ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tr", "th", "td",
    "h1", "h2", "h3", "h4", "h5", "h6", "a", "span", "div", "abbr", "details", "summary",
}  # fmt: skip
ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "th": {"align", "style"},
    "td": {"align", "style"},
    "h1": {"id"}, "h2": {"id"}, "h3": {"id"}, "h4": {"id"}, "h5": {"id"}, "h6": {"id"},
    "ol": {"start"},
    "span": {"class"},
    "code": {"class"},
    "pre": {"class"},
    "div": {"class"},
}  # fmt: skip
#: Classes of code highlighting (Pygments' short names) and of the headings' permalinks;
#: never a class of the site's own badges (`bb-...`) or theme (`md-...`), which a description
#: could otherwise use to pass for a result.
_SAFE_CLASS = re.compile(r"^(?:highlight|headerlink|language-[a-z0-9+-]+|[a-z]{1,3}[0-9]?)$")


def html_text(text: str) -> str:
    r"""`text` escaped for HTML element content or a quoted attribute, its invisible characters made visible.

    Control characters and bidirectional overrides are written as escapes (`\u202e`, see
    [`visible`][battlebook.visible.visible]): a name cannot turn the text after it around.

    Examples:
        >>> html_text('<script>alert("x")</script>')
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'
    """
    return html.escape(visible(text), quote=True)


def markdown_text(text: str) -> str:
    r"""`text` for a line of Markdown, where it must come out as exactly this text.

    Every character Markdown or its extensions may act on is written as a character
    reference, so no tag, link, emphasis, code span or attribute list comes of it.

    Examples:
        >>> markdown_text("X<img src=x onerror=alert(1)> {: onclick=go }")
        'X&#60;img src&#61;x onerror&#61;alert&#40;1&#41;&#62; &#123;&#58; onclick&#61;go &#125;'
        >>> markdown_text("Heroes of Might & Magic")
        'Heroes of Might &#38; Magic'
    """
    shown = visible(text.replace("\r", " ").replace("\n", " "))
    return _MARKDOWN_ACTIVE.sub(lambda match: f"&#{ord(match.group())};", shown)


#: What may open a line before its content: blockquote markers, list markers, indentation.
_CONTAINER = re.compile(r"[ \t]*(?:>|(?:[-*+:]|[0-9]{1,9}[.)])(?=[ \t]))[ \t]?")
_HEADING = re.compile(r"[ \t]*(?:#{1,6}[ \t]*)?")
_FENCE = re.compile(r"(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
#: A code span: a run of backticks, then the shortest text up to a run of the same length.
_CODE_SPAN = re.compile(r"(?<!`)(?P<ticks>`+)(?!`)(?P<code>.+?)(?<!`)(?P=ticks)(?!`)", re.DOTALL)
#: An autolink (`<https://example.org>`): the one use of `<` a description keeps.
_AUTOLINK = re.compile(r"<https?://[^\s<>]+>")


def _content_start(line: str, heading: bool = False) -> int:
    """Where a line's own content starts, after any blockquote and list markers (and a heading's hashes)."""
    index = 0
    while (found := _CONTAINER.match(line, index)) and found.end() > index:
        index = found.end()
    hashes = _HEADING.match(line, index) if heading else None
    return hashes.end() if hashes else index


def neutralize_directives(markdown: str) -> str:
    r"""`markdown` with every line that would call another extension's directive made text.

    A `::: module` line asks mkdocstrings to document any installed module, at the start of a
    line or of a line's content inside a blockquote, a list or an admonition; its first colon
    becomes a character reference, so the line shows as written. Code is left as written.

    Examples:
        >>> neutralize_directives("prose\n  ::: math\n## ::: os\n> ::: math\n- > 1. ::: math")
        'prose\n  &#58;:: math\n## &#58;:: os\n> &#58;:: math\n- > 1. &#58;:: math'
    """
    return "\n".join(
        part if is_code else "\n".join(_neutral_line(line) for line in part.split("\n"))
        for part, is_code in _split_fences(markdown)
    )


def _neutral_line(line: str) -> str:
    start = _content_start(line, heading=True)
    return line[:start] + "&#58;" + line[start + 1 :] if line.startswith(":::", start) else line


def _split_fences(markdown: str) -> list[tuple[str, bool]]:
    """The text in parts, each a run of lines outside fenced code (False) or a fenced block (True).

    A fence left open runs to the end, as Markdown reads it;
    [`close_fences`][battlebook.book.prose.close_fences] closes it first.
    """
    parts: list[tuple[list[str], bool]] = []
    fence: str | None = None
    for line in markdown.split("\n"):
        start = _content_start(line)
        found = _FENCE.match(line, start) if fence is None else None
        if fence is None and found and not (found["fence"][0] == "`" and "`" in found["info"]):
            fence = found["fence"]
            parts.append(([line], True))
            continue
        if fence is not None:
            parts[-1][0].append(line)
            rest = line[start:].strip()
            if rest and rest.strip(fence[0]) == "" and len(rest) >= len(fence):
                fence = None
            continue
        if parts and not parts[-1][1]:
            parts[-1][0].append(line)
        else:
            parts.append(([line], False))
    return [("\n".join(lines), is_code) for lines, is_code in parts]


def close_fences(markdown: str) -> str:
    r"""`markdown` with a fenced code block left open closed at its end.

    Left open, a fence runs to the end of the page: the examples, anchors and notes after the
    description would all become code.

    Examples:
        >>> close_fences("text\n```\ncode")
        'text\n```\ncode\n```'
        >>> close_fences("> ~~~~\n> quoted")
        '> ~~~~\n> quoted\n> ~~~~'
    """
    parts = _split_fences(markdown)
    last, is_code = parts[-1] if parts else ("", False)
    lines = last.split("\n")
    if not is_code:
        return markdown
    opening = lines[0]
    start = _content_start(opening)
    fence = _FENCE.match(opening, start)
    assert fence is not None
    closer = opening[:start] + fence["fence"]
    if len(lines) > 1 and lines[-1][_content_start(lines[-1]) :].strip() == fence["fence"]:
        return markdown  # closed on its last line
    return markdown + "\n" + closer


def escape_html(markdown: str) -> str:
    r"""`markdown` with every `<` outside code written as `&lt;`: no raw HTML comes of a description.

    A raw HTML block left open (`<div>`, `<pre>`, `<!--`) would run to the end of the page,
    taking the examples with it; the sanitizer would drop what it holds anyway. An autolink
    (`<https://...>`) and code are kept as written.

    Examples:
        >>> escape_html("a <div> b `<code>` <https://example.org>")
        'a &lt;div> b `<code>` <https://example.org>'
    """
    return outside_code(markdown, _escape_lt)


def _escape_lt(text: str) -> str:
    kept = _AUTOLINK.split(text)
    links = _AUTOLINK.findall(text)
    return "".join(piece.replace("<", "&lt;") + (links[i] if i < len(links) else "") for i, piece in enumerate(kept))


def outside_code(markdown: str, change: Callable[[str], str]) -> str:
    r"""`markdown` with `change` applied to its text outside fenced code blocks and code spans.

    Examples:
        >>> outside_code("a `a` a\n```\na\n```", str.upper)
        'A `a` A\n```\na\n```'
    """
    parts = []
    for part, is_code in _split_fences(markdown):
        if is_code:
            parts.append(part)
            continue
        pieces: list[str] = []
        done = 0
        for span in _CODE_SPAN.finditer(part):
            pieces += [change(part[done : span.start()]), span[0]]
            done = span.end()
        pieces.append(change(part[done:]))
        parts.append("".join(pieces))
    return "\n".join(parts)


def in_descriptions(page: str, change: Callable[[str], str]) -> str:
    """A page's Markdown with `change` applied to the descriptions it holds (between the prose markers) alone.

    Examples:
        >>> in_descriptions(f"a {prose_block('b')} c", str.upper)[-3:], in_descriptions(f"a {OPEN}b", str.upper)[:2]
        ('> c', 'a ')
    """
    out: list[str] = []
    rest = page
    while (start := rest.find(OPEN)) != -1:
        end = rest.find(CLOSE, start)
        end = len(rest) if end == -1 else end
        out += [rest[: start + len(OPEN)], change(rest[start + len(OPEN) : end])]
        rest = rest[end:]
    out.append(rest)
    return "".join(out)


def prose_block(markdown: str) -> str:
    """A description as Markdown for a page, between the markers that get it sanitized after rendering.

    Its fences are closed, its raw HTML shown as text, and other extensions' directives made
    text, so nothing in it reaches past its own block.
    """
    return f"{OPEN}\n\n{neutralize_directives(escape_html(close_fences(markdown)))}\n\n{CLOSE}"


def _keep_attribute(tag: str, attribute: str, value: str) -> str | None:
    if attribute == "class":
        kept = [name for name in value.split() if _SAFE_CLASS.match(name)]
        return " ".join(kept) or None
    if attribute == "style":
        return value if re.fullmatch(r"text-align:\s*(?:left|right|center);?", value.strip()) else None
    return value


def clean_html(fragment: str) -> str:
    """An HTML fragment with only the tags, attributes and URL schemes a rulebook's prose needs.

    Examples:
        >>> clean_html('<p onclick="x()">Hi <a href="javascript:alert(1)">x</a> <script>alert(1)</script></p>')
        '<p>Hi <a rel="noopener noreferrer">x</a> </p>'
        >>> print(clean_html('<a href="https://example.org">ok</a> <a href="../melee/#homm.melee-attack">rule</a>'))
        <a href="https://example.org" ...>ok</a> <a href="../melee/#homm.melee-attack" ...>rule</a>
    """
    import nh3  # imported here: only the site build needs the sanitizer

    return nh3.clean(
        fragment,
        tags=TAGS,
        clean_content_tags={"script", "style"},
        attributes=ATTRIBUTES,
        attribute_filter=_keep_attribute,
        url_schemes={"http", "https"},
        strip_comments=True,
    )


def sanitize_page(page_html: str) -> str:
    """The HTML of a rendered page with every description block cleaned by `clean_html`.

    A block whose closing marker is missing (a description that swallowed it, in an
    unclosed code block say) is cleaned to the end of the page.

    Examples:
        >>> sanitize_page(f"<h1>T</h1>{OPEN}<p onclick='x'>a</p>{CLOSE}<p class='bb-x'>b</p>")
        "<h1>T</h1><p>a</p><p class='bb-x'>b</p>"
    """
    out: list[str] = []
    rest = page_html
    while (start := rest.find(OPEN)) != -1:
        out.append(rest[:start])
        rest = rest[start + len(OPEN) :]
        end = rest.find(CLOSE)
        if end == -1:
            out.append(clean_html(rest))
            rest = ""
        else:
            out.append(clean_html(rest[:end]))
            rest = rest[end + len(CLOSE) :]
    out.append(rest)
    return "".join(out)


def markdown_code(text: str) -> str:
    """`text` as a Markdown code span, whatever backticks it holds.

    Examples:
        >>> markdown_code("Then zz ` <b> `"), markdown_code("plain")
        ('`` Then zz ` <b> ` ``', '`plain`')
    """
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    if not longest:
        return f"`{text}`"
    ticks = "`" * (longest + 1)
    return f"{ticks} {text} {ticks}"


def code_fence(text: str) -> str:
    """A fence of backticks longer than any run of backticks in `text`, so `text` cannot close it.

    Examples:
        >>> code_fence("no ticks"), code_fence("a ```` b")
        ('```', '`````')
    """
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


_PLAIN_PART = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def page_part(name: str) -> str:
    """A folder or file name as a part of a page's address: as it is when plain, else slugged with a digest.

    Examples:
        >>> page_part("melee"), page_part("<img src=x onerror=alert(1)>")
        ('melee', 'img-src-x-onerror-alert-1-63b586b4')
    """
    if _PLAIN_PART.match(name) and ".." not in name:
        return name
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40].strip("-") or "page"
    return f"{slug}-{hashlib.sha256(name.encode('utf-8', 'surrogateescape')).hexdigest()[:8]}"


_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.DOTALL | re.IGNORECASE)
_CONTENT_START = '<article class="md-content__inner'
#: The sources a page may load script from besides its own origin: none. Pyodide (the
#: in-page runner of "Try it") compiles WebAssembly, and its loader evaluates generated
#: code, so eval stays allowed; inline script and event attributes do not.
_POLICY = "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' {hashes}; object-src 'none'; base-uri 'self'"


def content_security_policy(page_html: str, *, inline_scripts: bool = False) -> str:
    """The page with a Content-Security-Policy `<meta>` first in its `<head>`: no inline script runs but the theme's.

    The theme (mkdocs-material) writes a few inline scripts of its own outside the page's
    content (its storage helpers, the colour palette); those are allowed by their SHA-256.
    Every other inline script, every event attribute (`onerror=...`) and every
    `javascript:` URL is refused by the browser, a second wall behind the escaping and the
    sanitizer. Data blocks (`<script type="application/json">`) are not script and need no hash.

    With `inline_scripts`, for the local preview of `make docs` only, every inline script may
    run: the preview's server adds one to each page it sends (its reload script, different on
    every request, so no hash can name it). The escaping and the sanitizer still stand; the
    built site never gets this policy.

    Examples:
        >>> page = '<html><head><script>var a=1</script></head><body>'
        >>> page += '<article class="md-content__inner"><script>alert(1)</script></article></body></html>'
        >>> policy = content_security_policy(page).split('content="', 1)[1].split('"', 1)[0]
        >>> policy.count("'sha256-")
        1
    """
    if inline_scripts:
        return _with_policy(page_html, _POLICY.format(hashes="'unsafe-inline'"))
    start = page_html.find(_CONTENT_START)
    end = page_html.rfind("</article>")
    hashes: list[str] = []
    for match in _SCRIPT.finditer(page_html):
        attrs = match["attrs"].lower()
        if "src=" in attrs or ("type=" in attrs and "javascript" not in attrs and "module" not in attrs):
            continue
        if start != -1 and start <= match.start() <= max(end, start):
            continue  # inside the page's content: never allowed
        digest = hashlib.sha256(match["body"].encode("utf-8")).digest()
        hashes.append(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")
    return _with_policy(page_html, _POLICY.format(hashes=" ".join(dict.fromkeys(hashes))))


def _with_policy(page_html: str, policy: str) -> str:
    """The page with the Content-Security-Policy `policy` in a `<meta>` first in its `<head>`."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    head = re.search(r"<head[^>]*>", page_html, re.IGNORECASE)
    if head is None:
        return page_html
    return page_html[: head.end()] + meta + page_html[head.end() :]
