"""The fourth pass of hostile attempts (issue 36): the site's gate, the generator's outputs, names, odd files.

Each attempt is one `battlebook` command judged as every other (see
[`tests.hostile.attempts`][tests.hostile.attempts]); its `issue` names its class in issue 36:

- `36-injection`: a built page (or SVG, XHTML, XML file) holding markup a browser would make
  live; `battlebook site finish` must refuse it (exit 1, naming it). Whether what the gate
  passes runs no script in Chromium is `tests/browser/test_gate.py`'s question;
- `36-data-loss`: a command asked to write where it must not (a folder it does not own, the
  project, through a symbolic link, over the runtime it copies from); what is there stays;
- `36-names`: a feature folder or file whose page would take another page's address, and
  names that cannot be pages; refused at generation, naming both;
- `36-traceback`, `36-hang`, `36-wrong`: every other failure of the issue, each one line.

The attempts that are no command (the page's functions, two runs at once) are in
`tests/hostile/test_fourth_pass.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from tests.hostile.attempts import Attempt, check, feature, good

INJECTION, DATA_LOSS, NAMES = "36-injection", "36-data-loss", "36-names"
TRACEBACK, HANG, WRONG = "36-traceback", "36-hang", "36-wrong"
#: A glossary with no term: enough for the generator.
GLOSSARY = "terms: []\n"
NAV = "nav:\n  - index.md\n  - rulebook.generated\n"
#: Every chapter of a rulebook declares its game.
HOMM = "@game:homm\n"
#: A built page as a theme writes one, `{body}` in its body.
PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>{body}</body></html>'


def project(
    extra: dict[str, str | bytes] | None = None, chapter: str = "features/homm/x.feature"
) -> dict[str, str | bytes]:
    """A small project `battlebook site pages` can generate: one chapter, a glossary, a home page, a navigation."""
    files: dict[str, str | bytes] = {
        chapter: HOMM + feature(good()),
        "features/glossary.yml": GLOSSARY,
        "docs/nav.yml": NAV,
        "docs/index.md": "# Home\n",
    }
    files.update(extra or {})
    return files


def _tree(files: Mapping[str, str | bytes]) -> Callable[[Path], None]:
    """Write `files` (paths with folders) under the attempt's folder."""

    def prepare(folder: Path) -> None:
        for name, content in files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")

    return prepare


def _then(*steps: Callable[[Path], None]) -> Callable[[Path], None]:
    def prepare(folder: Path) -> None:
        for step in steps:
            step(folder)

    return prepare


def _symlink(name: str, target: str) -> Callable[[Path], None]:
    def prepare(folder: Path) -> None:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).symlink_to(folder / target if not target.startswith("/") else target)

    return prepare


def pages(
    case: str,
    issue: str,
    files: dict[str, str | bytes],
    status: int,
    expect: str,
    *,
    argv: tuple[str, ...] = ("site", "pages", "out", "--no-api"),
    prepare: Callable[[Path], None] | None = None,
    keep: tuple[str, ...] = (),
    absent: str = "",
) -> Attempt:
    """`battlebook site pages out --no-api` (or `argv`) in a project made of `files`, then `prepare`."""
    steps = [_tree(files), *([prepare] if prepare else [])]
    return Attempt(case, issue, argv, status, expect, prepare=_then(*steps), keep=keep, absent=absent)


def site(
    case: str,
    files: dict[str, str | bytes],
    expect: str,
    status: int = 1,
    *,
    issue: str = INJECTION,
    argv: tuple[str, ...] = ("site", "finish", "site", "--pages", "none"),
    prepare: Callable[[Path], None] | None = None,
    keep: tuple[str, ...] = (),
) -> Attempt:
    """`battlebook site finish site` on a built site of `files` (its `index.html` by default a clean page)."""
    built: dict[str, str | bytes] = {"site/index.html": PAGE.format(body="<p>home</p>")}
    built.update({f"site/{name}": content for name, content in files.items()})
    steps = [_tree(built), *([prepare] if prepare else [])]
    return Attempt(case, issue, argv, status, expect, prepare=_then(*steps), keep=keep)


