"""MkDocs hook that publishes the Heroscape editions side by side, computed at every build.

`mkdocs.yml` loads this file under `hooks:`. It adds `reference/editions.md`:

- the settings of the two editions' rulesets,
  [`Ruleset.for_edition`][battlebook.heroscape.ruleset.Ruleset.for_edition], one row per
  setting, the ones that differ first;
- every Heroscape example of the rulebook, run by the engine under the 2004 basic game and
  again under the 2024 edition, rule by rule, with each run's verdict and the explanation
  `battlebook check` gives for a run that does not pass.

A run is [`run_check`][battlebook.runners.check.run_check] on a copy of each Heroscape
feature file whose `@edition:` tags all name one edition; nothing on the page is typed in.
Every name taken from a feature file is escaped with
[`markdown_text`][battlebook.book.prose.markdown_text].
"""

from __future__ import annotations

import contextlib
import posixpath
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from battlebook.heroscape.dice import CombatDie
from battlebook.heroscape.ruleset import Edition, HeightAdvantage, Ruleset
from battlebook.site.build_cache import BuildCache, cache_folder, cache_key, engine_fingerprint, tool_versions
from battlebook.runners.check import LEAN_OPTIONS, CheckedExample, explain, run_check
from battlebook.book.model import FeatureDoc, FeatureFileError, read_feature_text
from battlebook.book.prose import markdown_text
from battlebook.book.results import default_path

EDITIONS_PAGE = "reference/editions.md"
EDITIONS = (Edition.BASIC_2004, Edition.EDITION_2024)
#: An `@edition:` tag, wherever it sits on a line of tags.
EDITION_TAG = re.compile(r"(?<!\S)@edition:\S+")
#: The runs' pytest options: a check's own, with plain tracebacks. The page shows the check's
#: explanation, never pytest's report, and pytest's own report of a failure (source lines,
#: syntax colours) was half the cost of the runs.
RUN_OPTIONS = (*LEAN_OPTIONS, "--tb=native")
#: Where the last runs are kept, beside the recorded results, with the key of what they ran.
CACHE_NAME = "editions"
#: What each verdict of a run reads as on the page.
VERDICTS = {
    "passed": "passed",
    "failed": "failed",
    "undefined": "undefined step",
    "open": "open: the sources do not settle it",
    "unchecked": "ran, checks nothing",
}


def is_heroscape(feature: FeatureDoc) -> bool:
    """Whether a feature file is a Heroscape chapter or a Heroscape ruling.

    Examples:
        >>> is_heroscape(FeatureDoc("features/rulings/heroscape-sight.feature", "S", "", (), (), (), (), ""))
        True
    """
    return feature.path.startswith("features/heroscape/") or posixpath.basename(feature.path).startswith("heroscape-")


def under_edition(text: str, edition: Edition) -> str:
    r"""A feature file's text with every `@edition:` tag naming `edition`; the rest of the text is kept.

    Only lines of tags change, so every example keeps its line number.

    Examples:
        >>> under_edition("@chapter:1 @edition:2004\nFeature: F\n  `@edition:2004` in prose\n", Edition.EDITION_2024)
        '@chapter:1 @edition:2024\nFeature: F\n  `@edition:2004` in prose\n'
    """
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.lstrip().startswith("@"):
            lines[index] = EDITION_TAG.sub(f"@edition:{edition.value}", line)
    return "".join(lines)


@dataclass(frozen=True)
class Run:
    """How one example went under one edition: the check's verdict and its explanation."""

    kind: str
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class ExampleRuns:
    """One example, the edition it is written for, and its run under each edition."""

    feature: FeatureDoc
    rule_id: str | None
    rule_name: str
    name: str
    anchor: str
    written_for: str
    runs: dict[Edition, Run]

    @property
    def differs(self) -> bool:
        """Whether the editions give the example different verdicts."""
        return len({run.kind for run in self.runs.values()}) > 1


def _written_for(tags: Sequence[str]) -> str:
    """The edition named by the nearest `@edition:` tag among `tags` (feature's, rule's, example's, in that order)."""
    for tag in reversed(tags):
        if tag.startswith("edition:"):
            return tag.removeprefix("edition:")
    return ""


def _run(checked: CheckedExample) -> Run:
    lines = [line.strip() for outcome in checked.outcomes for line in explain(outcome)]
    return Run(checked.kind, tuple(line for line in lines if line))


RunKey = tuple[str, int, Edition]


def _copies(features: Sequence[FeatureDoc], root: Path) -> dict[Edition, dict[str, str]]:
    """Each edition's copies of the Heroscape files: path in the rulebook -> text with its `@edition:` tags set."""
    copies: dict[Edition, dict[str, str]] = {edition: {} for edition in EDITIONS}
    for feature in features:
        if ".." in Path(feature.path).parts or Path(feature.path).is_absolute():
            continue  # only files inside the rulebook are copied
        try:
            text = read_feature_text(root / feature.path, feature.path)
        except FeatureFileError:
            continue  # gone since the book was read: its examples show as not run
        for edition in EDITIONS:
            copies[edition][feature.path] = under_edition(text, edition)
    return copies


