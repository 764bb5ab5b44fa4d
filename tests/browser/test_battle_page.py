"""The odds pages' battle calculators in Chromium: the command line's answer, from the page's worker and from a link.

Each game's odds page draws its battle calculator from the game's declared battle options;
the answer is computed in the page's Web Worker and must be the one `battlebook odds battle
GAME --json` prints for the same fields. A shared link carries the fields, and the page
answers it on arrival. On a warm engine the calculator answers the largest battles the page
promises (three stacks against three under the plain plan, one against one under best play)
while the page's main thread stays free; the test records how long each took in the worker
(`benchmarks/battle_page_benchmark.py` prints the same figures against their targets).
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from battlebook.cli import main
from battlebook.runners.inpage import game_battle
from tests.browser.conftest import LONG_TASKS, long_tasks_since

#: The first answer fetches and starts the engine: generous on a busy machine.
FIRST_RUN_MS = 180_000

#: One battle a game: its odds page, its fields, and the keys of the chances the CLI answers.
BATTLES = {
    "homm": (
        {
            "aggressor": "2,1,3,0,7,3,melee;1,1,2,3,5,4,ranged",
            "defender": "2,2,4,0,8,5,melee",
            "play": "plain",
            "faces": "1-10",
            "reading": "retaliation-chain",
        },
        ("aggressor_wins", "defender_wins", "never_ends"),
    ),
    "heroscape": (
        {"edition": "2024", "first": "2,3,2,2", "second": "1,4,4,2", "play": "best"},
        ("first_wins", "second_wins", "never_ends"),
    ),
}


def cli_answer(game: str, values: dict[str, str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    """What `battlebook odds battle GAME --json` prints for the fields' values."""
    argv = ["odds", "battle", game, "--json"]
    for name, value in values.items():
        if value:
            argv += [f"--{name}", value]
    assert main(argv) == 0
    answer: dict[str, object] = json.loads(capsys.readouterr().out)
    return answer


def fill(box: Locator, values: dict[str, str]) -> None:
    for name, value in values.items():
        field = box.locator(f"[name={name}]")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


