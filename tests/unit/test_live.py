"""`make docs`'s loop (`battlebook.cli.live`): which saves re-run which examples, and how the results move."""

from __future__ import annotations

import ast
import sys
import threading
import time
from pathlib import Path

from battlebook.book.results import ResultBook, ScenarioResult, Status
from battlebook.cli.live import Plan, act, bursts, plan, refresh_results


def test_a_saved_feature_file_reruns_its_examples_and_scratch_files_change_nothing(tmp_path: Path) -> None:
    melee, towns = tmp_path / "melee.feature", tmp_path / "towns.feature"
    melee.write_text("Feature: M\n", encoding="utf-8")
    towns.write_text("Feature: T\n", encoding="utf-8")
    scratch = {tmp_path / ".melee.feature.swp", tmp_path / "melee.feature~", tmp_path / "4913"}
    assert plan({melee, towns, *scratch} - {tmp_path / "4913"}) == Plan((melee, towns), refresh=False)
    assert plan({tmp_path / ".melee.feature.swp"}) == Plan((), refresh=False)
    assert plan({tmp_path / "gone.feature"}) == Plan((), refresh=True)
    assert plan({tmp_path / "glossary.yml"}) == Plan((), refresh=True)
    assert plan({tmp_path}) == Plan((), refresh=False), "a folder's own event changes nothing"


def test_the_examples_run_names_only_the_saved_files(tmp_path: Path) -> None:
    melee = tmp_path / "features" / "melee.feature"
    melee.parent.mkdir()
    melee.write_text("Feature: M\n", encoding="utf-8")
    probe = "import pathlib, sys; pathlib.Path('args.txt').write_text(repr(sys.argv[1:]))"
    act(Plan((melee,), refresh=False), tmp_path, [sys.executable, "-c", probe])
    args = ast.literal_eval((tmp_path / "args.txt").read_text())
    assert args == [f"--battlebook-features={melee}", "--battlebook-messages="], "no Cucumber Messages from it"


def test_a_removed_feature_file_loses_its_results(tmp_path: Path) -> None:
    kept = tmp_path / "features" / "kept.feature"
    kept.parent.mkdir()
    kept.write_text("Feature: K\n", encoding="utf-8")
    book = ResultBook()
    for name in ("kept", "gone"):
        book.add(ScenarioResult(f"features/{name}.feature", "abc", 3, "An example", Status.PASSED))
    results = tmp_path / ".battlebook" / "results.json"
    book.save(results)
    assert "refreshed" in refresh_results(tmp_path)
    assert [r.feature for r in ResultBook.load(results)] == ["features/kept.feature"]
    results.write_text("not json", encoding="utf-8")
    assert "cannot be read" in refresh_results(tmp_path)


def test_an_editors_save_is_one_change(tmp_path: Path) -> None:
    """A save written to a scratch file and renamed over the chapter comes as one burst, the chapter in it."""
    stop = threading.Event()
    watching = bursts(tmp_path, stop, timeout_ms=100)
    try:
        assert next(watching) == set(), "nothing changed yet"  # the watcher is running from here on
        chapter = tmp_path / "melee.feature"
        scratch = tmp_path / ".melee.feature.tmp"
        scratch.write_text("Feature: M\n", encoding="utf-8")
        scratch.replace(chapter)
        burst: set[Path] = set()
        deadline = time.monotonic() + 10
        while chapter not in burst and time.monotonic() < deadline:
            burst |= next(watching)
    finally:
        stop.set()
        watching.close()
    assert chapter in burst
    assert plan(burst).rerun == (chapter,)
