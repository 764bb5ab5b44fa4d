"""The odds and fight calculators are found: from the home page in one click, and by the search.

Their defaults chart only what counts in the edition they name (the 2004 Heroscape game
counts no Life), and a shared link shows its answer as soon as it is opened, worked out in
the engine's worker while the page stays free.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from battlebook.fight_report import report_page
from battlebook.games import game_named
from tests.browser.conftest import LONG_TASKS, long_tasks_since
from tests.browser.search_queries import search_hrefs

#: The first answer fetches and starts the engine: generous on a busy machine.
FIRST_ANSWER_MS = 180_000
#: The longest task the page's main thread may run while a shared link is answered, in ms: a guard
#: against working the answer out on the main thread, loose enough for a machine shared by several
#: test runs (where loading the calculators' script alone has taken over 200 ms).
LONG_TASK_MS = 1_000


@pytest.fixture
def page(browser: BrowserContext) -> Iterator[Page]:
    tab = browser.new_page()
    tab.set_default_timeout(60_000)
    tab.add_init_script(LONG_TASKS)
    yield tab
    tab.close()


@pytest.mark.parametrize("game", ["heroscape", "homm"])
def test_the_home_page_reaches_a_fight_calculator_in_one_click(page: Page, site_url: str, game: str) -> None:
    page.goto(site_url)
    page.locator(f"article a[href$='odds/{game}/#fight-calculator']").first.click()
    expect(page).to_have_url(f"{site_url}odds/{game}/#fight-calculator")
    calculator = page.locator(f".bb-fight-calculator[data-game={game}]")
    expect(calculator).to_be_visible()
    expect(calculator.locator("button[type=submit]")).to_be_in_viewport()


#: What players type to find the calculators; each must list a calculator's section among the first results.
CALCULATOR_QUESTIONS = ["who wins", "who wins a fight", "fight", "odds", "calculator", "odds calculator"]
#: How far down a calculator may come.
WITHIN = 4


@pytest.mark.parametrize("query", CALCULATOR_QUESTIONS)
def test_the_search_finds_the_calculators(page: Page, site_url: str, query: str) -> None:
    listed, _ = search_hrefs(page, site_url, query)
    first = listed[:WITHIN]
    assert any("/odds/" in href for href in first), f"searching {query!r} lists no calculator first: {first}"


def test_the_2004_default_charts_no_life_and_equals_the_engine(page: Page, site_url: str) -> None:
    page.goto(site_url + "odds/heroscape/")
    box = page.locator(".bb-fight-calculator")
    expect(box.locator("select[name=e]")).to_have_value("2004")
    box.locator("button[type=submit]").click()
    expect(box.locator(".bb-odds-main")).to_be_visible(timeout=FIRST_ANSWER_MS)
    expected = report_page(
        game_named("heroscape").fight("duel", {"edition": "2004", "first": "3,3,4", "second": "3,3,4", "height": "0"})
    )
    assert expected["spreads"] == [], "the engine charts Life left in the 2004 game"
    expect(box.locator(".bb-odds-main")).to_have_text(str(expected["title"]))
    expect(box.locator(".bb-fight-chart")).to_have_count(1)  # who wins, and nothing of Life
    shown = box.locator(".bb-odds-result").inner_text()
    for chance in expected["chances"]:
        assert chance["fraction"] in shown


def _conditional_forms() -> list[tuple[str, str, str]]:
    """Each game's page form that has a field counting only under some choice: game, box's class, form's name."""
    from battlebook.games import GAMES, calculators

    found = []
    for name in GAMES:
        for box, form in ((".bb-odds-calculator", "odds_form"), (".bb-fight-calculator", "fight_form")):
            if any(f.counts for f in getattr(calculators(name), form).fields()):
                found.append((name, box, form))
    return found


