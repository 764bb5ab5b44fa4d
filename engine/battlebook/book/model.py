"""Feature files read into a checked model of the rulebook.

A feature file is one chapter. Its `Rule:` blocks are the rules, each tagged with a
stable identifier (`@id:homm.melee-attack`) and the source sections it restates
(`@source:001/making-melee-attacks`); its `Example:` blocks are worked examples.
Reading a file checks what pytest-bdd would let slip: a parse error names the file and
line, two examples with one name in a feature are refused (pytest-bdd would silently
keep only the last), every Rule needs an identifier, and every citation must name a
known source section.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import stat
import textwrap
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, cast

from gherkin.ast_builder import AstBuilder
from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser as GherkinParser
from gherkin.parser_types import Background as GherkinBackground
from gherkin.parser_types import Feature as GherkinFeature
from gherkin.parser_types import GherkinDocument
from gherkin.parser_types import Rule as GherkinRule
from gherkin.parser_types import Scenario as GherkinScenario
from gherkin.parser_types import Step as GherkinStep
from gherkin.parser_types import Tag as GherkinTag
from gherkin.stream.id_generator import IdGenerator

from battlebook import bounds
from battlebook.book.sources import SECTIONS
from battlebook.bounds import MAX_CHAPTER, MAX_NAME, MAX_STEP, BoundError, read_whole
from battlebook.errors import ScenarioError

ID_TAG = "id:"
SOURCE_TAG = "source:"
CHAPTER_TAG = "chapter:"
#: The tag that declares the game a file (or one of its Rules or Examples) plays: `@game:homm`.
GAME_TAG = "game:"
#: The tag that declares the edition an example is written for: `@edition:2004`.
EDITION_TAG = "edition:"
#: Tags that carry rulebook metadata rather than pytest markers.
METADATA_PREFIXES = (ID_TAG, SOURCE_TAG, CHAPTER_TAG, EDITION_TAG, GAME_TAG)
RULE_ID = re.compile(r"^[a-z0-9]+(?:[.-][a-z0-9]+)*$")


class FeatureFileError(ScenarioError):
    """A feature file that cannot be read as a rulebook chapter.

    Its message starts with `path:line:`, the form editors and terminals link to.
    """

    def __init__(self, path: str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = path
        self.line = line
        self.reason = message


class UnreadableFolderError(FeatureFileError):
    """A folder searched for feature files that cannot be read: what it holds would go unchecked."""

    def __init__(self, path: str, reason: str) -> None:
        ScenarioError.__init__(
            self, f"cannot read the folder {path} ({reason}): the feature files in it would go unchecked"
        )
        self.path = path
        self.line = 0
        self.reason = reason


class Conventions:
    """Where the rulebook's conventions are broken in one file: raised at once, or collected.

    The rulebook reads strictly: the first broken convention stops the file. `battlebook check`
    reads leniently: a bad tag, a Rule without an identifier or an Example with no Then is
    reported with its line and fix, and the rest of the file still runs.
    """

    def __init__(self, strict: bool = True) -> None:
        self.strict = strict
        self.found: list[FeatureFileError] = []

    def report(self, error: FeatureFileError) -> None:
        """Raise `error` when reading strictly, else keep it."""
        if self.strict:
            raise error
        self.found.append(error)


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
    #: Broken conventions found by a lenient reading (see [`Conventions`][battlebook.book.model.Conventions]).
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
                feature.path, feature.line, f"unknown game {_short(feature.game)!r}: declare {choices}"
            )


def chapter_number(tag: str) -> int:
    """The number of a `chapter:N` tag: ASCII digits, from 0 to `MAX_CHAPTER`; the one place it is read.

    Raises:
        BoundError: any other text (`²`, five thousand digits, a sign).

    Examples:
        >>> chapter_number("chapter:3")
        3
        >>> chapter_number("chapter:\u00b2")
        Traceback (most recent call last):
        ...
        battlebook.bounds.BoundError: the chapter's number: '²' is not a whole number written in digits 0-9
    """
    return read_whole(tag[len(CHAPTER_TAG) :], "the chapter's number", 0, MAX_CHAPTER)


def text_lines(text: str) -> list[str]:
    r"""The lines of a feature file's text as the Gherkin parser numbers them: split at line feeds only.

    A Unicode line or paragraph separator (U+2028, U+2029, U+0085...) stays inside its line, as
    it does for the parser; `str.splitlines` would split there and put every later line
    number off by one.

    Examples:
        >>> text_lines("Feature: F\n  a\u2028b\r\n  c")
        ['Feature: F', '  a\u2028b', '  c']
    """
    return [line.removesuffix("\r") for line in text.split("\n")]


def slugify(text: str) -> str:
    """A lowercase, hyphenated form of `text` for anchors and file names.

    Examples:
        >>> slugify("Three Gold Golems attack as one: 3+2+2 = 7")
        'three-gold-golems-attack-as-one-3-2-2-7'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes: results are valid only for the content they ran."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


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
        description=_dedent(scenario["description"]),
        tags=_tags(scenario["tags"]),
        steps=_steps(scenario["steps"]),
        outline_tables=tuple(tables),
        checks_something=checks_something,
    )


