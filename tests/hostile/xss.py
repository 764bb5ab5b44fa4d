"""A generated corpus of markup fragments that try to run script, for the site's gate (issue 36).

Each fragment is a vector (an element, attribute or URL that runs script in a browser)
varied the ways filters are known to be fooled: names in mixed case, other separators
(`/`, tab, form feed, line feed), other quotes or none, the `javascript:` scheme written with
character references, control characters, tabs and line breaks, and the vector wrapped in
what changes how a parser reads it (comments ended early by `<!-->` or `--!>`, `<svg>`,
`<math>`, `<noscript>`, `<template>`, raw-text elements, an attribute it tries to leave).

Every payload sets `window.bbPwned` (and opens a dialog where it can): a browser that ran
any of it shows it. [`fragments`][tests.hostile.xss.fragments] draws a reproducible set of
fragments from a seed; the property test (`tests/hostile/test_fourth_pass.py`) reads them
through the gate, and `tests/browser/test_gate.py` opens a sample of what the gate passes in
Chromium.
"""

from __future__ import annotations

import random
import re

#: The script every vector runs (no quotes: it fits in any attribute).
JS = "window.bbPwned=1,alert(1)"

#: Ways of writing `javascript:` that a browser's URL parser still reads as that scheme.
SCHEMES = [
    "javascript:",
    "JaVaScRiPt:",
    " javascript:",
    "&#1;javascript:",
    "\x01javascript:",
    "java&#9;script:",
    "java&#x09;script:",
    "java&#10;script:",
    "java&NewLine;script:",
    "java&Tab;script:",
    "&#106;avascript:",
    "&#x6A;avascript:",
    "&#0000106;avascript:",
    "javascript&colon;",
    "jav\tascript:",
    "\njavascript:",
]

#: Vectors: `{js}` is the script, `{url}` a script URL, `{sep}` a separator between a tag's name and attribute.
VECTORS = [
    "<img{sep}src=x{sep}onerror={q}{js}{q}>",
    "<svg{sep}onload={q}{js}{q}>",
    "<body{sep}onload={q}{js}{q}>",
    "<details{sep}open{sep}ontoggle={q}{js}{q}>",
    "<input{sep}autofocus{sep}onfocus={q}{js}{q}>",
    "<video><source{sep}onerror={q}{js}{q}></video>",
    "<audio{sep}src=x{sep}onerror={q}{js}{q}>",
    "<marquee{sep}onstart={q}{js}{q}>x</marquee>",
    "<script>{js}</script>",
    "<script{sep}type=text/javascript>{js}</script>",
    "<script{sep}type=application/x-javascript>{js}</script>",
    "<script{sep}type=text/jscript>{js}</script>",
    "<script{sep}type=module>{js}</script>",
    "<script{sep}type=text/ecmascript>{js}</script>",
    "<script{sep}language=javascript>{js}</script>",
    "<script{sep}src={q}data:text/javascript,{js}{q}></script>",
    "<a{sep}href={q}{url}{js}{q}>x</a>",
    "<iframe{sep}src={q}{url}{js}{q}></iframe>",
    "<iframe{sep}srcdoc={q}&lt;script&gt;parent.{js}&lt;/script&gt;{q}></iframe>",
    "<object{sep}data={q}{url}{js}{q}></object>",
    "<embed{sep}src={q}{url}{js}{q}>",
    "<form><button{sep}formaction={q}{url}{js}{q}>x</button></form>",
    "<form{sep}action={q}{url}{js}{q}><input type=submit></form>",
    "<svg><a{sep}xlink:href={q}{url}{js}{q}><text>x</text></a></svg>",
    "<svg><a><set{sep}attributeName=href{sep}to={q}{url}{js}{q}/><text>x</text></a></svg>",
    "<svg><a><animate{sep}attributeName=href{sep}values={q}{url}{js}{q}/><text>x</text></a></svg>",
    "<svg><script>{js}</script></svg>",
    "<svg><script{sep}href={q}data:,{js}{q}/></svg>",
    "<math><mtext><table><mglyph><style><img{sep}src=x{sep}onerror={q}{js}{q}>",
    "<meta{sep}http-equiv=refresh{sep}content={q}0;url={url}{js}{q}>",
    "<base{sep}href={q}{url}{js}//{q}>",
    "<link{sep}rel=import{sep}href={q}{url}{js}{q}>",
    "<isindex{sep}type=image{sep}src=1{sep}onerror={q}{js}{q}>",
    "<img{sep}srcset={q}{url}{js}{q}>",
    "<div{sep}style={q}background:url({url}{js}){q}>x</div>",
    "<p{sep}title={q}{js}{q}>harmless</p>",
    "<a{sep}href={q}https://example.org/?q={js}{q}>harmless</a>",
    "<code>&lt;script&gt;{js}&lt;/script&gt;</code>",
]

#: Wrappers: what the vector is put inside; `{v}` is the vector.
WRAPPERS = [
    "{v}",
    "<!-->{v}-->",
    "<!-- x --!>{v}-->",
    "<!--->{v}",
    "<svg>{v}</svg>",
    "<math>{v}</math>",
    "<svg><foreignObject>{v}</foreignObject></svg>",
    '<noscript><p title="</noscript>{v}"></noscript>',
    "<template>{v}</template>",
    "<textarea></textarea>{v}",
    "<title>x</title>{v}",
    "<textarea>{v}</textarea>",
    "<xmp>{v}</xmp>",
    "<noembed>{v}</noembed>",
    "<noframes>{v}</noframes>",
    "<iframe>{v}</iframe>",
    '<p title="{v}">x</p>',
    "<p title='x'>{v}</p>",
    "<select><option>{v}</option></select>",
    "<table><tr><td>{v}</td></tr></table>",
    "<svg><desc>{v}</desc></svg>",
    '<math><annotation-xml encoding="text/html">{v}</annotation-xml></math>',
    "<style></style>{v}",
    "<![CDATA[{v}]]>",
]
SEPARATORS = [" ", "/", "\t", "\n", "\x0c", " /"]
QUOTES = ['"', "'", ""]


#: A tag's name, or an attribute's name before its `=`: the parts whose case a browser ignores.
_NAMES = re.compile(r"</?[a-zA-Z]+|[\s/][a-zA-Z:-]+=")


def _mixed_case(text: str, rng: random.Random) -> str:
    """`text` with the letters of its tag and attribute names in random case (values untouched)."""

    def mix(found: re.Match[str]) -> str:
        return "".join(c.upper() if rng.random() < 0.5 else c for c in found[0])

    return _NAMES.sub(mix, text)


def fragment(rng: random.Random) -> str:
    """One fragment: a vector, its separators, quotes and scheme drawn from `rng`, in a wrapper."""
    vector = rng.choice(VECTORS)
    quote = rng.choice(QUOTES)
    written = vector.format(js=JS, sep=rng.choice(SEPARATORS), q=quote, url=rng.choice(SCHEMES))
    if rng.random() < 0.3:
        written = _mixed_case(written, rng)
    return rng.choice(WRAPPERS).format(v=written)


def fragments(count: int, seed: int = 36) -> list[str]:
    """`count` fragments drawn reproducibly from `seed`, each once."""
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        found[fragment(rng)] = None
    return list(found)


#: A built page around a fragment, with no policy: what the gate passes must be safe without one.
PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>{}</body></html>'
