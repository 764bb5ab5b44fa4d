"""Feature files read into a checked model of the rulebook.

A feature file is one chapter. Its `Rule:` blocks are the rules, each tagged with a
stable identifier (`@id:homm.melee-attack`) and the source sections it restates
(`@source:001/making-melee-attacks`); its `Example:` blocks are worked examples.

Reading a file has two halves, each a module of its own:
[`reading`][battlebook.book.reading] (the file's text and the Gherkin parser, and the limits
on what a file may hold) and [`conventions`][battlebook.book.conventions] (what the rulebook
asks of its tags, Rules, Examples and prose). This module holds the model they make
(`FeatureDoc`, `RuleDoc`, `ExampleDoc`, `StepDoc`), the loading of one file or a whole book,
and the checks that need the whole model: two examples with one name in a feature are
refused (pytest-bdd would silently keep only the last), a rule identifier is used once in the
book, and every file of the rulebook declares its game. The names of both halves that
callers use are also reached from here.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from gherkin.parser_types import Background as GherkinBackground
from gherkin.parser_types import Rule as GherkinRule
from gherkin.parser_types import Scenario as GherkinScenario
from gherkin.parser_types import Step as GherkinStep
from gherkin.parser_types import Tag as GherkinTag

from battlebook.book.conventions import (
    CHAPTER_TAG,
    EDITION_TAG,
    GAME_TAG,
    ID_TAG,
    METADATA_PREFIXES,
    RULE_ID,
    SOURCE_TAG,
    Conventions,
    chapter_number,
    check_anchors,
    check_prose,
    check_scenario,
    check_steps,
    check_tags,
    rule_identity,
)
from battlebook.book.reading import (
    MAX_EXAMPLES,
    MAX_FEATURE_BYTES,
    FeatureFileError,
    UnreadableFolderError,
    check_sizes,
    children,
    dedent,
    feature_paths,
    file_sha256,
    gherkin_ast,
    parse_feature_text,
    read_feature_text,
    short,
    text_lines,
)
from battlebook.bounds import BoundError

__all__ = [
    "CHAPTER_TAG",
    "EDITION_TAG",
    "GAME_TAG",
    "ID_TAG",
    "MAX_EXAMPLES",
    "MAX_FEATURE_BYTES",
    "METADATA_PREFIXES",
    "RULE_ID",
    "SOURCE_TAG",
    "Conventions",
    "Declared",
    "ExampleDoc",
    "FeatureDoc",
    "FeatureFileError",
    "FeatureReader",
    "RuleDoc",
    "StepDoc",
    "UnreadableFolderError",
    "chapter_number",
    "check_unique_names",
    "feature_from_text",
    "feature_paths",
    "file_sha256",
    "gherkin_ast",
    "load_book",
    "load_feature",
    "read_feature_text",
    "require_games",
    "slugify",
    "tag_value",
    "text_lines",
    "with_id_clashes",
]


@dataclass(frozen=True)
class StepDoc:
    """One step line, with its data table or doc string if it has one."""

    keyword: str
    text: str
    line: int
    table: tuple[tuple[str, ...], ...] | None = None
    docstring: str | None = None


@dataclass(frozen=True)
class ExampleDoc:
    """One worked example (a Scenario, Example, or Scenario Outline)."""

    keyword: str
    name: str
    line: int
    description: str
    tags: tuple[str, ...]
    steps: tuple[StepDoc, ...]
    outline_tables: tuple[tuple[tuple[str, ...], ...], ...] = ()
    #: False for an example with no Then step: running it would check nothing.
    checks_something: bool = True

    @property
    def anchor(self) -> str:
        """The example's anchor on its page: its name, slugged (unique on its page: see `check_anchors`)."""
        return slugify(self.name)

    @property
    def runs(self) -> int:
        """How many times the example runs: once, or once per row of its outline tables."""
        return max(1, sum(len(table) - 1 for table in self.outline_tables))


@dataclass(frozen=True)
class RuleDoc:
    """One rule: its identifier, prose, citations, background and examples."""

    id: str
    name: str
    line: int
    description: str
    tags: tuple[str, ...]
    sources: tuple[str, ...]
    background: tuple[StepDoc, ...]
    examples: tuple[ExampleDoc, ...]


