"""Cucumber's HTML report opens a run's Cucumber Messages: the Rule, the run's time, the drawings, the closest steps.

A player's check writes its run as Cucumber Messages (`battlebook check --messages`); Cucumber's
HTML formatter (`@cucumber/html-formatter`, pinned in package-lock.json, run by
`tests/browser/cucumber_report.mjs`) makes its standalone report of them, which opens in Chromium.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.browser.conftest import ROOT, Problems, serve
from tests.unit.test_messages import FEATURE

REPORTER = ROOT / "tests" / "browser" / "cucumber_report.mjs"


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding a check's messages (`run.ndjson`) and Cucumber's HTML report of them (`report.html`)."""
    folder = tmp_path_factory.mktemp("cucumber-report")
    (folder / "question.feature").write_text(FEATURE, encoding="utf-8")
    battlebook = Path(sys.executable).parent / "battlebook"
    checked = subprocess.run(
        [str(battlebook), "check", "question.feature", "--messages", "run.ndjson"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert checked.returncode == 1, checked.stdout + checked.stderr  # one example is undefined
    node = shutil.which("node")
    assert node is not None, "the report is made by Node (make browser installs the npm packages)"
    with (folder / "run.ndjson").open("rb") as messages, (folder / "report.html").open("wb") as html:
        made = subprocess.run([node, str(REPORTER)], stdin=messages, stdout=html, stderr=subprocess.PIPE, timeout=120)
    assert made.returncode == 0, made.stderr.decode(errors="replace")
    return folder


def test_cucumbers_html_report_reads_the_run(browser: BrowserContext, report: Path) -> None:
    page = browser.new_page()
    problems = Problems()
    problems.watch(page)
    try:
        with serve(report) as url:
            page.goto(url + "report.html")
            body = page.locator("body")
            expect(body).to_contain_text("Rule: Score plus roll must reach the defense")
            expect(body).to_contain_text(re.compile(r"50% \(1 / 2\) passed"))
            # The run's time, from its steps' real durations: not the "0 seconds" of steps that took none.
            expect(body).to_contain_text(re.compile(r"\bin (?!0 seconds)\d+(\.\d+)? second"))
            # The undefined step's closest steps, as the report's suggestion.
            expect(body).to_contain_text("No step definition found")
            expect(page.locator("code", has_text="When the {attacker} attack(s)/tries to attack").first).to_be_visible()
            # The passing example's drawing, attached as an SVG image, opens and shows.
            page.get_by_text("drawing-1.svg").click()
            image = page.locator("img[src^='data:image/svg+xml']").first
            expect(image).to_be_visible()
            expect(image).to_have_js_property("complete", True)
            assert image.evaluate("img => img.naturalWidth") > 50, "the drawing does not decode"
        assert problems.console == [], "the report logged errors"
    finally:
        page.close()
