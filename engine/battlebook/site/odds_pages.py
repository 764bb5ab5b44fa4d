"""MkDocs hook that publishes one odds page per registered game, computed from the engine.

`mkdocs.yml` loads this file under `hooks:`. For every game of the registry
[`battlebook.games`][battlebook.games] it adds `odds/<game>.md`, the game's own
[`odds_page`][battlebook.game.Game.odds_page]: tables of exact chances, charts and the formulas
behind them, written with sympy. No number on these pages is typed by hand.

A page depends on nothing but the engine's code and sympy, so it is kept in the build cache
([`battlebook.site.build_cache`][battlebook.site.build_cache]) and computed again only
when either changes.
"""

from __future__ import annotations

import json

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from battlebook.bounds import fight_bounds, page_bounds
from battlebook.book.prose import html_text
from battlebook.games import GAMES
from battlebook.site.build_cache import BuildCache, cache_folder, cache_key, engine_fingerprint, tool_versions
from battlebook.book.results import default_path


def odds_uri(game: str) -> str:
    """The odds page of a game: `homm` -> `odds/homm.md`."""
    return f"odds/{game}.md"


def bounds_element() -> str:
    """A hidden element handing the page's calculators the bounds of their fields (`battlebook.bounds`).

    Examples:
        >>> bounds_element()[:61]
        '<div hidden data-bb-bounds="{&quot;attack dice&quot;: [0, 30]'
    """
    given = {**page_bounds(), "fight": fight_bounds()}
    return f'<div hidden data-bb-bounds="{html_text(json.dumps(given))}"></div>'


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add every registered game's odds page to the site."""
    from battlebook.site.chapters import project_root

    cache = BuildCache(cache_folder(project_root(config)))
    engine = engine_fingerprint()
    for game in GAMES.values():
        key = cache_key(engine, tool_versions("sympy"), game.name)
        page = cache.text(f"odds-{game.name}", key, game.odds_page)
        files.append(File.generated(config, odds_uri(game.name), content=f"{page}\n\n{bounds_element()}\n"))
    return files
