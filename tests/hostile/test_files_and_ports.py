"""Results files, stale results and the docs server's port: each problem said in one line."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from battlebook.book.results import ResultBook, ResultsFileError, ScenarioResult, Status
from battlebook.cli.port import port_problem


def _book(tmp_path: Path) -> Path:
    feature = tmp_path / "features" / "kept.feature"
    feature.parent.mkdir()
    feature.write_text("Feature: Kept\n", encoding="utf-8")
    import hashlib

    digest = hashlib.sha256(feature.read_bytes()).hexdigest()
    book = ResultBook(
        [
            ScenarioResult("features/kept.feature", digest, 3, "Kept", Status.PASSED),
            ScenarioResult("features/kept.feature", "old", 4, "Changed since", Status.FAILED),
            ScenarioResult("features/gone.feature", "x", 3, "Deleted", Status.FAILED),
        ]
    )
    path = tmp_path / "results.json"
    book.save(path)
    return path


def test_results_of_changed_or_deleted_files_are_left_out(tmp_path: Path) -> None:
    current, stale = ResultBook.load(_book(tmp_path)).current(tmp_path)
    assert [r.scenario for r in current] == ["Kept"] and stale == 2


def test_a_new_run_drops_the_results_of_deleted_files(tmp_path: Path) -> None:
    kept = ResultBook.load(_book(tmp_path)).without_missing(tmp_path)
    assert sorted(r.scenario for r in kept) == ["Changed since", "Kept"]


@pytest.mark.parametrize(
    "content",
    ["{", "[1]", '{"format": 1, "results": [{"feature": 3}]}', '{"format": 99, "results": []}', "\udcff"],
)
def test_a_bad_results_file_says_how_to_make_a_new_one(tmp_path: Path, content: str) -> None:
    path = tmp_path / "results.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    with pytest.raises(ResultsFileError, match="run the examples again") as raised:
        ResultBook.load(path)
    assert "\n" not in str(raised.value)


def test_the_site_build_stops_on_a_bad_results_file_with_the_way_out(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    from mkdocs.exceptions import PluginError

    from battlebook.site.chapters import load_results

    path = tmp_path / "results.json"
    path.write_text(json.dumps({"format": 1, "results": "nope"}), encoding="utf-8")
    with pytest.raises(PluginError, match="make examples"):
        load_results(path)


def test_a_taken_port_is_named_with_another_to_choose() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        problem = port_problem(str(port))
    assert problem is not None and f"port {port}" in problem and "make docs" in problem


def test_a_free_port_is_fine_and_a_word_is_not_a_port() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    assert port_problem(str(free)) is None
    assert port_problem("eighty") is not None and port_problem("70000") is not None


def test_property_tests_run_derandomized_without_deadline() -> None:
    from hypothesis import settings

    profile = settings.default
    assert profile is not None and profile.derandomize and profile.deadline is None