@pytest.mark.parametrize("game", list(BATTLES))
def test_the_battle_calculator_answers_as_the_command_line_and_from_a_shared_link(
    page: Page, site_url: str, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    values, keys = BATTLES[game]
    expected = cli_answer(game, values, capsys)
    page.goto(f"{site_url}odds/{game}/")
    box = page.locator(".bb-battle-calculator")
    expect(box).to_be_visible()
    fill(box, values)
    box.locator("button[type=submit]").click()
    result = box.locator(".bb-odds-result")
    expect(result.locator(".bb-odds-main")).to_be_visible(timeout=FIRST_RUN_MS)
    for key in keys:
        expect(result).to_contain_text(str(expected[key]))
    answer = json.loads(result.get_attribute("data-answer") or "{}")
    assert answer == expected

    example = game_battle(game, values)["example"]
    copy = box.locator(".bb-battle-copy")
    if example is None:
        expect(copy).to_be_hidden()
    else:
        copy.click()
        expect(box.locator(".bb-battle-example")).to_have_value(example)

    box.locator(".bb-try-share").click()
    link = box.locator(".bb-try-link")
    expect(link).to_be_visible()
    shared = link.input_value()
    assert f"#battle={game}&" in shared
    assert urllib.parse.parse_qs(shared.split("#battle=", 1)[1])["play"] == [values["play"]]

    page.goto(site_url)  # away, then back by the link alone: the fields come from the link
    page.goto(shared)
    box = page.locator(".bb-battle-calculator")
    for name, value in values.items():
        expect(box.locator(f"[name={name}]")).to_have_value(value)
    result = box.locator(".bb-odds-result")
    expect(result.locator(".bb-odds-main")).to_be_visible(timeout=FIRST_RUN_MS)
    for key in keys:
        expect(result).to_contain_text(str(expected[key]))
    assert json.loads(result.get_attribute("data-answer") or "{}") == expected


def test_a_battle_the_engine_refuses_is_refused_in_one_line_and_no_markup_runs(page: Page, site_url: str) -> None:
    marker = "<img src=x onerror=window.__battleInjected=1>"
    page.goto(f"{site_url}odds/homm/#battle=homm&aggressor={urllib.parse.quote(marker)}&defender=1,2,4,0,8,5,melee")
    box = page.locator(".bb-battle-calculator")
    status = box.locator(".bb-try-status")
    expect(status).to_contain_text("Aggressor", timeout=FIRST_RUN_MS)
    assert len(status.inner_text().splitlines()) == 1
    assert box.locator("img").count() == 0
    assert page.evaluate("window.__battleInjected === undefined")


#: The longest task the page's main thread may run while the worker computes a battle, in ms: the
#: page's target is 200 ms; the bound here is looser, as in tests/browser/test_calculators.py, for a
#: machine shared by several test runs (the benchmark reports the longest task against 200 ms).
LONG_TASK_MS = 1_000
#: The battles of the page's timing targets (issue 32: each within 2 s on a warm engine), HoMM's
#: largest kinds: three stacks a side under the plain plan, one against one under best play at the
#: most cards best play takes.
TIMED_BATTLES = {
    "3 stacks against 3, plain plan": {
        "aggressor": "1,1,3,0,7,3,melee;1,1,2,3,5,4,ranged;1,2,4,0,8,5,melee",
        "defender": "1,2,4,0,8,5,melee;1,1,3,0,7,3,melee;1,1,2,3,5,4,ranged",
        "play": "plain",
    },
    "1 stack against 1, best play, 4 cards each": {
        "aggressor": "4,1,3,0,7,3,melee",
        "defender": "4,2,4,0,8,5,melee",
        "play": "best",
    },
}


@pytest.fixture
def watched(browser: BrowserContext) -> Iterator[Page]:
    """A fresh tab that records its main thread's long tasks from before any script runs."""
    tab = browser.new_page()
    tab.add_init_script(LONG_TASKS)
    yield tab
    tab.close()


def answer_in(box: Locator, values: dict[str, str]) -> tuple[dict[str, object], float]:
    """Compute `values` in the battle calculator `box`; its answer and the seconds the worker took."""
    result = box.locator(".bb-odds-result")
    result.evaluate("node => { delete node.dataset.answer; }")
    fill(box, values)
    box.locator("button[type=submit]").click()
    expect(result).to_have_attribute("data-answer", re.compile("."), timeout=FIRST_RUN_MS)
    answer: dict[str, object] = json.loads(result.get_attribute("data-answer") or "{}")
    return answer, float(box.locator("form").get_attribute("data-seconds") or "nan")


def test_a_warm_battle_calculator_answers_in_its_worker_and_never_holds_the_page(
    watched: Page,
    site_url: str,
    capsys: pytest.CaptureFixture[str],
    request: pytest.FixtureRequest,
) -> None:
    workers: list[str] = []
    watched.on("worker", lambda worker: workers.append(worker.url))
    # Arriving by a shared link: the battle is answered at once, in the worker, the page free meanwhile.
    shared = {"aggressor": "2,1,3,0,7,3,melee", "defender": "1,2,4,0,7,5,melee", "play": "plain"}
    watched.goto(f"{site_url}odds/homm/#battle=homm&{urllib.parse.urlencode(shared)}", wait_until="load")
    box = watched.locator(".bb-battle-calculator")
    result = box.locator(".bb-odds-result")
    expect(result).to_have_attribute("data-answer", re.compile("."), timeout=FIRST_RUN_MS)
    assert json.loads(result.get_attribute("data-answer") or "{}") == cli_answer("homm", shared, capsys)
    assert any("try-it-worker" in url for url in workers), "the shared battle was not worked out in the engine's worker"
    held = long_tasks_since(watched, None, LONG_TASK_MS)  # since the page loaded
    assert held == [], f"the page's main thread was held {held} ms while the shared battle was answered"
    # The engine is warm now: the largest battles the page promises to answer quickly.
    for name, values in TIMED_BATTLES.items():
        expected = cli_answer("homm", {"faces": "0-9", "reading": "", **values}, capsys)
        since = watched.evaluate("performance.now()")
        answer, seconds = answer_in(box, values)
        assert answer == expected, name
        request.node.user_properties.append((f"{name}: seconds in the worker", round(seconds, 3)))
        held = long_tasks_since(watched, since, LONG_TASK_MS)
        assert held == [], f"{name}: the page's main thread was held {held} ms while the worker computed"
