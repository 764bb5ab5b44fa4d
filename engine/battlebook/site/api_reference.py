"""The Engine API reference: an index, and one page per module that mkdocstrings fills.

`docs/api.md` lists the modules (`::: battlebook.dice` lines under section headings), and
marks with `::: games.generated` where each registered game's section goes: titled with the
game's title, it lists the game's package and each of its public modules (read from the
registry, so no game is listed by hand). From it,
[`api_pages`][battlebook.site.api_reference.api_pages] makes:

- `api.md`, the index: the list's sections, each module linked with the first line of its
  docstring;
- `api/<module>.md` for each module: a `::: <module>` block whose options name the members
  the module defines itself, so an object a package re-exports from one of its modules is
  documented once, on that module's page.

These are ordinary pages, read by [mkdocstrings](https://mkdocstrings.github.io) through its
documented `:::` syntax and options (the recipe of mkdocs-gen-files, run before the build
instead of inside it). Every page is left out of the reader's search by its front matter.
The package is read with [griffe](https://mkdocstrings.github.io/griffe/), without its
docstrings parsed.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

API_INDEX = "api.md"
#: The entry of `docs/nav.yml` replaced by the module pages.
API_MARKER = "api.generated"
#: The line of `docs/api.md` replaced by one section per registered game.
GAMES_MARKER = "games.generated"
MODULE_LINE = re.compile(r"^:::\s+(?P<module>[\w.]+)\s*$")
PAGE_META = "---\nsearch:\n  exclude: true\n---\n\n"


@dataclass(frozen=True)
class ApiSection:
    """A heading of the API index and the modules listed under it."""

    title: str
    modules: tuple[str, ...]


def read_index(markdown: str) -> tuple[str, list[ApiSection]]:
    r"""The index's text before its first module, and its sections with their modules.

    Examples:
        >>> intro, sections = read_index("# API\n\nIntro.\n\n::: a\n\n## Two\n\n::: a.b\n::: a.c\n")
        >>> intro.strip(), sections
        ('# API\n\nIntro.', [ApiSection(title='', modules=('a',)), ApiSection(title='Two', modules=('a.b', 'a.c'))])
    """
    intro: list[str] = []
    sections: list[ApiSection] = []
    title, started = "", False
    modules: list[str] = []
    for line in markdown.splitlines():
        heading = re.match(r"^##\s+(.*)$", line)
        module = MODULE_LINE.match(line)
        if heading:
            if modules or started:
                sections.append(ApiSection(title, tuple(modules)))
            title, modules, started = heading[1].strip(), [], True
        elif module:
            modules.append(module["module"])
            started = True
        elif not started:
            intro.append(line)
    if modules or started:
        sections.append(ApiSection(title, tuple(modules)))
    return "\n".join(intro), [s for s in sections if s.modules]


def module_uri(module: str) -> str:
    """The page of a module: `battlebook.homm.state` -> `api/battlebook.homm.state.md`."""
    return f"api/{module}.md"


def module_page(module: str, members: list[str]) -> str:
    """The Markdown of a module's page: its documentation, limited to its own members.

    Examples:
        >>> print(module_page("battlebook.dice", ["Dice"]), end="")
        ---
        search:
          exclude: true
        ---
        <BLANKLINE>
        ::: battlebook.dice
            options:
              members:
                - Dice
    """
    options = (
        "      members: false" if not members else "      members:\n" + "\n".join(f"        - {m}" for m in members)
    )
    return f"{PAGE_META}::: {module}\n    options:\n{options}\n"


def index_page(intro: str, sections: list[ApiSection], summaries: dict[str, str]) -> str:
    """The Markdown of the API index: the intro, then each section's modules, linked with their first line."""
    lines = [intro.rstrip(), ""]
    for section in sections:
        if section.title:
            lines += [f"## {section.title}", ""]
        for module in section.modules:
            summary = f": {summaries[module]}" if summaries.get(module) else ""
            lines.append(f"- [`{module}`]({module_uri(module)}){summary}")
        lines.append("")
    return "\n".join(lines)


