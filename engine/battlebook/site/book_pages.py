"""MkDocs hooks for the pages generated about the rulebook as a whole.

`mkdocs.yml` loads this file under `hooks:`, after [`site`][battlebook.site.chapters]. At
every build it writes four pages:

- `rulebook/steps.md`, the [step catalogue][battlebook.language.catalogue], read from the
  step definitions in `engine/battlebook/language/steps/`;
- `rulebook/coverage.md`, the [coverage][battlebook.book.coverage] of every source
  [statement][battlebook.book.statements] and section;
- `rulebook/rulings/index.md`, the [rulings index][battlebook.book.rulings], placed first
  in the Rulings section of the navigation;
- `rulebook/open-questions.md`, the [open questions][battlebook.book.open_questions]: every
  case where the engine answers "the rules don't say", with how a table could rule.

A step without a docstring, a source section that is a gap, a source statement mapped to
no Rule with examples, a pending entry that is out of date, or a ruling that does not
state its question, reading and alternative, or an open question that does not say how a
table could rule, is logged as a warning, which
`mkdocs build --strict` turns into a failed build.
"""

from __future__ import annotations

import logging
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from battlebook.language.catalogue import build_catalogue, catalogue_problems, render_catalogue
from battlebook.language.steps import load_step_modules
from battlebook.book.coverage import coverage_problems, render_coverage, section_coverage
from battlebook.book.model import FeatureDoc
from battlebook.book.open_questions import open_question_problems, open_questions, render_open_questions
from battlebook.book.results import default_path
from battlebook.book.rulings import render_rulings_index, ruling_problems, rulings_of
from battlebook.site.chapters import COVERAGE_PAGE as COVERAGE_PAGE
from battlebook.site.chapters import OPEN_QUESTIONS_PAGE as OPEN_QUESTIONS_PAGE
from battlebook.site.chapters import RULINGS_INDEX as RULINGS_INDEX
from battlebook.site.chapters import STEPS_PAGE as STEPS_PAGE
from battlebook.site.chapters import load_results, project_root, read_book
from battlebook.book.statements import load_statements, statement_problems

log = logging.getLogger("mkdocs.plugins.battlebook")


#: The marker in `docs/contributing.md` replaced by the ruling template, and the template's file.
TEMPLATE_MARKER = "<!-- ruling-template -->"
TEMPLATE = "docs/files/ruling.feature"

_book: list[FeatureDoc] = []

REFERENCE_PAGE_META = "---\nsearch:\n  boost: 0.2\n---\n\n"
"""Front matter of the coverage page: searchable, but ranked below the rules themselves."""
CATALOGUE_PAGE_META = "---\nsearch:\n  exclude: true\n---\n\n"
"""Front matter of the step catalogue: a contributor's page, left out of the reader's search."""


def with_rulings_index(nav: list[Any]) -> list[Any]:
    """The navigation with the rulings index first in the section holding the ruling pages.

    Examples:
        >>> with_rulings_index([{"Rulings": [{"Die": "rulebook/rulings/die-faces.md"}]}])
        [{'Rulings': ['rulebook/rulings/index.md', {'Die': 'rulebook/rulings/die-faces.md'}]}]
    """
    out: list[Any] = []
    for item in nav:
        if isinstance(item, dict):
            new: dict[str, Any] = {}
            for title, value in item.items():
                if isinstance(value, list):
                    pages = [v for p in value if isinstance(p, dict) for v in p.values() if isinstance(v, str)]
                    value = with_rulings_index(value)
                    if any(p.startswith("rulebook/rulings/") for p in pages) and RULINGS_INDEX not in value:
                        value = [RULINGS_INDEX, *value]
                new[title] = value
            out.append(new)
        else:
            out.append(item)
    return out


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read the feature files and add the rulings index to the navigation."""
    _book[:] = read_book(config)
    if config.nav:
        config.nav = with_rulings_index(config.nav)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Generate the step catalogue, the coverage page, the rulings index and the open questions."""
    root = project_root(config)
    domains = build_catalogue(_book, load_step_modules())
    coverage = section_coverage(_book, load_results(default_path(root)))
    rulings = rulings_of(_book)
    statements = load_statements(root)
    files.append(File.generated(config, STEPS_PAGE, content=CATALOGUE_PAGE_META + render_catalogue(domains)))
    page = render_coverage(coverage, _book, statements)
    files.append(File.generated(config, COVERAGE_PAGE, content=REFERENCE_PAGE_META + page))
    files.append(File.generated(config, RULINGS_INDEX, content=render_rulings_index(rulings)))
    questions = open_questions(_book)
    files.append(File.generated(config, OPEN_QUESTIONS_PAGE, content=REFERENCE_PAGE_META + render_open_questions(questions)))
    for problem in [
        *map(str, catalogue_problems(domains)),
        *coverage_problems(coverage),
        *ruling_problems(rulings),
        *statement_problems(statements, _book),
        *open_question_problems(questions),
    ]:
        log.warning(problem)
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Show the ruling template, read from its file, where a page holds the template marker."""
    if TEMPLATE_MARKER not in markdown:
        return markdown
    template = (project_root(config) / TEMPLATE).read_text(encoding="utf-8").rstrip("\n")
    return markdown.replace(TEMPLATE_MARKER, f'```gherkin title="{TEMPLATE}"\n{template}\n```')
