"""Rule identifiers in a page's text are linked exactly as the first, slower implementation linked them.

`link_rule_ids` runs over every reader's page of the site, so it was rewritten to make one
regular-expression pass; the rewrite is held to the original (kept here as the oracle) on
tricky pages and on generated ones.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from battlebook.book.links import RULE_ID, link_rule_ids

URLS = {"homm.swat": "../swat/#homm.swat", "heroscape.range": "r/#heroscape.range", "ruling.die-faces": "d/"}


def original(page_html: str, rule_urls: Mapping[str, str]) -> str:
    """The implementation before the rewrite: split at tags, track the unlinked elements, link in text parts."""
    parts = re.split(r"(<[^>]+>)", page_html)
    depth = 0
    skip_tags = ("a", "h1", "h2", "h3", "h4", "h5", "h6", "title", "script", "style", "svg", "textarea")
    for index, part in enumerate(parts):
        if part.startswith("<"):
            name = re.match(r"</?\s*([a-zA-Z0-9]+)", part)
            if name and name[1].lower() in skip_tags and not part.endswith("/>"):
                depth += -1 if part.startswith("</") else 1
            continue
        if depth > 0 or "." not in part:
            continue

        def link(match: re.Match[str]) -> str:
            url = rule_urls.get(match[0])
            if url is None:
                return match[0]
            return f'<a class="bb-rule-link" href="{html.escape(url)}">{match[0]}</a>'

        parts[index] = RULE_ID.sub(link, part)
    return "".join(parts)


TRICKY = [
    "<p>Rule homm.swat, and heroscape.range.</p>",
    '<p title="homm.swat">x homm.swat</p>',
    "<a href='#'>homm.swat</a> homm.swat <A>homm.swat</A>",
    "<h2 id='homm.swat'>homm.swat</h2><p>homm.swat</p>",
    "<svg><text>homm.swat</text></svg>homm.swat<br/>homm.swat",
    "<a/>homm.swat</ a>homm.swat< /a>homm.swat",
    "text < homm.swat > more homm.swat",
    "<>homm.swat<<p>>homm.swat",
    "<!-- homm.swat --> homm.swat <script>var x = 'homm.swat'</script>",
    "homm.swat-x x.homm.swat #homm.swat /homm.swat ruling.die-faces. unknown.rule homm.swatting",
    "</a></a>homm.swat<a>homm.swat",
    "<textarea\n>homm.swat</textarea\n>homm.swat",
]


def test_tricky_pages_are_linked_as_before() -> None:
    for page in TRICKY:
        assert link_rule_ids(page, URLS) == original(page, URLS), page


PIECES = st.sampled_from(
    [
        "<p>",
        "</p>",
        "<a href='x'>",
        "</a>",
        "<a/>",
        "<h3>",
        "</h3>",
        "< /a>",
        "</ a>",
        "<svg>",
        "</svg>",
        "<br/>",
        "<",
        ">",
        "<>",
        "/",
        " ",
        ".",
        "-",
        "#",
        "x",
        "homm.swat",
        "heroscape.range",
        "ruling.die-faces",
        "homm.",
        "swat",
        "<code>",
        "</code>",
        "<TITLE>",
        "</title>",
        "\n",
        '="homm.swat"',
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=40).map("".join))
def test_generated_pages_are_linked_as_before(page: str) -> None:
    assert link_rule_ids(page, URLS) == original(page, URLS)
