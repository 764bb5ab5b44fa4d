"""A game's editions side by side: the page, rendered from the runs and the rulesets.

The page generator ([`battlebook.site.pages`][battlebook.site.pages]) writes `reference/editions.md`,
for every registered game printed in more than one edition
([`edited_games`][battlebook.runners.editions.edited_games]):

- the settings of the editions' rulesets in words: each described by the ruleset's own
  docstring (a ruling it names links to the ruling's page; the engine's name of the setting
  is only a tooltip), those that differ in a table, the shared ones in a folded one;
- every example of the game run under each edition, as
  [`run_editions`][battlebook.runners.editions.run_editions] ran it (this module runs
  nothing: it renders that data). Those that end differently are shown side by side, each
  edition's outcome told in a player's words; those that end the same are listed, folded.
  Every example has an anchor on the page: its own anchor on its chapter's page (see
  [`row_anchors`][battlebook.site.editions_page.row_anchors]).

Nothing on the page is typed in. Every name taken from a feature file is escaped with
[`markdown_text`][battlebook.book.prose.markdown_text].
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import PurePosixPath
from typing import Any

from battlebook.book.model import FeatureDoc, slugify
from battlebook.book.prose import markdown_text
from battlebook.book.rulings import is_ruling
from battlebook.book.sources import SECTIONS
from battlebook.game import Game, InWords, RulesEdition
from battlebook.runners.editions import EditionRun, ExampleRuns, edited_games

EDITIONS_PAGE = "reference/editions.md"


def setting_docs(ruleset: type) -> dict[str, str]:
    """Each setting's description, from the ruleset class's own docstring (its `Attributes:` list)."""
    docs: dict[str, str] = {}
    current = ""
    in_attributes = False
    names = {f.name for f in fields(ruleset)}
    for raw in (ruleset.__doc__ or "").splitlines():
        line = raw.strip()
        if line == "Attributes:":
            in_attributes = True
            continue
        if not in_attributes or not line:
            continue
        match = re.match(r"^(\w+): (.*)$", line)
        if match and match[1] in names:
            current = match[1]
            docs[current] = match[2]
        elif current:
            docs[current] += " " + line
    return docs


def setting_text(value: object) -> str:
    """A setting's value in words: its own words if it has some (see [`InWords`][battlebook.game.InWords]).

    Examples:
        >>> from enum import StrEnum
        >>> class Reach(StrEnum):
        ...     MELEE = "melee only"
        >>> setting_text(True), setting_text(Reach.MELEE), setting_text(4), setting_text(None)
        ('yes', 'melee only', '4', 'not set')
    """
    if isinstance(value, InWords):
        return value.in_words()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if value is None:
        return VALUE_WORDS["None"]
    return str(value)


#: The values a setting's description may name in code (`False`), in the words the table shows them.
VALUE_WORDS = {"True": "yes", "False": "no", "None": "not set"}
#: What a setting's description marks: a ruling's name in italics, a value in code.
_MARKED = re.compile(r"\*(?P<ruling>[^*]+)\*|`(?P<code>[^`]+)`")


def ruling_pages(book: Sequence[FeatureDoc], page_of: Mapping[str, str]) -> dict[str, str]:
    """The rulings' pages by their name in lower case ("figures and line of sight"): features named "Ruling: ..."."""
    return {
        feature.name.removeprefix("Ruling:").strip().lower(): page_of[feature.path]
        for feature in book
        if feature.name.startswith("Ruling:") and feature.path in page_of
    }


def description_markdown(text: str, rulings: Mapping[str, str], here: str = EDITIONS_PAGE) -> str:
    """A setting's description for the page: a ruling named in italics links to its page, values read as words.

    Everything else is escaped. A ruling the book does not hold stays in italics.

    Examples:
        >>> description_markdown("`False` (ruling *Sight*)", {"sight": "rulebook/rulings/sight.md"})
        '&#8220;no&#8221; &#40;ruling [Sight](../rulebook/rulings/sight.md)&#41;'
    """
    out: list[str] = []
    position = 0
    for match in _MARKED.finditer(text):
        out.append(markdown_text(text[position : match.start()]))
        position = match.end()
        if match["code"] is not None:
            code = match["code"]
            word = VALUE_WORDS.get(code)
            out.append(f"&#8220;{word}&#8221;" if word else f"<code>{markdown_text(code)}</code>")
            continue
        name = match["ruling"]
        page = rulings.get(name.strip().lower())
        if page is None:
            out.append(f"*{markdown_text(name)}*")
        else:
            out.append(f"[{markdown_text(name)}]({posixpath.relpath(page, posixpath.dirname(here))})")
    out.append(markdown_text(text[position:]))
    return "".join(out)


