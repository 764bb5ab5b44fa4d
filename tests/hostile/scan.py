"""Find what a hostile payload would need in built HTML: its script, an event attribute, a bad URL."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

#: Attributes holding a URL a browser may follow or load.
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcdoc"}
SAFE_SCHEMES = ("http:", "https:", "mailto:", "#", "/", ".", "data:image/svg+xml", "data:image/png")


class _Scanner(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_script = tag == "script"
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}={value[:200]!r}>")
            squashed = "".join(value.split()).lower()
            if name in URL_ATTRIBUTES and ":" in squashed.split("/", 1)[0] and not squashed.startswith(SAFE_SCHEMES):
                self.found.append(f"<{tag} {name}={value[:200]!r}>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and "bbPwned" in data:
            self.found.append(f"<script> holding the payload: {data.strip()[:200]!r}")


def dangerous_markup(html: str) -> list[str]:
    """Every event attribute, non-http(s) link and payload script in `html`.

    >>> dangerous_markup('<p title="x">ok <a href="https://example.org">x</a></p>')
    []
    >>> dangerous_markup('<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>')
    ["<a href='javascript:alert(1)'>", "<img onerror='alert(1)'>"]
    """
    scanner = _Scanner()
    scanner.feed(html)
    scanner.close()
    return scanner.found


def dangerous_pages(site: Path) -> dict[str, list[str]]:
    """`dangerous_markup` of every HTML page under `site`, for the pages where it finds something."""
    out = {}
    for page in sorted(site.rglob("*.html")):
        found = dangerous_markup(page.read_text(encoding="utf-8", errors="replace"))
        if found:
            out[page.relative_to(site).as_posix()] = found
    return out
