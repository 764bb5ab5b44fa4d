"""Checking a feature file against the rulebook's conventions: its tags, Rules, Examples and prose.

The second half of reading a chapter (the first, its text and limits, is
[`battlebook.book.reading`][battlebook.book.reading]; the model both make is
[`battlebook.book.model`][battlebook.book.model]). What pytest-bdd would let slip is refused:
a Rule without exactly one identifier (`@id:homm.melee-attack`), a citation naming no known
source section, an unknown tag, an Example with no Then step, a block opening with `And`, an
outline without rows, prose that reads like a misspelt keyword or like steps, two examples
whose names give one anchor. Read strictly (the rulebook), the first broken convention stops
the file; read leniently (`battlebook check`), each is kept with its line and fix
([`Conventions`][battlebook.book.conventions.Conventions]).

Examples:
    >>> rule_identity("f.feature", ("id:homm.swat", "source:001/swatting"), 3, "Swat", Conventions())
    ('homm.swat', ('001/swatting',))
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import Protocol

from gherkin.parser_types import Scenario as GherkinScenario
from gherkin.parser_types import Step as GherkinStep
from gherkin.parser_types import Tag as GherkinTag

from battlebook.book.reading import KEYWORD_LIKE, KEYWORDS, STEP_LIKE, FeatureFileError, short, text_lines
from battlebook.book.sources import SECTIONS
from battlebook.bounds import MAX_CHAPTER, BoundError, read_whole

__all__ = [
    "CHAPTER_TAG",
    "EDITION_TAG",
    "GAME_TAG",
    "ID_TAG",
    "METADATA_PREFIXES",
    "RULE_ID",
    "SOURCE_TAG",
    "Conventions",
    "Named",
    "chapter_number",
    "check_anchors",
    "check_prose",
    "check_scenario",
    "check_steps",
    "check_tags",
    "rule_identity",
]

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


def check_steps(shown: str, steps: Sequence[GherkinStep], where: str) -> None:
    """A block's first step must say its kind (`And`, `But` and `*` continue the step above them)."""
    if steps and steps[0]["keywordType"] in ("Conjunction", "Unknown"):
        raise FeatureFileError(
            shown,
            steps[0]["location"]["line"],
            f"{steps[0]['keyword'].strip()!r} continues the step above it, but this is the first step of {where}: "
            "start it with Given, When or Then",
        )


def check_scenario(shown: str, scenario: GherkinScenario, lines: Sequence[str], rules: Conventions) -> bool:
    """Check one example; whether it checks something (it has a Then step)."""
    line, name = scenario["location"]["line"], scenario["name"]
    check_tags(shown, scenario["tags"], rules)
    check_prose(shown, scenario["description"], line, lines, rules)
    check_steps(shown, scenario["steps"], "the example")
    check_outline(shown, scenario)
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


def check_outline(shown: str, scenario: GherkinScenario) -> None:
    """An outline's Examples tables each need distinct column names and at least one row.

    A table with a header and no rows runs the outline zero times (it would read as undefined
    or not run), and of two columns with one name pytest-bdd silently keeps the last.
    """
    line = scenario["location"]["line"]
    if scenario["keyword"].strip() in ("Scenario Outline", "Scenario Template") and not scenario["examples"]:
        raise FeatureFileError(
            shown,
            line,
            f"the outline {short(scenario['name'])!r} has no Examples table: add one with a header and a row per run",
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
                    shown, line, f"the Examples table names the column {short(cell['value'])!r} twice: keep one"
                )
            seen.add(cell["value"])
        if not examples.get("tableBody"):
            raise FeatureFileError(
                shown, line, "the Examples table has a header but no rows, so the outline would run nothing: add a row"
            )


def check_tags(shown: str, tags: Sequence[GherkinTag], rules: Conventions) -> None:
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
                    FeatureFileError(shown, tag["location"]["line"], f"the tag {short(tag['name'])!r}: {error}")
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


def check_prose(shown: str, description: str, after_line: int, lines: Sequence[str], rules: Conventions) -> None:
    """Refuse prose that reads like a misspelt keyword or like steps: it would silently become text.

    A line such as `Exmaple:` is refused, and so are step lines in prose (at least two lines
    opening with a step keyword, one of them `Given` or `Then`); a single sentence opening
    with "When" is prose. `after_line` is the file line of the keyword whose description
    this is, `lines` the file's lines.
    """
    prose_lines = text_lines(description)
    problem: tuple[str, str] | None = None
    for prose in prose_lines:
        found = KEYWORD_LIKE.match(prose)
        if found:
            word = found["word"].strip()
            close = difflib.get_close_matches(word.title(), KEYWORDS, n=1, cutoff=0.75)
            if close and word not in KEYWORDS:
                problem = (prose, f"{word + ':'!r} is not a keyword: did you mean {close[0] + ':'!r}?")
                break
    steps = [prose for prose in prose_lines if STEP_LIKE.match(prose)]
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


def rule_identity(
    shown: str, tags: Sequence[str], line: int, name: str, rules: Conventions
) -> tuple[str, tuple[str, ...]]:
    """A Rule's identifier (from its one `@id:` tag) and the known source sections it cites (`@source:`).

    A Rule without exactly one well-formed identifier gets `line-N` (and the broken
    convention is reported); a citation of no known section is reported and left out.
    """
    ids = [t[len(ID_TAG) :] for t in tags if t.startswith(ID_TAG)]
    rule_id = ids[0] if len(ids) == 1 and RULE_ID.match(ids[0]) else f"line-{line}"
    if len(ids) != 1:
        rules.report(
            FeatureFileError(
                shown,
                line,
                f"the Rule {name!r} needs exactly one identifier tag such as @id:game.rule-name "
                f"on the line above it (found {len(ids)})",
            )
        )
    elif not RULE_ID.match(ids[0]):
        rules.report(
            FeatureFileError(shown, line, f"the rule identifier {ids[0]!r} must be lowercase words joined by - or .")
        )
    sources = tuple(t[len(SOURCE_TAG) :] for t in tags if t.startswith(SOURCE_TAG))
    for key in sources:
        if key not in SECTIONS:
            known = ", ".join(sorted(k for k in SECTIONS if k.split("/")[0] == key.split("/")[0]))
            rules.report(FeatureFileError(shown, line, f"unknown source section {key!r} (known: {known or 'none'})"))
    return rule_id, tuple(key for key in sources if key in SECTIONS)


class Named(Protocol):
    """An example as the anchors' check reads it: its name, its line, and its anchor on its page."""

    @property
    def name(self) -> str:
        """The example's name."""
        ...

    @property
    def line(self) -> int:
        """The line of its keyword."""
        ...

    @property
    def anchor(self) -> str:
        """Its anchor on its page."""
        ...


def check_anchors(shown: str, examples: Sequence[Named], rules: Conventions) -> None:
    """Refuse an example whose name gives no anchor, or the anchor of another example of the file.

    Names differing only in punctuation or case (`Golems: one`, `Golems one`) slug to one
    anchor: the page would hold two elements with one id, and Try it under one would open
    the other. A name of punctuation alone (`!!!`) slugs to nothing.
    """
    seen: dict[str, Named] = {}
    for example in examples:
        anchor = example.anchor
        if not anchor:
            rules.report(
                FeatureFileError(
                    shown,
                    example.line,
                    f"the example {short(example.name)!r} has no letter or digit in its name, so no address on "
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
                    f"the examples {short(first.name)!r} (line {first.line}) and {short(example.name)!r} (line "
                    f"{example.line}) would have one address on the page, #{short(anchor)}: name them apart",
                )
            )
