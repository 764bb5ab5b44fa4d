"""The rulings index: every feature under `features/rulings/`, with the question it settles.

A ruling's Feature description states three things, each in a paragraph opening with a
bold label: `**The question.**`, `**Battlebook's reading.**` and `**The alternative.**`
(see `features/rulings/die-faces.feature` and the template `docs/files/ruling.feature`).
The index quotes the question and links to the ruling's page and rules. A ruling that
lacks one of the three paragraphs is a problem that fails the strict site build.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from battlebook.book.links import feature_page
from battlebook.book.model import FeatureDoc
from battlebook.book.prose import markdown_code, markdown_text, prose_block

#: The folder of ruling features, relative to the project root.
RULINGS_FOLDER = "features/rulings/"
#: The bold labels a ruling's description must contain, in its own words after each.
LABELS = {"question": "The question.", "reading": "Battlebook's reading.", "alternative": "The alternative."}


@dataclass(frozen=True)
class Ruling:
    """A ruling feature and the three parts of its description."""

    feature: FeatureDoc
    question: str
    reading: str
    alternative: str

    @property
    def page(self) -> str:
        """Its page, relative to the rulings index (`rulebook/rulings/`)."""
        return feature_page(self.feature.path).removeprefix("rulings/")


def is_ruling(feature: FeatureDoc) -> bool:
    """Whether a feature is a ruling (it lives under `features/rulings/`)."""
    return feature.path.startswith(RULINGS_FOLDER)


def labelled_paragraph(description: str, label: str) -> str:
    r"""The text of the paragraph opening with `**label**`, without the label ("" if none).

    Examples:
        >>> labelled_paragraph("**The question.** Which faces?\n  Really.\n\n**Other.** x", "The question.")
        'Which faces? Really.'
    """
    for paragraph in re.split(r"\n\s*\n", description):
        text = " ".join(paragraph.split())
        if text.startswith(f"**{label}**"):
            return text[len(label) + 4 :].strip()
    return ""


def read_ruling(feature: FeatureDoc) -> Ruling:
    """The ruling a feature states (parts it lacks are empty)."""
    parts = {key: labelled_paragraph(feature.description, label) for key, label in LABELS.items()}
    return Ruling(feature, parts["question"], parts["reading"], parts["alternative"])


def rulings_of(book: Iterable[FeatureDoc]) -> list[Ruling]:
    """Every ruling in the book, in chapter order."""
    features = sorted((f for f in book if is_ruling(f)), key=lambda f: (f.chapter, f.name))
    return [read_ruling(f) for f in features]


def ruling_problems(rulings: Iterable[Ruling]) -> list[str]:
    """Every ruling that does not state its question, reading and alternative."""
    problems = []
    for ruling in rulings:
        missing = [f"**{LABELS[key]}**" for key in LABELS if not getattr(ruling, key)]
        if missing:
            problems.append(
                f"{ruling.feature.path}: the ruling's description needs a paragraph opening with " + ", ".join(missing)
            )
    return problems


def render_rulings_index(rulings: Sequence[Ruling], prose: Callable[[str], str] = prose_block) -> str:
    """The Markdown page `rulebook/rulings/index.md`; `prose` makes a quoted paragraph into a block of the page."""
    lines = [
        "# Rulings",
        "",
        "Where the source texts leave a question open, Battlebook picks one reading, names the",
        "alternative it set aside, and pins its choice with examples that run against the engine.",
        "Each ruling is a feature file under `features/rulings/`; to propose one, see",
        "[Contributing](../../contributing.md).",
        "",
        f'<p class="bb-summary">Rulings: {len(rulings)}.</p>',
        "",
    ]
    for ruling in rulings:
        rules = ", ".join(f"[`{rule.id}`]({ruling.page}#{rule.id})" for rule in ruling.feature.rules)
        title = ruling.feature.name.removeprefix("Ruling:").strip()
        title = markdown_text(title[:1].upper() + title[1:])
        lines += [f"## [{title}]({ruling.page})", ""]
        lines += [prose(f"**Question.** {ruling.question or '(not stated)'}"), ""]
        lines += [prose(f"**Reading adopted.** {ruling.reading or '(not stated)'}"), ""]
        if rules:
            lines += [f"Rules: {rules} \u00b7 file {markdown_code(ruling.feature.path)}", ""]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Proposal:
    """What a player fills in to turn a scenario into a ruling (see `ruling_text`).

    Attributes:
        title: The question in a few words (the Feature's title follows `Ruling: `).
        slug: The file's name and the Rule's identifier (`ruling.<slug>`): lowercase words joined by `-`.
        sources: The source sections the question arises from (`@source:` keys).
        question: What the sources leave open, and why a player could read it two ways.
        reading: The reading adopted, stated so the examples can check it.
        alternative: The other reading, and how a scenario can choose it.
        rule: The adopted reading as one sentence (the Rule's title).
        chapter: Where the ruling stands among the rulings (`@chapter:`).
    """

    title: str
    slug: str
    sources: tuple[str, ...]
    question: str
    reading: str
    alternative: str
    rule: str
    chapter: int


#: What a line of a description may not start with: Gherkin would read the line as a keyword, tag, comment or table.
KEYWORD_START = re.compile(
    r"^(Given|When|Then|And|But|Feature|Rule|Background|Scenario|Example|Examples|Scenarios|\*\s|@|#|\||\"\"\"|```)",
    re.IGNORECASE,
)


def _paragraph(label: str, text: str, indent: str, width: int = 92) -> list[str]:
    """`**label** text` as the wrapped lines of one description paragraph, none read as a keyword."""
    words = f"**{label}** {' '.join(text.split())}".split(" ")
    lines: list[str] = []
    for number, word in enumerate(words):
        if lines and len(lines[-1]) + 1 + len(word) <= width - len(indent):
            lines[-1] += " " + word
        elif lines and (KEYWORD_START.match(word) or LABEL_START.match(" ".join(words[number : number + 6]))):
            lines[-1] += " " + word  # a line may run long rather than start with a keyword, or a word like one
        else:
            lines.append(word)
    return [indent + line for line in lines]


#: What else a description line may not start with: a few words then a colon (`Sample:`), which the
#: reading of a feature file takes for a misspelt keyword (see `battlebook.book.model`).
LABEL_START = re.compile(r"[A-Za-z][A-Za-z ]{1,24}?\s*:")


def proposal_problems(proposal: Proposal) -> list[str]:
    """What a proposal lacks or gets wrong, one line each (empty when it can be written).

    Examples:
        >>> proposal_problems(Proposal("", "Bad Slug", (), "", "", "", "", 50))[1]
        'the file name is lowercase words joined by "-", such as "empty-offer"'
    """
    from battlebook.book.sources import SECTIONS

    problems = []
    if not proposal.title.strip():
        problems.append("give the question in a few words (the title)")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", proposal.slug):
        problems.append('the file name is lowercase words joined by "-", such as "empty-offer"')
    if not proposal.sources:
        problems.append("cite the source section the question comes from")
    problems += [f"no source section is called {key!r}" for key in proposal.sources if key not in SECTIONS]
    for key, label in LABELS.items():
        if not getattr(proposal, key).strip():
            problems.append(f"write the paragraph **{label}**")
    if not proposal.rule.strip():
        problems.append("state the adopted reading as one sentence (the Rule)")
    if any("\n" in text or "\r" in text for text in (proposal.title, proposal.rule)):
        problems.append("the title and the Rule are one line each")
    if len(proposal.slug) > MAX_SLUG:
        problems.append(f"the file name has {len(proposal.slug)} characters: at most {MAX_SLUG}")
    return problems


#: The longest file name of a proposed ruling (before `.feature`): a file system takes 255 bytes.
MAX_SLUG = 80


def ruling_text(scenario: FeatureDoc, proposal: Proposal) -> str:
    r"""A ruling file in the book's conventions, from a player's scenario and what they filled in.

    The Feature carries the ruling's chapter, the scenario's edition or game tags and its
    Background; its description, the three paragraphs; one Rule, tagged with the ruling's
    identifier and sources, holds every example of the scenario (the Background of a Rule
    they stood under goes first into each of them).

    Examples:
        >>> from battlebook.book.model import ExampleDoc, StepDoc
        >>> steps = (StepDoc("Given", "a battle in the open field", 4), StepDoc("Then", "the battle goes on", 5))
        >>> mine = FeatureDoc("s.feature", "Mine", "", (), (), (), (ExampleDoc("Example", "E", 3, "", (), steps),), "")
        >>> chosen = Proposal("who wins", "who-wins", ("001/phases-and-rounds",), "Q?", "R.", "A.", "R", 50)
        >>> print(ruling_text(mine, chosen))
        @chapter:50
        Feature: Ruling: who wins
          **The question.** Q?
        <BLANKLINE>
          **Battlebook's reading.** R.
        <BLANKLINE>
          **The alternative.** A.
        <BLANKLINE>
          @id:ruling.who-wins @source:001/phases-and-rounds
          Rule: R
        <BLANKLINE>
            Example: E
              Given a battle in the open field
              Then the battle goes on
        <BLANKLINE>
    """
    from battlebook.book.render import gherkin_lines, outline_lines

    kept = [tag for tag in scenario.tags if tag.startswith(("edition:", "game:"))]
    lines = [" ".join(f"@{tag}" for tag in (f"chapter:{proposal.chapter}", *kept))]
    lines.append(f"Feature: Ruling: {' '.join(proposal.title.split())}")
    paragraphs = [_paragraph(label, getattr(proposal, key), "  ") for key, label in LABELS.items()]
    for i, paragraph in enumerate(paragraphs):
        lines += [*([""] if i else []), *paragraph]
    if scenario.background:
        lines += ["", "  Background:", *gherkin_lines(scenario.background, "    ")]
    tags = " ".join([f"@id:ruling.{proposal.slug}", *(f"@source:{key}" for key in proposal.sources)])
    lines += ["", f"  {tags}", f"  Rule: {' '.join(proposal.rule.split())}"]
    for rule, example in scenario.examples():
        steps = (*(rule.background if rule else ()), *example.steps)
        lines.append("")
        if example.tags:
            lines.append("    " + " ".join(f"@{tag}" for tag in example.tags))
        lines.append(f"    {example.keyword}: {example.name}")
        lines += gherkin_lines(steps, "      ")
        lines += outline_lines(example, "      ")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class ChapterLink:
    """Where a new ruling is linked from: the chapter Rule that applies it, and the line that links it.

    Attributes:
        file: The chapter's feature file (`features/homm/melee.feature`).
        rule: The identifier of the chapter's Rule the ruling settles a question of.
        after: The line of the file the link goes after: the last line of the Rule's description.
        line: The link, as a line of that description (indented as the Rule's description is).
    """

    file: str
    rule: str
    after: int
    line: str


def chapter_rules(book: Iterable[FeatureDoc]) -> list[dict[str, object]]:
    """Each Rule of the rule chapters (not the rulings): identifier, file, cited sections, last line of description.

    The site hands this to a ruling proposed in the page, which links the new ruling from the
    first chapter Rule citing one of its source sections (see
    [`chapter_link`][battlebook.book.rulings.chapter_link]).
    """
    return [
        {
            "id": rule.id,
            "file": feature.path,
            "sources": list(rule.sources),
            "after": rule.line + len(rule.description.splitlines()),
        }
        for feature in book
        if not is_ruling(feature)
        for rule in feature.rules
    ]


def chapter_link(proposal: Proposal, rules: Iterable[dict[str, object]]) -> ChapterLink | None:
    """The link a chapter needs to a proposed ruling: from the chapter Rule that cites its first section most narrowly.

    A ruling joins the rulebook only when a rule chapter links to it (`tests/unit/test_ruling_links.py`).
    Of the chapter Rules citing the proposal's first section (else its second, ...), the one citing
    the fewest sections is the one about it, the first in the book among equals.

    Examples:
        >>> chosen = Proposal("who wins", "who-wins", ("001/x",), "Q?", "R.", "A.", "R", 50)
        >>> rules = [{"id": "homm.z", "file": "features/homm/z.feature", "sources": ["001/x", "001/w"], "after": 4},
        ...          {"id": "homm.y", "file": "features/homm/y.feature", "sources": ["001/x"], "after": 9}]
        >>> link = chapter_link(chosen, rules)
        >>> link.file, link.after
        ('features/homm/y.feature', 9)
        >>> print(link.line)
            A ruling settles a question this rule leaves open: [who wins](rule:ruling.who-wins).
    """
    title = " ".join(proposal.title.split()).replace("[", "(").replace("]", ")")
    sentence = f"A ruling settles a question this rule leaves open: [{title}](rule:ruling.{proposal.slug})."
    for key in proposal.sources:
        citing = [r for r in rules if isinstance(r.get("sources"), list) and key in r["sources"]]  # type: ignore[operator]
        if citing:
            rule = min(citing, key=lambda r: len(r["sources"]))  # type: ignore[arg-type]
            after = rule.get("after")
            return ChapterLink(
                str(rule["file"]), str(rule["id"]), after if isinstance(after, int) else 0, "    " + sentence
            )
    return None


def add_chapter_link(text: str, link: ChapterLink) -> str:
    r"""The chapter file's `text` with `link` added as a paragraph of its own after line `link.after`.

    Examples:
        >>> link = ChapterLink("f.feature", "g.r", 2, "    See [it](rule:ruling.it).")
        >>> print(add_chapter_link("Feature: F\n  Rule: R\n    Example: E\n", link), end="")
        Feature: F
          Rule: R
        <BLANKLINE>
            See [it](rule:ruling.it).
            Example: E
    """
    lines = text.splitlines(keepends=True)
    return "".join([*lines[: link.after], "\n", link.line + "\n", *lines[link.after :]])
