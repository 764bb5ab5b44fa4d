"""A ruling proposed in the page, with the chapter link the page hands over, passes the ruling tests CI runs.

The test adds what the Playground's "Propose as a ruling" gives a player (the ruling file, and
the line its chapter needs, where the page says to put it) to a copy of the project's feature
files, and runs the project's own ruling tests on that copy, in a pytest process of their own.
Without the chapter's line, the links test fails: the page hands over exactly what CI asks for.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from battlebook.book.model import load_feature
from battlebook.book.rulings import ChapterLink, add_chapter_link
from battlebook.runners.inpage import propose_ruling
from battlebook.site.pages import ruling_facts
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
#: The ruling tests a proposed ruling meets in CI: every ruling is linked from a chapter, and
#: every ruling states its alternative (read by one reading's test, which reads every ruling).
RULING_TESTS = ("tests/unit/test_ruling_links.py", "tests/unit/test_ruling_defaults.py")

SCENARIO = """@game:homm
Feature: A six against a Behemoth
  Background:
    Given a battle in the open field

  Example: Three Gold Golems roll a 6 against a Behemoth
    Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
    And the Defender has a Behemoth on its Melee Line
    When the Gold Golems attack the Behemoth in melee, rolling 6
    Then the attack kills the top card of the Behemoth
"""


def ruling_tests(project: Path) -> subprocess.CompletedProcess[str]:
    """The ruling tests, copied into `project`, run there (they read the feature files beside them)."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "-n",
            "0",
            "--rootdir",
            str(project),
            "-c",
            str(project / "pytest.ini"),
            "tests/unit/test_ruling_links.py",
            "tests/unit/test_ruling_defaults.py::test_the_words_of_a_reading_are_plain",
            "tests/unit/test_ruling_defaults.py::test_the_default_a_ruling_publishes_fails_an_example_when_flipped",
            "-k",
            "test_a_rule_chapter_links_to_the_ruling or plain or retaliation",
        ],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_a_proposed_ruling_with_the_chapter_link_the_page_gives_passes_the_ruling_tests(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "features", project / "features")
    (project / "tests" / "unit").mkdir(parents=True)
    for test in RULING_TESTS:
        shutil.copy(ROOT / test, project / test)
    (project / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    facts = ruling_facts(rulebook())
    fields = {
        "title": "Does a roll of six reach a Behemoth",
        "slug": "six-against-a-behemoth",
        "sources": ["001/making-melee-attacks"],
        "question": "Whether three Gold Golems rolling six reach the defense of a Behemoth.",
        "reading": "They do: the total equals the defense, which is enough.",
        "alternative": "The total would have to exceed the defense.",
        "rule": "Three Gold Golems rolling six kill a Behemoth's top card",
        "chapter": facts["next_chapter"],
        "rules": facts["rules"],
    }
    answer = propose_ruling(SCENARIO, fields)
    assert answer["ok"], answer
    ruling = project / answer["file"]
    ruling.write_text(answer["text"], encoding="utf-8")

    unlinked = ruling_tests(project)
    assert unlinked.returncode == 1 and "six-against-a-behemoth" in unlinked.stdout, unlinked.stdout

    assert answer["link"] is not None, "the page gives no chapter link for a ruling on a cited section"
    link = ChapterLink(**answer["link"])
    assert link.file == "features/homm/melee.feature" and link.rule == "homm.melee-attack"
    chapter = project / link.file
    chapter.write_text(add_chapter_link(chapter.read_text(encoding="utf-8"), link), encoding="utf-8")
    linked = ruling_tests(project)
    assert linked.returncode == 0, linked.stdout + linked.stderr
    # The chapter still reads as the rulebook reads it, and its rule's description now links the ruling.
    doc = load_feature(chapter, project)
    rule = next(rule for rule in doc.rules if rule.id == link.rule)
    assert "(rule:ruling.six-against-a-behemoth)" in rule.description
    assert doc.problems == ()
