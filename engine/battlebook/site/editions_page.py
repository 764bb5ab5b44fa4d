"""MkDocs hook that publishes a game's editions side by side, computed at every build.

`mkdocs.yml` loads this file under `hooks:`. It adds `reference/editions.md`, for every
registered game printed in more than one edition ([`Game.editions`][battlebook.game.Game.editions];
today Heroscape's 2004 basic game and 2024 edition):

- the settings of the editions' rulesets, one row per setting, the ones that differ first;
- every example of the rulebook whose file plays that game
  ([`feature_game`][battlebook.language.grammar.feature_game]), run by the engine under each edition,
  rule by rule, with each run's verdict and the explanation `battlebook check` gives for a
  run that does not pass.

A run is [`run_check`][battlebook.runners.check.run_check] on a copy of each of the game's
feature files whose `@edition:` tags all name one edition; nothing on the page is typed in.
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
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from battlebook.game import Game, InWords, RulesEdition
from battlebook.games import GAMES
from battlebook.language.grammar import BookGames, book_games
from battlebook.site.build_cache import BuildCache, cache_folder, cache_key, engine_fingerprint, tool_versions
from battlebook.runners.check import LEAN_OPTIONS, CheckedExample, explain, run_check
from battlebook.book.model import FeatureDoc, FeatureFileError, read_feature_text
from battlebook.book.prose import markdown_text, page_part
from battlebook.book.results import default_path

EDITIONS_PAGE = "reference/editions.md"
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


def edited_games() -> list[Game[Any, Any]]:
    """The registered games printed in more than one edition, in the registry's order."""
    return [game for game in GAMES.values() if len(game.editions()) > 1]


def under_edition(text: str, edition: str) -> str:
    r"""A feature file's text with every `@edition:` tag naming `edition`; the rest of the text is kept.

    Only lines of tags change, so every example keeps its line number.

    Examples:
        >>> under_edition("@chapter:1 @edition:2004\nFeature: F\n  `@edition:2004` in prose\n", "2024")
        '@chapter:1 @edition:2024\nFeature: F\n  `@edition:2004` in prose\n'
    """
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.lstrip().startswith("@"):
            lines[index] = EDITION_TAG.sub(f"@edition:{edition}", line)
    return "".join(lines)


@dataclass(frozen=True)
class Run:
    """How one example went under one edition: the check's verdict and its explanation."""

    kind: str
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class ExampleRuns:
    """One example of a game, the edition it is written for, and its run under each edition (by its name)."""

    game: str
    feature: FeatureDoc
    rule_id: str | None
    rule_name: str
    name: str
    anchor: str
    written_for: str
    runs: dict[str, Run]

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


RunKey = tuple[str, int, str]


def _copies(features: Sequence[FeatureDoc], root: Path, editions: Sequence[str]) -> dict[str, dict[str, str]]:
    """Each edition's copies of a game's files: path in the rulebook -> text with its `@edition:` tags set."""
    copies: dict[str, dict[str, str]] = {edition: {} for edition in editions}
    for feature in features:
        if ".." in Path(feature.path).parts or Path(feature.path).is_absolute():
            continue  # only files inside the rulebook are copied
        try:
            text = read_feature_text(root / feature.path, feature.path)
        except FeatureFileError:
            continue  # gone since the book was read: its examples show as not run
        for edition in editions:
            copies[edition][feature.path] = under_edition(text, edition)
    return copies


def _run_copies(copies: dict[str, dict[str, str]]) -> dict[RunKey, Run]:
    """Run every copy with `run_check`, one run per edition."""
    runs: dict[RunKey, Run] = {}
    with tempfile.TemporaryDirectory(prefix="battlebook-editions-") as tmp:
        for edition, texts in copies.items():
            if not texts:
                continue
            folder = Path(tmp) / page_part(edition)
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


def _cached_runs(copies: dict[str, dict[str, str]], cache: BuildCache | None) -> dict[RunKey, Run]:
    """The runs of `copies`: kept from the last build when neither the copies nor the engine changed.

    The key covers every copy's text, the engine's code and the versions of pytest and its
    parsers, so a kept run is what a new run would give.
    """
    if cache is None:
        return _run_copies(copies)
    source = {edition: sorted(texts.items()) for edition, texts in copies.items()}
    key = cache_key(engine_fingerprint(), tool_versions("pytest", "pytest-bdd", "parse", "parse-type"), source)
    kept = cache.get(CACHE_NAME, key)
    with contextlib.suppress(ValueError, KeyError, TypeError):
        if isinstance(kept, list):
            return {
                (str(path), int(line), str(edition)): Run(str(kind), tuple(str(x) for x in explanation))
                for path, line, edition, kind, explanation in kept
            }
    runs = _run_copies(copies)
    rows = [[path, line, edition, run.kind, list(run.explanation)] for (path, line, edition), run in runs.items()]
    cache.put(CACHE_NAME, key, rows)
    return runs


def run_editions(book: Sequence[FeatureDoc], root: Path, cache: BuildCache | None = None) -> list[ExampleRuns]:
    """Every example of `book` (files under `root`) of a game with editions, run under each, in book order.

    With `cache`, the runs are kept there for the next build, and taken from there while
    neither the files nor the engine changed.
    """
    out = []
    played = book_games(book)
    for game in edited_games():
        editions = [edition.name for edition in game.editions()]
        features = [feature for feature in book if played.plays(feature, game.name)]
        runs = _cached_runs(_copies(features, root, editions), cache)
        out += _example_runs(game, features, played, editions, runs)
    return out


