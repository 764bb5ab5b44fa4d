"""Try it, the Playground and the odds calculators, in Chromium, with the engine running in the page.

One tab serves the whole module, so the rules engine (Pyodide and the battlebook package,
about 17 MB from the built site) starts once: the tests move between pages with the theme's
instant navigation, which keeps the page's JavaScript, and so the engine, alive. Every
request any of them makes must go to the site itself and succeed, and no page may log an
error.
"""

from __future__ import annotations

import json
import re
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Dialog, Locator, Page, Request

from battlebook.runners.inpage import run_scenario
from tests.browser.conftest import ROOT, SITE, Problems

#: The first Run fetches and starts the engine: generous on a busy machine.
FIRST_RUN_MS = 180_000
RUN_MS = 120_000
#: Everything else, on a machine that several developers share.
STEP_MS = 60_000


class Tab:
    """The module's one tab, with every request it made and every problem it met."""

    def __init__(self, page: Page, site_url: str) -> None:
        self.page = page
        self.site_url = site_url
        self.problems = Problems()
        self.problems.watch(page)
        self.requests: list[str] = []
        page.on("request", self._request)

    def _request(self, request: Request) -> None:
        self.requests.append(request.url)

    def navigate(self, path: str) -> None:
        """Go to a page of the site by the theme's instant navigation (the page's scripts stay alive)."""
        url = self.site_url + path
        follow(self.page, url)
        self.page.wait_for_function(
            "url => location.href === url && document.querySelector('article h1') !== null", arg=url
        )

    def runtime_requests(self) -> list[str]:
        return [url for url in self.requests if "/try/runtime/" in url]


def follow(page: Page, url: str) -> None:
    """Follow a link to `url` as a reader would click it: the theme's instant navigation takes it."""
    page.evaluate(
        """url => {
            const link = document.createElement("a");
            link.href = url;
            link.textContent = "link";
            document.querySelector("article").append(link);
            link.click();
        }""",
        url,
    )


@pytest.fixture(scope="module")
def tab(browser: BrowserContext, site_url: str) -> Iterator[Tab]:
    """One tab for the module, opened on the Playground; the checks of the network and console close it."""
    page = browser.new_page()
    page.set_default_timeout(STEP_MS)
    tab = Tab(page, site_url)
    page.goto(site_url + "playground/")
    page.wait_for_selector(".bb-play-step")
    yield tab
    page.close()


@pytest.fixture(autouse=True)
def _clean(tab: Tab) -> Iterator[None]:
    """After each test: no console error, no failed request, every request to the site itself."""
    yield
    assert tab.problems.console == [], "console errors"
    assert tab.problems.requests == [], "failed requests"
    outside = [url for url in tab.requests if not url.startswith(tab.site_url)]
    assert outside == [], "requests that left the site"


def run(panel: Locator, first: bool = False, keyboard: bool = False) -> Locator:
    """Press Run in `panel` (or Ctrl+Enter in its editor) and wait for its result."""
    before = panel.locator(".bb-try-run").get_attribute("data-runs") or "0"
    handle = panel.element_handle()  # before the click: a run keeps the page busy
    if keyboard:
        panel.locator("textarea").press("Control+Enter")
    else:
        panel.locator(".bb-try-run").click()
    panel.page.wait_for_function(
        "([panel, before]) => (panel.querySelector('.bb-try-run').dataset.runs || '0') !== before",
        arg=[handle, before],
        timeout=FIRST_RUN_MS if first else RUN_MS,
    )
    result = panel.locator(".bb-try-result")
    assert result.locator(".bb-try-output").count() == 1, panel.locator(".bb-try-status").inner_text()
    return result


def example_panel(tab: Tab, chapter: str, name: str) -> Locator:
    """Open the "Try it" panel of the example called `name` on a chapter page."""
    tab.navigate(chapter)
    heading = tab.page.locator(".bb-example-title", has_text=name)
    bar = heading.locator("xpath=following-sibling::div[contains(@class, 'bb-try-bar')][1]")
    bar.locator(".bb-try-button").click()
    panel = bar.locator(".bb-try-panel")
    panel.locator("textarea").wait_for()
    return panel


