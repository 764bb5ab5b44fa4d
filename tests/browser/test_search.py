"""The site's search finds rules and examples by the words readers use."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from battlebook.site.pages import page_uri
from tests.browser.a11y import axe_results, report, serious, toggle_palette
from tests.browser.search_queries import (
    FRESH_QUESTIONS,
    PLAYER_QUESTIONS,
    QUERIES,
    RULE_QUESTIONS,
    SECOND_FRESH_QUESTIONS,
    THIRD_FRESH_QUESTIONS,
    Query,
    open_search,
    search_hrefs,
)
from tests.rulebook import rulebook


@pytest.fixture(scope="module")
def page(browser: BrowserContext) -> Iterator[Page]:
    """A tab of the module's own, which searches the real search index (the shared tab's has no documents)."""
    tab = browser.new_page()
    yield tab
    tab.close()


@dataclass(frozen=True)
class Search:
    """A query, and the result that must come up.

    Attributes:
        query: What the reader types into the search box.
        where: A pattern the result's address (page and #anchor) must match.
        first: Whether that result must be the first section listed, or only listed.
    """

    query: str
    where: str
    first: bool


def _section_holding(example_prefix: str) -> str:
    """The search-result address of the rule section that holds the example named `example_prefix`...

    Examples are part of their rule's search section (see `battlebook.book.render`), so a
    search that finds an example lists the rule section it stands in.
    """
    for feature in rulebook():
        for rule, example in feature.examples():
            if rule is not None and example.name.startswith(example_prefix):
                page = page_uri(feature).removesuffix(".md")
                return "/" + re.escape(page) + r"/(\?[^#]*)?#" + re.escape(rule.id) + "$"
    raise AssertionError(f"no example named {example_prefix!r}...")


#: Heroscape's Example 20 (the Knave against Xenithrax), wherever its chapter puts it.
EXAMPLE_20 = _section_holding("Example 20")

SEARCHES = [
    # The browser smoke of `make test` searches once.
    pytest.param(
        Search("melee", r"/rulebook/homm/melee/(\?[^#]*)?#homm\.melee-attack$", first=True), marks=pytest.mark.smoke
    ),
    Search("swarm", r"/rulebook/homm/[^#]+#homm\.[a-z-]*swarm", first=True),
    Search("breeched", r"/rulebook/homm/[^#]+#homm\.[a-z-]*wall", first=False),
    Search("Xenithrax", EXAMPLE_20, first=False),
]


@pytest.mark.parametrize("case", SEARCHES, ids=lambda s: s.query if isinstance(s, Search) else None)
def test_search_finds(page: Page, site_url: str, case: Search) -> None:
    sections, _ = search_hrefs(page, site_url, case.query)
    hrefs = sections
    matching = [h for h in sections if re.search(case.where, h)]
    assert matching, f"searching {case.query!r} lists no result matching {case.where!r}: {hrefs}"
    if case.first:
        assert re.search(case.where, sections[0]), f"searching {case.query!r} lists {sections[0]} first"


#: Pages a reader never needs in the search: the Engine API and the step catalogue.
DEVELOPER_PAGES = re.compile(r"/(api|rulebook/steps)/")


@pytest.mark.parametrize("query", QUERIES, ids=lambda q: q.text)
def test_the_rule_that_answers_a_question_comes_first(page: Page, site_url: str, query: Query) -> None:
    """A player's question lands on the rule's own section: listed first and shown, not folded."""
    sections, shown = search_hrefs(page, site_url, query.text)
    assert sections, f"searching {query.text!r} finds nothing"
    assert query.matches(sections[0]), f"searching {query.text!r} lists {sections[0]} first, not {query.anchors}"
    assert sections[0] in shown, f"searching {query.text!r}: {sections[0]} is not shown"
    assert not [h for h in sections if DEVELOPER_PAGES.search(h)], "developer pages are in the reader's search"


#: The share of each list of questions whose rule must be among the first two results shown.
TARGET = 0.9


def first_two_misses(page: Page, site_url: str, queries: list[Query]) -> list[str]:
    """The questions whose rule is not among the first two results shown, each with those results."""
    misses = []
    for query in queries:
        sections, shown = search_hrefs(page, site_url, query.text)
        visible = [h for h in sections if h in shown][:2]
        if not any(query.matches(h) for h in visible):
            misses.append(f"{query.text!r} shows {visible}")
    return misses


@pytest.mark.parametrize(
    "queries", [PLAYER_QUESTIONS, RULE_QUESTIONS], ids=["in players' words", "in the rules' terms"]
)
def test_nine_questions_in_ten_find_their_rule_among_the_first_two(
    page: Page, site_url: str, queries: list[Query]
) -> None:
    """A result is any section or page listed: a page above the rule counts against it."""
    misses = first_two_misses(page, site_url, queries)
    held = len(queries) - len(misses)
    assert held >= TARGET * len(queries), f"{held} of {len(queries)} among the first two; missed:\n" + "\n".join(misses)


#: The share of the fresh questions (three lists written from the sources, each before the search ranked
#: it; see `search_queries.py`) whose rule must be among the first two results shown: they were not
#: tuned for, so they hold the search to what it does for questions nobody has seen.
FRESH_TARGET = 0.8


def test_four_fresh_questions_in_five_find_their_rule_among_the_first_two(page: Page, site_url: str) -> None:
    fresh = [*FRESH_QUESTIONS, *SECOND_FRESH_QUESTIONS, *THIRD_FRESH_QUESTIONS]
    misses = first_two_misses(page, site_url, fresh)
    held = len(fresh) - len(misses)
    assert held >= FRESH_TARGET * len(fresh), f"{held} of {len(fresh)} among the first two; missed:\n" + "\n".join(
        misses
    )


MELEE = "rulebook/homm/melee/"


def game_of(href: str) -> str | None:
    """The game a result's address is under, by its chapter's folder or its rule's identifier."""
    found = re.search(r"/rulebook/(homm|heroscape)/|#(homm|heroscape)\.", href)
    return (found[1] or found[2]) if found else None