def _children(node: GherkinFeature | GherkinRule) -> Iterator[tuple[str, Any]]:
    """A feature's or rule's children, each as its kind (`background`, `scenario`, `rule`) and its node."""
    for child in node["children"]:
        for kind in ("background", "rule", "scenario"):
            value = cast(Mapping[str, Any], child).get(kind)
            if value:
                yield kind, value
                break


def _dedent(text: str) -> str:
    lines = text_lines(text)
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return "\n".join(line[cut:] for line in lines).strip("\n")


#: The largest feature file read, in bytes: a chapter is a few kilobytes; anything near this is not one.
MAX_FEATURE_BYTES = bounds.MAX_FEATURE_BYTES
#: The most examples one feature file may hold, each row of an outline counted (a chapter holds a
#: few dozen): its page, with a drawing per example, stays a size a browser opens at once.
MAX_EXAMPLES = bounds.MAX_EXAMPLES
#: The keywords of a feature file, which a misspelt one in prose is compared with.
KEYWORDS = ("Feature", "Rule", "Background", "Example", "Examples", "Scenario", "Scenario Outline", "Scenario Template")
STEP_WORDS = ("Given", "When", "Then", "And", "But")
_FEATURE_LINE = re.compile(r"^\s*(?:Feature|Business Need|Ability):", re.MULTILINE)
_KEYWORD_LIKE = re.compile(r"^\s*(?P<word>[A-Za-z][A-Za-z ]{1,24}?)\s*:")
_STEP_LIKE = re.compile(r"^\s*(?:Given|When|Then|And|But)\s+\S")


