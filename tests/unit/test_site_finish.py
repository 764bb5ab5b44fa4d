"""The pass after the build: one fixed Content-Security-Policy, rule links in articles, a check of every page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlebook.site.finish import (
    POLICY,
    SiteData,
    finish,
    full_scan,
    link_article,
    looks_safe,
    page_problems,
    with_policy,
)

THEME_PAGE = """<!doctype html><html><head><title>Melee</title>
<script src="../../javascripts/theme/base.js" data-md-scope="../.."></script></head>
<body><nav class="md-nav">{nav}</nav>
<article class="md-content__inner md-typeset"><h1>Melee</h1><p>See homm.swatting and homm.melee-attack.</p></article>
<script id="__config" type="application/json">{{"base": ".."}}</script>
<script src="../../assets/javascripts/bundle.js"></script></body></html>"""

DATA = SiteData(
    rules={"homm.swatting": "rulebook/homm/swatting/#homm.swatting"},
    search_words={"homm.swatting": ["swat"]},
    reference_pages=["reference/glossary/"],
    linked_pages=frozenset({"rulebook/homm/melee/"}),
)


def policy_of(page: str) -> str:
    return page.split('http-equiv="Content-Security-Policy" content="', 1)[1].split('"', 1)[0]


def test_the_policy_is_one_fixed_text_whatever_the_page_holds() -> None:
    """A script fed into the navigation gets no hash, no nonce: the policy never allows what a page happens to hold."""
    clean = with_policy(THEME_PAGE.format(nav="<a href='../x/'>X</a>"))
    injected = with_policy(THEME_PAGE.format(nav="<a href='../x/'>X</a><script>window.bbPwned=1</script>"))
    assert policy_of(clean) == policy_of(injected) == POLICY
    assert "'unsafe-inline'" not in POLICY and "'unsafe-eval'" not in POLICY and "sha256" not in POLICY
    assert "'wasm-unsafe-eval'" in POLICY and "worker-src 'self'" in POLICY and "object-src 'none'" in POLICY
    assert page_problems(clean) == []
    assert [p for p in page_problems(injected) if "inline <script>" in p]


def test_the_check_names_every_way_a_page_could_run_script() -> None:
    page = with_policy(
        THEME_PAGE.format(
            nav='<img src=x onerror="alert(1)"><a href="JaVaScRiPt:alert(1)">a</a><a href="data:text/html,x">b</a>'
            '<svg><a xlink:href="javascript:alert(1)">c</a></svg><script type="module">alert(1)</script>'
        )
    )
    found = " | ".join(page_problems(page))
    for what in ("onerror", "JaVaScRiPt", "data:text/html", "xlink:href", "inline <script>"):
        assert what.lower() in found.lower(), (what, found)
    assert "no Content-Security-Policy" in page_problems(THEME_PAGE.format(nav=""))
    other = THEME_PAGE.format(nav="").replace(
        "<head>", "<head><meta http-equiv='Content-Security-Policy' content=\"x\">"
    )
    assert any("other than the site's" in p for p in page_problems(other))


def test_data_scripts_and_the_sites_own_files_are_not_inline_script() -> None:
    page = with_policy('<head></head><script type="application/json">{"a": 1}</script><script src="a.js"></script>')
    assert page_problems(page) == []


def test_rule_ids_are_linked_in_the_article_only(tmp_path: Path) -> None:
    page = THEME_PAGE.format(nav="homm.swatting")
    linked = link_article(page, {"homm.swatting": "../swatting/#homm.swatting"})
    nav, article = linked.split("<article", 1)
    assert "bb-rule-link" not in nav and nav.count("homm.swatting") == 1
    assert '<a class="bb-rule-link" href="../swatting/#homm.swatting">homm.swatting</a>' in article
    assert "homm.melee-attack.</p>" in article, "an identifier no rule has stays text"


def make_site(folder: Path, nav: str = "") -> Path:
    page = folder / "rulebook" / "homm" / "melee" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(THEME_PAGE.format(nav=nav), encoding="utf-8")
    (folder / "index.html").write_text("<html><head></head><body>home</body></html>", encoding="utf-8")
    return folder


def test_finish_makes_a_clean_site_safe_and_writes_its_search_index_once(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    assert finish(site, DATA) == []
    page = (site / "rulebook" / "homm" / "melee" / "index.html").read_text(encoding="utf-8")
    assert policy_of(page) == POLICY and 'href="../swatting/#homm.swatting"' in page
    index = json.loads((site / "search" / "battlebook.json").read_text(encoding="utf-8"))
    assert index, "the pass writes the rulebook's own search index"
    assert finish(site, DATA) == [], "a second pass changes nothing"
    assert json.loads((site / "search" / "battlebook.json").read_text(encoding="utf-8")) == index
    assert (site / "rulebook" / "homm" / "melee" / "index.html").read_text(encoding="utf-8") == page


def test_finish_fails_a_site_where_a_script_got_into_the_navigation(tmp_path: Path) -> None:
    site = make_site(tmp_path, nav="<script>window.bbPwned='nav '</script>")
    problems = finish(site, DATA)
    assert problems and all(p.startswith("rulebook/homm/melee/index.html: ") for p in problems)
    assert "bbPwned" in problems[0]
    page = (site / "rulebook" / "homm" / "melee" / "index.html").read_text(encoding="utf-8")
    assert policy_of(page) == POLICY, "the policy stays the fixed one: the injected script is refused"


def test_a_missing_runtime_is_a_problem(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site")
    assert any("make runtime" in p for p in finish(site, DATA, tmp_path / "no-runtime"))


TRICKY = [
    "<img/src=x/onerror=alert(1)>",
    "<a title='x onclick=y' href=\"../a/\">a</a>",
    '<a href="java&#x0A;script:alert(1)">a</a>',
    '<a href="&#106;avascript:alert(1)">a</a>',
    "<a href=' javascript:alert(1)'>a</a>",
    "<A HREF=JAVASCRIPT:alert(1)>a</A>",
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<form><button formaction="javascript:alert(1)">x</button></form>',
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    "<script>alert(1)</script>",
    '<script type="text/javascript">alert(1)</script>',
    '<script type="application/json">{"a": "</p>"}</script>',
    "<SCRIPT >alert(1)</SCRIPT>",
    "<!-- <img src=x onerror=alert(1)> -->",
    '<p title="turn on">on=1, one = 2</p><a class="md-button" href="https://example.org/?a=1&amp;b=2">x</a>',
    "<div data-x='>'><img src=x onload=alert(1)></div>",
    "<a title='unclosed>x</a><b onmouseover=alert(1)>y</b>",
    '<object data="data:text/html,x"></object>',
    '<meta http-equiv="content-security-policy" content="script-src *">',
]


@pytest.mark.parametrize("snippet", TRICKY)
def test_the_prefilter_never_passes_what_the_full_scan_finds(snippet: str) -> None:
    """The cheap look at every tag (`looks_safe`) only ever sends more pages to the full scan, never fewer."""
    page = with_policy(THEME_PAGE.format(nav=snippet))
    assert page_problems(page) == full_scan(page)
    if full_scan(page):
        assert not looks_safe(page), snippet


def test_the_prefilter_agrees_with_the_full_scan_on_built_pages() -> None:
    from tests.hostile.site import shared_hostile_site

    with shared_hostile_site() as (site, _):
        pages = [path.read_text(encoding="utf-8") for path in site.rglob("*.html")]
    assert len(pages) >= 20
    assert [page_problems(page) for page in pages] == [full_scan(page) for page in pages]
    assert sum(looks_safe(page) for page in pages) > len(pages) // 2, "the prefilter spares most pages the full scan"


def test_a_page_to_link_without_the_article_container_fails_the_check(tmp_path: Path) -> None:
    """A theme that is not Material's (no `md-content__inner` article) leaves no place for rule links: that is said."""
    site = make_site(tmp_path)
    page = site / "rulebook" / "homm" / "melee" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("md-content__inner ", ""), encoding="utf-8")
    problems = finish(site, DATA)
    assert problems == [
        "rulebook/homm/melee/index.html: no article container (Material's "
        '<article class="md-content__inner">): its rule and term links cannot be made'
    ]