@dataclass(frozen=True)
class FeatureDoc:
    """One feature file, read and checked."""

    path: str
    name: str
    description: str
    tags: tuple[str, ...]
    background: tuple[StepDoc, ...]
    rules: tuple[RuleDoc, ...]
    loose_examples: tuple[ExampleDoc, ...]
    sha256: str
    #: Broken conventions found by a lenient reading (see [`Conventions`][battlebook.book.conventions.Conventions]).
    problems: tuple[FeatureFileError, ...] = ()
    #: The line of the `Feature:` keyword (its tags are on the lines above it).
    line: int = 1

    @property
    def game(self) -> str | None:
        """The game the file declares with a `@game:` tag on its Feature, or `None` (see `declared`)."""
        return tag_value(self.tags, GAME_TAG)

    def declared(self, rule: RuleDoc | None, example: ExampleDoc) -> Declared:
        """The game and edition `example` (of `rule`) is declared to play: the nearest tag of each.

        The Example's own tag, else its Rule's, else the Feature's: read from the file alone,
        before any step runs.

        Examples:
            >>> ex = ExampleDoc("Example", "E", 4, "", ("edition:2004",), ())
            >>> doc = FeatureDoc("f.feature", "F", "", ("game:heroscape",), (), (), (ex,), "")
            >>> doc.declared(None, ex)
            Declared(game='heroscape', edition='2004', reason='its Feature is tagged @game:heroscape')
        """
        levels = (("Example", example.tags), ("Rule", rule.tags if rule else ()), ("Feature", self.tags))
        game = next(((where, value) for where, tags in levels if (value := tag_value(tags, GAME_TAG))), None)
        edition = next((value for _, tags in levels if (value := tag_value(tags, EDITION_TAG))), None)
        if game is None:
            return Declared(None, edition, "no @game: tag declares its game")
        return Declared(game[1], edition, f"its {game[0]} is tagged @{GAME_TAG}{game[1]}")

    @property
    def chapter(self) -> int:
        """The chapter number from a `@chapter:N` tag, for ordering pages (default 99; see `chapter_number`)."""
        for tag in self.tags:
            if tag.startswith(CHAPTER_TAG):
                try:
                    return chapter_number(tag)
                except BoundError:
                    break  # reported when the file is read
        return 99

    def examples(self) -> Iterator[tuple[RuleDoc | None, ExampleDoc]]:
        """Every example with the rule it belongs to (`None` outside any rule)."""
        for example in self.loose_examples:
            yield None, example
        for rule in self.rules:
            for example in rule.examples:
                yield rule, example


@dataclass(frozen=True)
class Declared:
    """What an example's tags declare: its game and edition (`None`: not declared), and how the game was set."""

    game: str | None
    edition: str | None
    reason: str


def tag_value(tags: Iterable[str], prefix: str) -> str | None:
    """The value of the first tag of `tags` starting with `prefix`, or `None`.

    Examples:
        >>> tag_value(("chapter:2", "game:homm"), GAME_TAG), tag_value((), GAME_TAG)
        ('homm', None)
    """
    return next((tag[len(prefix) :] for tag in tags if tag.startswith(prefix)), None)


def require_games(features: Iterable[FeatureDoc], games: Sequence[str]) -> None:
    """Refuse a file of the rulebook that does not declare one of `games` on its Feature (`@game:<name>`).

    The rulebook's tests and its site build ask this of every file, with the registered
    games: each example's game is then read from its tags, never guessed from its lines.

    Raises:
        FeatureFileError: for the first file with no `@game:` tag on its Feature, or one naming
            no game of `games`, naming the file's `Feature:` line.
    """
    choices = " or ".join(f"@{GAME_TAG}{name}" for name in games)
    for feature in features:
        if feature.game is None:
            raise FeatureFileError(
                feature.path,
                feature.line,
                f"the file declares no game: put {choices} on the line above `Feature:` "
                "(every file of the rulebook declares its game)",
            )
        if feature.game not in games:
            raise FeatureFileError(
                feature.path, feature.line, f"unknown game {short(feature.game)!r}: declare {choices}"
            )