#: A section of the source texts named in a setting's description: `004/setting-up-the-attack`.
_SECTION_KEY = re.compile(r"`(\d{3}/[a-z0-9-]+)`")
#: Where the page links a section of the texts: its source's part of the coverage page.
COVERAGE_PAGE = "rulebook/coverage.md"


def without_section_keys(text: str) -> str:
    """A setting's description without the section keys it names for the "Decided by" column.

    Examples:
        >>> without_section_keys("What an attack does (`003/attacking`, `004/life`).")
        'What an attack does.'
        >>> without_section_keys("Friendly fire (`004/setting-up-the-attack`; the 2004 text is silent).")
        'Friendly fire (the 2004 text is silent).'
    """
    text = re.sub(r"`\d{3}/[a-z0-9-]+`(?:[,;] )?", "", text)
    return re.sub(r" ?\(\s*\)", "", text)


@dataclass(frozen=True)
class RulingLink:
    """A ruling whose alternative reading changes a setting: its name and its page."""

    name: str
    page: str


def reading_rulings(book: Sequence[FeatureDoc], page_of: Mapping[str, str]) -> dict[str, RulingLink]:
    """The ruling publishing each alternative reading, by the reading's words (named in its description)."""
    out: dict[str, RulingLink] = {}
    marker = "the alternative reading: "
    for feature in book:
        if feature.path not in page_of:
            continue
        text = " ".join(feature.description.split())
        for words in re.findall(re.escape(marker) + r"([^`]+)`", text):
            out.setdefault(words, RulingLink(feature.name.removeprefix("Ruling:").strip(), page_of[feature.path]))
    return out


def setting_basis(
    game: Game[Any, Any],
    setting: str,
    description: str,
    rulings: Mapping[str, RulingLink],
    here: str = EDITIONS_PAGE,
) -> str:
    """Who decides each edition's value of `setting`: a ruling (linked) or the source texts (cited).

    An edition's value is a ruling's when an alternative reading would change it (the reading
    sets the setting to another value); otherwise it is the texts', cited by the sections the
    setting's description names (in code: `` `004/setting-up-the-attack` ``).
    """
    cells = []
    sections = [SECTIONS[key] for key in _SECTION_KEY.findall(description) if key in SECTIONS]
    coverage = posixpath.relpath(COVERAGE_PAGE, posixpath.dirname(here))
    cites = ", ".join(
        f"[{markdown_text(s.title)} ({s.source.code})]({coverage}#source-{s.source.code})" for s in sections
    )
    texts = "the texts" + (f" ({cites})" if cites else "")
    for edition in game.editions():
        ruled = [
            words
            for words, settings in game.readings().items()
            if setting in settings and settings[setting] != getattr(edition.ruleset, setting)
        ]
        link = next((rulings[words] for words in ruled if words in rulings), None)
        if link is not None:
            href = posixpath.relpath(link.page, posixpath.dirname(here))
            name = link.name[:1].upper() + link.name[1:]
            cells.append(f"{markdown_text(edition.name)}: a ruling, [{markdown_text(name)}]({href})")
            continue
        cells.append(f"{markdown_text(edition.name)}: {texts}")
    if not any("a ruling" in cell for cell in cells):
        return texts[0].upper() + texts[1:]
    return "<br>".join(cells)


def _setting_rows(
    editions: Sequence[RulesEdition],
    rulings: Mapping[str, str],
    here: str,
    game: Game[Any, Any] | None = None,
    deciders: Mapping[str, RulingLink] | None = None,
) -> tuple[list[str], list[str]]:
    """The settings' rows, those that differ between the editions (with who decides them) and those that do not."""
    rulesets = [edition.ruleset for edition in editions]
    docs = setting_docs(type(rulesets[0]))
    differ: list[str] = []
    same: list[str] = []
    for item in fields(rulesets[0]):
        if item.name == "edition":
            continue
        values = [markdown_text(setting_text(getattr(ruleset, item.name))) for ruleset in rulesets]
        words = description_markdown(without_section_keys(docs.get(item.name, "")), rulings, here) or "&#8203;"
        # The engine's name of the setting is for contributors: a tooltip, not page text.
        label = f'<span title="Ruleset setting: {item.name}">{words}</span>'
        if len(set(values)) > 1:
            basis = setting_basis(game, item.name, docs.get(item.name, ""), deciders or {}, here) if game else ""
            differ.append("| " + " | ".join([label, *values, basis or "&#8203;"]) + " |")
        else:
            same.append("| " + " | ".join([label, *values]) + " |")
    return differ, same


