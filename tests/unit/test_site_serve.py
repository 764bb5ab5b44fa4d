"""`make docs` rebuilds the rulebook when a feature file or the recorded results change, and only then."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from battlebook.site.chapters import LIVE_VARIABLE, on_serve


class Server:
    """A stand-in for mkdocs' live-reload server that records what it is asked to watch."""

    def __init__(self) -> None:
        self.watched: dict[str, bool] = {}

    def watch(self, path: str, func: None = None, *, recursive: bool = True) -> None:
        self.watched[path] = recursive


def test_the_results_folder_is_watched_without_the_tests_builds_under_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BATTLEBOOK_RESULTS", raising=False)
    monkeypatch.delenv(LIVE_VARIABLE, raising=False)
    server = Server()
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"))
    on_serve(cast(Any, server), cast(Any, config), None)
    assert server.watched == {str(tmp_path / "features"): True, str(tmp_path / ".battlebook"): False}


def test_under_make_docs_loop_the_feature_files_are_left_to_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`battlebook.cli.live` watches `features/` and writes the results: serve rebuilds on the results alone."""
    monkeypatch.delenv("BATTLEBOOK_RESULTS", raising=False)
    monkeypatch.setenv(LIVE_VARIABLE, "1")
    server = Server()
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"))
    on_serve(cast(Any, server), cast(Any, config), None)
    assert server.watched == {str(tmp_path / ".battlebook"): False}
