"""MkDocs hooks that split the Engine API into one page per module.

`docs/api.md` lists the modules (`::: battlebook.homm.state` lines under section
headings). At every build this hook writes one page per module, `api/<module>.md`, which
documents only what the module itself defines: an object a package re-exports from one of
its modules is documented once, on that module's page. `api.md` itself becomes the index:
its sections, each module linked with the first line of its docstring. The module pages
are left out of the reader's search, like the index.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import griffe
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from battlebook.rulebook.site import project_root

API_INDEX = "api.md"
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


def own_members(module: griffe.Module) -> list[str]:
    """The public names `module` defines itself: not the ones it imports or re-exports, nor submodules."""
    return [
        name
        for name, member in module.members.items()
        if not name.startswith("_") and not member.is_alias and not member.is_module
    ]


def module_page(module: str, members: list[str]) -> str:
    """The Markdown of a module's page: its documentation, limited to its own members."""
    options = (
        "      members: false" if not members else "      members:\n" + "\n".join(f"        - {m}" for m in members)
    )
    return f"{PAGE_META}::: {module}\n    options:\n{options}\n"


def index_page(intro: str, sections: list[ApiSection], summaries: dict[str, str]) -> str:
    """The Markdown of the API index: the intro, then each section's modules, linked."""
    lines = [intro.rstrip(), ""]
    for section in sections:
        if section.title:
            lines += [f"## {section.title}", ""]
        for module in section.modules:
            summary = f": {summaries[module]}" if summaries.get(module) else ""
            lines.append(f"- [`{module}`]({module_uri(module)}){summary}")
        lines.append("")
    return "\n".join(lines)


_modules: dict[str, list[str]] = {}
_summaries: dict[str, str] = {}
_index: list[tuple[str, list[ApiSection]]] = []


def _package(config: MkDocsConfig, root: Path) -> griffe.Module:
    """The `battlebook` package as griffe reads it: the one mkdocstrings loads for the pages, else a load of its own.

    mkdocstrings' Python handler keeps what it collects, so asking it here reads the package
    once per build instead of twice.
    """
    plugin = config.plugins.get("mkdocstrings")
    if plugin is not None and hasattr(plugin, "get_handler"):
        handler = plugin.get_handler("python")
        found = handler.collect("battlebook", handler.get_options({}))
        if isinstance(found, griffe.Module):
            return found
    loaded = griffe.load("battlebook", search_paths=[str(root / "engine")], docstring_parser=None)
    if not isinstance(loaded, griffe.Module):
        raise TypeError(f"griffe read battlebook as {type(loaded).__name__}, not as a package")
    return loaded


def _load(config: MkDocsConfig) -> None:
    root = project_root(config)
    text = (root / config.docs_dir / API_INDEX).read_text(encoding="utf-8")
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    intro, sections = read_index(text)
    package = _package(config, root)
    _modules.clear()
    _summaries.clear()
    for section in sections:
        for name in section.modules:
            found = package if name == "battlebook" else package[name.removeprefix("battlebook.")]
            _modules[name] = own_members(found) if isinstance(found, griffe.Module) else []
            doc = found.docstring.value if found.docstring else ""
            _summaries[name] = doc.strip().split("\n\n", 1)[0].replace("\n", " ")
    _index[:] = [(intro, sections)]


def _with_modules(nav: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in nav:
        if isinstance(item, dict) and API_INDEX in item.values():
            title = next(k for k, v in item.items() if v == API_INDEX)
            pages = [API_INDEX] + [{name: module_uri(name)} for section in _index[0][1] for name in section.modules]
            out.append({title: pages})
        elif isinstance(item, dict):
            out.append({k: _with_modules(v) if isinstance(v, list) else v for k, v in item.items()})
        else:
            out.append(item)
    return out


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read the module list and put a page per module into the navigation, under the index."""
    _load(config)
    if config.nav:
        config.nav = _with_modules(config.nav)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Write each module's page."""
    for name, members in _modules.items():
        files.append(File.generated(config, module_uri(name), content=module_page(name, members)))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Turn `api.md` into the index of the module pages."""
    if page.file.src_uri != API_INDEX or not _index:
        return markdown
    intro, sections = _index[0]
    return index_page(intro, sections, _summaries)