def test_the_game_of_the_page_comes_first_and_a_filter_keeps_to_it(page: Page, site_url: str) -> None:
    """On a HoMM chapter, a question both games answer lists HoMM's rules first; "this game only" keeps to them."""
    page.goto(site_url + MELEE)
    sections, _ = search_hrefs(page, site_url + MELEE, "defense")
    games = [game_of(h) for h in sections]
    assert games[0] == "homm", sections[:3]
    assert "heroscape" in games, "both games are searched by default"
    scope = page.locator("[data-bb-search-scope]")
    expect(scope).to_be_visible()
    expect(scope).to_contain_text("Heroes of Might")
    scope.get_by_label("this game only").check()
    page.wait_for_function(
        "() => [...document.querySelectorAll('a.bb-search__link')].every(a => !/heroscape/.test(a.href))"
    )
    only = page.eval_on_selector_all("a.bb-search__link", "links => links.map(a => a.getAttribute('href'))")
    assert only and {game_of(h) for h in only} <= {"homm", None} and "homm" in {game_of(h) for h in only}
    scope.get_by_label("both games").check()
    page.goto(site_url)
    open_search(page)
    expect(page.locator("[data-bb-search-scope]")).to_be_hidden()  # the home page has no game to keep to
    page.keyboard.press("Escape")


def test_a_question_naming_a_game_keeps_to_it_and_says_so(page: Page, site_url: str) -> None:
    """From the home page (no game of its own), "... in heroscape" lists Heroscape's sections only."""
    sections, _ = search_hrefs(page, site_url, "who attacks first in heroscape")
    homm = re.compile(r"/(rulebook|odds)/homm/|#homm\.")
    assert sections and "heroscape" in {game_of(h) for h in sections}, sections[:5]
    assert not [h for h in sections if homm.search(h)], "a HoMM section is listed"
    expect(page.locator("[data-bb-search-status]")).to_contain_text("Only Heroscape's sections")
    page.keyboard.press("Escape")


def test_results_are_section_links_with_a_clean_snippet(page: Page, site_url: str) -> None:
    search_hrefs(page, site_url, "retaliate against a ranged attack")
    texts = page.locator("a.bb-search__link").all_inner_texts()
    assert texts
    for text in texts:
        assert "Show the drawing" not in text and "verified" not in text and "¶" not in text, text
    assert page.locator("a.bb-search__link mark").count() > 0, "the words asked are marked in the snippets"
    page.keyboard.press("Escape")


#: Questions whose first result is a rule whose examples say more of the question's words than the
#: rule's own text does: its result's line must still be the rule's own text.
OWN_TEXT_QUESTIONS = ["what do the red dice need to show to hit", "gold golems swat", "Xenithrax wounds"]


