"""A third game costs one package and one registration: Coin Duel, the toy game of `tests/toygame`, end to end.

The toy is registered the way an installed distribution registers a game: an entry point in
the group `battlebook.games` (a `.dist-info` folder on the path of a fresh Python, written
here in a temporary folder), pointing at the package's `REGISTRATION`. Nothing else of
Battlebook names it; each test runs the command line (or the in-page runner) in that
Python and checks what a player would see: `battlebook check`, `battlebook steps`, page
generation, the in-page runner's data, `battlebook odds` and `battlebook odds fight`, and
the API test over every registered game, the toy among them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "toygame"
ENTRY_POINT = "[battlebook.games]\ntoy = tests.toygame:REGISTRATION\n"


@pytest.fixture
def toy_python(tmp_path: Path) -> dict[str, str]:
    """The environment of a Python in which the toy game is installed: its distribution's metadata on the path."""
    dist = tmp_path / "site" / "battlebook_toygame-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: battlebook-toygame\nVersion: 1.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(ENTRY_POINT, encoding="utf-8")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(ROOT)])}


def run(env: dict[str, str], *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`battlebook ARGS` in the toy's Python."""
    command = [sys.executable, "-m", "battlebook", *args]
    return subprocess.run(command, env=env, cwd=cwd or ROOT, capture_output=True, text=True, timeout=300)


def python(env: dict[str, str], code: str, cwd: Path | None = None) -> str:
    """What `code` prints, run in the toy's Python."""
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=cwd or ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_registry_lists_the_toy_after_the_built_in_games(toy_python: dict[str, str]) -> None:
    out = python(toy_python, "from battlebook.games import GAMES; print(list(GAMES), GAMES['toy'].title)")
    assert out.split("] ")[0].endswith("'toy'") and out.strip().endswith("Coin Duel")
    # Not installed, not there: nothing else lists it.
    assert "toy" not in python(
        {**os.environ, "PYTHONPATH": str(ROOT)}, "from battlebook.games import GAMES; print(list(GAMES))"
    )


def test_battlebook_check_runs_the_toys_examples_and_fails_a_wrong_one(
    toy_python: dict[str, str], tmp_path: Path
) -> None:
    done = run(toy_python, "check", str(TOY / "features"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 examples: 4 passed, 0 failed, 0 undefined" in done.stdout
    wrong = tmp_path / "wrong.feature"
    text = (TOY / "features" / "duel.feature").read_text(encoding="utf-8")
    wrong.write_text(text.replace("Then Bo has 1 hearts left", "Then Bo has 2 hearts left"), encoding="utf-8")
    done = run(toy_python, "check", str(wrong))
    assert done.returncode == 1 and "Bo has 1 hearts left" in done.stdout, done.stdout


def test_battlebook_steps_lists_the_toys_steps(toy_python: dict[str, str]) -> None:
    done = run(toy_python, "steps", "strikes")
    assert done.returncode == 0, done.stderr
    assert "Coin Duel" in done.stdout and "When {attacker} strikes {target} and rolls {roll}" in done.stdout


def duel(first: tuple[int, int], second: tuple[int, int]) -> Fraction:
    """The chance that the first champion wins, worked out here by hand (a 6 always hits: the toy's ruling)."""

    def hit(guard: int) -> Fraction:
        return Fraction(sum(face >= guard or face == 6 for face in range(1, 7)), 6)

    p, q = hit(second[1]), hit(first[1])  # the first's strike against the second's guard, and back

    @cache
    def first_to_strike(a: int, b: int) -> Fraction:
        """The first wins, with `a` and `b` hearts left and the first to strike (two misses start over)."""
        if b == 0:
            return Fraction(1)
        if a == 0:
            return Fraction(0)
        struck = first_to_strike(a, b - 1) if b == 1 else second_to_strike(a, b - 1)
        answered = first_to_strike(a - 1, b)
        return (p * struck + (1 - p) * q * answered) / (1 - (1 - p) * (1 - q))

    @cache
    def second_to_strike(a: int, b: int) -> Fraction:
        """The first wins, with the second to strike next."""
        if a == 0:
            return Fraction(0)
        return q * first_to_strike(a - 1, b) + (1 - q) * first_to_strike(a, b)

    return first_to_strike(*(first[0], second[0]))


def test_battlebook_odds_and_odds_fight_answer_for_the_toy(toy_python: dict[str, str]) -> None:
    done = run(toy_python, "odds", "toy", "--guard", "5", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hit"] == "1/3"
    done = run(toy_python, "odds", "fight", "toy", "--first", "2,4", "--second", "2,3", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert Fraction(answer["the first champion wins"]) == duel((2, 4), (2, 3))
    refused = run(toy_python, "odds", "fight", "toy", "--first", "2,9", "--second", "2,3")
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1, refused.stderr


def test_the_in_page_runner_answers_for_the_toy(toy_python: dict[str, str]) -> None:
    text = (TOY / "features" / "duel.feature").read_text(encoding="utf-8")
    code = (
        "import json, sys\n"
        "from battlebook.runners.inpage import game_fight, game_odds, run_scenario, step_catalogue\n"
        f"checked = run_scenario({text!r})\n"
        "steps = [s for s in step_catalogue() if 'strikes' in s['text']]\n"
        "print(json.dumps({'checked': checked['summary'], 'kinds': [e['kind'] for e in checked['examples']],\n"
        "    'odds': game_odds('toy', [5])['chance']['fraction'], 'steps': len(steps),\n"
        "    'fight': game_fight('toy', {'fh': '2', 'fg': '4', 'sh': '2', 'sg': '3'})['chances'][0]['fraction']}))\n"
    )
    answer = json.loads(python(toy_python, code).strip().splitlines()[-1])
    assert answer["kinds"] == ["passed"] * 4, answer
    assert answer["odds"] == "1/3" and answer["steps"] >= 1
    assert Fraction(answer["fight"]) == duel((2, 4), (2, 3))


def test_the_pages_of_a_project_of_the_toy_are_generated(toy_python: dict[str, str], tmp_path: Path) -> None:
    """A project whose rulebook is the toy's chapter: its examples run, then every page is generated."""
    project = tmp_path / "project"
    shutil.copytree(ROOT / "docs", project / "docs")
    (project / "features" / "toy").mkdir(parents=True)
    shutil.copy(TOY / "features" / "duel.feature", project / "features" / "toy")
    (project / "features" / "glossary.yml").write_text("terms: []\n", encoding="utf-8")
    (project / "features" / "statements.txt").write_text("", encoding="utf-8")
    (project / "test_examples.py").write_text(
        "from pathlib import Path\n"
        "from battlebook.language.run import Examples\n"
        "ROOT = Path(__file__).resolve().parent\n"
        "examples = Examples(default=(ROOT / 'features',), root=ROOT, declared=True)\n",
        encoding="utf-8",
    )
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "battlebook.language.plugin", "-p", "no:cacheprovider",
         "-p", "no:hypothesispytest", "test_examples.py"],
        env=toy_python, cwd=project, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert ran.returncode == 0 and "4 passed" in ran.stdout, ran.stdout + ran.stderr
    done = run(toy_python, "site", "pages", "out", "--no-api", cwd=project)
    assert done.returncode == 0, done.stderr
    out = project / "out"
    odds_page = (out / "docs" / "odds" / "toy.md").read_text(encoding="utf-8")
    assert "Coin Duel" in odds_page and "data-bb-forms" in odds_page and "Compute the duel" in odds_page
    chapter = (out / "docs" / "rulebook" / "toy" / "duel.md").read_text(encoding="utf-8")
    assert "Striking in a Coin Duel" in chapter and "toy.strike" in chapter
    nav = (out / "nav.yml").read_text(encoding="utf-8")
    assert "- Coin Duel:" in nav and "odds/toy.md" in nav
    examples = json.loads((out / "docs" / "try" / "examples" / "rulebook" / "toy" / "duel.json").read_text("utf-8"))
    assert any("Ada strikes Bo and rolls 4" in text for text in examples.values())
    steps = json.loads((out / "docs" / "try" / "steps.json").read_text(encoding="utf-8"))
    assert any("strikes" in step["text"] for step in steps)


def test_the_api_test_runs_over_the_toy_too(toy_python: dict[str, str]) -> None:
    """The one API test over every registered game, run where the toy is registered: its cases pass."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-rA", "-p", "no:cacheprovider", "-n", "0", "-k", "toy",
         "tests/unit/test_games.py", "tests/unit/test_state_values.py"],
        env=toy_python, cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = [line for line in done.stdout.splitlines() if line.startswith("PASSED") and line.endswith("[toy]")]
    assert len(passed) == 6, done.stdout[-2000:]
