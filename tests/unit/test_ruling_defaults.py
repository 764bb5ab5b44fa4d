"""Every ruling's default is pinned: played as Battlebook's default, its alternative fails an Example.

A ruling publishes settings of its game's ruleset: Battlebook's reading is the default, and
the alternative is named by the words of `Given the alternative reading: WORDS`. Each
ruling's own file is run here with its alternative taken as the default for every example
(the public `--battlebook-reading` option, the same table the step reads), and at least one
of its Examples must then fail: otherwise nothing would notice the default changing.

Only a failure of the ruling's own assertions counts: a Then step whose check is false, or
a question the rules leave open under the alternative ("the rules don't say"). An Example that breaks anywhere else
under the alternative (a setup step refused, an untagged edition, an undefined step) fails
this test itself, since such a failure would pin nothing: deleting the real pin would go
unnoticed behind it.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path

import pytest

from battlebook.book.model import ExampleDoc, feature_paths, load_book, load_feature
from battlebook.book.rulings import read_ruling
from battlebook.errors import RulesSilent
from battlebook.games import GAMES
from battlebook.heroscape.readings import READINGS as HEROSCAPE_READINGS
from battlebook.heroscape.ruleset import EDITION_SETTINGS as HEROSCAPE_EDITIONS
from battlebook.heroscape.ruleset import Ruleset as HeroscapeRuleset
from battlebook.homm.readings import READINGS as HOMM_READINGS
from battlebook.homm.ruleset import Ruleset as HommRuleset
from battlebook.homm.town import TownSettings
from battlebook.language.steps._readings import all_readings
from battlebook.runners.check import CheckedExample, explain, run_check

ROOT = Path(__file__).resolve().parents[2]
RULINGS = sorted((ROOT / "features" / "rulings").glob("*.feature"))
#: Settings an edition fixes, which no ruling publishes: the editions' own, sourced differences,
#: as the declaration of the editions states them.
#: (A reading may still change one of them: friendly fire in the 2004 game is a ruling's.)
EDITION_SETTINGS = {"edition", *(name for settings in HEROSCAPE_EDITIONS.values() for name in settings)}


def _then_lines(example: ExampleDoc) -> set[int]:
    """The lines of the example's Then steps (an `And` or `But` takes the keyword before it)."""
    lines, keyword = set(), ""
    for step in example.steps:
        keyword = keyword if step.keyword in {"And", "But", "*"} else step.keyword
        if keyword == "Then":
            lines.add(step.line)
    return lines


def _pins(checked: CheckedExample) -> tuple[bool, list[str]]:
    """Whether a Then of the example failed its own check, and how every other failure went."""
    pinned, other = False, []
    thens = _then_lines(checked.example)
    for outcome in checked.outcomes:
        if outcome.kind == "passed":
            continue
        if isinstance(outcome.exception, RulesSilent) or (
            outcome.result.step_line in thens and isinstance(outcome.exception, AssertionError)
        ):
            pinned = True
            continue
        why = " / ".join(line.strip() for line in explain(outcome))
        other.append(f"{checked.example.name!r} (line {checked.example.line}): {why}")
    return pinned, other


@functools.cache
def _descriptions() -> tuple[tuple[Path, str], ...]:
    """Each ruling file with its description on one line, read once for the module's tests."""
    found = []
    for path in RULINGS:
        feature = load_feature(path, ROOT)
        assert read_ruling(feature).alternative, f"{path.name} states no alternative"
        found.append((path, " ".join(feature.description.split())))
    return tuple(found)


def _publisher(words: str) -> list[Path]:
    """The ruling files whose description names the step choosing `words` (with its alternative)."""
    return [path for path, description in _descriptions() if f"the alternative reading: {words}`" in description]


@functools.cache
def _passes_as_published(path: Path) -> bool:
    """Whether the ruling file passes under Battlebook's readings (checked once per file: several publish two)."""
    return run_check([path], ROOT).ok


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
    assert _passes_as_published(files[0]), f"{files[0].name} does not pass under Battlebook's readings"
    flipped = run_check(files, ROOT, readings=[words])
    pinned, other = [], []
    for _, examples in flipped.features:
        for checked in examples:
            own, elsewhere = _pins(checked)
            pinned += [checked.example.name] if own else []
            other += elsewhere
    assert not other, (
        f"with {words!r} as the default, Examples of {files[0].name} break outside their Then checks "
        "(tag each Example with the edition or reading it depends on):\n" + "\n".join(other)
    )
    assert pinned, (
        f"with {words!r} as the default, no Then of {files[0].name} fails its own check: nothing pins the default"
    )


def test_the_words_of_a_reading_are_plain() -> None:
    """Readings are chosen by their words in a step: no pattern characters, no surrounding spaces."""
    for words in all_readings():
        assert words == words.strip() and not re.search(r"[{}|`]", words), words


def test_every_example_of_a_game_with_editions_names_its_edition() -> None:
    """An example played by a game printed in editions says which (else a reading run breaks its setup)."""
    book = load_book(feature_paths([ROOT / "features"]), ROOT)
    edited = {game.name for game in GAMES.values() if game.editions()}
    untagged = [
        f"{feature.path}:{example.line}: {example.name}"
        for feature in book
        for rule, example in feature.examples()
        if (declared := feature.declared(rule, example)).game in edited and declared.edition is None
    ]
    assert untagged == []
