"""Every ruling's default is pinned: played as Battlebook's default, its alternative fails an Example.

A ruling publishes settings of its game's ruleset: Battlebook's reading is the default, and
the alternative is named by the words of `Given the alternative reading: WORDS`. Each
ruling's own file is run here with its alternative taken as the default for every example
(the public `--battlebook-reading` option, the same table the step reads), and at least one
of its Examples must then fail: otherwise nothing would notice the default changing.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from battlebook.book.model import load_feature
from battlebook.book.rulings import read_ruling
from battlebook.heroscape.readings import READINGS as HEROSCAPE_READINGS
from battlebook.heroscape.ruleset import EDITION_SETTINGS as HEROSCAPE_EDITIONS
from battlebook.heroscape.ruleset import Ruleset as HeroscapeRuleset
from battlebook.homm.readings import READINGS as HOMM_READINGS
from battlebook.homm.ruleset import Ruleset as HommRuleset
from battlebook.homm.town import TownSettings
from battlebook.language.steps._readings import all_readings
from battlebook.runners.check import run_check

ROOT = Path(__file__).resolve().parents[2]
RULINGS = sorted((ROOT / "features" / "rulings").glob("*.feature"))
#: Settings an edition fixes, which no ruling publishes: the editions' own, sourced differences,
#: as the declaration of the editions states them.
#: (A reading may still change one of them: friendly fire in the 2004 game is a ruling's.)
EDITION_SETTINGS = {"edition", *(name for settings in HEROSCAPE_EDITIONS.values() for name in settings)}


def _publisher(words: str) -> list[Path]:
    """The ruling files whose description names the step choosing `words` (with its alternative)."""
    found = []
    for path in RULINGS:
        feature = load_feature(path, ROOT)
        assert read_ruling(feature).alternative, f"{path.name} states no alternative"
        if f"the alternative reading: {words}`" in " ".join(feature.description.split()):
            found.append(path)
    return found


def test_every_ruleset_setting_is_published_by_a_ruling_with_its_alternative() -> None:
    """Each setting of either ruleset (and of a HoMM town), bar the editions' own, is changed by a reading."""
    for settings_of, table, fixed in (
        ((HommRuleset, TownSettings), HOMM_READINGS, set()),
        ((HeroscapeRuleset,), HEROSCAPE_READINGS, EDITION_SETTINGS),
    ):
        names = {f.name for kind in settings_of for f in dataclasses.fields(kind)}
        flipped = {name for settings in table.values() for name in settings}
        unpublished = names - fixed - flipped
        assert unpublished == set(), f"{settings_of[0].__module__}: settings no alternative reading changes"
        assert flipped <= names


@pytest.mark.parametrize("words", all_readings())
def test_the_default_a_ruling_publishes_fails_an_example_when_flipped(words: str) -> None:
    """Played as the default, the alternative fails at least one Example of the ruling that publishes it."""
    files = _publisher(words)
    assert len(files) == 1, (
        f"the alternative reading {words!r} must be named, as `Given the alternative reading: {words}`, "
        f"in the description of exactly one ruling, where it states its alternative (found {[f.name for f in files]})"
    )
    as_published = run_check(files, ROOT)
    assert as_published.ok, f"{files[0].name} does not pass under Battlebook's readings"
    flipped = run_check(files, ROOT, readings=[words])
    broken = [
        checked.example.name
        for _, examples in flipped.features
        for checked in examples
        if checked.kind in {"failed", "open"}
    ]
    assert broken, f"with {words!r} as the default, every Example of {files[0].name} still passes: nothing pins it"


def test_the_words_of_a_reading_are_plain() -> None:
    """Readings are chosen by their words in a step: no pattern characters, no surrounding spaces."""
    for words in all_readings():
        assert words == words.strip() and not re.search(r"[{}|`]", words), words