def edit(panel: Locator, old: str, new: str) -> str:
    """Replace `old` by `new` in the panel's editor; return the new text."""
    area = panel.locator("textarea")
    text = area.input_value()
    assert old in text, f"{old!r} is not in the editor"
    area.fill(text.replace(old, new, 1))
    return area.input_value()


def verdict(result: Locator) -> str:
    return result.locator(".bb-try-example").first.get_attribute("data-kind") or ""


def test_1_a_wrong_number_fails_with_expected_and_actual_then_passes_again(tab: Tab) -> None:
    panel = example_panel(tab, "rulebook/homm/melee/", "A roll of 6 is exactly enough")
    text = panel.locator("textarea").input_value()
    assert "Feature: Melee attacks" in text and "Given a battle in the open field" in text, "Background missing"
    assert tab.runtime_requests() == [], "the engine was fetched before any Run"
    edit(panel, "stack has 0 cards left", "stack has 2 cards left")
    result = run(panel, first=True)
    assert verdict(result) == "failed"
    explanation = result.locator(".bb-try-explain").inner_text()
    assert "expected: the Behemoth stack has 2 cards left" in explanation
    assert "actual:" in explanation and "0" in explanation.split("actual:", 1)[1]
    assert result.locator(".bb-try-step[data-status='failed']").count() == 1
    assert "passed" in result.locator(".bb-try-step").first.get_attribute("data-status")  # type: ignore[operator]
    edit(panel, "stack has 2 cards left", "stack has 0 cards left")
    result = run(panel)
    assert verdict(result) == "passed"
    assert result.locator(".bb-try-step[data-status='passed']").count() == result.locator(".bb-try-step").count()
    assert result.locator(".bb-try-chance").inner_text().startswith("Chance of the last attack")
    assert result.locator(".bb-try-drawings svg").count() >= 1


def test_2_a_misspelt_step_is_undefined_with_the_closest_steps(tab: Tab) -> None:
    panel = example_panel(tab, "rulebook/homm/melee/", "A roll of 6 is exactly enough")
    edit(panel, "And the Defender has a Behemoth on its Melee Line", "And the Defender has a Behemoth on its Mele Lin")
    result = run(panel, keyboard=True)  # the keyboard runs it too
    assert verdict(result) == "undefined"
    assert result.locator(".bb-try-step[data-status='undefined']").count() == 1
    explanation = result.locator(".bb-try-explain").inner_text()
    assert "closest steps" in explanation
    assert "has {what} on its {line} Line" in explanation or "on its {line} Line" in explanation


def test_3_an_illegal_action_is_refused_naming_its_rule(tab: Tab) -> None:
    panel = example_panel(tab, "rulebook/homm/melee/", "A stack on its Ranged Line cannot make a melee attack")
    text = panel.locator("textarea").input_value()
    lines = [line for line in text.splitlines() if "the battle is unchanged" not in line]
    panel.locator("textarea").fill(
        "\n".join(lines).replace(
            "Then the action is refused under the rule homm.melee-attack",
            "Then the attack kills the top card of the Behemoth",
        )
    )
    result = run(panel)
    assert verdict(result) == "failed"
    explanation = result.locator(".bb-try-explain").inner_text()
    assert "refused" in explanation and "homm.melee-attack" in explanation


def test_4_a_heroscape_example_with_its_map_and_edition_runs_and_draws(tab: Tab) -> None:
    panel = example_panel(tab, "rulebook/heroscape/attacking/", "A figure that has attacked cannot attack again")
    text = panel.locator("textarea").input_value()
    assert "@edition:2004" in text and '"""' in text and "A1 = Airborne Elite (Blue)" in text
    result = run(panel)
    assert verdict(result) == "passed"
    drawing = result.locator(".bb-try-drawings svg").first
    drawing.wait_for()
    assert drawing.bounding_box() is not None
    assert result.locator(".bb-try-chance").count() == 1