@pytest.mark.parametrize("question", OWN_TEXT_QUESTIONS)
def test_a_rules_result_line_is_the_rules_own_text(page: Page, site_url: str, question: str) -> None:
    """The line under a rule's result is a sentence of its statement or restatement, never of its examples."""
    sections, _ = search_hrefs(page, site_url, question)
    first = page.locator("a.bb-search__link").first
    line = first.locator(".bb-search__snippet").inner_text().removesuffix("\u2026")
    href = sections[0]
    assert "#" in href and game_of(href), f"searching {question!r} lists {href} first, not a rule"
    page.keyboard.press("Escape")
    page.goto(href)
    anchor = href.rsplit("#", 1)[1]
    own = page.evaluate(
        """anchor => {
            const heading = document.getElementById(anchor);
            const parts = [];
            for (let at = heading.nextElementSibling; at && !/^H[12]$/.test(at.tagName); at = at.nextElementSibling) {
                if (at.matches(".bb-example-title")) break;
                if (at.matches(".bb-rule, .bb-prose")) parts.push(at.innerText);
            }
            return parts.join(" ").replace(/\\s+/g, " ");
        }""",
        anchor,
    )
    assert line and line.strip() in own, f"searching {question!r}: the line {line!r} is not {anchor}'s own text"


def test_the_calculators_are_found_by_the_words_players_use(page: Page, site_url: str) -> None:
    """The words players use for the calculators list one first: the fight and battle calculators, or
    for "odds" and "calculator" the odds page's own calculator at its top (issue 35)."""
    fight = re.compile(r"/odds/[a-z0-9-]+/#fight-calculator$")
    either = re.compile(r"/odds/[a-z0-9-]+/(#fight-calculator)?$")
    for question, wanted in (
        ("who wins", fight),
        ("who wins a fight", fight),
        ("fight", fight),
        ("battle", fight),
        ("who wins the battle", fight),
        ("odds", either),
        ("odds calculator", either),
        ("calculator", either),
    ):
        sections, shown = search_hrefs(page, site_url, question)
        first = [h for h in sections if h in shown][:1]
        assert first and wanted.search(first[0]), f"searching {question!r} lists {first} first"
    page.keyboard.press("Escape")


def test_the_search_works_from_the_keyboard(page: Page, site_url: str) -> None:
    """'/' opens the search, the arrows move through the results, Enter follows one, Escape closes."""
    page.goto(site_url + MELEE)
    # Each key's effect is awaited by a retrying assertion: the page answers it in its own time.
    page.locator("body").press("/")
    box = page.locator("#bb-search-input")
    dialog = page.locator("#bb-search")
    expect(box).to_be_focused()  # '/' puts the focus in the search box
    box.press_sequentially("swat")
    expect(page.locator("[data-bb-search-results]")).to_have_attribute("data-query", "swat")
    links = page.locator("a.bb-search__link")
    page.keyboard.press("ArrowDown")
    expect(links.nth(0)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(links.nth(1)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(links.nth(0)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(box).to_be_focused()  # ArrowUp from the first result goes back to the box
    page.keyboard.press("Escape")
    expect(dialog).to_have_js_property("open", False)
    opener = page.locator("[data-bb-search-open]")
    opener.focus()
    opener.press("Enter")
    expect(dialog).to_have_js_property("open", True)
    expect(box).to_be_focused()
    expect(box).to_have_value("swat")
    page.keyboard.press("Escape")
    expect(opener).to_be_focused()  # the focus goes back to the button
    opener.press("Enter")
    expect(box).to_be_focused()
    first = links.nth(0).get_attribute("href") or ""
    page.keyboard.press("Enter")  # in the box: follow the first result
    expect(page).to_have_url(
        re.compile(re.escape(first.split("#", 1)[0]) + ".*" + re.escape(first.rsplit("/", 1)[-1]) + "$")
    )
    expect(dialog).to_have_js_property("open", False)


def test_the_open_search_is_accessible_in_light_and_dark(page: Page, site_url: str) -> None:
    """axe-core on the open dialog with results, light mode then dark (switched before it opens)."""
    for scheme in ("light", "dark"):
        page.goto(site_url + MELEE)
        if scheme == "dark":
            toggle_palette(page, "dark")
        try:
            search_hrefs(page, site_url + MELEE, "can my knights hit back")
            found = serious(axe_results(page))
            assert not found, f"the open search in {scheme} mode:\n" + report(found)
        finally:
            page.keyboard.press("Escape")
            if scheme == "dark":
                toggle_palette(page, "light")
