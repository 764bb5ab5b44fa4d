"""The text of a built site, page by page: what a reader reads, whichever builder wrote the HTML.

Used to hold two builds to the same rulebook: `make test` compares the sites MkDocs and
ProperDocs built (`python -m tests.site_text site build/site-properdocs`), and the script
`benchmarks/site_compare.py` compares a build with an earlier one. A page's text is its
title and its article (the page's own content, without the theme's navigation), tags
dropped, character references read, white space collapsed; anchors' `#`/`¶` marks are left out.

Run as `python -m tests.site_text FIRST_SITE SECOND_SITE [PREFIX...]`: with prefixes
(`rulebook/ reference/`), only those pages. It prints each page only one site has and each
page whose text differs, with the first differences; exit status 1 when anything differs, or
when the first site has no page.
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path

#: Elements whose content is no text a reader reads.
SKIPPED = frozenset(("script", "style", "svg", "template"))


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0
        self.in_permalink = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag in SKIPPED:
            self.skipping += 1
        if tag == "a" and ("headerlink" in classes or "bb-anchor" in classes):
            self.in_permalink += 1
        if tag in ("p", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "br", "pre", "dt", "dd"):
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED and self.skipping:
            self.skipping -= 1
        if tag == "a" and self.in_permalink:
            self.in_permalink -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping and not self.in_permalink:
            self.parts.append(data)


def html_text(html: str) -> str:
    """The text of an HTML fragment, white space collapsed.

    Examples:
        >>> html_text('<h2 id="x">Melee <a class="headerlink" href="#x">¶</a></h2><p>A&nbsp;<b>b</b></p>')
        'Melee A b'
    """
    parser = _Text()
    parser.feed(html)
    parser.close()
    return " ".join("".join(parser.parts).split())


_ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">(?P<body>.*?)</article>', re.S)
_TITLE = re.compile(r"<title>(?P<title>.*?)</title>", re.S)


def page_text(html: str) -> str:
    """A built page's title and article, as text (the whole body when the theme writes no article)."""
    title = _TITLE.search(html)
    article = _ARTICLE.search(html)
    body = article["body"] if article else html.split("<body", 1)[-1]
    return (html_text(title["title"]) if title else "") + "\n" + html_text(body)


def site_pages(site: Path, prefixes: Iterable[str] = ("",)) -> dict[str, str]:
    """Each page of a built site under one of `prefixes` (its address, as `rulebook/homm/melee/`) -> its text."""
    wanted = tuple(prefixes)
    pages = {}
    for path in sorted(site.rglob("index.html")):
        address = path.parent.relative_to(site).as_posix() + "/"
        address = "" if address == "./" else address
        if address.startswith(wanted) and not address.startswith("try/"):
            pages[address] = page_text(path.read_text(encoding="utf-8", errors="replace"))
    return pages


def differences(old: dict[str, str], new: dict[str, str], context: int = 60) -> list[str]:
    """What differs between two sites' pages: pages only in one, and for each page the first place its text differs."""
    out = [f"only in the first: {page}" for page in sorted(set(old) - set(new))]
    out += [f"only in the second: {page}" for page in sorted(set(new) - set(old))]
    for page in sorted(set(old) & set(new)):
        a, b = old[page], new[page]
        if a == b:
            continue
        matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
        changes = [op for op in matcher.get_opcodes() if op[0] != "equal"]
        shown = []
        for tag, i1, i2, j1, j2 in changes[:3]:
            shown.append(
                f"{tag}: {a[max(0, i1 - 20) : i2 + 20][:context]!r} -> {b[max(0, j1 - 20) : j2 + 20][:context]!r}"
            )
        out.append(f"{page}: {len(changes)} changes; " + " | ".join(shown))
    return out


def main(argv: list[str]) -> int:
    """Compare the two sites named in `argv` (see the module's description)."""
    if len(argv) < 2:
        print(__doc__)
        return 2
    first, second, *prefixes = argv
    a = site_pages(Path(first), prefixes or ("",))
    b = site_pages(Path(second), prefixes or ("",))
    found = differences(a, b) + ([f"no page in {first}"] if not a else [])
    for line in found:
        print(line)
    print(f"{first} and {second}: {len(a)} and {len(b)} pages compared, {len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