@pytest.mark.parametrize(("game", "selector", "form_name"), _conditional_forms())
def test_a_field_the_chosen_edition_ignores_is_hidden_its_reason_shown_and_it_is_not_sent(
    page: Page, site_url: str, game: str, selector: str, form_name: str
) -> None:
    from battlebook.games import calculators

    form = getattr(calculators(game), form_name)
    page.goto(f"{site_url}odds/{game}/")
    box = page.locator(selector)
    for field in (f for f in form.fields() if f.counts):
        choice, values = field.counts
        chooser = box.locator(f"select[name={choice}]")
        choices = [value for f in form.fields() if f.name == choice for value, _ in f.choices]
        why = box.locator(".bb-odds-ignored", has_text=field.why)
        expect(why).to_have_count(1)  # said once, however many fields it hides
        for value in sorted(choices, key=lambda v: v in values):  # first a value it does not count under
            chooser.select_option(value)
            inputs = box.locator(f"[name={field.name}]")
            if value in values:
                expect(why).to_be_hidden()
                for index in range(inputs.count()):
                    expect(inputs.nth(index)).to_be_enabled()
            else:
                expect(why).to_be_visible()
                expect(chooser).to_have_attribute("aria-describedby", re.compile(why.get_attribute("id") or "-"))
                for index in range(inputs.count()):
                    expect(inputs.nth(index)).to_be_hidden()
                    expect(inputs.nth(index)).to_be_disabled()
    # Under a value it does not count under, a shared link leaves the field out.
    field = next(f for f in form.fields() if f.counts)
    choice, values = field.counts
    ignored = next(v for f in form.fields() if f.name == choice for v, _ in f.choices if v not in values)
    box.locator(f"select[name={choice}]").select_option(ignored)
    box.locator(".bb-try-share").click()
    link = box.locator(".bb-try-link")
    expect(link).to_be_visible()
    expect(link).to_have_value(re.compile(rf"[#&]{choice}={ignored}(&|$)"))
    assert f"&{field.name}=" not in link.input_value(), "a field that does not count went into the link"


@pytest.mark.parametrize(
    ("fragment", "selector", "expected"),
    [
        (
            "fight=heroscape&q=duel&e=2024&fa=3&fd=2&fl=4&sa=2&sd=3&sl=5&h=1",
            ".bb-fight-calculator",
            ("heroscape", "duel", {"edition": "2024", "first": "3,2,4", "second": "2,3,5", "height": "1"}),
        ),
        (
            "fight=homm&ac=3&al=2&am=3&ad=7&ap=7&dc=2&dl=1&dm=4&dd=9&dp=3&r=1-10&c=",
            ".bb-fight-calculator",
            ("homm", "stacks", {"aggressor": "3,2,3,7,7", "defender": "2,1,4,9,3", "faces": "1-10", "reading": ""}),
        ),
    ],
)
def test_a_shared_link_shows_its_answer_on_arrival_without_holding_the_page(
    page: Page, site_url: str, fragment: str, selector: str, expected: tuple[str, str, dict[str, str]]
) -> None:
    game, question, arguments = expected
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(f"{site_url}odds/{game}/#{fragment}", wait_until="load")
    box = page.locator(selector)
    answer = report_page(game_named(game).fight(question, arguments))
    expect(box.locator(".bb-odds-main")).to_have_text(str(answer["title"]), timeout=FIRST_ANSWER_MS)
    shown = box.locator(".bb-odds-result").inner_text()
    for chance in answer["chances"]:
        assert chance["fraction"] in shown
    assert any("try-it-worker" in url for url in workers), "the answer was not worked out in the engine's worker"
    held = long_tasks_since(page, None, LONG_TASK_MS)  # since the page loaded (the engine takes seconds more)
    assert held == [], f"the page's main thread was held while the link was answered: {held} ms"


def test_a_shared_odds_link_shows_its_answer_on_arrival(page: Page, site_url: str) -> None:
    from battlebook.runners.inpage import game_odds

    page.goto(f"{site_url}odds/heroscape/#odds=heroscape&a=2&d=4&h=1&e=2024")
    box = page.locator(".bb-odds-calculator")
    expected = game_odds("heroscape", [2, 4, 1, "2024"])
    expect(box.locator(".bb-odds-main")).to_contain_text(expected["at_least_one"]["fraction"], timeout=FIRST_ANSWER_MS)