#: Markup a browser makes live, each in a built page: what the gate must say of it.
LIVE_MARKUP = [
    ("an event attribute", "<img src=x onerror=alert(1)>", "an event attribute onerror"),
    ("a slash before the event", "<img/src=x/ onerror=alert(1)>", "an event attribute onerror"),
    ("an inline script", "<script>alert(1)</script>", "an inline <script>"),
    ("application/x-javascript", '<script type="application/x-javascript">alert(1)</script>', "<script type="),
    ("text/jscript", '<script type="text/jscript">alert(1)</script>', "<script type="),
    ("a module with a data URL", '<script type="module" src="data:text/javascript,alert(1)"></script>', "from else"),
    ("a script from another site", '<script src="https://example.org/x.js"></script>', "from elsewhere"),
    ("a protocol-relative script", '<script src="//example.org/x.js"></script>', "from elsewhere"),
    ("an import map", '<script type="importmap">{"imports": {}}</script>', "<script type="),
    ("<!--> ends a comment", "<!--><img src=x onerror=alert(1)>-->", "onerror"),
    ("--!> ends a comment", "<!-- a --!><img src=x onerror=alert(1)>-->", "onerror"),
    ("<style> in svg", "<svg><style>@import url(https://example.org/x.css)</style></svg>", "<style> in SVG"),
    ("<style> in math", "<math><style>x{}</style></math>", "<style> in SVG or MathML"),
    ("</noscript> in an attribute", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', "on"),
    ("a control character before javascript:", '<a href="&#1;javascript:alert(1)">a</a>', "javascript: URL"),
    ("a tab inside javascript:", '<a href="java&#9;script:alert(1)">a</a>', "javascript: URL"),
    ("a newline inside javascript:", '<a href="java&#10;script:alert(1)">a</a>', "javascript: URL"),
    ("an entity-written javascript:", '<a href="&#106;avascript:alert(1)">a</a>', "javascript: URL"),
    ("vbscript:", '<a href="vbscript:msgbox(1)">a</a>', "vbscript: URL"),
    ("a data: HTML link", '<a href="data:text/html,<script>alert(1)</script>">a</a>', "data: URL"),
    ("svg <set href>", '<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>', "set"),
    ("svg <animate>", '<svg><a><animate attributeName="href" values="javascript:alert(1)"/></a></svg>', "animate"),
    ("xlink:href javascript:", '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', "javascript:"),
    ("srcdoc", '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>', "srcdoc"),
    ("an iframe", '<iframe src="https://example.org/"></iframe>', "may run script or load a document"),
    ("an object", '<object data="x.swf"></object>', "may run script or load a document"),
    ("an embed", '<embed src="x.swf">', "may run script or load a document"),
    ("a base", '<base href="https://example.org/">', "may run script or load a document"),
    ("a meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', "http-equiv='refresh'"),
    ("a second policy", '<meta http-equiv="Content-Security-Policy" content="script-src *">', "a policy other"),
    ("a form to elsewhere", '<form action="javascript:alert(1)"><button>x</button></form>', "javascript: URL"),
    ("formaction", '<form><button formaction="javascript:alert(1)">x</button></form>', "javascript: URL"),
    ("a srcset", '<img srcset="javascript:alert(1) 1x">', "javascript: URL"),
    ("an inline style element", "<style>body{background:url(https://example.org/t)}</style>", "inline <style>"),
    ("a template's content", "<template><img src=x onerror=alert(1)></template>", "onerror"),
    ("an svg onload", "<svg onload=alert(1)>", "an event attribute onload"),
    ("a math href", '<math href="javascript:alert(1)"><mi>x</mi></math>', "javascript: URL"),
]


def gate_attempts() -> list[Attempt]:
    """The gate: live markup in pages and in the other files a browser renders; the policy's place."""
    attempts = [
        site(f"gate: {name}", {"index.html": PAGE.format(body=body)}, expect) for name, body, expect in LIVE_MARKUP
    ]
    policy = (
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self' "
        "'wasm-unsafe-eval'; worker-src 'self'\">"
    )
    attempts += [
        site(
            "gate: the policy's text in the body, then live markup",
            {"index.html": PAGE.format(body=f"<p>{policy}</p><img src=x onerror=alert(1)>")},
            "onerror",
        ),
        site(
            "gate: a page without <head>",
            {"index.html": "<title>t</title><img src=x onerror=alert(1)>"},
            "onerror",
        ),
        site("gate: an .htm page", {"x.htm": PAGE.format(body="<script>alert(1)</script>")}, "x.htm: "),
        site(
            "gate: an .xhtml page",
            {"x.xhtml": '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(1)</script></body></html>'},
            "x.xhtml: ",
        ),
        site(
            "gate: an .svg file with a script",
            {"x.svg": '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'},
            "a script in a file that carries no policy",
        ),
        site(
            "gate: an .svg file with onload",
            {"x.svg": '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'},
            "an event attribute onload",
        ),
        site(
            "gate: an .svg file with a prefixed script",
            {"x.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script/></svg>'},
            "x.svg: ",
        ),
        site(
            "gate: an .svg file with an entity",
            {"x.svg": '<!DOCTYPE svg [<!ENTITY e "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg>&e;</svg>'},
            "XML markup an HTML parser does not read",
        ),
        site(
            "gate: an .xml file with an XHTML script",
            {"x.xml": '<r><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></r>'},
            "x.xml: ",
        ),
        site(
            "gate: an .xml file with a style sheet",
            {"x.xml": '<?xml-stylesheet type="text/xsl" href="x.xsl"?><r/>'},
            "XML markup",
        ),
        site("gate: an UPPER-CASE .HTML page", {"X.HTML": PAGE.format(body="<script>alert(1)</script>")}, "X.HTML: "),
        site("gate: an .mhtml file", {"x.mhtml": "MIME-Version: 1.0\n"}, "which a browser may run"),
        site(
            "gate: the site's own pages pass",
            {"a/index.html": PAGE.format(body='<a href="../">up</a><script src="../x.js"></script>')},
            "none holds live script",
            status=0,
        ),
    ]
    return attempts


def _outside(folder: Path) -> None:
    (folder / "outside.txt").write_text("mine\n", encoding="utf-8")


def data_loss_attempts() -> list[Attempt]:
    """Writing where the command must not: each refused, or done without touching what is there."""
    runtime = {"build/rt/manifest.json": "{}", "build/rt/pyodide.js": "// runtime"}
    return [
        pages(
            "site pages into a folder it did not make",
            DATA_LOSS,
            project({"out/notes.txt": "mine\n", "out/docs/.hidden": "mine\n"}),
            2,
            "holds files the generator did not write",
            keep=("out/notes.txt", "out/docs/.hidden"),
        ),
        pages(
            "site pages into the project",
            DATA_LOSS,
            project(),
            2,
            "is the project itself",
            argv=("site", "pages", ".", "--no-api"),
            keep=("docs/nav.yml", "docs/index.md"),
        ),
        pages(
            "site pages into docs/",
            DATA_LOSS,
            project(),
            2,
            "inside the project's docs/",
            argv=("site", "pages", "docs", "--no-api"),
            keep=("docs/nav.yml", "docs/index.md"),
        ),
        pages(
            "site pages through a symlinked out/docs",
            DATA_LOSS,
            project({"mine/keep.md": "mine\n"}),
            2,
            "is a symbolic link",
            prepare=_then(lambda f: (f / "out").mkdir(), _symlink("out/docs", "mine")),
            keep=("mine/keep.md",),
        ),
        pages(
            "site pages through a symlinked out",
            DATA_LOSS,
            project({"mine/keep.md": "mine\n"}),
            2,
            "is a symbolic link",
            prepare=_symlink("out", "mine"),
            keep=("mine/keep.md",),
        ),
        pages(
            "site pages twice into its own folder",
            DATA_LOSS,
            project({"out/.battlebook-pages": "", "out/docs/old.md": "stale\n"}),
            0,
            "files under out/docs",
            keep=("docs/index.md",),
        ),
        pages(
            "a symbolic link under docs/",
            DATA_LOSS,
            project(),
            2,
            "docs/secret.md: a symbolic link",
            prepare=_then(_outside, _symlink("docs/secret.md", "outside.txt")),
            keep=("outside.txt",),
        ),
        site(
            "site finish through a symlinked page",
            {},
            "a symbolic link (not followed)",
            issue=DATA_LOSS,
            prepare=_then(_outside, _symlink("site/x.html", "outside.txt")),
            keep=("outside.txt",),
        ),
        site(
            "site finish through a symlinked folder",
            {},
            "a symbolic link (not followed)",
            issue=DATA_LOSS,
            prepare=_then(_tree({"elsewhere/index.html": "<p>mine</p>"}), _symlink("site/linked", "elsewhere")),
            keep=("elsewhere/index.html",),
        ),
        site(
            "site finish --runtime SITE/try/runtime",
            {"try/runtime/manifest.json": "{}", "try/runtime/pyodide.js": "// runtime"},
            "is the site's own copy",
            status=2,
            issue=DATA_LOSS,
            argv=("site", "finish", "site", "--pages", "none", "--runtime", "site/try/runtime"),
            keep=("site/try/runtime/manifest.json", "site/try/runtime/pyodide.js"),
        ),
        site(
            "site finish --runtime over a runtime it did not copy",
            {"try/runtime/manifest.json": "{}", "try/runtime/mine.js": "// mine"},
            "a runtime this pass did not copy",
            issue=DATA_LOSS,
            prepare=_tree(runtime),
            argv=("site", "finish", "site", "--pages", "none", "--runtime", "build/rt"),
            keep=("site/try/runtime/mine.js",),
        ),
        site(
            "site finish --runtime twice",
            {},
            "none holds live script",
            status=0,
            issue=DATA_LOSS,
            prepare=_then(
                _tree(runtime), _tree({"site/try/runtime/.battlebook-runtime": "", "site/try/runtime/a": ""})
            ),
            argv=("site", "finish", "site", "--pages", "none", "--runtime", "build/rt"),
            keep=("build/rt/manifest.json", "build/rt/pyodide.js"),
        ),
    ]


def names_attempts() -> list[Attempt]:
    """Folder and file names whose pages would replace others, or cannot be pages."""
    other = HOMM + feature(good()).replace("hostile.rule", "hostile.other")
    return [
        pages(
            "a feature folder named steps/",
            NAMES,
            project({"features/steps/x.feature": other}),
            2,
            "would both be served at rulebook/steps/",
        ),
        pages(
            "a feature folder named coverage/",
            NAMES,
            project({"features/coverage/x.feature": other}),
            2,
            "would both be served at rulebook/coverage/",
        ),
        pages(
            "a feature folder named open-questions/",
            NAMES,
            project({"features/open-questions/x.feature": other}),
            2,
            "would both be served at rulebook/open-questions/",
        ),
        pages(
            "features/homm.feature beside features/homm/",
            NAMES,
            project({"features/homm.feature": other}),
            2,
            "features/homm.feature",
        ),
        pages(
            "a feature folder named x.html",
            NAMES,
            project({"features/x.html/y.feature": other}),
            2,
            "a folder named like a page (x.html)",
        ),
        pages(
            "a feature file named x.html.feature",
            NAMES,
            project({"features/homm/x.html.feature": other}),
            2,
            "a folder named like a page (x.html)",
        ),
        pages(
            "a docs folder named x.html",
            NAMES,
            project({"docs/x.html/a.md": "# a\n"}),
            2,
            "docs/x.html: a folder named like a page",
        ),
        pages(
            "a docs page taking a chapter's address",
            NAMES,
            project({"docs/rulebook/homm/x.md": "# mine\n"}),
            2,
            "rulebook/homm/x.md would be made twice: from docs/rulebook/homm/x.md and from features/homm/x.feature",
        ),
        pages(
            "a docs page taking the step catalogue's address",
            NAMES,
            project({"docs/rulebook/steps/index.md": "# mine\n"}),
            2,
            "would both be served at rulebook/steps/",
        ),
        pages(
            "a docs file name with a control character",
            NAMES,
            project({"docs/a\x1bb.md": "# a\n"}),
            2,
            "control character",
        ),
    ]


def _unwritable_parent(folder: Path) -> None:
    (folder / "afile").write_text("x", encoding="utf-8")


def _deep_nav() -> str:
    return "nav:\n" + "- " * 30 + "x.md\n"


def traceback_attempts() -> list[Attempt]:
    """What ended in a traceback: each one line, exit 2 (or a problem, exit 1)."""
    return [
        pages("site pages into a file", TRACEBACK, project({"out": "x"}), 2, "is not a folder"),
        pages(
            "site pages into /dev/null", TRACEBACK, project(), 2, "is not a folder", argv=("site", "pages", "/dev/null")
        ),
        pages(
            "site pages under a file",
            TRACEBACK,
            project(),
            2,
            "which is not a folder",
            argv=("site", "pages", "afile/out", "--no-api"),
            prepare=_unwritable_parent,
        ),
        pages("a Latin-1 docs page", TRACEBACK, project({"docs/x.md": "caf\xe9\n".encode("latin-1")}), 2, "not UTF-8"),
        pages(
            "a YAML tag in nav.yml",
            TRACEBACK,
            project({"docs/nav.yml": "nav: !!python/object/apply:os.system ['echo pwned']\n"}),
            2,
            "docs/nav.yml: not YAML",
            absent="pwned",
        ),
        pages("deep nesting in nav.yml", TRACEBACK, project({"docs/nav.yml": _deep_nav()}), 2, "nested deeper than 20"),
        pages(
            "very deep nesting in nav.yml",
            TRACEBACK,
            project({"docs/nav.yml": "nav: " + "[" * 5000 + "]" * 5000 + "\n"}),
            2,
            "docs/nav.yml: ",
        ),
        pages(
            "the ruling template's marker without the template",
            TRACEBACK,
            project({"docs/contributing.md": "# C\n\n<!-- ruling-template -->\n"}),
            2,
            "docs/files/ruling.feature (docs/contributing.md shows it): cannot be read",
        ),
        pages(
            "no glossary", TRACEBACK, {"features/homm/x.feature": HOMM + feature(good())}, 2, "features/glossary.yml"
        ),
        pages(
            "a glossary that is not UTF-8",
            TRACEBACK,
            project({"features/glossary.yml": b"terms: [\xff]\n"}),
            2,
            "not UTF-8",
        ),
        site(
            "site finish on a Latin-1 page without <head>",
            {"x.html": "<p>caf\xe9</p>".encode("latin-1")},
            "x.html: not UTF-8",
            issue=TRACEBACK,
        ),
        site(
            "site finish with a site.json of another shape",
            {},
            "is not what `battlebook site pages` writes",
            status=2,
            issue=TRACEBACK,
            prepare=_tree({"pages/site.json": '["rules"]'}),
            argv=("site", "finish", "site", "--pages", "pages"),
        ),
        site(
            "site finish with a site.json of wrong types",
            {},
            "is not what `battlebook site pages` writes",
            status=2,
            issue=TRACEBACK,
            prepare=_tree(
                {"pages/site.json": '{"rules": 1, "search_words": {}, "reference_pages": [], "linked_pages": []}'}
            ),
            argv=("site", "finish", "site", "--pages", "pages"),
        ),
        site(
            "site finish with a site.json not JSON",
            {},
            "is not what `battlebook site pages` writes",
            status=2,
            issue=TRACEBACK,
            prepare=_tree({"pages/site.json": b"\xff{"}),
            argv=("site", "finish", "site", "--pages", "pages"),
        ),
        site(
            "site finish on a folder named x.html",
            {"x.html/index.html": PAGE.format(body="<p>x</p>")},
            "none holds live script",
            status=0,
            issue=TRACEBACK,
        ),
        site(
            "site finish on no site", {}, "no built site", status=2, issue=TRACEBACK, argv=("site", "finish", "nowhere")
        ),
        check("check with a 5,000-character path", TRACEBACK, {}, 2, "File name too long", path="a" * 5000),
        check("check with a 5,000-character nested path", TRACEBACK, {}, 2, "File name too long", path="a/" * 2500),
    ]


def wrong_attempts() -> list[Attempt]:
    """Misleading answers: each said right."""
    ok = feature(good())
    return [
        Attempt(
            "heroscape fight number out of range",
            WRONG,
            ("odds", "fight", "heroscape", "--first", "99999,1,1", "--second", "1,1,1"),
            2,
            "give a whole number from 0 to 12",
            absent="not a whole number",
        ),
        Attempt(
            "heroscape fight number of a million digits",
            WRONG,
            ("odds", "fight", "heroscape", "--first", "9" * 5000 + ",1,1", "--second", "1,1,1"),
            2,
            "is out of bounds",
            absent="not a whole number",
        ),
        Attempt(
            "homm fight number out of range",
            WRONG,
            ("odds", "fight", "homm", "--aggressor", "12345,1,1,1,1", "--defender", "1,1,1,1,1"),
            2,
            "give a whole number from 1 to 12",
            absent="not a whole number",
        ),
        Attempt(
            "homm fight number of many digits",
            WRONG,
            ("odds", "fight", "homm", "--aggressor", "1234567890,1,1,1,1", "--defender", "1,1,1,1,1"),
            2,
            "is out of bounds",
            absent="not a whole number",
        ),
        check(
            "carriage returns alone",
            WRONG,
            {"x.feature": ok.replace("\n", "\r").encode()},
            1,
            "the file's lines end with a carriage return alone",
        ),
        check(
            "line separators only",
            WRONG,
            {"x.feature": ok.replace("\n", "\u2028")},
            1,
            "the file's lines end with U+2028",
        ),
        check("next-line characters only", WRONG, {"x.feature": ok.replace("\n", "\x85")}, 1, "end with U+0085"),
        check("CRLF line ends", WRONG, {"x.feature": ok.replace("\n", "\r\n").encode()}, 0, "1 passed"),
        check(
            "@edition on an Examples: table",
            WRONG,
            {
                "x.feature": feature(
                    "    Scenario Outline: o\n      Given a battle in the open field\n      Then the battle goes on\n"
                    "      @edition:2004\n      Examples:\n        | a |\n        | 1 |\n"
                )
            },
            1,
            "is on an Examples table, where Battlebook reads no tag",
        ),
    ]


def hang_attempts() -> list[Attempt]:
    """What ran too long: each refused by a count before any parsing."""
    return [
        check(
            "990 KB of blank lines",
            HANG,
            {"x.feature": "Feature: x\n" + "\n" * 990_000},
            1,
            "the file has 990001 lines",
        ),
        check("990 KB of blank CRLF lines", HANG, {"x.feature": "Feature: x\r\n" + "\r\n" * 490_000}, 1, "lines;"),
        check(
            "a rulebook-sized file with 150,000 comment lines",
            HANG,
            {"x.feature": "# c\n" * 150_000 + feature(good())},
            1,
            "a feature file may have at most 100000",
        ),
    ]


def fourth_pass_attempts() -> list[Attempt]:
    """Every command-line attempt of the fourth pass."""
    return (
        gate_attempts()
        + data_loss_attempts()
        + names_attempts()
        + traceback_attempts()
        + wrong_attempts()
        + hang_attempts()
    )
