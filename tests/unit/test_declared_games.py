"""Every feature file of the rulebook declares its game; the build refuses one that does not.

The game of an example is read from its tags (`@game:` on the Feature, or nearer), never
voted from its lines; only `battlebook check` guesses, for a player's undeclared file, and
says so (see `tests/unit/test_check_guess.py`).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from battlebook.book.model import FeatureFileError, load_feature, require_games
from battlebook.games import GAMES
from battlebook.site.pages import GenerationError, read_book
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
UNDECLARED = (
    "@chapter:1\nFeature: No game\n  Example: E\n    Given a battle in the open field\n    Then the battle goes on\n"
)


def test_every_rulebook_file_declares_a_registered_game_on_its_feature() -> None:
    book = rulebook()
    require_games(book, tuple(GAMES))
    assert {feature.game for feature in book} <= set(GAMES)
    for feature in book:
        for rule, example in feature.examples():
            assert feature.declared(rule, example).game == feature.game, (feature.path, example.line)


def test_a_file_declaring_no_game_is_refused_naming_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "mine.feature"
    path.write_text(UNDECLARED, encoding="utf-8")
    with pytest.raises(FeatureFileError) as caught:
        require_games([load_feature(path, tmp_path)], tuple(GAMES))
    assert str(caught.value).startswith("mine.feature:2: the file declares no game: put @game:homm or @game:heroscape")


def test_the_site_build_refuses_an_undeclared_file(tmp_path: Path) -> None:
    (tmp_path / "features").mkdir()
    (tmp_path / "features" / "mine.feature").write_text(UNDECLARED, encoding="utf-8")
    with pytest.raises(GenerationError, match=r"features/mine\.feature:2: the file declares no game"):
        read_book(tmp_path)


def test_the_nearest_tag_declares_and_the_build_refuses_an_unknown_game(tmp_path: Path) -> None:
    path = tmp_path / "mine.feature"
    path.write_text(
        "@game:homm\nFeature: F\n  @game:heroscape @edition:2004\n  Example: E\n"
        "    Given a battle in the open field\n    Then the battle goes on\n\n"
        "  @game:chess\n  Example: G\n    Given a battle in the open field\n    Then the battle goes on\n",
        encoding="utf-8",
    )
    doc = load_feature(path, tmp_path, strict=False)
    (_, first), (_, second) = doc.examples()
    assert doc.declared(None, second).game == "chess"  # declared, and refused below
    assert doc.declared(None, first).game == "heroscape"
    assert doc.declared(None, first).edition == "2004"
    assert [p.reason for p in doc.problems] == []
    doc = replace(doc, tags=("game:chess",))
    with pytest.raises(FeatureFileError, match="unknown game 'chess': declare @game:homm or @game:heroscape"):
        require_games([doc], tuple(GAMES))


def test_the_rulebooks_run_refuses_an_undeclared_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`tests/test_features.py` (what `make test` runs) stops at a file that declares no game, naming file and line."""
    path = tmp_path / "mine.feature"
    path.write_text(UNDECLARED, encoding="utf-8")
    monkeypatch.chdir(ROOT)
    options = ["--battlebook-features", str(path), "--battlebook-results", str(tmp_path / "results.json")]
    status = pytest.main(["tests/test_features.py", "-p", "no:xdist", "-p", "no:hypothesispytest", *options])
    out = capsys.readouterr().out
    assert status == pytest.ExitCode.INTERRUPTED, out
    assert f"{path.name}:2: the file declares no game" in out