def _settings_table(
    rows: Sequence[str], editions: Sequence[RulesEdition], indent: str = "", basis: bool = False
) -> list[str]:
    header = "| What the setting decides | " + " | ".join(markdown_text(e.name) for e in editions) + " |"
    header += " Decided by |" if basis else ""
    rule = "|---|" + "---|" * (len(editions) + int(basis))
    return [indent + line for line in (header, rule, *rows)]


#: How a run's verdict opens its cell.
VERDICTS = {
    "passed": "As written",
    "failed": "Ends otherwise",
    "undefined": "Not run: a step is undefined",
    "open": "The rules don't say",
    "unchecked": "Runs, checks nothing",
}
#: How many of an example's last actions a cell tells (the last one says how it ended).
SHOWN_EVENTS = 1


def outcome_words(entry: ExampleRuns, run: EditionRun | None) -> str:
    """How `entry` ends under one edition, in a player's words (Markdown), from the engine's run `run`.

    It opens with the verdict, then tells the example's last actions as the engine resolved
    them; a run that stopped says at which step and why, or that the example cannot be set up
    under this edition. A run that passed and took no action shows the step that held.
    """
    if run is None:
        return "not run"
    verdict = f"**{VERDICTS.get(run.kind, markdown_text(run.kind))}.**"
    told = [markdown_text(event) for event in run.events[-SHOWN_EVENTS:]]
    if told:
        told[0] = told[0][:1].upper() + told[0][1:]  # a sentence after the verdict
    if run.kind in ("passed", "unchecked"):
        said = "; then ".join(told) if told else f"&#8220;{markdown_text(entry.last_step)}&#8221;"
        return f"{verdict} {said}."
    parts = [verdict]
    if told:
        parts.append("; then ".join(told) + ".")
    if run.setup:
        parts.append(f"The example cannot be set up under this edition: {markdown_text(run.problem)}.")
    elif run.step:
        # What the last action already told (a refusal, dice it lacks) is not said twice.
        known = run.events[-1] if run.events else ""
        said = run.problem.rpartition(": ")[2] if ": " in run.problem else run.problem
        because = f": {markdown_text(run.problem)}" if run.problem and said not in known else ""
        step = f"&#8220;{markdown_text(run.step)}&#8221;"
        parts.append(f"{step} does not hold{because}." if run.check else f"It stops at {step}{because}.")
    elif run.problem:
        parts.append(markdown_text(run.problem) + ".")
    return " ".join(parts)


def example_link(entry: ExampleRuns, here: str, page_of: Mapping[str, str]) -> str:
    """A link from the page at `here` to the example's own place in the rulebook."""
    target = posixpath.relpath(page_of[entry.feature.path], posixpath.dirname(here))
    return f"[{markdown_text(entry.name)}]({target}#{entry.anchor})"


def row_anchors(entries: Sequence[ExampleRuns]) -> dict[int, str]:
    """Each entry's anchor on this page (by its index): the example's own anchor, `-2`, `-3`... added on a clash.

    Examples:
        >>> from types import SimpleNamespace as E
        >>> row_anchors([E(anchor="a"), E(anchor="b"), E(anchor="a")])  # type: ignore[list-item]
        {0: 'a', 1: 'b', 2: 'a-2'}
    """
    seen: dict[str, int] = {}
    out: dict[int, str] = {}
    for index, entry in enumerate(entries):
        count = seen.get(entry.anchor, 0) + 1
        seen[entry.anchor] = count
        out[index] = entry.anchor if count == 1 else f"{entry.anchor}-{count}"
    return out


def group_anchor(feature: FeatureDoc) -> str:
    """The anchor of a feature's table on this page: `in-` and the slug of its file's name.

    Examples:
        >>> from types import SimpleNamespace as F
        >>> group_anchor(F(path="features/rulings/heroscape-sight.feature"))  # type: ignore[arg-type]
        'in-heroscape-sight'
    """
    return "in-" + slugify(PurePosixPath(feature.path).stem)


def _count(editions: Sequence[object]) -> str:
    return "two" if len(editions) == 2 else str(len(editions))


def editions_page(
    entries: Sequence[ExampleRuns],
    page_of: Mapping[str, str],
    here: str = EDITIONS_PAGE,
    book: Sequence[FeatureDoc] = (),
) -> str:
    """The editions page's Markdown: for each game with editions, the settings, then how the examples end.

    `page_of` gives the source path of each feature's page in the site (for the links); the
    rulings of `book` are linked where a setting's description names one.
    """
    rulings = ruling_pages(book, page_of)
    deciders = reading_rulings(book, page_of)
    return "\n".join(game_section(game, entries, page_of, here, rulings, deciders) for game in edited_games())


def _by_feature(entries: Sequence[ExampleRuns]) -> list[list[int]]:
    """The entries' indexes grouped by feature file, in book order."""
    groups: dict[str, list[int]] = {}
    for index, entry in enumerate(entries):
        groups.setdefault(entry.feature.path, []).append(index)
    return list(groups.values())


