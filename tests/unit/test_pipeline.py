"""The rulebook pipeline end to end: feature file -> run -> recorded result -> page."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from battlebook.book.model import FeatureFileError, feature_paths, load_book, load_feature
from battlebook.book.render import render_feature
from battlebook.book.results import Badge, ResultBook, ScenarioResult, Status, default_path

ROOT = Path(__file__).resolve().parents[2]

HEADER = """@game:homm
Feature: Probe
  Background:
    Given a battle in the open field

  @id:probe.rule @source:001/making-melee-attacks
  Rule: A probe rule
"""

GOLEMS_VS_BEHEMOTH = """      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
"""


def run_features(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, list[dict[str, object]]]:
    """Run `tests/test_features.py` on one feature file, as `make examples` does but in this process.

    Its exit status, its output, and the results it recorded.
    """
    feature = tmp_path / "probe.feature"
    feature.write_text(text, encoding="utf-8")
    results = tmp_path / "results.json"
    monkeypatch.chdir(ROOT)
    # The run's options name the file and the results: nothing is set in the environment, nothing imported afresh.
    options = ["--battlebook-features", str(feature), "--battlebook-results", str(results)]
    status = int(pytest.main(["tests/test_features.py", "-p", "no:xdist", "-p", "no:hypothesispytest", *options]))
    out, err = capsys.readouterr()
    records = json.loads(results.read_text())["results"] if results.exists() else []
    return status, out + err, records


def test_undefined_and_failing_examples_are_recorded_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (
        HEADER
        + "    Example: A step nobody defined\n"
        + GOLEMS_VS_BEHEMOTH
        + "      When the Gold Golems attack the Behemoth in mellee, rolling 6\n"
        + "      Then the attack kills the top card of the Behemoth\n\n"
        + "    Example: A wrong expectation\n"
        + GOLEMS_VS_BEHEMOTH
        + "      When the Gold Golems attack the Behemoth in melee, rolling 5\n"
        + "      Then the attack kills the top card of the Behemoth\n"
    )
    status, output, records = run_features(tmp_path, text, capsys, monkeypatch)
    assert status == 1, output
    by_name = {r["scenario"]: r for r in records}
    undefined = by_name["A step nobody defined"]
    assert undefined["status"] == "undefined"
    assert undefined["step_line"] == 11
    assert "closest known steps" in str(undefined["message"])
    assert '"When the {attacker} attack(s)/tries to attack/try to attack the {target} in melee' in str(
        undefined["message"]
    )
    assert "closest known steps" in output
    failing = by_name["A wrong expectation"]
    assert failing["status"] == "failed"
    assert failing["step"] == "Then the attack kills the top card of the Behemoth"
    assert "the attack missed: 7 + 5 = 12 < 13" in str(failing["message"])
    assert failing["rule_id"] == "probe.rule"


def test_two_examples_with_one_name_stop_the_run_naming_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    example = (
        "    Example: Twice\n" + GOLEMS_VS_BEHEMOTH + "      Then the Gold Golems attack in melee with a score of 7\n\n"
    )
    status, output, _ = run_features(tmp_path, HEADER + example + example, capsys, monkeypatch)
    assert status != 0
    assert "two examples are called 'Twice' (lines 8 and 13)" in output


def test_malformed_feature_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.feature"
    path.write_text("Feature: Bad\n  Rule: no id\n    Example: x\n      Given a battle in the open field\n")
    with pytest.raises(FeatureFileError, match=r"bad.feature:2: the Rule 'no id' needs exactly one identifier tag"):
        load_feature(path)
    path.write_text("Feature: Bad\n  Example: x\n    Given a\n  Feature: again\n")
    with pytest.raises(FeatureFileError, match=r"bad.feature:4: .*line reads: 'Feature: again'"):
        load_feature(path)
    path.write_text("Feature: Bad\n  @id:x @source:001/no-such-section\n  Rule: r\n")
    with pytest.raises(FeatureFileError, match=r"bad.feature:3: unknown source section '001/no-such-section'"):
        load_feature(path)


def test_page_badges_follow_results_and_content(tmp_path: Path) -> None:
    path = tmp_path / "page.feature"
    path.write_text(
        HEADER + "    Example: Shown\n" + GOLEMS_VS_BEHEMOTH + "      Then the Behemoth stack has 1 card left\n"
    )
    feature = load_feature(path, tmp_path)
    book = ResultBook([ScenarioResult(feature.path, feature.sha256, 8, "Shown", Status.PASSED)])
    page, problems = render_feature(feature, book)
    assert "## Rule { #probe.rule }" in page
    assert '<p class="bb-rule">A probe rule.</p>' in page
    assert '<h3 class="bb-example-title"><a class="bb-anchor" id="shown"' in page
    assert "bb-verified" in page and problems == []
    assert "```gherkin\nGiven the Aggressor" in page and "Example: Shown" not in page
    stale = ResultBook([ScenarioResult(feature.path, "old-content", 7, "Shown", Status.PASSED)])
    _, problems = render_feature(feature, stale)
    assert [p.badge for p in problems] == [Badge.NOT_RUN]
    failed = ResultBook([ScenarioResult(feature.path, feature.sha256, 8, "Shown", Status.FAILED, message="boom")])
    page, problems = render_feature(feature, failed)
    assert [p.badge for p in problems] == [Badge.FAILING] and "boom" in page


def test_strict_generation_refuses_a_failing_example(tmp_path: Path) -> None:
    """A small rulebook generated strictly: one failing example stops `battlebook site pages --strict`."""
    from battlebook.cli import main

    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    (tmp_path / "features").mkdir()
    shutil.copy(ROOT / "features" / "glossary.yml", tmp_path / "features" / "glossary.yml")
    (tmp_path / "features" / "probe.feature").write_text(
        HEADER
        + "".join(
            f"    Example: Kill {n}\n{GOLEMS_VS_BEHEMOTH}      When the Gold Golems attack the Behemoth in melee, "
            "rolling 6\n      Then the attack kills the top card of the Behemoth\n\n"
            for n in (1, 2)
        ),
        encoding="utf-8",
    )
    (feature,) = load_book(feature_paths([tmp_path / "features"]), tmp_path)
    runs = [
        ScenarioResult(feature.path, feature.sha256, example.line, example.name, Status.PASSED)
        for _, example in feature.examples()
    ]
    results = default_path(tmp_path)
    ResultBook(runs).save(results)
    from battlebook.site.pages import generate

    def examples_problems() -> list[str]:
        # The small rulebook leaves gaps in the sources' coverage: only its example's problems count here.
        return [p for p in generate(tmp_path, api=False).problems if p.startswith(f"{feature.path}:")]

    assert examples_problems() == [], "every example passed: nothing stops the strict generation"
    first = runs[0]
    first.status = Status.FAILED
    first.message = "deliberately broken for this test"
    ResultBook(runs).save(results)
    assert any(f"{first.feature}:{first.line}: example {first.scenario!r} is failing" in p for p in examples_problems())
    out = tmp_path / "pages"
    assert main(["site", "pages", str(out), "--root", str(tmp_path), "--no-api", "--strict"]) == 1
    page = (out / "docs" / "rulebook" / "probe.md").read_text(encoding="utf-8")
    assert "deliberately broken for this test" in page and "bb-failing" in page


def test_make_builds_the_site_strictly_and_without_quiet() -> None:
    """`mkdocs build --quiet` drops warnings before strict mode counts them: it would publish failures."""
    recipes = [line.strip() for line in (ROOT / "Makefile").read_text().splitlines() if line.startswith("\t")]
    builds = [line for line in recipes if re.search(r"(mkdocs|properdocs|\$\(BUILDER\)) build", line)]
    assert len(builds) >= 3, "make site and make test build the site"
    assert all("--strict" in line and "--quiet" not in line and " -q" not in line for line in builds)
    generations = [line for line in recipes if "site pages" in line and "--strict" in line]
    assert generations, "the published pages are generated strictly"
