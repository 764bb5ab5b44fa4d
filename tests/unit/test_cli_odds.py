"""`battlebook odds`: exact JSON shapes, readable output, and one-line errors with status 2."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from battlebook.cli import main
from battlebook.games import PACKAGES


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
    heavy = {m for m in loaded if m.rsplit(".", 1)[-1] in ("rules", "state", "combat", "picture", "play", "fight")}
    heavy |= {m for m in loaded if m.endswith((".homm.game", ".heroscape.game"))}
    assert heavy == set(), f"odds loaded {sorted(heavy)}"


# --- odds fight ------------------------------------------------------------------------


def test_fight_heroscape_duel_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("odds", "fight", "heroscape", "--edition", "2024", "--first", "3,3,4", "--second", "2,4,3", "--json")
    status, out, _ = run(capsys, *argv)
    data = json.loads(out)
    assert status == 0
    keys = ["first_wins", "second_wins", "never_ends", "first_wins_with_left", "second_wins_with_left"]
    assert {*keys, "expected_attacks", "readings"} <= set(data)
    assert Fraction(data["first_wins"]) + Fraction(data["second_wins"]) + Fraction(data["never_ends"]) == 1
    assert list(data["first_wins_with_left"]) == ["4", "3", "2", "1"]
    assert sum(Fraction(p) for p in data["first_wins_with_left"].values()) == Fraction(data["first_wins"])
    assert Fraction(data["expected_attacks"]) > 1


def test_fight_heroscape_duel_that_never_ends_has_no_expected_attacks(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "fight", "heroscape", "--first", "0,2,1", "--second", "0,1,1", "--json")
    data = json.loads(out)
    assert data["never_ends"] == "1" and data["expected_attacks"] is None


def test_fight_heroscape_attacked_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("odds", "fight", "heroscape", "--edition", "2024", "--life", "3", "--attacks", "3v2,2v2,4v1", "--json")
    _, out, _ = run(capsys, *argv)
    data = json.loads(out)
    assert len(data["destroyed_by_attack"]) == 3
    assert sum(Fraction(p) for p in data["destroyed_by_attack"]) == Fraction(data["destroyed"])
    assert list(data["alive_with_wounds"]) == ["0", "1", "2"]
    assert Fraction(data["destroyed"]) + sum(Fraction(p) for p in data["alive_with_wounds"].values()) == 1


def test_fight_homm_json_names_its_readings(capsys: pytest.CaptureFixture[str]) -> None:
    base = ("odds", "fight", "homm", "--aggressor", "2,1,4,9,3", "--defender", "2,1,4,9,5", "--json")
    _, plain, _ = run(capsys, *base)
    _, chained, _ = run(capsys, *base, "--reading", "retaliation-chain", "--faces", "1-10")
    plain_data, chained_data = json.loads(plain), json.loads(chained)
    keys = ["aggressor_wins", "defender_wins", "never_ends", "aggressor_wins_with_left", "defender_wins_with_left"]
    assert {*keys, "expected_rounds"} <= set(plain_data)
    assert (plain_data["faces"], plain_data["retaliation_chain"]) == ("0-9", False)
    assert (chained_data["faces"], chained_data["retaliation_chain"]) == ("1-10", True)
    assert any("ruling.retaliation-chain: the alternative" in r for r in chained_data["readings"])
    assert plain_data["aggressor_wins"] != chained_data["aggressor_wins"]


def test_fight_table_shows_percentages_fractions_and_a_chart(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "fight", "homm", "--aggressor", "3,2,3,7,7", "--defender", "1,3,5,9,4")
    assert status == 0
    assert "the Aggressor's stack wins" in out and "%" in out and "/" in out
    assert "#" in out and "expected rounds:" in out and "reading: the die has ten faces, read 0 to 9" in out


@pytest.mark.parametrize(
    "argv",
    [
        ("heroscape", "--first", "3,3", "--second", "3,3,3"),
        ("heroscape", "--first", "3,3,21", "--second", "3,3,3"),
        ("heroscape", "--first", "3,3,0", "--second", "3,3,3"),
        ("heroscape", "--first", "3,x,3", "--second", "3,3,3"),
        ("heroscape", "--first", "3,3,3"),
        ("heroscape", "--first", "3,3,3", "--second", "3,3,3", "--height", "2"),
        ("heroscape", "--edition", "2024", "--first", "3,3,3", "--second", "3,3,3", "--height", "-3"),
        ("heroscape", "--edition", "1999", "--first", "3,3,3", "--second", "3,3,3"),
        ("heroscape", "--first", "3,3,3", "--second", "3,3,3", "--life", "2"),
        ("heroscape", "--life", "2"),
        ("heroscape", "--life", "2", "--attacks", "3v2,3"),
        ("heroscape", "--life", "2", "--attacks", ",".join(["1v1"] * 21)),
        ("heroscape",),
        ("homm", "--aggressor", "3,2,3,7,7"),
        ("homm", "--aggressor", "3,2,3,7,7", "--defender", "21,1,1,1,1"),
        ("homm", "--aggressor", "3,2,3,7,0", "--defender", "1,1,1,1,1"),
        ("homm", "--aggressor", "3,2,3,7", "--defender", "1,1,1,1,1"),
        ("homm", "--aggressor", "3,2,3,7,7", "--defender", "1,1,1,1,1", "--faces", "1-6"),
        ("homm", "--aggressor", "3,2,3,7,7", "--defender", "1,1,1,1,1", "--reading", "swat-reach"),
        ("chess",),
    ],
)
def test_fight_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    status, out, err = run(capsys, "odds", "fight", *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("battlebook odds fight" + ("" if argv == ("chess",) else f" {argv[0]}")), err


@pytest.mark.parametrize(
    ("game", "bounds"),
    [
        ("heroscape", ["0 to 12", "1 to 12", "1 to 20", "-1 to 1", "-2 to 2", "--edition", "--json"]),
        ("homm", ["1 to 12", "0 to 999", "1 to 10", "--faces", "--reading", "--json"]),
    ],
)
def test_fight_help_states_every_bound(capsys: pytest.CaptureFixture[str], game: str, bounds: list[str]) -> None:
    status, out, _ = run(capsys, "odds", "fight", game, "--help")
    assert status == 0
    for bound in bounds:
        assert bound in " ".join(out.split()), bound


def test_the_bounds_and_choices_the_command_states_are_the_engines() -> None:
    """The games' calculators state their bounds and words without loading the rules: each is the engine's."""
    from battlebook.heroscape import calculator as scape_calculator
    from battlebook.heroscape import fight as scape
    from battlebook.heroscape.dice import COMBAT_DIE
    from battlebook.homm import calculator as homm_calculator
    from battlebook.homm import fight as homm
    from battlebook.homm.ruleset import DieReading
    from battlebook.homm.units import MAX_STAT

    assert (scape_calculator.MAX_FIGHT_DICE, scape_calculator.MAX_LIFE, scape_calculator.MAX_ATTACKS) == (
        scape.MAX_DICE,
        scape.MAX_LIFE,
        scape.MAX_ATTACKS,
    )
    assert (homm_calculator.MAX_CARDS, homm_calculator.MAX_STAT) == (homm.MAX_CARDS, MAX_STAT)
    assert tuple(homm.READINGS) == homm_calculator.FIGHT_READINGS
    assert tuple(reading.value for reading in DieReading) == homm_calculator.DIE_READINGS
    assert (COMBAT_DIE.skulls, COMBAT_DIE.shields, COMBAT_DIE.blanks) == scape_calculator.COMBAT_DIE_SIDES


def test_reading_a_fight_s_arguments_loads_no_game() -> None:
    """`odds fight ... --help` and a refused argument read the arguments without importing a game's rules.

    Only the command, the registry (its names) and the games' light calculators (their page parts and the
    battles that weigh readings, declarations only) are loaded.
    """
    import subprocess
    import sys

    probe = (
        "import sys, contextlib, io\n"
        "from battlebook.cli import main\n"
        "for argv in (['odds', 'fight', 'heroscape', '--help'], ['odds', 'fight', 'homm', '--aggressor', '1']):\n"
        "    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "        try:\n"
        "            main(argv)\n"
        "        except SystemExit:\n"
        "            pass\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('battlebook.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    light = {"battlebook.cli", "battlebook.cli.odds", "battlebook.games", "battlebook.game", "battlebook.calculator"}
    light |= {
        f"{package}{part}"
        for package in PACKAGES.values()
        for part in ("", ".calculator", ".battle_page", ".reading_battles")
    }
    kernel = {"battlebook._lazy", "battlebook.bounds", "battlebook.dice", "battlebook.errors", "battlebook.visible"}
    assert loaded <= light | kernel, loaded - light - kernel