def game_section(
    game: Game[Any, Any],
    entries: Sequence[ExampleRuns],
    page_of: Mapping[str, str],
    here: str = EDITIONS_PAGE,
    rulings: Mapping[str, str] | None = None,
    deciders: Mapping[str, RulingLink] | None = None,
) -> str:
    """One game's part of the editions page: the settings that differ, then the examples that end differently.

    Each setting that differs says, for each edition, whether its value is the texts' or a
    ruling's (`deciders`: the ruling publishing each alternative reading), and links to it.

    The settings both editions share, and the examples that end the same, are listed in
    collapsed blocks. The examples that end differently are in one table per page of the
    rulebook (anchored by [`group_anchor`][battlebook.site.editions_page.group_anchor]), a
    ruling's table folded under its heading; every example carries an anchor on this page
    (see `row_anchors`).
    """
    editions = game.editions()
    names = [edition.name for edition in editions]
    entries = [entry for entry in entries if entry.game == game.name]
    anchors = row_anchors(entries)
    differ, same = _setting_rows(editions, rulings or {}, here, game, deciders)
    either = " or ".join(edition.words for edition in editions)
    lines = [
        f"# {game.title} {' and '.join(names)}, side by side",
        "",
        f"Battlebook plays {game.title} under either edition: {either}. Every {game.title} example of the "
        f"rulebook is played under each edition by the engine, each time the site is built; this page shows "
        "where they part ways, and how. Nothing on it is typed by hand: the settings are read from the "
        "engine's rulesets, and each outcome is told from the battle as the engine left it.",
        "",
        "## What the editions set differently",
        "",
        *_settings_table(differ, editions, basis=True),
        "",
        f'??? note "The {len(same)} settings both editions share"',
        "",
        "    Where the sources leave a question open, Battlebook's reading is a ruling, the same under "
        "both editions unless an example chooses the other reading.",
        "",
        *_settings_table(same, editions, "    "),
        "",
    ]
    parting = [index for index, entry in enumerate(entries) if entry.differs]
    lines += [
        "## Examples that end differently",
        "",
        f"{len(parting)} of the {len(entries)} {game.title} examples end differently under the "
        f"{_count(editions)} editions. Each is written for one edition; *As written* means its checks hold "
        "under that edition, *Ends otherwise* tells what the engine did instead, or why the example cannot "
        "even be set up there. A ruling's examples, which mostly play its alternative reading, are folded "
        "under its heading.",
        "",
    ]
    groups = [[parting[index] for index in group] for group in _by_feature([entries[index] for index in parting])]
    lines += [
        "By page: "
        + " &#183; ".join(
            f"[{markdown_text(entries[chosen[0]].feature.name)}](#{group_anchor(entries[chosen[0]].feature)}) "
            f"&#40;{len(chosen)}&#41;"
            for chosen in groups
        ),
        "",
    ]
    for chosen in groups:
        feature = entries[chosen[0]].feature
        target = posixpath.relpath(page_of[feature.path], posixpath.dirname(here))
        # A ruling's table is folded (its anchors still lead into it: the browser opens the fold).
        indent = "    " if is_ruling(feature) else ""
        lines += [f"### [{markdown_text(feature.name)}]({target}) {{#{group_anchor(feature)}}}", ""]
        if indent:
            lines += [f'??? note "{len(chosen)} example{"" if len(chosen) == 1 else "s"}"', ""]
        lines += [
            indent + "| Example | " + " | ".join(markdown_text(name) for name in names) + " |",
            indent + "|---|" + "---|" * len(names),
        ]
        for index in chosen:
            entry = entries[index]
            written = f"<br><small>written for {markdown_text(entry.written_for)}</small>" if entry.written_for else ""
            cells = [
                example_link(entry, here, page_of) + "{#" + anchors[index] + "}" + written,
                *(outcome_words(entry, entry.runs.get(name)) for name in names),
            ]
            lines.append(indent + "| " + " | ".join(cells) + " |")
        lines.append("")
    agreeing = [index for index, entry in enumerate(entries) if not entry.differs]
    lines += [
        "## Examples that end the same",
        "",
        f'??? note "The {len(agreeing)} examples that end the same under both editions"',
        "",
    ]
    for group in _by_feature([entries[index] for index in agreeing]):
        chosen = [agreeing[index] for index in group]
        feature = entries[chosen[0]].feature
        links = [example_link(entries[index], here, page_of) + "{#" + anchors[index] + "}" for index in chosen]
        lines.append(f"    - **{markdown_text(feature.name)}**: " + " &#183; ".join(links))
    return "\n".join(lines) + "\n"
