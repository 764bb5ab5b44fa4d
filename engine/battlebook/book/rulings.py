"""The rulings index: every feature under `features/rulings/`, with the question it settles.

A ruling's Feature description states three things, each in a paragraph opening with a
bold label: `**The question.**`, `**Battlebook's reading.**` and `**The alternative.**`
(see `features/rulings/die-faces.feature` and the template `docs/files/ruling.feature`).
The index quotes the question and links to the ruling's page and rules. A ruling that
lacks one of the three paragraphs is a problem that fails the strict site build.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
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


def render_rulings_index(rulings: Sequence[Ruling]) -> str:
    """The Markdown page `rulebook/rulings/index.md`."""
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
        lines += [prose_block(f"**Question.** {ruling.question or '(not stated)'}"), ""]
        lines += [prose_block(f"**Reading adopted.** {ruling.reading or '(not stated)'}"), ""]
        if rules:
            lines += [f"Rules: {rules} \u00b7 file {markdown_code(ruling.feature.path)}", ""]
    return "\n".join(lines) + "\n"