def read_feature_text(path: Path, shown: str | None = None) -> str:
    """The text of a feature file, read only from a regular file of at most `MAX_FEATURE_BYTES`.

    A link, folder, FIFO or device is refused; the text must be UTF-8 (a leading
    byte-order mark is accepted and dropped).

    Raises:
        FeatureFileError: the path is not such a file; the message is one line.
    """
    shown = shown if shown is not None else str(path)
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        raise FeatureFileError(shown, 1, "the file's name is not valid UTF-8: rename it") from None
    try:
        info = path.lstat()
    except OSError as error:
        raise FeatureFileError(shown, 1, f"cannot read the file: {error.strerror or error}") from None
    if stat.S_ISLNK(info.st_mode):
        raise FeatureFileError(shown, 1, "is a symbolic link: only regular files are read as feature files")
    if not stat.S_ISREG(info.st_mode):
        raise FeatureFileError(shown, 1, "is not a regular file (a folder, FIFO or device): it is not read")
    if info.st_size > MAX_FEATURE_BYTES:
        raise FeatureFileError(
            shown, 1, f"the file has {info.st_size} bytes; a feature file may have at most {MAX_FEATURE_BYTES}"
        )
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FEATURE_BYTES + 1)
    except OSError as error:
        raise FeatureFileError(shown, 1, f"cannot read the file: {error.strerror or error}") from None
    if len(data) > MAX_FEATURE_BYTES:
        raise FeatureFileError(
            shown, 1, f"the file has more than {MAX_FEATURE_BYTES} bytes, the most a feature file may have"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise FeatureFileError(
            shown, line, f"the file is not UTF-8 text (byte {error.start + 1} cannot be read)"
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise FeatureFileError(shown, line, "the file holds a NUL character: it is not a text file")
    return text


def gherkin_ast(text: str) -> tuple[GherkinDocument, int]:
    """The Gherkin parser's document for `text`, its node ids numbered from 0, and how many ids it used.

    A text that does not parse raises as the parser does.
    """
    ids = IdGenerator()
    document = GherkinParser(AstBuilder(ids)).parse(text)
    return document, int(ids.get_next_id())


def parse_feature_text(text: str, shown: str) -> GherkinFeature:
    """Parse a feature file's text with Cucumber's Gherkin parser: its `Feature`.

    Raises:
        FeatureFileError: the text is not Gherkin; the message names the first error's line.
    """
    _check_language(text, shown)
    if not _FEATURE_LINE.search(text):
        what = "is empty" if not text.strip() else "has no 'Feature:' line"
        raise FeatureFileError(shown, 1, f"the file {what}: a feature file starts with 'Feature: <its title>'")
    try:
        data, _ = gherkin_ast(text)
    except CompositeParserException as error:
        first = error.errors[0]
        raise _parse_error(shown, text, int(first.location.get("line") or 1), str(first)) from None
    except ParserException as error:
        raise _parse_error(shown, text, int(error.location.get("line") or 1), str(error)) from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as error:
        raise FeatureFileError(shown, 1, f"cannot read the file as Gherkin ({type(error).__name__})") from None
    feature = cast(Mapping[str, Any], data).get("feature")
    if not feature:
        raise FeatureFileError(shown, 1, "the file has no 'Feature:' line")
    return cast(GherkinFeature, feature)


#: The parser's errors in plain words, where a pattern of its message says what went wrong.
PARSE_ERRORS = (
    (re.compile(r"expected:.*got 'Feature.*'"), "a file holds one Feature; this is a second 'Feature:' line"),
    (
        re.compile(r"expected:.*got '(?:Given|When|Then|And|But).*'"),
        "this step stands outside any Example, Scenario or Background",
    ),
    (re.compile(r"expected:.*got 'Background.*'"), "a second Background: a feature or rule has at most one"),
    (
        re.compile(r"expected:.*got 'Scenario.*'"),
        "an Example or Scenario out of place (is the 'Feature:' line above it missing?)",
    ),
    (re.compile(r"expected:.*got 'Rule.*'"), "a 'Rule:' out of place: rules stand directly under the Feature"),
    (re.compile(r"expected:.*got '.*'"), "this line is not Gherkin where it stands"),
)


_LANGUAGE = re.compile(r"^\s*#\s*language\s*:\s*(?P<language>\S*)\s*$")


def _check_language(text: str, shown: str) -> None:
    r"""Refuse a `# language:` header naming another language than English, with one line.

    Gherkin reads such a file with that language's keywords (`Fonctionnalité:`), but every
    step of Battlebook is English, the pages and Try it show English keywords, and a header
    over an English file makes its keywords unreadable: a file is read in English or not at all.

    Examples:
        >>> _check_language("# language: fr\nFonctionnalité: F\n", "f.feature")
        Traceback (most recent call last):
        ...
        battlebook.book.model.FeatureFileError: f.feature:1: the file asks for Gherkin in 'fr' ...
    """
    for number, line in enumerate(text_lines(text), start=1):
        if not line.strip():
            continue
        if not line.lstrip().startswith("#"):
            return  # the header comes before the first line that is not a comment
        found = _LANGUAGE.match(line)
        if found and found["language"] != "en":
            raise FeatureFileError(
                shown,
                number,
                f"the file asks for Gherkin in {_short(found['language'], 20)!r} ('# language:'); Battlebook reads "
                "feature files in English only (its steps are English): remove the line and write the keywords "
                "in English",
            )


def _parse_error(shown: str, text: str, line: int, message: str) -> FeatureFileError:
    message = re.sub(r"^\(\d+:\d+\):\s*", "", " ".join(message.split()))
    lines = text_lines(text)
    reads = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    found = _KEYWORD_LIKE.match(reads)
    close = difflib.get_close_matches(found["word"].strip().title(), KEYWORDS, n=1, cutoff=0.75) if found else []
    if found and close and found["word"].strip() not in KEYWORDS:
        word = found["word"].strip()
        return FeatureFileError(shown, line, f"{word + ':'!r} is not a keyword: did you mean {close[0] + ':'!r}?")
    message = next((text for pattern, text in PARSE_ERRORS if pattern.search(message)), message)
    if len(reads) > 120:
        reads = reads[:117] + "..."
    return FeatureFileError(shown, line, f"{message} (the line reads: {reads!r})")


def _check_steps(shown: str, steps: Sequence[GherkinStep], where: str) -> None:
    """A block's first step must say its kind (`And`, `But` and `*` continue the step above them)."""
    if steps and steps[0]["keywordType"] in ("Conjunction", "Unknown"):
        raise FeatureFileError(
            shown,
            steps[0]["location"]["line"],
            f"{steps[0]['keyword'].strip()!r} continues the step above it, but this is the first step of {where}: "
            "start it with Given, When or Then",
        )


def _check_scenario(shown: str, scenario: GherkinScenario, lines: Sequence[str], rules: Conventions) -> bool:
    """Check one example; whether it checks something (it has a Then step)."""
    line, name = scenario["location"]["line"], scenario["name"]
    _check_tags(shown, scenario["tags"], rules)
    _check_prose(shown, scenario["description"], line, lines, rules)
    _check_steps(shown, scenario["steps"], "the example")
    _check_outline(shown, scenario)
    if not scenario["steps"]:
        rules.report(FeatureFileError(shown, line, f"the example {name!r} has no steps, so it checks nothing"))
        return False
    if not any(step["keywordType"] == "Outcome" for step in scenario["steps"]):
        rules.report(
            FeatureFileError(
                shown,
                line,
                f"the example {name!r} has no Then step, so it checks nothing: "
                "end it with Then and the outcome to check",
            )
        )
        return False
    return True


def _check_outline(shown: str, scenario: GherkinScenario) -> None:
    """An outline's Examples tables each need distinct column names and at least one row.

    A table with a header and no rows runs the outline zero times (it would read as undefined
    or not run), and of two columns with one name pytest-bdd silently keeps the last.
    """
    line = scenario["location"]["line"]
    if scenario["keyword"].strip() in ("Scenario Outline", "Scenario Template") and not scenario["examples"]:
        raise FeatureFileError(
            shown,
            line,
            f"the outline {_short(scenario['name'])!r} has no Examples table: add one with a header and a row per run",
        )
    for examples in scenario["examples"]:
        line = examples["location"]["line"]
        header = examples.get("tableHeader")
        if not header:
            raise FeatureFileError(
                shown, line, "the Examples table is missing: give a header of column names and a row per run"
            )
        seen: set[str] = set()
        for cell in header["cells"]:
            if cell["value"] in seen:
                raise FeatureFileError(
                    shown, line, f"the Examples table names the column {_short(cell['value'])!r} twice: keep one"
                )
            seen.add(cell["value"])
        if not examples.get("tableBody"):
            raise FeatureFileError(
                shown, line, "the Examples table has a header but no rows, so the outline would run nothing: add a row"
            )


def _short(text: str, limit: int = 60) -> str:
    """`text`, cut to `limit` characters for a message."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _check_sizes(shown: str, feature: GherkinFeature) -> None:
    """Refuse a name, tag, step line or table cell longer than its bound (see `battlebook.bounds`).

    A name is shown in the navigation of every page of the site, a step line is compared with
    every known step to find the closest: nothing in a feature file comes near these bounds.
    """

    def bounded(line: int, what: str, text: str, limit: int = MAX_NAME) -> None:
        if len(text) > limit:
            raise FeatureFileError(
                shown, line, f"{what} has {len(text)} characters ({_short(text, 40)!r}); it may have at most {limit}"
            )

    def tags(items: Sequence[GherkinTag]) -> None:
        for tag in items:
            bounded(tag["location"]["line"], "the tag", tag["name"])

    def cells(rows: Iterable[Any]) -> None:
        for row in rows:
            for cell in row["cells"]:
                bounded(row["location"]["line"], "a table cell", cell["value"])

    def steps(items: Sequence[GherkinStep]) -> None:
        for step in items:
            bounded(step["location"]["line"], "the step line", step["text"], MAX_STEP)
            cells(step.get("dataTable", {}).get("rows", []))

    def scenario(item: GherkinScenario) -> None:
        bounded(item["location"]["line"], "the example's name", item["name"])
        tags(item["tags"])
        steps(item["steps"])
        for examples in item["examples"]:
            bounded(examples["location"]["line"], "the Examples table's name", examples.get("name") or "")
            tags(examples["tags"])
            header = examples.get("tableHeader")
            cells([header, *(examples.get("tableBody") or [])] if header else examples.get("tableBody") or [])

    def children(node: GherkinFeature | GherkinRule) -> None:
        for kind, child in _children(node):
            if kind == "background":
                steps(child["steps"])
            elif kind == "scenario":
                scenario(child)
            else:
                bounded(child["location"]["line"], "the Rule's name", child["name"])
                tags(child["tags"])
                children(child)

    bounded(feature["location"]["line"], "the Feature's name", feature["name"])
    tags(feature["tags"])
    children(feature)


def _check_tags(shown: str, tags: Sequence[GherkinTag], rules: Conventions) -> None:
    games = [tag for tag in tags if tag["name"].lstrip("@").startswith(GAME_TAG)]
    for tag in games[1:]:
        rules.report(FeatureFileError(shown, tag["location"]["line"], "a second @game: tag: declare one game only"))
    for tag in tags:
        name = tag["name"].lstrip("@")
        if name.startswith(CHAPTER_TAG):
            try:
                chapter_number(name)
            except BoundError as error:
                rules.report(
                    FeatureFileError(shown, tag["location"]["line"], f"the tag {_short(tag['name'])!r}: {error}")
                )
        if not name.startswith(METADATA_PREFIXES):
            rules.report(
                FeatureFileError(
                    shown,
                    tag["location"]["line"],
                    f"unknown tag {tag['name']!r}: a tag is @id:<rule id>, @source:<section>, @chapter:<number>, "
                    "@edition:<2004 or 2024> or @game:<a game's name>",
                )
            )


def _check_prose(shown: str, description: str, after_line: int, lines: Sequence[str], rules: Conventions) -> None:
    """Refuse prose that reads like a misspelt keyword or like steps: it would silently become text.

    A line such as `Exmaple:` is refused, and so are step lines in prose (at least two lines
    opening with a step keyword, one of them `Given` or `Then`); a single sentence opening
    with "When" is prose. `after_line` is the file line of the keyword whose description
    this is, `lines` the file's lines.
    """
    prose_lines = text_lines(description)
    problem: tuple[str, str] | None = None
    for prose in prose_lines:
        found = _KEYWORD_LIKE.match(prose)
        if found:
            word = found["word"].strip()
            close = difflib.get_close_matches(word.title(), KEYWORDS, n=1, cutoff=0.75)
            if close and word not in KEYWORDS:
                problem = (prose, f"{word + ':'!r} is not a keyword: did you mean {close[0] + ':'!r}?")
                break
    steps = [prose for prose in prose_lines if _STEP_LIKE.match(prose)]
    if problem is None and len(steps) >= 2 and any(p.split()[0] in ("Given", "Then") for p in steps):
        problem = (
            steps[0],
            f"this description line reads like a step ({steps[0].strip()[:60]!r}), but steps belong to an "
            "Example: is the keyword above it missing or misspelt?",
        )
    if problem is not None:
        text, message = problem
        number = next(
            (n for n in range(after_line + 1, len(lines) + 1) if lines[n - 1].strip() == text.strip()),
            after_line + 1,
        )
        rules.report(FeatureFileError(shown, number, message))


def load_feature(
    path: Path, root: Path | None = None, *, strict: bool = True, reader: FeatureReader | None = None
) -> FeatureDoc:
    """Read and check one feature file; `root` makes the recorded path relative.

    With `strict=False`, broken conventions (see [`Conventions`][battlebook.book.model.Conventions])
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
    _check_sizes(shown, feature)
    lines = text_lines(text)
    conventions = Conventions(strict)
    _check_tags(shown, feature["tags"], conventions)
    _check_prose(shown, feature["description"], feature["location"]["line"], lines, conventions)

    rules: list[RuleDoc] = []
    loose: list[ExampleDoc] = []
    background: tuple[StepDoc, ...] = ()
    ids_here: dict[str, int] = {}
    for kind, child in _children(feature):
        if kind == "background":
            _check_steps(shown, child["steps"], "the Background")
            background = _background(child)
        elif kind == "scenario":
            checks = _check_scenario(shown, child, lines, conventions)
            loose.append(_example(child, checks))
        else:
            rule: GherkinRule = child
            line = rule["location"]["line"]
            _check_tags(shown, rule["tags"], conventions)
            _check_prose(shown, rule["description"], line, lines, conventions)
            tags = _tags(rule["tags"])
            ids = [t[len(ID_TAG) :] for t in tags if t.startswith(ID_TAG)]
            rule_id = ids[0] if len(ids) == 1 and RULE_ID.match(ids[0]) else f"line-{line}"
            if len(ids) != 1:
                conventions.report(
                    FeatureFileError(
                        shown,
                        line,
                        f"the Rule {rule['name']!r} needs exactly one identifier tag such as @id:game.rule-name "
                        f"on the line above it (found {len(ids)})",
                    )
                )
            elif not RULE_ID.match(ids[0]):
                conventions.report(
                    FeatureFileError(
                        shown, line, f"the rule identifier {ids[0]!r} must be lowercase words joined by - or ."
                    )
                )
            sources = tuple(t[len(SOURCE_TAG) :] for t in tags if t.startswith(SOURCE_TAG))
            for key in sources:
                if key not in SECTIONS:
                    known = ", ".join(sorted(k for k in SECTIONS if k.split("/")[0] == key.split("/")[0]))
                    conventions.report(
                        FeatureFileError(shown, line, f"unknown source section {key!r} (known: {known or 'none'})")
                    )
            sources = tuple(key for key in sources if key in SECTIONS)
            rule_background: tuple[StepDoc, ...] = ()
            examples: list[ExampleDoc] = []
            for inner, grandchild in _children(rule):
                if inner == "background":
                    _check_steps(shown, grandchild["steps"], "the Background")
                    rule_background = _background(grandchild)
                elif inner == "scenario":
                    checks = _check_scenario(shown, grandchild, lines, conventions)
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
                    description=_dedent(rule["description"]),
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
        description=_dedent(feature["description"]),
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


def check_anchors(shown: str, examples: Sequence[ExampleDoc], rules: Conventions) -> None:
    """Refuse an example whose name gives no anchor, or the anchor of another example of the file.

    Names differing only in punctuation or case (`Golems: one`, `Golems one`) slug to one
    anchor: the page would hold two elements with one id, and Try it under one would open
    the other. A name of punctuation alone (`!!!`) slugs to nothing.
    """
    seen: dict[str, ExampleDoc] = {}
    for example in examples:
        anchor = example.anchor
        if not anchor:
            rules.report(
                FeatureFileError(
                    shown,
                    example.line,
                    f"the example {_short(example.name)!r} has no letter or digit in its name, so no address on "
                    "its page: name it in words",
                )
            )
            continue
        first = seen.setdefault(anchor, example)
        if first is not example and first.name != example.name:
            rules.report(
                FeatureFileError(
                    shown,
                    example.line,
                    f"the examples {_short(first.name)!r} (line {first.line}) and {_short(example.name)!r} (line "
                    f"{example.line}) would have one address on the page, #{_short(anchor)}: name them apart",
                )
            )


def feature_paths(paths: Iterable[Path]) -> list[Path]:
    """The `.feature` files in `paths` (files, or folders searched recursively), sorted.

    Links to folders are not followed; a link, FIFO or device with a `.feature` name is
    listed, and refused when read (see [`read_feature_text`][battlebook.book.model.read_feature_text]).

    Raises:
        UnreadableFolderError: a folder (or one inside it) cannot be listed; a check that
            skipped it would pass without running what it holds.
    """

    def refuse(error: OSError) -> None:
        raise UnreadableFolderError(str(error.filename or path), error.strerror or str(error))

    found: set[Path] = set()
    for path in paths:
        if path.is_dir() and not path.is_symlink():
            for folder, dirs, files in os.walk(path, onerror=refuse):
                dirs.sort()
                found.update(Path(folder) / name for name in files if name.endswith(".feature"))
        else:
            found.add(path)
    return sorted(found)


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