def _run_copies(copies: dict[Edition, dict[str, str]]) -> dict[RunKey, Run]:
    """Run every copy with `run_check`, one run per edition."""
    runs: dict[RunKey, Run] = {}
    with tempfile.TemporaryDirectory(prefix="battlebook-editions-") as tmp:
        for edition, texts in copies.items():
            if not texts:
                continue
            folder = Path(tmp) / edition.value
            for path, text in texts.items():
                copy = folder / path
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_text(text, encoding="utf-8")
            with contextlib.chdir(folder):
                report = run_check(sorted(folder / path for path in texts), root=folder, options=RUN_OPTIONS)
            for doc, examples in report.features:
                for checked in examples:
                    runs[(doc.path, checked.example.line, edition)] = _run(checked)
    return runs


def _cached_runs(copies: dict[Edition, dict[str, str]], cache: BuildCache | None) -> dict[RunKey, Run]:
    """The runs of `copies`: kept from the last build when neither the copies nor the engine changed.

    The key covers every copy's text, the engine's code and the versions of pytest and its
    parsers, so a kept run is what a new run would give.
    """
    if cache is None:
        return _run_copies(copies)
    source = {e.value: sorted(texts.items()) for e, texts in copies.items()}
    key = cache_key(engine_fingerprint(), tool_versions("pytest", "pytest-bdd", "parse", "parse-type"), source)
    kept = cache.get(CACHE_NAME, key)
    with contextlib.suppress(ValueError, KeyError, TypeError):
        if isinstance(kept, list):
            return {
                (str(path), int(line), Edition(edition)): Run(str(kind), tuple(str(x) for x in explanation))
                for path, line, edition, kind, explanation in kept
            }
    runs = _run_copies(copies)
    rows = [[path, line, edition.value, run.kind, list(run.explanation)] for (path, line, edition), run in runs.items()]
    cache.put(CACHE_NAME, key, rows)
    return runs


def run_editions(book: Sequence[FeatureDoc], root: Path, cache: BuildCache | None = None) -> list[ExampleRuns]:
    """Every Heroscape example of `book` (files under `root`), run under each edition, in book order.

    With `cache`, the runs are kept there for the next build, and taken from there while
    neither the files nor the engine changed.
    """
    features = [feature for feature in book if is_heroscape(feature)]
    runs = _cached_runs(_copies(features, root), cache)
    out = []
    for feature in features:
        for rule, example in feature.examples():
            tags = (*feature.tags, *(rule.tags if rule else ()), *example.tags)
            out.append(
                ExampleRuns(
                    feature,
                    rule.id if rule else None,
                    rule.name if rule else feature.name,
                    example.name,
                    example.anchor,
                    _written_for(tags),
                    {
                        edition: runs[(feature.path, example.line, edition)]
                        for edition in EDITIONS
                        if (feature.path, example.line, edition) in runs
                    },
                )
            )
    return out


def setting_docs() -> dict[str, str]:
    """Each `Ruleset` setting's description, from the class's own docstring (its `Attributes:` list)."""
    docs: dict[str, str] = {}
    current = ""
    in_attributes = False
    for raw in (Ruleset.__doc__ or "").splitlines():
        line = raw.strip()
        if line == "Attributes:":
            in_attributes = True
            continue
        if not in_attributes or not line:
            continue
        match = re.match(r"^(\w+): (.*)$", line)
        if match and match[1] in {f.name for f in fields(Ruleset)}:
            current = match[1]
            docs[current] = match[2]
        elif current:
            docs[current] += " " + line
    return docs


def setting_text(value: object) -> str:
    """A setting's value in words.

    Examples:
        >>> setting_text(HeightAdvantage(((1, 1), (10, 2))))
        '+1 die from 1 level higher, +2 dice from 10 levels higher'
        >>> setting_text(True), setting_text(CombatDie())
        ('yes', '3 skulls, 2 shields, 1 blank')
    """
    if isinstance(value, HeightAdvantage):
        return ", ".join(
            f"+{dice} {'die' if dice == 1 else 'dice'} from {levels} {'level' if levels == 1 else 'levels'} higher"
            for levels, dice in value.steps
        )
    if isinstance(value, CombatDie):
        return f"{value.skulls} skulls, {value.shields} shields, {value.blanks} blank"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def _settings_table() -> list[str]:
    rulesets = [Ruleset.for_edition(edition) for edition in EDITIONS]
    docs = setting_docs()
    rows: list[tuple[bool, str]] = []
    for item in fields(Ruleset):
        if item.name == "edition":
            continue
        values = [setting_text(getattr(ruleset, item.name)) for ruleset in rulesets]
        differs = len(set(values)) > 1
        name = f"**`{item.name}`**" if differs else f"`{item.name}`"
        cells = [name, markdown_text(docs.get(item.name, "")), *values]
        rows.append((differs, "| " + " | ".join(cells) + " |"))
    rows.sort(key=lambda row: not row[0])
    return [
        "| Setting | What it decides | 2004 | 2024 |",
        "|---|---|---|---|",
        *(row for _, row in rows),
    ]


