"""`battlebook odds`: exact JSON shapes, readable output, and one-line errors with status 2."""

from __future__ import annotations

import json

import pytest

from battlebook.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_heroscape_json_has_exactly_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "heroscape", "--attack", "2", "--defense", "4", "--json")
    assert status == 0
    assert json.loads(out) == {
        "game": "heroscape",
        "attack_dice": 2,
        "defense_dice": 4,
        "wounds": {"0": "61/81", "1": "16/81", "2": "4/81"},
        "at_least_one": "20/81",
        "expected_wounds": "8/27",
    }


def test_heroscape_whole_probabilities_print_as_0_and_1(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "heroscape", "--attack", "0", "--defense", "3", "--json")
    data = json.loads(out)
    assert data["wounds"] == {"0": "1"}
    assert data["at_least_one"] == "0"
    assert data["expected_wounds"] == "0"


def test_heroscape_table_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "heroscape", "--attack", "2", "--defense", "4")
    assert status == 0
    assert "at least one wound: 20/81 (24.69%)" in out


def test_homm_json_has_exactly_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "homm", "--score", "7", "--defense", "13", "--json")
    assert status == 0
    assert json.loads(out) == {"game": "homm", "score": 7, "defense": 13, "faces": "0-9", "hit": "2/5", "min_roll": 6}


def test_homm_swat_adds_the_defenses_and_reads_faces(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "homm", "--score", "7", "--defense", "4,4,5", "--faces", "1-10", "--json")
    assert json.loads(out) == {
        "game": "homm",
        "score": 7,
        "defense": 13,
        "swat": [4, 4, 5],
        "faces": "1-10",
        "hit": "1/2",
        "min_roll": 6,
    }


def test_homm_out_of_reach_has_no_min_roll(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "homm", "--score", "7", "--defense", "17", "--json")
    assert json.loads(out)["min_roll"] is None
    assert json.loads(out)["hit"] == "0"


def test_homm_sentence_says_certain(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "homm", "--score", "9", "--defense", "7")
    assert "chance of a kill: 1 (100%)" in out
    assert "certain" in out


@pytest.mark.parametrize(
    "argv",
    [
        ("heroscape", "--attack", "-1", "--defense", "2"),
        ("heroscape", "--attack", "two", "--defense", "2"),
        ("heroscape", "--attack", "31", "--defense", "2"),
        ("heroscape", "--attack", "2"),
        ("homm", "--score", "x", "--defense", "4"),
        ("homm", "--score", "-1", "--defense", "4"),
        ("heroscape", "--attack", "2", "--defense", "1", "--faces", "1-10"),
        ("homm", "--score", "3", "--defense", "4", "extra"),
        ("homm", "--score", "3", "--defense", "4,-1"),
        ("homm", "--score", "3", "--defense", "4,,5"),
        ("homm", "--score", "3", "--defense", "4", "--faces", "2-11"),
        ("dominoes",),
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    status, out, err = run(capsys, "odds", *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    subcommand = "battlebook odds:" if argv == ("dominoes",) else f"battlebook odds {argv[0]}:"
    assert err.startswith(subcommand), err


@pytest.mark.parametrize(
    ("game", "options"),
    [("heroscape", ["--attack", "--defense", "--json"]), ("homm", ["--score", "--defense", "--faces", "--json"])],
)
def test_help_documents_every_option(capsys: pytest.CaptureFixture[str], game: str, options: list[str]) -> None:
    status, out, _ = run(capsys, "odds", game, "--help")
    assert status == 0
    for option in options:
        assert option in out


def test_odds_loads_only_the_dice_it_counts() -> None:
    """`battlebook odds` imports the dice and the odds, never a game's rules, state or drawing."""
    import subprocess
    import sys

    probe = (
        "import sys, contextlib, io\n"
        "from battlebook.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['odds', 'homm', '--score', '3', '--defense', '7'])\n"
        "    main(['odds', 'heroscape', '--attack', '2', '--defense', '1'])\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('battlebook.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert {"battlebook.odds", "battlebook.homm.ruleset", "battlebook.heroscape.dice"} <= loaded
    heavy = {m for m in loaded if m.rsplit(".", 1)[-1] in ("rules", "state", "combat", "picture", "game", "games")}
    assert heavy == set(), f"odds loaded {sorted(heavy)}"
