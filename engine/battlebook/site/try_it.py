"""MkDocs hooks that give the rulebook its "Try it": the examples' texts, the step catalogue, the runtime.

`mkdocs.yml` loads this file under `hooks:`. At every build it adds to the site:

- `try/examples/<page>.json` for each chapter page: every example's text as a file of its
  own (see [`scenario_text`][battlebook.runners.inpage.scenario_text]), by the example's
  anchor on the page. The page's script fetches it on the first "Try it", so a page that
  nobody tries weighs what it did;
- `try/steps.json`: the step catalogue the Playground searches (keyword, readable text,
  help, game, domain), from the very step definitions the runs use;
- `try/rulings.json`: what the Playground's "Propose as a ruling" needs of the rulebook: the
  source sections a ruling may cite, the identifiers already taken, the next ruling chapter;
- `try/runtime/`: the in-page runtime, copied from `build/inpage/runtime`, where
  `make runtime` builds it (Pyodide from the pinned npm package, and one archive holding
  the `battlebook` wheel and its pure-Python dependencies). Without it, the build warns,
  which a strict build turns into a failure: the site would offer a "Try it" that cannot run.
"""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from battlebook.book.model import FeatureDoc, FeatureFileError, feature_paths, load_book
from battlebook.book.rulings import rulings_of
from battlebook.book.sources import SECTIONS
from battlebook.runners.inpage import book_examples, step_catalogue
from battlebook.book.links import feature_page, page_address

log = logging.getLogger("mkdocs.plugins.battlebook.try")

#: Where `make runtime` leaves the in-page runtime, relative to the project root.
RUNTIME_BUILD = Path("build/inpage/runtime")
#: Where the site serves it.
RUNTIME_URL = "try/runtime"


def _root(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def examples_uri(feature_path: str) -> str:
    """Where a chapter's example texts live in the site: beside its page's own address, as the page asks for them.

    Examples:
        >>> examples_uri("features/homm/melee.feature")
        'try/examples/rulebook/homm/melee.json'
        >>> examples_uri("features/homm/café.feature"), examples_uri("features/homm/town/index.feature")
        ('try/examples/rulebook/homm/caf-....json', 'try/examples/rulebook/homm/town.json')
    """
    return "try/examples/" + page_address("rulebook/" + feature_page(feature_path)).rstrip("/") + ".json"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add each chapter's example texts and the step catalogue to the site."""
    root = _root(config)
    try:
        book = load_book(feature_paths([root / "features"]), root)
    except FeatureFileError as error:
        raise PluginError(f"malformed feature file: {error}") from None
    texts: dict[str, dict[str, str]] = {}
    for feature, anchor, text in book_examples(book):
        texts.setdefault(feature.path, {})[anchor] = text
    for path, examples in texts.items():
        content = json.dumps(examples, ensure_ascii=False, sort_keys=True)
        files.append(File.generated(config, examples_uri(path), content=content))
    steps = json.dumps(step_catalogue(), ensure_ascii=False)
    files.append(File.generated(config, "try/steps.json", content=steps))
    files.append(File.generated(config, "try/rulings.json", content=json.dumps(ruling_facts(book), ensure_ascii=False)))
    return files


def ruling_facts(book: list[FeatureDoc]) -> dict[str, object]:
    """What a ruling proposed in the page must know of the rulebook: sections to cite, ids taken, next chapter.

    Examples:
        >>> facts = ruling_facts([])
        >>> facts["next_chapter"], facts["sources"][0]["key"]
        (1, '000/swarming')
    """
    chapters = [ruling.feature.chapter for ruling in rulings_of(book)]
    return {
        "sources": [
            {"key": key, "title": section.title, "text": section.source.title, "game": section.source.game}
            for key, section in sorted(SECTIONS.items(), key=lambda item: item[1].source.code)
        ],
        "ids": sorted(rule.id for feature in book for rule in feature.rules),
        "next_chapter": max(chapters, default=0) + 1,
    }


def on_post_build(config: MkDocsConfig) -> None:
    """Copy the in-page runtime into the built site (warn when it was never built)."""
    source = _root(config) / RUNTIME_BUILD
    if not (source / "manifest.json").is_file():
        log.warning(f"no in-page runtime at {source}: run `make runtime` (Try it cannot run without it)")
        return
    target = Path(config.site_dir) / RUNTIME_URL
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