def _cell(run: Run | None) -> str:
    if run is None:
        return "not run"
    verdict = f"**{VERDICTS.get(run.kind, run.kind)}**"
    if not run.explanation:
        return verdict
    return verdict + "<br>" + "<br>".join(markdown_text(line) for line in run.explanation)


def example_link(entry: ExampleRuns, here: str, page_of: dict[str, str]) -> str:
    """A link from the page at `here` to the example's own place in the rulebook."""
    target = posixpath.relpath(page_of[entry.feature.path], posixpath.dirname(here))
    return f"[{markdown_text(entry.name)}]({target}#{entry.anchor})"


def _rule_section(
    key: tuple[str, str | None, str], group: Sequence[ExampleRuns], here: str, page_of: dict[str, str]
) -> list[str]:
    """One rule's examples as a table: each example's edition and its run under each edition."""
    path, rule_id, rule_name = key
    feature = group[0].feature
    target = posixpath.relpath(page_of[path], posixpath.dirname(here))
    anchor = f"#{rule_id}" if rule_id else ""
    parting = sum(1 for entry in group if entry.differs)
    lines = [
        f"### {markdown_text(rule_name)}",
        "",
        f"In [{markdown_text(feature.name)}]({target}{anchor}). "
        f"{parting} of {len(group)} {'example ends' if len(group) == 1 else 'examples end'} differently "
        "under the two editions.",
        "",
        "| Example | Written for | 2004 | 2024 |",
        "|---|---|---|---|",
    ]
    for entry in group:
        mark = " (differs)" if entry.differs else ""
        cells = [
            example_link(entry, here, page_of) + mark,
            markdown_text(entry.written_for) or "either",
            *(_cell(entry.runs.get(edition)) for edition in EDITIONS),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return [*lines, ""]


def editions_page(entries: Sequence[ExampleRuns], page_of: dict[str, str], here: str = EDITIONS_PAGE) -> str:
    """The Markdown of the editions page: the settings, then the examples' runs rule by rule.

    `page_of` gives the source path of each feature's page in the site (for the links).
    """
    differing = [entry for entry in entries if entry.differs]
    lines = [
        "# Heroscape 2004 and 2024, side by side",
        "",
        "Battlebook plays Heroscape under either edition: the 2004 basic game or the 2024 "
        "edition. An edition is a ruleset of the engine, a handful of settings that every rule "
        "asks; no rule tests the edition by name. This page is built from the engine each time "
        "the site is built: the settings below are read from the two rulesets, and every Heroscape "
        "example of the rulebook is run twice, once with each edition, by the same machinery as "
        "`battlebook check`.",
        "",
        "## The settings of each edition",
        "",
        "The settings that differ come first, in bold. The open readings (which Battlebook records as "
        "rulings) are the same under both editions unless a scenario changes them.",
        "",
        *_settings_table(),
        "",
        "## The examples under both editions",
        "",
        f"{len(entries)} Heroscape examples ran under each edition; "
        f"{len(differing)} of them end differently. An example is written for one edition (its "
        "`@edition:` tag, shown under *Written for*); run under the other, it shows where the "
        "editions part ways, or that the example's steps need a feature only one edition has. "
        "A run that does not pass carries the explanation `battlebook check` gives.",
        "",
    ]
    rule_order: list[tuple[str, str | None, str]] = []
    by_rule: dict[tuple[str, str | None, str], list[ExampleRuns]] = {}
    for entry in entries:
        key = (entry.feature.path, entry.rule_id, entry.rule_name)
        if key not in by_rule:
            rule_order.append(key)
            by_rule[key] = []
        by_rule[key].append(entry)
    parting = [key for key in rule_order if any(entry.differs for entry in by_rule[key])]
    agreeing = [key for key in rule_order if key not in parting]
    lines += ["## Where the editions part ways", ""]
    for key in parting:
        lines += _rule_section(key, by_rule[key], here, page_of)
    lines += [
        "## Where the editions agree",
        "",
        "Every example of these rules ends the same under both editions.",
        "",
    ]
    for key in agreeing:
        lines += _rule_section(key, by_rule[key], here, page_of)
    return "\n".join(lines) + "\n"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Run the Heroscape examples under both editions and add the editions page to the site."""
    from battlebook.site.chapters import page_uri, project_root, read_book

    root = project_root(config)
    book = read_book(config)
    entries = run_editions(book, root, cache=BuildCache(cache_folder(root)))
    page_of = {feature.path: page_uri(feature) for feature in book}
    files.append(File.generated(config, EDITIONS_PAGE, content=editions_page(entries, page_of)))
    return files