def slugify(text: str) -> str:
    """A lowercase, hyphenated form of `text` for anchors and file names.

    Examples:
        >>> slugify("Three Gold Golems attack as one: 3+2+2 = 7")
        'three-gold-golems-attack-as-one-3-2-2-7'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass
class FeatureReader:
    """Reads feature files, each unchanged file parsed once for as long as the reader is kept.

    A site build, or a run that reads the same chapters more than once, keeps one reader and
    reads through it ([`load_feature`][battlebook.book.model.load_feature] and
    [`load_book`][battlebook.book.model.load_book] take it as `reader`); a read without one
    parses afresh. What a reader remembers is frozen, so sharing it is safe. It holds at
    most `limit` parses and forgets them all when full.
    """

    limit: int = 512
    _features: dict[tuple[str, str, str, bool], FeatureDoc] = field(default_factory=dict, repr=False)

    def feature(self, text: str, shown: str, sha256: str, strict: bool) -> FeatureDoc:
        """The feature `text` makes (see [`feature_from_text`][battlebook.book.model.feature_from_text]), remembered."""
        key = (text, shown, sha256, strict)
        found = self._features.get(key)
        if found is None:
            found = feature_from_text(text, shown, sha256, strict)
            if len(self._features) >= self.limit:
                self._features.clear()
            self._features[key] = found
        return found


def _tags(tags: Sequence[GherkinTag]) -> tuple[str, ...]:
    return tuple(tag["name"].lstrip("@") for tag in tags)


def _steps(steps: Sequence[GherkinStep]) -> tuple[StepDoc, ...]:
    return tuple(
        StepDoc(
            keyword=step["keyword"].strip(),
            text=step["text"],
            line=step["location"]["line"],
            table=tuple(tuple(cell["value"] for cell in row["cells"]) for row in step["dataTable"].get("rows", []))
            if step.get("dataTable")
            else None,
            docstring=textwrap.dedent(step["docString"]["content"]) if step.get("docString") else None,
        )
        for step in steps
    )


def _background(background: GherkinBackground | None) -> tuple[StepDoc, ...]:
    return _steps(background["steps"]) if background else ()


def _example(scenario: GherkinScenario, checks_something: bool = True) -> ExampleDoc:
    tables = []
    for examples in scenario["examples"]:
        header = examples.get("tableHeader")
        rows = [header] if header else []
        rows += list(examples.get("tableBody") or [])
        tables.append(tuple(tuple(cell["value"] for cell in row["cells"]) for row in rows))
    return ExampleDoc(
        keyword=scenario["keyword"],
        name=scenario["name"],
        line=scenario["location"]["line"],
        description=dedent(scenario["description"]),
        tags=_tags(scenario["tags"]),
        steps=_steps(scenario["steps"]),
        outline_tables=tuple(tables),
        checks_something=checks_something,
    )


def load_feature(
    path: Path, root: Path | None = None, *, strict: bool = True, reader: FeatureReader | None = None
) -> FeatureDoc:
    """Read and check one feature file; `root` makes the recorded path relative.

    With `strict=False`, broken conventions (see [`Conventions`][battlebook.book.conventions.Conventions])
    are kept in the feature's `problems` instead of raised. With a `reader`, an unchanged file
    it has already read is not parsed again.

    Raises:
        FeatureFileError: the file cannot be read or does not parse, or (read strictly) breaks a
            rulebook convention; its message is one line naming the file and line.
    """
    shown = _shown_path(path, root)
    text = read_feature_text(path, shown)
    sha256 = file_sha256(path)
    if reader is None:
        return feature_from_text(text, shown, sha256, strict)
    return reader.feature(text, shown, sha256, strict)


def feature_from_text(text: str, shown: str, sha256: str, strict: bool = True) -> FeatureDoc:
    """The feature a file's text makes, read and checked (see [`load_feature`][battlebook.book.model.load_feature]).

    `shown` is the file's path as messages name it, `sha256` the digest of its bytes.
    """
    feature = parse_feature_text(text, shown)
    check_sizes(shown, feature)
    lines = text_lines(text)
    conventions = Conventions(strict)
    check_tags(shown, feature["tags"], conventions)
    check_prose(shown, feature["description"], feature["location"]["line"], lines, conventions)

    rules: list[RuleDoc] = []
    loose: list[ExampleDoc] = []
    background: tuple[StepDoc, ...] = ()
    ids_here: dict[str, int] = {}
    for kind, child in children(feature):
        if kind == "background":
            check_steps(shown, child["steps"], "the Background")
            background = _background(child)
        elif kind == "scenario":
            checks = check_scenario(shown, child, lines, conventions)
            loose.append(_example(child, checks))
        else:
            rule: GherkinRule = child
            line = rule["location"]["line"]
            check_tags(shown, rule["tags"], conventions)
            check_prose(shown, rule["description"], line, lines, conventions)
            tags = _tags(rule["tags"])
            rule_id, sources = rule_identity(shown, tags, line, rule["name"], conventions)
            rule_background: tuple[StepDoc, ...] = ()
            examples: list[ExampleDoc] = []
            for inner, grandchild in children(rule):
                if inner == "background":
                    check_steps(shown, grandchild["steps"], "the Background")
                    rule_background = _background(grandchild)
                elif inner == "scenario":
                    checks = check_scenario(shown, grandchild, lines, conventions)
                    examples.append(_example(grandchild, checks))
            if not examples:
                conventions.report(
                    FeatureFileError(
                        shown,
                        line,
                        f"the Rule {rule_id!r} has no Example: every rule is shown by at least one worked example",
                    )
                )
            if rule_id in ids_here:
                conventions.report(
                    FeatureFileError(
                        shown,
                        line,
                        f"the rule identifier {rule_id!r} is already used at line {ids_here[rule_id]} of this file: "
                        "give each Rule an identifier of its own",
                    )
                )
                rule_id = f"{rule_id}-line-{line}"
            ids_here[rule_id] = line
            rules.append(
                RuleDoc(
                    id=rule_id,
                    name=rule["name"],
                    line=line,
                    description=dedent(rule["description"]),
                    tags=tags,
                    sources=sources,
                    background=rule_background,
                    examples=tuple(examples),
                )
            )
    check_anchors(shown, [*loose, *(example for rule in rules for example in rule.examples)], conventions)
    doc = FeatureDoc(
        path=shown,
        name=feature["name"],
        description=dedent(feature["description"]),
        tags=_tags(feature["tags"]),
        background=background,
        rules=tuple(rules),
        loose_examples=tuple(loose),
        sha256=sha256,
        problems=tuple(conventions.found),
        line=feature["location"]["line"],
    )
    count = sum(example.runs for _, example in doc.examples())
    if count > MAX_EXAMPLES:
        raise FeatureFileError(
            shown,
            1,
            f"the file holds {count} examples (each row of an outline counted); a feature file may hold at most "
            f"{MAX_EXAMPLES}: split it",
        )
    if not rules and not loose:
        raise FeatureFileError(
            shown,
            feature["location"]["line"],
            "the file holds no Example: a chapter shows its rules by worked examples",
        )
    check_unique_names(doc)
    return doc


def _shown_path(path: Path, root: Path | None) -> str:
    if root is not None:
        try:
            # The folder is resolved, not the file itself: a link must be reported as the link.
            here = path.parent.resolve() / path.name
            return here.relative_to(root.resolve()).as_posix()
        except (ValueError, OSError, RuntimeError):
            pass
    return str(path)


def check_unique_names(feature: FeatureDoc) -> None:
    """Refuse two examples with the same name in one feature, naming both lines.

    pytest-bdd keys a feature's scenarios by name, so a second example with the same
    name would silently replace the first and never run.
    """
    seen: dict[str, ExampleDoc] = {}
    for _, example in feature.examples():
        first = seen.setdefault(example.name, example)
        if first is not example:
            raise FeatureFileError(
                feature.path,
                example.line,
                f"two examples are called {example.name!r} (lines {first.line} and {example.line}); "
                "pytest-bdd would run only one of them, so give each a unique name",
            )


def load_book(
    paths: Iterable[Path], root: Path | None = None, *, strict: bool = True, reader: FeatureReader | None = None
) -> list[FeatureDoc]:
    """Read every feature under `paths`, checking that rule identifiers are unique.

    Read leniently (`strict=False`), an identifier another file already uses is one more of
    the feature's problems instead of an error. With a `reader`, files it has read unchanged
    are not parsed again.
    """
    features = [load_feature(path, root, strict=strict, reader=reader) for path in feature_paths(paths)]
    return with_id_clashes(features, strict=strict)


def with_id_clashes(features: Sequence[FeatureDoc], *, strict: bool = False) -> list[FeatureDoc]:
    """The features, each with the rule identifiers an earlier feature already uses among its problems.

    Raises:
        FeatureFileError: for the first clash, when `strict`.
    """
    owners: dict[str, tuple[str, int]] = {}
    checked = []
    for feature in features:
        clashes = []
        for rule in feature.rules:
            if rule.id in owners:
                path, line = owners[rule.id]
                clash = FeatureFileError(
                    feature.path,
                    rule.line,
                    f"the rule identifier {rule.id!r} is already used at {path}:{line}: "
                    "give the Rule an identifier of its own",
                )
                if strict:
                    raise clash
                clashes.append(clash)
            owners.setdefault(rule.id, (feature.path, rule.line))
        checked.append(replace(feature, problems=(*feature.problems, *clashes)) if clashes else feature)
    return checked
