"""One run of examples: the one object every execution hands pytest, and everything it carries.

Everything that runs examples (`battlebook check`, the rulebook's tests, the page's "Try
it", the outside-facts finder, the editions runs) makes one [`Run`][battlebook.language.run.Run]
and hands it to pytest as its plugin, `pytest.main(args, plugins=[run])`. The run carries the
feature files, the results file, whether to write Cucumber Messages and where, which examples
get notes, the alternative readings and card changes every example plays under, the games
whose step libraries it loads (by default every registered game's; `battlebook check` names
the games its files declare, see [`declared_games`][battlebook.language.run.declared_games]),
and the observers (pytest plugins of the caller) that watch it; the plugin, the recorder and
the step worlds read them from it ([`run_of`][battlebook.language.run.run_of]). Nothing is
passed through the environment, and no module is imported afresh.

A test module holds no test of its own: it holds an
[`Examples`][battlebook.language.run.Examples] marker, which the run turns, when pytest
collects the module, into a class of one pytest-bdd test per example of its files (through
pytest-bdd's public `scenario`). A pytest session started from the command line (the
rulebook's `tests/test_features.py`, or a project of one's own that loads the
`battlebook.language.plugin` plugin) gets a run made from its options
([`Run.from_options`][battlebook.language.run.Run.from_options]).

The run also knows, before any step runs, the game each example plays: the one its tags
declare ([`FeatureDoc.declared`][battlebook.book.model.FeatureDoc.declared]). Only for a
file that declares none (a player's own, checked with `battlebook check`) is the game
guessed from its lines, and the guess is kept with its reason, which the check reports.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

import pytest
from pytest_bdd import scenario

from battlebook.book.model import (
    EDITION_TAG,
    ExampleDoc,
    FeatureDoc,
    FeatureFileError,
    FeatureReader,
    RuleDoc,
    feature_paths,
    load_book,
    load_feature,
    require_games,
)
from battlebook.games import GAMES
from battlebook.language.grammar import StepDefinition
from battlebook.language.scope import GameChoice, feature_lines, scope_of

#: How pytest-bdd must read the feature files: UTF-8, with a leading byte-order mark dropped
#: (the rulebook model reads them so too).
FEATURE_ENCODING = "utf-8-sig"
#: The command-line options of a run started by pytest itself (see `Run.from_options`): an
#: alternative reading every example plays under (repeatable), a changed stat of a known card
#: (`--battlebook-card-stat "Airborne Elite:range=7"`, repeatable: the page *Outside facts*
#: finds the examples resting on an illustrative value with it), the feature files or folders
#: to run, the results file, and where to write the Cucumber Messages.
READING_OPTION = "--battlebook-reading"
CARD_STAT_OPTION = "--battlebook-card-stat"
FEATURES_OPTION = "--battlebook-features"
RESULTS_OPTION = "--battlebook-results"
MESSAGES_OPTION = "--battlebook-messages"


class Notes(StrEnum):
    """Which examples get notes (drawings, odds) after they ran."""

    #: None: a run whose results no page shows (a plain `battlebook check`).
    NONE = "none"
    #: Those that passed, as the rulebook's pages show them.
    PASSED = "passed"
    #: Every example, the others drawn as the battle stood when they stopped (the page's "Try it").
    ALL = "all"


@dataclass(frozen=True)
class Examples:
    """The marker a test module holds in place of tests: the run fills it with one test per example.

    `default` are the files or folders run when the run names none; `root` the folder the
    paths are recorded relative to; with `declared`, every file must declare its game
    ([`require_games`][battlebook.book.model.require_games]), as the rulebook's do.
    """

    default: tuple[Path, ...] = ()
    root: Path | None = None
    declared: bool = False


@dataclass(eq=False)
class Run:
    """One run of examples, handed to pytest as its plugin (see the module's docstring).

    Attributes:
        features: The feature files or folders to run (none: those of the test module's `Examples`).
        root: The folder paths are recorded relative to (by default pytest's root folder).
        results: The results file to merge the run's results into (by default the project's).
        messages: Where to write the run's Cucumber Messages (by default beside the results).
        write_messages: Whether to write them at all.
        notes: Which examples get notes.
        readings: Alternative readings of the rulings every example plays under.
        card_changes: Changed stats of known cards (`CARD:STAT=VALUE`) every example plays with.
        edition: An edition every example that names one plays instead (its `@edition:` tags read
            as naming this one): the editions runs play each example under every edition.
        strict: Whether a broken convention of a file stops the run (the rulebook) or is only
            reported (`battlebook check`).
        freeze: Whether what collection made is set aside from the garbage collector while the
            examples run (see the recorder's `pytest_collection_finish`).
        observers: pytest plugins of the caller, registered with the run.
        reader: Where the run reads its files through: a caller that has read them already
            hands its reader over, and no unchanged file is parsed twice.
        step_games: The games whose step libraries the run loads, besides the shared steps
            (`None`: every registered game's). A caller that knows the games its files play
            (`battlebook check` on files that declare them) names them: another game's library
            is then neither imported nor registered, and its steps could not have read a line
            of these files anyway (see [`battlebook.language.scope`][battlebook.language.scope]).
    """

    features: Sequence[Path] = ()
    root: Path | None = None
    results: Path | None = None
    messages: Path | None = None
    write_messages: bool = True
    notes: Notes = Notes.PASSED
    readings: tuple[str, ...] = ()
    card_changes: tuple[str, ...] = ()
    edition: str | None = None
    strict: bool = True
    freeze: bool = True
    observers: list[object] = field(default_factory=list)
    reader: FeatureReader = field(default_factory=FeatureReader)
    #: The game each example plays, and why, by its file's absolute path and its line (worked out once).
    games: dict[tuple[str, int], GameChoice] = field(default_factory=dict)
    step_games: tuple[str, ...] | None = None

    def step_modules(self) -> list[str]:
        """The importable names of the run's step modules: the shared ones, then its games' libraries.

        Examples:
            >>> Run(step_games=("heroscape",)).step_modules()[-1]
            'battlebook.language.steps.heroscape_world'
            >>> len(Run().step_modules()) > len(Run(step_games=()).step_modules())
            True
        """
        from battlebook.language.steps import step_modules

        return step_modules(self.step_games)

    def observe(self, observer: object) -> None:
        """Register `observer` (a pytest plugin) with the run: pytest calls its hooks as the run goes."""
        self.observers.append(observer)

    @classmethod
    def from_options(cls, config: pytest.Config) -> Run:
        """The run a pytest session started from the command line asks for with its options."""
        messages = config.getoption(MESSAGES_OPTION, default=None)
        results = config.getoption(RESULTS_OPTION, default=None)
        return cls(
            results=Path(results) if results else None,
            features=[Path(p) for p in config.getoption(FEATURES_OPTION, default=None) or []],
            messages=Path(messages) if messages else None,
            write_messages=messages != "",
            readings=tuple(config.getoption(READING_OPTION, default=None) or ()),
            card_changes=tuple(config.getoption(CARD_STAT_OPTION, default=None) or ()),
        )

    @pytest.hookimpl(tryfirst=True)
    def pytest_configure(self, config: pytest.Config) -> None:
        """Become the session's run, and register the observers."""
        config.stash[RUN] = self
        for observer in self.observers:
            if not config.pluginmanager.is_registered(observer):
                config.pluginmanager.register(observer)

    @pytest.hookimpl(tryfirst=True)
    def pytest_pycollect_makeitem(self, collector: pytest.Module | pytest.Class, name: str, obj: object) -> object:
        """A test module's `Examples` marker becomes a class of one test per example of the run's files."""
        if not isinstance(obj, Examples):
            return None
        examples = pytest.Class.from_parent(collector, name=name)
        examples.obj = self.test_class(obj, collector.config)  # the node's public `obj`, set before pytest reads it
        return examples

    def test_class(self, examples: Examples, config: pytest.Config) -> type:
        """One pytest-bdd test per example of the run's files (or the marker's), as a class pytest collects.

        Each file is read first, so a malformed file or two examples with one name stop the
        run with a message naming the file and line (read leniently, a broken convention is
        only reported); each example's game is then worked out, once, before any step runs.
        """
        roots = [Path(p) for p in self.features] or list(examples.default)
        files = feature_paths(roots)
        book = load_book(files, self.root or examples.root, strict=self.strict, reader=self.reader)
        if examples.declared:
            require_games(book, tuple(GAMES))
        tests: dict[str, object] = {"__doc__": "Every example of the run's feature files, one test each."}
        taken: set[str] = set()
        # `load_book` reads the files in this same (sorted) order, one feature each.
        for path, feature in zip(files, book, strict=True):
            self._learn_games(os.path.abspath(path), feature, config)
            for _, example in feature.examples():
                bound = scenario(path.name, example.name, encoding=FEATURE_ENCODING, features_base_dir=str(path.parent))

                def run_example() -> None:
                    """Run one example of a feature file: its steps are the test."""

                tests[test_name(example.name, taken)] = staticmethod(bound(run_example))
        return type("Examples", (), tests)

    def game_of(self, filename: str, line: int, config: pytest.Config) -> GameChoice:
        """The game the example at `line` of the file `filename` plays, and why (worked out once per file)."""
        key = (os.path.abspath(filename), line)
        if key not in self.games:
            try:
                feature = load_feature(Path(filename), strict=False, reader=self.reader)
            except FeatureFileError:
                return GameChoice(None, "its file cannot be read")
            self._learn_games(key[0], feature, config)
        return self.games.get(key, GameChoice(None, "it is no example of its file"))

    def _learn_games(self, filename: str, feature: FeatureDoc, config: pytest.Config) -> None:
        from battlebook.language.session import run_state

        definitions: Sequence[StepDefinition] | None = None
        for rule, example in feature.examples():
            declared = feature.declared(rule, example)
            if declared.game is not None:  # an unknown game stops the example (see the plugin)
                choice = GameChoice(declared.game, declared.reason)
            else:
                definitions = run_state(config).definitions if definitions is None else definitions
                choice = guess_game(feature, rule, example, definitions)
            self.games[(filename, example.line)] = choice


RUN = pytest.StashKey[Run]()


def example_tags(run: Run, tags: Iterable[str]) -> frozenset[str]:
    """An example's tags (its own, its Rule's and its Feature's) as the run plays it: with the run's edition.

    Examples:
        >>> sorted(example_tags(Run(edition="2024"), {"edition:2004", "game:heroscape"}))
        ['edition:2024', 'game:heroscape']
        >>> sorted(example_tags(Run(edition="2024"), {"game:homm"}))
        ['game:homm']
    """
    tags = frozenset(tags)
    if run.edition is None or not any(tag.startswith(EDITION_TAG) for tag in tags):
        return tags
    return frozenset(tag for tag in tags if not tag.startswith(EDITION_TAG)) | {f"{EDITION_TAG}{run.edition}"}


def handed_run(pluginmanager: pytest.PytestPluginManager) -> Run | None:
    """The run handed to pytest (`pytest.main(args, plugins=[run])`); `None` for a command-line session."""
    return next((p for p in pluginmanager.get_plugins() if isinstance(p, Run)), None)


def run_of(config: pytest.Config) -> Run:
    """The session's run: the one handed to pytest, else one made from its options (and registered)."""
    run = config.stash.get(RUN, None)
    if run is None:
        run = handed_run(config.pluginmanager)
        if run is None:
            run = Run.from_options(config)
            config.pluginmanager.register(run, "battlebook-run")
        config.stash[RUN] = run
    return run


def guess_game(
    feature: FeatureDoc, rule: RuleDoc | None, example: ExampleDoc, definitions: Iterable[StepDefinition]
) -> GameChoice:
    """A guess at the game of an example whose file declares none, and why: for `battlebook check` only.

    The game most of the example's own lines can only belong to (read by that game's steps
    and no other's), else most of its file's lines; on a tie, the game of the earliest such line.
    """
    known = [(d.type, d.parser, scope_of(d.parser)) for d in definitions if scope_of(d.parser) is not None]

    def vote(lines: Sequence[tuple[str, str]]) -> str | None:
        votes: Counter[str] = Counter()
        first: dict[str, int] = {}
        for index, (line_type, text) in enumerate(lines):
            games = {game for kind, parser, game in known if kind in (None, line_type) and parser.reads(text)}
            if len(games) == 1:
                game = str(games.pop())
                votes[game] += 1
                first.setdefault(game, index)
        return max(votes, key=lambda g: (votes[g], -first[g])) if votes else None

    for lines, whose in ((feature_lines(feature, rule, example), "its"), (feature_lines(feature), "its file's")):
        game = vote(lines)
        if game is not None:
            return GameChoice(game, f"most of {whose} lines are {GAMES[game].title} steps", guessed=True)
    return GameChoice(None, "no line of its file belongs to one game only", guessed=True)


def declared_games(features: Iterable[FeatureDoc]) -> tuple[str, ...] | None:
    """The games the examples of `features` declare, in the registry's order; `None` if one declares none.

    A run of these files needs only those games' step libraries. An example that declares no
    game (its file, a player's own, has no `@game:` tag) is read as the game its lines show,
    which takes every game's steps, and one that names a game nobody registered stops with a
    message that names the games: for either, `None` (every game).

    Examples:
        >>> ex = ExampleDoc("Example", "E", 4, "", (), ())
        >>> declared_games([FeatureDoc("f.feature", "F", "", ("game:heroscape",), (), (), (ex,), "")])
        ('heroscape',)
        >>> declared_games([FeatureDoc("f.feature", "F", "", (), (), (), (ex,), "")]) is None
        True
    """
    named: set[str] = set()
    for feature in features:
        for rule, example in feature.examples():
            game = feature.declared(rule, example).game
            if game is None or game not in GAMES:
                return None
            named.add(game)
    return tuple(game for game in GAMES if game in named)


def all_readings() -> list[str]:
    """The words of every alternative reading of every registered game, sorted.

    Examples:
        >>> "a guard stack may withdraw" in all_readings()
        True
    """
    return sorted(words for game in GAMES.values() for words in game.readings())


def unknown_readings(words: Iterable[str]) -> list[str]:
    """The words among `words` that name no alternative reading (a run refuses them before it starts)."""
    asked = list(words)
    if not asked:
        return []  # every game's readings are read from its rules: a run that names none loads no game
    known = set(all_readings())
    return [w for w in asked if w not in known]


def test_name(name: str, taken: set[str]) -> str:
    """A test function's name for the example `name`, unlike any in `taken` (which it joins).

    Spaces become underscores, other characters that are not a word's are dropped, and so
    are leading digits (as pytest-bdd's `scenarios` names its tests, so `-k` selects alike).

    Examples:
        >>> taken = set()
        >>> test_name("Three Gold Golems attack: 3+2+2", taken), test_name("Three gold golems attack 322", taken)
        ('test_three_gold_golems_attack_322', 'test_three_gold_golems_attack_322_1')
    """
    base = "test_" + re.sub(r"^\d+_*", "", re.sub(r"\W", "", name.replace(" ", "_"))).lower()
    found, count = base, 0
    while found in taken:
        count += 1
        found = f"{base}_{count}"
    taken.add(found)
    return found