def _example_runs(
    game: Game[Any, Any],
    features: Sequence[FeatureDoc],
    played: BookGames,
    editions: Sequence[str],
    runs: dict[RunKey, Run],
) -> list[ExampleRuns]:
    out = []
    for feature in features:
        for rule, example in feature.examples():
            if played.of_example(feature, example) != game.name:
                continue
            tags = (*feature.tags, *(rule.tags if rule else ()), *example.tags)
            out.append(
                ExampleRuns(
                    game.name,
                    feature,
                    rule.id if rule else None,
                    rule.name if rule else feature.name,
                    example.name,
                    example.anchor,
                    _written_for(tags),
                    {
                        edition: runs[(feature.path, example.line, edition)]
                        for edition in editions
                        if (feature.path, example.line, edition) in runs
                    },
                )
            )
    return out


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
        >>> setting_text(True), setting_text(Reach.MELEE), setting_text(4)
        ('yes', 'melee only', '4')
    """
    if isinstance(value, InWords):
        return value.in_words()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def _settings_table(editions: Sequence[RulesEdition]) -> list[str]:
    rulesets = [edition.ruleset for edition in editions]
    docs = setting_docs(type(rulesets[0]))
    rows: list[tuple[bool, str]] = []
    for item in fields(rulesets[0]):
        if item.name == "edition":
            continue
        values = [setting_text(getattr(ruleset, item.name)) for ruleset in rulesets]
        differs = len(set(values)) > 1
        name = f"**`{item.name}`**" if differs else f"`{item.name}`"
        cells = [name, markdown_text(docs.get(item.name, "")), *values]
        rows.append((differs, "| " + " | ".join(cells) + " |"))
    rows.sort(key=lambda row: not row[0])
    return [
        "| Setting | What it decides | " + " | ".join(markdown_text(e.name) for e in editions) + " |",
        "|---|---|" + "---|" * len(editions),
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
    key: tuple[str, str | None, str],
    group: Sequence[ExampleRuns],
    here: str,
    page_of: dict[str, str],
    editions: Sequence[str],
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
        f"under the {_count(editions)} editions.",
        "",
        "| Example | Written for | " + " | ".join(markdown_text(edition) for edition in editions) + " |",
        "|---|---|" + "---|" * len(editions),
    ]
    for entry in group:
        mark = " (differs)" if entry.differs else ""
        cells = [
            example_link(entry, here, page_of) + mark,
            markdown_text(entry.written_for) or "either",
            *(_cell(entry.runs.get(edition)) for edition in editions),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return [*lines, ""]


def _count(editions: Sequence[object]) -> str:
    return "two" if len(editions) == 2 else str(len(editions))


def editions_page(entries: Sequence[ExampleRuns], page_of: dict[str, str], here: str = EDITIONS_PAGE) -> str:
    """The Markdown of the editions page: for each game with editions, the settings, then the examples' runs rule by rule.

    `page_of` gives the source path of each feature's page in the site (for the links).
    """
    return "\n".join(game_section(game, entries, page_of, here) for game in edited_games())


def game_section(
    game: Game[Any, Any], entries: Sequence[ExampleRuns], page_of: dict[str, str], here: str = EDITIONS_PAGE
) -> str:
    """One game's part of the editions page: its editions' settings, then its examples' runs rule by rule."""
    editions = game.editions()
    names = [edition.name for edition in editions]
    entries = [entry for entry in entries if entry.game == game.name]
    differing = [entry for entry in entries if entry.differs]
    either = " or ".join(edition.words for edition in editions)
    lines = [
        f"# {game.title} {' and '.join(names)}, side by side",
        "",
        f"Battlebook plays {game.title} under either edition: {either}. An edition is a ruleset of the "
        "engine, a handful of settings that every rule asks; no rule tests the edition by name. This page "
        "is built from the engine each time the site is built: the settings below are read from the "
        f"{_count(editions)} rulesets, and every {game.title} example of the rulebook is run "
        f"{'twice' if len(editions) == 2 else f'{len(editions)} times'}, once with each edition, by the "
        "same machinery as `battlebook check`.",
        "",
        "## The settings of each edition",
        "",
        "The settings that differ come first, in bold. The open readings (which Battlebook records as "
        "rulings) are the same under both editions unless a scenario changes them.",
        "",
        *_settings_table(editions),
        "",
        "## The examples under both editions",
        "",
        f"{len(entries)} {game.title} examples ran under each edition; "
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
        lines += _rule_section(key, by_rule[key], here, page_of, names)
    lines += [
        "## Where the editions agree",
        "",
        "Every example of these rules ends the same under both editions.",
        "",
    ]
    for key in agreeing:
        lines += _rule_section(key, by_rule[key], here, page_of, names)
    return "\n".join(lines) + "\n"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Run the examples of each game with editions under every edition and add the editions page to the site."""
    from battlebook.site.chapters import page_uri, project_root, read_book

    root = project_root(config)
    book = read_book(config)
    entries = run_editions(book, root, cache=BuildCache(cache_folder(root)))
    page_of = {feature.path: page_uri(feature) for feature in book}
    files.append(File.generated(config, EDITIONS_PAGE, content=editions_page(entries, page_of)))
    return files
