"""The cases of issue 27 that are not one `battlebook` command: the site build, the page's bounds, the hint.

The command-line attempts of the same pass are in [`tests.hostile.third_pass`][tests.hostile.third_pass]
(run by `test_attempts.py`), the site's in [`tests.hostile.site`][tests.hostile.site].
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from battlebook import bounds
from battlebook.book.model import FeatureFileError, UnreadableFolderError, feature_paths, load_feature
from battlebook.bounds import BoundError
from tests.hostile.attempts import feature, good

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "battlebook"


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    "path",
    [
        "features/steps.feature",
        "features/coverage.feature",
        "features/rulings/index.feature",
        "features/homm/melee/index.feature",
    ],
)
def test_a_chapter_taking_another_pages_address_stops_the_build(tmp_path: Path, path: str) -> None:
    from battlebook.site.pages import GenerationError, read_book

    _write(tmp_path, {"mkdocs.yml": "site_name: x\n", path: feature(good())})
    if path.endswith("melee/index.feature"):
        _write(tmp_path, {"features/homm/melee.feature": feature(good()).replace("hostile.rule", "hostile.other")})
    with pytest.raises(GenerationError, match="the address of") as refused:
        read_book(tmp_path)
    assert "\n" not in str(refused.value)


def test_an_unreadable_folder_is_named_not_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sub-folder that cannot be listed (root reads every folder, so the refusal is simulated)."""
    from battlebook.runners.check import CheckUsageError, check_paths

    _write(tmp_path, {"ok.feature": feature(good()), "locked/failing.feature": feature("    Example: e\n")})
    real = os.scandir

    def scandir(path: Any = ".") -> Any:
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(UnreadableFolderError, match=r"cannot read the folder .*locked"):
        feature_paths([tmp_path])
    with pytest.raises(CheckUsageError, match="Permission denied"):
        check_paths([tmp_path])


@pytest.mark.parametrize("tag", ["@chapter:\u00b2", "@chapter:" + "9" * 150, "@chapter:-3", "@chapter:\u0663"])
def test_a_chapter_number_is_refused_in_one_line_by_a_strict_read(tmp_path: Path, tag: str) -> None:
    _write(tmp_path, {"x.feature": tag + "\n" + feature(good())})
    with pytest.raises(FeatureFileError, match="the chapter's number") as refused:
        load_feature(tmp_path / "x.feature", tmp_path)
    assert "\n" not in str(refused.value)
    lenient = load_feature(tmp_path / "x.feature", tmp_path, strict=False)
    assert lenient.chapter == 99 and lenient.problems


def test_the_closest_step_hint_reads_no_more_than_its_bound() -> None:
    """A 900,000-character line gets the hint of its first MAX_HINT_TEXT characters: the work is bounded."""
    from battlebook.language.catalogue import load_step_modules
    from battlebook.language.recorder import closest_steps

    load_step_modules()
    line = "the Gold Golems attack the Behemoth in melee " * 20_000
    assert len(line) > 800_000
    assert closest_steps(line, 3, "when") == closest_steps(line[: bounds.MAX_HINT_TEXT], 3, "when")


def test_one_set_of_bounds_reaches_the_engine_the_command_line_and_the_page() -> None:
    pytest.importorskip("mkdocs")
    from battlebook.heroscape import calculator as heroscape_calculator
    from battlebook.heroscape.dice import heroscape_wounds
    from battlebook.homm import calculator as homm_calculator
    from battlebook.runners.inpage import game_odds
    from battlebook.site.pages import forms_element

    # The command line's options are the games' calculators' (battlebook.cli.odds names no game).
    calculators = (heroscape_calculator.MAX_DICE, homm_calculator.MAX_SCORE, homm_calculator.MAX_SWAT)
    assert calculators == (bounds.MAX_DICE, bounds.MAX_SCORE, bounds.MAX_SWAT)
    assert f"&quot;high&quot;: {bounds.MAX_DICE}" in forms_element("heroscape")
    for call in (
        lambda: heroscape_wounds(bounds.MAX_DICE + 1, 1),
        lambda: game_odds("heroscape", [20_000, 20_000, 0, "2004"]),
        lambda: game_odds("heroscape", [1, 1, 10**6, "2004"]),
        lambda: game_odds("homm", [10**6, [1], "0-9"]),
        lambda: game_odds("homm", [1, [1] * (bounds.MAX_SWAT + 1), "0-9"]),
    ):
        with pytest.raises(BoundError, match="give a whole number from"):
            call()


def test_the_page_calculator_reads_its_bounds_from_the_page() -> None:
    """The odds calculator's script states no bound of its own: it reads the page's forms (`data-bb-forms`)."""
    script = (ENGINE.parents[1] / "docs" / "javascripts" / "try-it-app.js").read_text(encoding="utf-8")
    calculator = script.split("/* ---------- calculators: one generic form", 1)[1].split("function setupOdds", 1)[0]
    assert "data-bb-forms" in calculator and "withinBounds" in calculator
    assert ", 0, 30)" not in calculator and ", 0, 99)" not in calculator and "-40, 40" not in calculator


def _cli_modules() -> Iterator[Path]:
    yield from sorted((ENGINE / "cli").glob("*.py"))


@pytest.mark.parametrize("module", list(_cli_modules()), ids=lambda p: p.name)
def test_the_command_line_prints_only_through_say(module: Path) -> None:
    """Every text a command prints goes through `battlebook.cli.say`, which shows control characters escaped."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    printing = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
    ]
    allowed = {node.lineno for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "say"}
    assert all(any(start < line <= start + 10 for start in allowed) for line in printing), printing


def test_names_in_the_navigation_show_bidi_and_controls_escaped() -> None:
    pytest.importorskip("mkdocs")
    from battlebook.site.finish import twice_used_ids
    from battlebook.site.pages import nav_title

    assert nav_title("Golems \u202eeno\x1b[8m") == "Golems \\u202eeno\\x1b[8m"
    assert twice_used_ids('<h1 id="a">x</h1><a id="a"></a><b id="b"></b>') == ["a"]


def test_the_messages_are_never_written_over_a_feature_file(tmp_path: Path) -> None:
    from battlebook.book.results import ResultBook
    from battlebook.language.messages import MessagesTargetError, write_messages

    target = tmp_path / "mine.feature"
    target.write_text("Feature: mine\n", encoding="utf-8")
    with pytest.raises(MessagesTargetError, match="is a feature file"):
        write_messages(target, tmp_path, ResultBook(), [])
    assert target.read_text(encoding="utf-8") == "Feature: mine\n"
