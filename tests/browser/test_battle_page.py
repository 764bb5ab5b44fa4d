"""The odds pages' battle calculators in Chromium: the command line's answer, from the page's worker and from a link.

Each game's odds page draws its battle calculator from the game's declared battle options;
the answer is computed in the page's Web Worker and must be the one `battlebook odds battle
GAME --json` prints for the same fields. A shared link carries the fields, and the page
answers it on arrival.
"""

from __future__ import annotations

import json
import urllib.parse

import pytest
from playwright.sync_api import Locator, Page, expect

from battlebook.cli import main
from battlebook.runners.inpage import game_battle

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
