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

import hashlib
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from pytest_bdd.exceptions import GherkinParseError
from pytest_bdd.gherkin_parser import Background as GherkinBackground
from pytest_bdd.gherkin_parser import Scenario as GherkinScenario
from pytest_bdd.gherkin_parser import Step as GherkinStep
from pytest_bdd.gherkin_parser import Tag as GherkinTag
from pytest_bdd.gherkin_parser import get_gherkin_document

from battlebook.errors import ScenarioError
from battlebook.rulebook.sources import SECTIONS

ID_TAG = "id:"
SOURCE_TAG = "source:"
CHAPTER_TAG = "chapter:"
#: Tags that carry rulebook metadata rather than pytest markers.
METADATA_PREFIXES = (ID_TAG, SOURCE_TAG, CHAPTER_TAG, "edition:", "game:")
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

    @property
    def anchor(self) -> str:
        """The example's anchor on its page: its name, slugged."""
        return slugify(self.name)


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

    @property
    def chapter(self) -> int:
        """The chapter number from a `@chapter:N` tag, for ordering pages (default 99)."""
        for tag in self.tags:
            if tag.startswith(CHAPTER_TAG) and tag[len(CHAPTER_TAG) :].isdigit():
                return int(tag[len(CHAPTER_TAG) :])
        return 99

    def examples(self) -> Iterator[tuple[RuleDoc | None, ExampleDoc]]:
        """Every example with the rule it belongs to (`None` outside any rule)."""
        for example in self.loose_examples:
            yield None, example
        for rule in self.rules:
            for example in rule.examples:
                yield rule, example


def slugify(text: str) -> str:
    """A lowercase, hyphenated form of `text` for anchors and file names.

    >>> slugify("Three Gold Golems attack as one: 3+2+2 = 7")
    'three-gold-golems-attack-as-one-3-2-2-7'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes: results are valid only for the content they ran."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _tags(tags: Sequence[GherkinTag]) -> tuple[str, ...]:
    return tuple(tag.name.lstrip("@") for tag in tags)


def _steps(steps: Sequence[GherkinStep]) -> tuple[StepDoc, ...]:
    return tuple(
        StepDoc(
            keyword=step.keyword.strip(),
            text=step.text,
            line=step.location.line,
            table=tuple(tuple(cell.value for cell in row.cells) for row in step.datatable.rows)
            if step.datatable
            else None,
            docstring=step.docstring.content if step.docstring else None,
        )
        for step in steps
    )


def _background(background: GherkinBackground | None) -> tuple[StepDoc, ...]:
    return _steps(background.steps) if background else ()


def _example(scenario: GherkinScenario) -> ExampleDoc:
    tables = []
    for examples in scenario.examples:
        rows = [examples.table_header] if examples.table_header else []
        rows += list(examples.table_body or [])
        tables.append(tuple(tuple(cell.value for cell in row.cells) for row in rows))
    return ExampleDoc(
        keyword=scenario.keyword,
        name=scenario.name,
        line=scenario.location.line,
        description=_dedent(scenario.description),
        tags=_tags(scenario.tags),
        steps=_steps(scenario.steps),
        outline_tables=tuple(tables),
    )


def _dedent(text: str) -> str:
    lines = text.splitlines()
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return "\n".join(line[cut:] for line in lines).strip("\n")


def load_feature(path: Path, root: Path | None = None) -> FeatureDoc:
    """Read and check one feature file; `root` makes the recorded path relative.

    Raises:
        FeatureFileError: the file does not parse, or breaks a rulebook convention.
    """
    shown = _shown_path(path, root)
    try:
        document = get_gherkin_document(str(path))
    except GherkinParseError as error:
        reads = error.line_content.strip()
        raise FeatureFileError(shown, error.line, f"{error.message} (the line reads: {reads!r})") from None
    except (OSError, UnicodeDecodeError) as error:
        raise FeatureFileError(shown, 1, f"cannot read the file: {error}") from error
    feature = getattr(document, "feature", None)
    if feature is None:
        raise FeatureFileError(shown, 1, "the file has no 'Feature:' line")

    rules: list[RuleDoc] = []
    loose: list[ExampleDoc] = []
    background: tuple[StepDoc, ...] = ()
    for child in feature.children:
        if child.background:
            background = _background(child.background)
        elif child.scenario:
            loose.append(_example(child.scenario))
        elif child.rule:
            rule = child.rule
            tags = _tags(rule.tags)
            ids = [t[len(ID_TAG) :] for t in tags if t.startswith(ID_TAG)]
            if len(ids) != 1:
                raise FeatureFileError(
                    shown,
                    rule.location.line,
                    f"the Rule {rule.name!r} needs exactly one identifier tag such as @id:homm.melee-attack "
                    f"on the line above it (found {len(ids)})",
                )
            if not RULE_ID.match(ids[0]):
                raise FeatureFileError(
                    shown,
                    rule.location.line,
                    f"the rule identifier {ids[0]!r} must be lowercase words joined by - or .",
                )
            sources = tuple(t[len(SOURCE_TAG) :] for t in tags if t.startswith(SOURCE_TAG))
            for key in sources:
                if key not in SECTIONS:
                    known = ", ".join(sorted(k for k in SECTIONS if k.split("/")[0] == key.split("/")[0]))
                    raise FeatureFileError(
                        shown, rule.location.line, f"unknown source section {key!r} (known: {known or 'none'})"
                    )
            rule_background: tuple[StepDoc, ...] = ()
            examples: list[ExampleDoc] = []
            for grandchild in rule.children:
                if grandchild.background:
                    rule_background = _background(grandchild.background)
                elif grandchild.scenario:
                    examples.append(_example(grandchild.scenario))
            rules.append(
                RuleDoc(
                    id=ids[0],
                    name=rule.name,
                    line=rule.location.line,
                    description=_dedent(rule.description),
                    tags=tags,
                    sources=sources,
                    background=rule_background,
                    examples=tuple(examples),
                )
            )
    doc = FeatureDoc(
        path=shown,
        name=feature.name,
        description=_dedent(feature.description),
        tags=_tags(feature.tags),
        background=background,
        rules=tuple(rules),
        loose_examples=tuple(loose),
        sha256=file_sha256(path),
    )
    check_unique_names(doc)
    return doc


def _shown_path(path: Path, root: Path | None) -> str:
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
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


def feature_paths(paths: Iterable[Path]) -> list[Path]:
    """The `.feature` files in `paths` (files, or folders searched recursively), sorted."""
    found: set[Path] = set()
    for path in paths:
        if path.is_dir():
            found.update(path.rglob("*.feature"))
        else:
            found.add(path)
    return sorted(found)


def load_book(paths: Iterable[Path], root: Path | None = None) -> list[FeatureDoc]:
    """Read every feature under `paths`, checking that rule identifiers are unique."""
    features = [load_feature(path, root) for path in feature_paths(paths)]
    owners: dict[str, tuple[str, int]] = {}
    for feature in features:
        for rule in feature.rules:
            if rule.id in owners:
                path, line = owners[rule.id]
                raise FeatureFileError(
                    feature.path, rule.line, f"the rule identifier {rule.id!r} is already used at {path}:{line}"
                )
            owners[rule.id] = (feature.path, rule.line)
    return features
