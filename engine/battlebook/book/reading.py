"""Reading a feature file: its bytes and text, the Gherkin parser, and the limits on what it may hold.

The first half of reading a chapter (the second, its conventions, is
[`battlebook.book.conventions`][battlebook.book.conventions]; the model both make is
[`battlebook.book.model`][battlebook.book.model]): a feature file is read only from a regular
file of bounded size in UTF-8, parsed by Cucumber's Gherkin parser in English, and refused, in
one line naming the file and the line, when it does not parse or holds a name, tag, step line
or table cell longer than its bound (see [`battlebook.bounds`][battlebook.bounds]).

Examples:
    >>> short("a" * 70, 10)
    'aaaaaaa...'
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import stat
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from gherkin.ast_builder import AstBuilder
from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser as GherkinParser
from gherkin.parser_types import Feature as GherkinFeature
from gherkin.parser_types import GherkinDocument
from gherkin.parser_types import Rule as GherkinRule
from gherkin.parser_types import Scenario as GherkinScenario
from gherkin.parser_types import Step as GherkinStep
from gherkin.parser_types import Tag as GherkinTag
from gherkin.stream.id_generator import IdGenerator

from battlebook import bounds
from battlebook.bounds import MAX_NAME, MAX_STEP
from battlebook.errors import ScenarioError

__all__ = [
    "KEYWORDS",
    "KEYWORD_LIKE",
    "MAX_EXAMPLES",
    "MAX_FEATURE_BYTES",
    "PARSE_ERRORS",
    "STEP_LIKE",
    "STEP_WORDS",
    "FeatureFileError",
    "UnreadableFolderError",
    "check_sizes",
    "children",
    "dedent",
    "feature_paths",
    "file_sha256",
    "gherkin_ast",
    "parse_feature_text",
    "read_feature_text",
    "short",
    "text_lines",
]


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


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes: results are valid only for the content they ran."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def short(text: str, limit: int = 60) -> str:
    """`text`, cut to `limit` characters for a message."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def children(node: GherkinFeature | GherkinRule) -> Iterator[tuple[str, Any]]:
    """A feature's or rule's children, each as its kind (`background`, `scenario`, `rule`) and its node."""
    for child in node["children"]:
        for kind in ("background", "rule", "scenario"):
            value = cast(Mapping[str, Any], child).get(kind)
            if value:
                yield kind, value
                break


def dedent(text: str) -> str:
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
KEYWORD_LIKE = re.compile(r"^\s*(?P<word>[A-Za-z][A-Za-z ]{1,24}?)\s*:")
STEP_LIKE = re.compile(r"^\s*(?:Given|When|Then|And|But)\s+\S")


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
        battlebook.book.reading.FeatureFileError: f.feature:1: the file asks for Gherkin in 'fr' ...
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
                f"the file asks for Gherkin in {short(found['language'], 20)!r} ('# language:'); Battlebook reads "
                "feature files in English only (its steps are English): remove the line and write the keywords "
                "in English",
            )


def _parse_error(shown: str, text: str, line: int, message: str) -> FeatureFileError:
    message = re.sub(r"^\(\d+:\d+\):\s*", "", " ".join(message.split()))
    lines = text_lines(text)
    reads = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    found = KEYWORD_LIKE.match(reads)
    close = difflib.get_close_matches(found["word"].strip().title(), KEYWORDS, n=1, cutoff=0.75) if found else []
    if found and close and found["word"].strip() not in KEYWORDS:
        word = found["word"].strip()
        return FeatureFileError(shown, line, f"{word + ':'!r} is not a keyword: did you mean {close[0] + ':'!r}?")
    message = next((text for pattern, text in PARSE_ERRORS if pattern.search(message)), message)
    if len(reads) > 120:
        reads = reads[:117] + "..."
    return FeatureFileError(shown, line, f"{message} (the line reads: {reads!r})")


def check_sizes(shown: str, feature: GherkinFeature) -> None:
    """Refuse a name, tag, step line or table cell longer than its bound (see `battlebook.bounds`).

    A name is shown in the navigation of every page of the site, a step line is compared with
    every known step to find the closest: nothing in a feature file comes near these bounds.
    """

    def bounded(line: int, what: str, text: str, limit: int = MAX_NAME) -> None:
        if len(text) > limit:
            raise FeatureFileError(
                shown, line, f"{what} has {len(text)} characters ({short(text, 40)!r}); it may have at most {limit}"
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

    def walk(node: GherkinFeature | GherkinRule) -> None:
        for kind, child in children(node):
            if kind == "background":
                steps(child["steps"])
            elif kind == "scenario":
                scenario(child)
            else:
                bounded(child["location"]["line"], "the Rule's name", child["name"])
                tags(child["tags"])
                walk(child)

    bounded(feature["location"]["line"], "the Feature's name", feature["name"])
    tags(feature["tags"])
    walk(feature)


def feature_paths(paths: Iterable[Path]) -> list[Path]:
    """The `.feature` files in `paths` (files, or folders searched recursively), sorted.

    Links to folders are not followed; a link, FIFO or device with a `.feature` name is
    listed, and refused when read (see [`read_feature_text`][battlebook.book.reading.read_feature_text]).

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