class ApiIndexError(ValueError):
    """`docs/api.md` lists a module the package does not have."""


@dataclass
class ApiPages:
    """The index, the module pages, and their navigation entries (for the `api.generated` marker)."""

    files: dict[str, str] = field(default_factory=dict)
    nav: list[Any] = field(default_factory=list)
    marker: str = API_MARKER


def own_members(module: Any) -> list[str]:
    """The public names a griffe module defines itself: not the ones it imports or re-exports, nor submodules."""
    return [
        name
        for name, member in module.members.items()
        if not name.startswith("_") and not member.is_alias and not member.is_module
    ]


def public_modules(module: Any) -> list[str]:
    """The dotted names of a griffe module and of every public module under it, the module first, then sorted."""
    below = sorted(
        name
        for child_name, child in module.members.items()
        if not child.is_alias and child.is_module and not child_name.startswith("_")
        for name in public_modules(child)
    )
    return [module.path, *below]


def with_games(sections: list[ApiSection], search_paths: list[str]) -> list[ApiSection]:
    """`sections` with the games' marker (`::: games.generated`) replaced by one section per registered game."""
    import sys

    import griffe

    from battlebook.games import GAMES

    expanded: list[ApiSection] = []
    for section in sections:
        if GAMES_MARKER not in section.modules:
            expanded.append(section)
            continue
        at = section.modules.index(GAMES_MARKER)
        if section.modules[:at]:
            expanded.append(ApiSection(section.title, section.modules[:at]))
        for name in GAMES:
            package = GAMES.package(name)
            loaded = griffe.load(package, search_paths=[*search_paths, *sys.path], docstring_parser=None)
            expanded.append(ApiSection(GAMES[name].title, tuple(public_modules(loaded))))
        if section.modules[at + 1 :]:
            expanded.append(ApiSection("", section.modules[at + 1 :]))
    return expanded


def api_modules(root: Path) -> list[ApiSection]:
    """The sections of the Engine API's index, games expanded: what `root/docs/api.md` lists."""
    text = (root / "docs" / API_INDEX).read_text(encoding="utf-8")
    meta = re.match(r"\A---\n.*?\n---\n", text, flags=re.S)
    return with_games(read_index(text[meta.end() :] if meta else text)[1], [str(root / "engine")])


def api_pages(root: Path) -> ApiPages:
    """The Engine API's pages, from `root/docs/api.md` and the package under `root/engine`."""
    import griffe  # imported here: only the API reference reads the package's structure

    text = (root / "docs" / API_INDEX).read_text(encoding="utf-8")
    meta = re.match(r"\A---\n.*?\n---\n", text, flags=re.S)
    intro, sections = read_index(text[meta.end() :] if meta else text)
    sections = with_games(sections, [str(root / "engine")])
    package = griffe.load("battlebook", search_paths=[str(root / "engine")], docstring_parser=None)
    pages = ApiPages()
    summaries: dict[str, str] = {}
    for section in sections:
        for name in section.modules:
            try:
                if name == "battlebook" or name.startswith("battlebook."):
                    found = package if name == "battlebook" else package[name.removeprefix("battlebook.")]
                else:
                    found = griffe.load(name, search_paths=[str(root / "engine"), *sys.path], docstring_parser=None)
            except (KeyError, ImportError, ModuleNotFoundError):
                raise ApiIndexError(
                    f"docs/{API_INDEX} lists the module {name}, which the package does not have"
                ) from None
            members = own_members(found) if getattr(found, "is_module", False) else []
            doc = found.docstring.value if found.docstring else ""
            summaries[name] = doc.strip().split("\n\n", 1)[0].replace("\n", " ")
            pages.files[module_uri(name)] = module_page(name, members)
            pages.nav.append({name: module_uri(name)})
    pages.files[API_INDEX] = (meta[0] + "\n" if meta else PAGE_META) + index_page(intro, sections, summaries)
    return pages