def test_5_a_shared_link_reproduces_the_edited_scenario_and_its_result(tab: Tab, browser: BrowserContext) -> None:
    panel = example_panel(tab, "rulebook/homm/melee/", "A roll of 6 is exactly enough")
    edited = edit(panel, "stack has 0 cards left", "stack has 3 cards left")
    edited = edited.replace("Example: A roll", "Example: <img src=x onerror=alert(1)> A roll")
    panel.locator("textarea").fill(edited)
    summary = run(panel).locator(".bb-try-summary").inner_text().split(" (ran in")[0]
    panel.locator(".bb-try-share").click()
    panel.locator(".bb-try-link").wait_for()  # shown once the text is packed into the link
    link = panel.locator(".bb-try-link").input_value()
    assert link.startswith(tab.site_url + "playground/#try=")
    # A fresh tab: the link restores the text, as text, and runs nothing until Run is pressed.
    fresh = browser.new_page()
    problems = Problems()
    problems.watch(fresh)
    fetched: list[str] = []
    fresh.on("request", lambda request: fetched.append(request.url))
    dialogs: list[str] = []

    def refuse(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    fresh.on("dialog", refuse)
    fresh.goto(link)
    fresh.wait_for_function("document.querySelector('.bb-play textarea')?.value.includes('3 cards left')")
    assert fresh.locator(".bb-play textarea").input_value() == edited
    assert fresh.locator("img[src=x]").count() == 0
    fresh.wait_for_timeout(500)
    assert [url for url in fetched if "/try/runtime/" in url] == [], "a shared link ran without Run"
    assert problems.console == [] and problems.requests == []
    assert all(url.startswith(tab.site_url) for url in fetched)
    fresh.close()
    # In the tab whose engine is running: follow the link by instant navigation and run it.
    follow(tab.page, link)
    tab.page.wait_for_function("document.querySelector('.bb-play textarea')?.value.includes('3 cards left')")
    play = tab.page.locator(".bb-play .bb-try-panel")
    assert play.locator("textarea").input_value() == edited
    result = run(play)
    assert result.locator(".bb-try-summary").inner_text().split(" (ran in")[0] == summary
    assert verdict(result) == "failed"
    assert "<img src=x onerror=alert(1)> A roll" in result.locator(".bb-try-verdict").first.inner_text()
    assert tab.page.locator(".bb-try-result img").count() == 0 and dialogs == []


def test_6_a_playground_scenario_built_from_catalogue_clicks_runs(tab: Tab) -> None:
    tab.navigate("playground/")
    page = tab.page
    page.locator(".bb-play-game").select_option("homm")
    search = page.locator(".bb-play-search")
    search.fill("open field")
    page.locator(".bb-play-step", has_text="a battle in the open field").first.click()
    search.fill("battle goes on")
    page.locator(".bb-play-step", has_text="the battle goes on").first.click()
    text = page.locator(".bb-play textarea").input_value()
    assert "    Given a battle in the open field\n    Then the battle goes on" in text
    result = run(page.locator(".bb-play .bb-try-panel"))
    assert verdict(result) == "passed"
    assert result.locator(".bb-try-step[data-status='passed']").count() == 2


def test_7_a_sample_of_the_book_runs_in_the_page_as_in_ci(tab: Tab) -> None:
    """The in-page runner (Pyodide) agrees with the same runner on the project's Python, step by step.

    A sample of the book's examples, with their texts as the pages serve them: each reads the
    same verdict, step statuses and explanation in the page as `run_scenario` gives here, with
    the step library CI runs (one example per chapter is edited to fail, so explanations are
    compared too).
    """
    texts: list[tuple[str, str]] = []
    for path in sorted((SITE / "try" / "examples" / "rulebook").rglob("*.json"))[::4]:
        examples = json.loads(path.read_text(encoding="utf-8"))
        text = examples[sorted(examples)[0]]
        texts.append((path.stem, text))
        numbers = re.findall(r"(?m)^ *(?:Then|And) .*?\b(\d+)\b", text)
        if numbers:  # the same example, with its last stated number made wrong
            last = text.rindex(numbers[-1])
            texts.append(
                (path.stem + " (edited)", text[:last] + str(int(numbers[-1]) + 7) + text[last + len(numbers[-1]) :])
            )
    assert len(texts) >= 8
    tab.navigate("playground/")
    panel = tab.page.locator(".bb-play .bb-try-panel")
    for name, text in texts:
        expected = run_scenario(text)
        panel.locator("textarea").fill(text)
        result = run(panel)
        shown = result.locator(".bb-try-example")
        assert shown.count() == len(expected["examples"]), name
        for i, example in enumerate(expected["examples"]):
            box = shown.nth(i)
            assert box.get_attribute("data-kind") == example["kind"], name
            statuses = [s.get_attribute("data-status") for s in box.locator(".bb-try-step").all()]
            assert statuses == [step["status"] for step in example["steps"]], name
            explained = box.locator(".bb-try-explain")
            page_lines = explained.inner_text().splitlines() if explained.count() else []
            assert page_lines == example["explanation"], name


def test_8_odds_calculators_answer_with_the_engine_and_share_their_inputs(tab: Tab) -> None:
    from battlebook.runners.inpage import game_odds

    tab.navigate("odds/heroscape/")
    page = tab.page
    box = page.locator(".bb-odds-calculator")
    box.locator("input[name=a]").fill("2")
    box.locator("input[name=d]").fill("4")
    box.locator("input[name=h]").fill("1")
    box.locator("select[name=e]").select_option("2024")
    box.locator("button[type=submit]").click()
    box.locator(".bb-odds-main").wait_for(timeout=FIRST_RUN_MS)
    expected = game_odds("heroscape", [2, 4, 1, "2024"])
    assert expected["at_least_one"]["fraction"] in box.locator(".bb-odds-main").inner_text()
    assert box.locator(".bb-odds-row").count() == expected["attack_dice"] + 1
    box.locator(".bb-try-share").click()
    link = box.locator(".bb-try-link").input_value()
    assert "#odds=heroscape" in link and "a=2" in link and "e=2024" in link

    tab.navigate("odds/homm/")
    box = page.locator(".bb-odds-calculator")
    box.locator("input[name=s]").fill("7")
    box.locator("input[name=d]").fill("4,4")
    box.locator("select[name=r]").select_option("1-10")
    box.locator("button[type=submit]").click()
    box.locator(".bb-odds-main").wait_for(timeout=RUN_MS)
    assert game_odds("homm", [7, [4, 4], "1-10"])["chance"]["fraction"] in box.locator(".bb-odds-main").inner_text()
    assert box.locator(".bb-odds-on").count() == len(game_odds("homm", [7, [4, 4], "1-10"])["winning_faces"])


def test_9_a_phone_and_dark_mode_show_the_editor_within_the_screen(tab: Tab) -> None:
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="dark")
    try:
        panel = example_panel(tab, "rulebook/homm/melee/", "A roll of 6 is exactly enough")
        result = run(panel)
        assert verdict(result) == "passed"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways on a phone ({width} px)"
        box = panel.locator("textarea").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.emulate_media(color_scheme="light")


def test_the_page_runs_the_very_step_library_of_the_package() -> None:
    """The engine archive holds the battlebook sources byte for byte: no second copy of the steps."""
    archive = SITE / "try" / "runtime" / "engine.tar.gz"
    with tarfile.open(archive) as tar:
        shipped = {
            name.removeprefix("./"): tar.extractfile(name).read()  # type: ignore[union-attr]
            for name in tar.getnames()
            if name.startswith("./battlebook/") and name.endswith(".py")
        }
    package = ROOT / "engine"
    mine = {p.relative_to(package).as_posix(): p.read_bytes() for p in (package / "battlebook").rglob("*.py")}
    assert shipped.keys() == mine.keys()
    assert [name for name in mine if shipped[name] != mine[name]] == [], "rebuild the runtime: make runtime"
    assert any(name.startswith("battlebook/language/steps/") for name in shipped)
    assert Path(archive).stat().st_size > 0
