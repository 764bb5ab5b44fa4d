"""MkDocs hooks that split the Engine API into one page per module.

`docs/api.md` lists the modules (`::: battlebook.homm.state` lines under section
headings). At every build this hook writes one page per module, `api/<module>.md`, which
documents only what the module itself defines: an object a package re-exports from one of
its modules is documented once, on that module's page. `api.md` itself becomes the index:
its sections, each module linked with the first line of its docstring. The module pages
are left out of the reader's search, like the index.

Rendering the modules' documentation is most of what mkdocstrings costs a build, so each
rendered block is kept in the build cache (see [`RenderCache`][battlebook.site.api_pages.RenderCache])
and rendered again only when the package's source, the tools or the site's settings change.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard
from xml.etree.ElementTree import Element, ParseError, fromstring, tostring

import griffe
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, get_toc

from battlebook.site.build_cache import BuildCache, cache_folder, cache_key, folder_fingerprint, tool_versions
from battlebook.book.results import default_path
from battlebook.site.chapters import project_root

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


#: The build cache's file holding the rendered blocks.
RENDER_CACHE = "api-pages"
#: The distributions whose code shapes a rendered block: its templates, Markdown and highlighting.
RENDER_TOOLS = (
    "mkdocs",
    "mkdocs-material",
    "mkdocstrings",
    "mkdocstrings-python",
    "griffelib",
    "griffe",
    "mkdocs-autorefs",
    "markdown",
    "pymdown-extensions",
    "pygments",
    "jinja2",
    "markupsafe",
)


def plain(value: object) -> object:
    """`value` as JSON holds it, for a cache key: any other object by its type's name, never by its address.

    Examples:
        >>> plain({"toc": {"permalink": True}, "list": ("a", 1, object())})
        {'toc': {'permalink': True}, 'list': ['a', 1, 'builtins.object']}
    """
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return f"{type(value).__module__}.{type(value).__qualname__}"


@contextlib.contextmanager
def logged_warnings() -> Iterator[list[logging.LogRecord]]:
    """The warnings (and worse) logged while the block runs, by any logger."""
    records: list[logging.LogRecord] = []

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if not any(r is record for r in records):
                records.append(record)

    catch = Catch(logging.WARNING)
    loggers = [logging.getLogger(), logging.getLogger("mkdocs")]
    for logger in loggers:
        logger.addHandler(catch)
    try:
        yield records
    finally:
        for logger in loggers:
            logger.removeHandler(catch)


def _is_kept_block(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 4
        and isinstance(value[0], str)
        and isinstance(value[3], str)
        and isinstance(value[1], list)
        and all(isinstance(h, str) for h in value[1])
        and isinstance(value[2], dict)
        and all(isinstance(a, list) and all(isinstance(x, str) for x in a) for a in value[2].values())
    )


def _headings_of(block: list[Any]) -> list[Element] | None:
    """The headings of a kept block, parsed afresh; `None` for a damaged one."""
    try:
        return [fromstring(h) for h in block[1]]
    except ParseError:
        return None


class RenderCache:
    """The HTML a documentation handler renders for each `::: module` block, kept for the next build.

    Everything is kept under one key (see [`render_key`][battlebook.site.api_pages.render_key]),
    which covers what a rendering reads; each block also has its own key (object, options,
    page). A block whose keys are kept is not rendered: its HTML is given back, its headings
    are handed to the handler, and the aliases of their objects are answered, as its rendering
    would have done (for the table of contents, the cross-references and the inventory). A
    block is kept only if its rendering logged no warning, so a build that warned warns
    again, and only the blocks of the last build are kept. A missing, foreign or damaged
    cache is rendered again.
    """

    def __init__(self, cache: BuildCache | None, key: str) -> None:
        self.cache = cache
        self.key = key
        self._kept: dict[str, list[Any]] | None = None
        self.used: dict[str, list[Any]] = {}
        #: The aliases of each heading's object, for the blocks given back from the cache.
        self.aliases: dict[str, tuple[str, ...]] = {}
        #: How many blocks were rendered by the handler (not taken from the cache).
        self.rendered = 0

    @property
    def kept(self) -> dict[str, list[Any]]:
        """The sound blocks kept under this key, read the first time a block is asked for."""
        if self._kept is None:
            kept = self.cache.get(RENDER_CACHE, self.key) if self.cache is not None else None
            self._kept = (
                {k: v for k, v in kept.items() if _is_kept_block(v) and _headings_of(v) is not None}
                if isinstance(kept, dict)
                else {}
            )
        return self._kept

    def has(self, block: str) -> bool:
        """Whether `block` is kept (and sound)."""
        return block in self.kept

    def replay(self, block: str, headings: list[Element]) -> str:
        """The kept HTML of `block`; its headings are appended to `headings`, its aliases answered from now on."""
        kept = self.kept[block]
        headings.extend(_headings_of(kept) or [])
        self.aliases.update({k: tuple(v) for k, v in kept[2].items()})
        self.used[block] = kept
        return str(kept[0])

    def render(
        self,
        headings: list[Element],
        block: str,
        real: Callable[[], str],
        aliases: Callable[[str], tuple[str, ...]],
        page: str = "",
    ) -> str:
        """The HTML of `block`: kept (see `replay`); else `real()`, kept if it warned of nothing.

        `aliases` gives the aliases of a heading's object (by its id) right after rendering,
        which is when mkdocstrings asks for them.
        """
        if self.has(block):
            return self.replay(block, headings)
        start = len(headings)
        self.rendered += 1
        with logged_warnings() as warned:
            html = real()
            ids = [h.get("id") for h in headings[start:]]
            found = {i: list(aliases(i)) for i in ids if i}
        if not warned:
            self.used[block] = [html, [tostring(h, encoding="unicode") for h in headings[start:]], found, page]
        return html

    def save(self, whole_pages: Iterable[str] = ()) -> None:
        """Keep this build's blocks for the next one (when they differ from what was kept).

        The blocks of `whole_pages` (pages given back whole, see `PageCache`) are kept as they were.
        """
        if self._kept is None and not self.used:
            return  # no block was asked for: what is kept stays as it is
        pages = set(whole_pages)
        used = {**{k: v for k, v in self.kept.items() if v[3] in pages}, **self.used}
        if self.cache is not None and used != self.kept:
            self.cache.put(RENDER_CACHE, self.key, used)


#: The build cache's file holding the module pages' HTML.
PAGE_CACHE = "api-page-html"


def _toc_tokens(items: Iterable[AnchorLink]) -> list[dict[str, Any]]:
    """A table of contents as the tokens MkDocs builds it from."""
    return [
        {"level": item.level, "id": item.id, "name": item.title, "children": _toc_tokens(item.children)}
        for item in items
    ]


def _is_kept_page(value: object) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("html"), str)
        and isinstance(value.get("toc"), list)
        and isinstance(value.get("title"), (str, type(None)))
        and isinstance(value.get("anchors"), list)
        and all(isinstance(a, str) for a in value["anchors"])
        and isinstance(value.get("links"), (dict, type(None)))
        and isinstance(value.get("registered"), list)
        and all(isinstance(r, list) and r and r[0] in ("anchor", "inventory") for r in value["registered"])
    )


class PageCache:
    """Each module page's HTML and what its rendering told MkDocs, autorefs and the inventory, kept for the next build.

    Under the same key as [`RenderCache`][battlebook.site.api_pages.RenderCache], and
    each page under its path and Markdown: a kept page is rendered from no Markdown at all,
    then given its HTML, table of contents, title and anchors, and the cross-reference
    anchors and inventory entries its rendering registered are registered again. A page
    is kept only if its rendering logged no warning. A missing, foreign or damaged cache
    is rendered again.
    """

    def __init__(self, cache: BuildCache | None, key: str) -> None:
        self.cache = cache
        self.key = key
        kept = cache.get(PAGE_CACHE, key) if cache is not None else None
        self.kept: dict[str, dict[str, Any]] = (
            {k: v for k, v in kept.items() if _is_kept_page(v)} if isinstance(kept, dict) else {}
        )
        self.used: dict[str, dict[str, Any]] = {}
        #: The pages given back whole in this build, by path.
        self.whole: set[str] = set()

    def save(self) -> None:
        """Keep this build's pages for the next one (when they differ from what was kept)."""
        if self.cache is not None and self.used != self.kept:
            self.cache.put(PAGE_CACHE, self.key, self.used)


def page_key(src_uri: str, markdown: str) -> str:
    """The key of one module page within a build's key: its path and its Markdown."""
    return cache_key(src_uri, markdown)


def render_key(config: MkDocsConfig, sources: str, files: Files) -> str:
    """The key of every rendered block of a build: what a rendering reads besides its own object and options.

    That is the documented package's source files (`sources`, their digest), the versions of the tools that render,
    the Markdown extensions and their settings, the mkdocstrings settings (and its custom
    templates), the theme and its language, the site's addresses and link checks, and the site's files
    (a link in a docstring is checked against them).
    """
    plugin = config.plugins.get("mkdocstrings")
    settings = getattr(plugin, "config", {})
    templates = settings.get("custom_templates") if isinstance(settings, Mapping) else None
    custom = folder_fingerprint(project_root(config) / templates) if templates else None
    return cache_key(
        sources,
        tool_versions(*RENDER_TOOLS),
        plain(config.markdown_extensions),
        plain(config.mdx_configs),
        plain(settings),
        custom,
        config.theme.name,
        str(config.theme.get("language")),
        str(config.theme.get("locale")),
        config.use_directory_urls,
        config.site_url,
        plain(config.validation),
        sorted(file.src_uri for file in files),
    )


_modules: dict[str, list[str]] = {}
_summaries: dict[str, str] = {}
_index: list[tuple[str, list[ApiSection]]] = []


#: The build cache's file holding the index's modules and their summaries.
INDEX_CACHE = "api-index"


@dataclass
class _Kept:
    """What mkdocstrings collects for a kept block: nothing reads it but the render, which gives the kept HTML."""

    block: str


@dataclass
class _Handler:
    """mkdocstrings' Python handler, its own methods, and where the `battlebook` package it documents lives."""

    handler: Any
    folder: Path
    collect: Callable[..., Any]
    loaded: list[griffe.Module]
    sources: list[str] = field(default_factory=list)

    def fingerprint(self) -> str:
        """The digest of the package's source files, worked out once per build."""
        if not self.sources:
            self.sources.append(folder_fingerprint(self.folder, (".py", ".pyi")))
        return self.sources[0]

    def package(self) -> griffe.Module:
        """The package, read by the handler the first time it is needed (as mkdocstrings reads it), then kept."""
        if not self.loaded:
            found = self.collect(self.handler, "battlebook", self.handler.get_options({}))
            if not isinstance(found, griffe.Module):
                raise TypeError(f"griffe read battlebook as {type(found).__name__}, not as a package")
            self.loaded.append(found)
        return self.loaded[0]


#: This build's documentation handler and what it reads, when its work can be kept (see `_keep_renders`).
_handler: list[_Handler] = []
_renders: list[RenderCache] = []
#: The page being rendered; the key of the block being collected, for its rendering.
_page: list[str] = []
_pending: list[str] = []


def _package_folder(handler: Any) -> Path | None:
    """The folder of the `battlebook` package the handler would read (by griffe's own search), if it is one folder."""
    paths = getattr(handler, "_paths", None)
    if not isinstance(paths, list):
        return None
    try:
        _, found = griffe.ModuleFinder([Path(p) for p in paths]).find_spec("battlebook")
    except (ModuleNotFoundError, OSError):
        return None
    path = getattr(found, "path", None)
    return path.parent if isinstance(path, Path) and path.name == "__init__.py" else None


def _keep_renders(config: MkDocsConfig) -> None:
    """Route the Python handler's collecting and rendering through this build's render cache (see `on_nav`).

    A kept block is neither collected nor rendered: the package is read only when a block
    must be rendered, or when a heading's aliases are not kept. Nothing is kept when the
    handler does not keep its headings as mkdocstrings' base handler does, or when the
    package is not one folder.
    """
    _handler.clear()
    plugin = config.plugins.get("mkdocstrings")
    if plugin is None or not hasattr(plugin, "get_handler"):
        return
    handler = plugin.get_handler("python")
    headings = getattr(handler, "_headings", None)
    folder = _package_folder(handler)
    if not isinstance(headings, list) or folder is None:
        return
    kind = type(handler)
    state = _Handler(handler, folder, kind.collect, [])
    _handler.append(state)
    real_render, real_aliases, real_update_env = kind.render, kind.get_aliases, kind._update_env
    #: The page's Markdown, which mkdocstrings hands to the handler before the page's first block:
    #: the handler builds its own Markdown from it, needed only if a block of the page is rendered.
    env: list[tuple[Any, Any]] = []

    def update_env(md: Any, *, config: Any | None = None) -> None:
        env[:] = [(md, config)]

    def aliases(identifier: str) -> tuple[str, ...]:
        state.package()
        return tuple(real_aliases(handler, identifier))

    def collect(identifier: str, options: Any) -> Any:
        _pending.clear()
        if _renders and options != {}:
            block = cache_key(identifier, repr(options), _page[0] if _page else None)
            if _renders[0].has(block):
                return _Kept(block)
            _pending.append(block)
        state.package()
        return state.collect(handler, identifier, options)

    def render(data: Any, options: Any, locale: str | None = None) -> str:
        if isinstance(data, _Kept):
            return _renders[0].replay(data.block, headings)

        def rendered() -> str:
            if env:
                md, config = env.pop()
                real_update_env(handler, md, config=config)
            return str(real_render(handler, data, options, locale=locale))

        if not _renders or not _pending:
            return rendered()
        return _renders[0].render(headings, _pending.pop(), rendered, aliases, _page[0] if _page else "")

    def get_aliases(identifier: str) -> tuple[str, ...]:
        kept = _renders[0].aliases.get(identifier) if _renders else None
        return kept if kept is not None else aliases(identifier)

    handler.collect = collect
    handler._update_env = update_env
    handler.render = render
    handler.get_aliases = get_aliases


def _package(config: MkDocsConfig, root: Path) -> griffe.Module:
    """The `battlebook` package as griffe reads it: the one mkdocstrings loads for the pages, else a load of its own.

    mkdocstrings' Python handler keeps what it collects, so asking it here reads the package
    once per build instead of twice.
    """
    if _handler:
        return _handler[0].package()
    loaded = griffe.load("battlebook", search_paths=[str(root / "engine")], docstring_parser=None)
    if not isinstance(loaded, griffe.Module):
        raise TypeError(f"griffe read battlebook as {type(loaded).__name__}, not as a package")
    return loaded


def _index_key(config: MkDocsConfig, text: str) -> str | None:
    """The key of the index's modules and summaries: the package's source, griffe's version, the index's text."""
    if not _handler:
        return None
    state = _handler[0]
    options = repr(state.handler.get_options({}))
    return cache_key(state.fingerprint(), tool_versions(*RENDER_TOOLS), options, text)


def _load(config: MkDocsConfig) -> None:
    root = project_root(config)
    text = (root / config.docs_dir / API_INDEX).read_text(encoding="utf-8")
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    intro, sections = read_index(text)
    _index[:] = [(intro, sections)]
    _keep_renders(config)
    cache = BuildCache(cache_folder(root))
    key = _index_key(config, text)
    kept = cache.get(INDEX_CACHE, key) if key else None
    if _is_kept_index(kept, sections):
        _modules.clear()
        _modules.update(kept["modules"])
        _summaries.clear()
        _summaries.update(kept["summaries"])
        return
    package = _package(config, root)
    _modules.clear()
    _summaries.clear()
    for section in sections:
        for name in section.modules:
            found = package if name == "battlebook" else package[name.removeprefix("battlebook.")]
            _modules[name] = own_members(found) if isinstance(found, griffe.Module) else []
            doc = found.docstring.value if found.docstring else ""
            _summaries[name] = doc.strip().split("\n\n", 1)[0].replace("\n", " ")
    if key:
        cache.put(INDEX_CACHE, key, {"modules": _modules, "summaries": _summaries})


def _is_kept_index(kept: object, sections: list[ApiSection]) -> TypeGuard[dict[str, Any]]:
    if not isinstance(kept, dict):
        return False
    modules, summaries = kept.get("modules"), kept.get("summaries")
    names = {name for section in sections for name in section.modules}
    return (
        isinstance(modules, dict)
        and isinstance(summaries, dict)
        and set(modules) == names
        and set(summaries) == names
        and all(isinstance(m, list) and all(isinstance(x, str) for x in m) for m in modules.values())
        and all(isinstance(x, str) for x in summaries.values())
    )


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


_pages: list[PageCache] = []
#: The module page being rendered: its key, whether it is kept, the warnings and registrations of its rendering.
_rendering: list[tuple[str, bool, list[logging.LogRecord], list[list[Any]]]] = []
_catch: list[logging.Handler] = []


def _record_registrations(config: MkDocsConfig) -> bool:
    """Record what the rendering of a module page registers with autorefs and the inventory; whether it can be."""
    plugin = config.plugins.get("mkdocstrings")
    autorefs = config.plugins.get("autorefs")
    inventory = getattr(getattr(plugin, "handlers", None), "inventory", None)
    if autorefs is None or inventory is None or not callable(getattr(inventory, "register", None)):
        return False
    # The classes' own methods, so that a plugin set up twice (a rebuild) is not recorded twice.
    real_anchor = functools.partial(type(autorefs).register_anchor, autorefs)
    real_register = functools.partial(type(inventory).register, inventory)

    def register_anchor(
        page: Any, identifier: str, anchor: str | None = None, *, title: str | None = None, primary: bool = True
    ) -> None:
        if _rendering:
            _rendering[0][3].append(["anchor", identifier, anchor, title, primary])
        real_anchor(page, identifier, anchor, title=title, primary=primary)

    def register(name: str, domain: str, role: str, uri: str, priority: int = 1, dispname: str | None = None) -> None:
        if _rendering:
            _rendering[0][3].append(["inventory", name, domain, role, uri, priority, dispname])
        real_register(name, domain, role, uri, priority, dispname)

    autorefs.register_anchor = register_anchor
    inventory.register = register
    return True


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    """Open this build's render and page caches, now that the site's files are known."""
    _renders.clear()
    _pages.clear()
    if _handler:
        cache = BuildCache(cache_folder(project_root(config)))
        key = render_key(config, _handler[0].fingerprint(), files)
        _renders.append(RenderCache(cache, key))
        if _record_registrations(config):
            _pages.append(PageCache(cache, key))
    return nav


def on_post_build(config: MkDocsConfig) -> None:
    """Keep this build's module pages and rendered blocks for the next build."""
    if _pages:
        _pages[0].save()
    if _renders:
        _renders[0].save(_pages[0].whole if _pages else ())


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Turn `api.md` into the index of the module pages; a kept module page is rendered from no Markdown."""
    _page[:] = [page.file.src_uri]
    _end_rendering()
    _rendering.clear()
    if _pages and page.file.src_uri in {module_uri(name) for name in _modules}:
        key = page_key(page.file.src_uri, markdown)
        kept = key in _pages[0].kept
        catch = _Catch(logging.WARNING)
        _catch[:] = [catch]
        for logger in (logging.getLogger(), logging.getLogger("mkdocs")):
            logger.addHandler(catch)
        _rendering[:] = [(key, kept, catch.records, [])]
        return "" if kept else markdown
    if page.file.src_uri != API_INDEX or not _index:
        return markdown
    intro, sections = _index[0]
    return index_page(intro, sections, _summaries)


class _Catch(logging.Handler):
    """Keeps the warnings logged while it is attached."""

    def __init__(self, level: int) -> None:
        super().__init__(level)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not any(r is record for r in self.records):
            self.records.append(record)


def _end_rendering() -> None:
    for catch in _catch:
        for logger in (logging.getLogger(), logging.getLogger("mkdocs")):
            logger.removeHandler(catch)
    _catch.clear()


@event_priority(100)  # First, before autorefs reads the table of contents and other hooks rework the HTML.
def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Give a kept module page its HTML and all its rendering told; keep a freshly rendered one for the next build."""
    _end_rendering()
    if not _rendering or not _pages:
        return html
    (key, kept, warned, registered), cache = _rendering.pop(), _pages[0]
    if kept:
        page_data = cache.kept[key]
        page.toc = get_toc(_toc_from(page_data["toc"]))
        page._title_from_render = page_data["title"]
        page.present_anchor_ids = set(page_data["anchors"])
        if page_data["links"] is not None and page.links_to_anchors is not None:
            for uri, anchors in page_data["links"].items():
                target = files.get_file_from_path(uri)
                if target is not None:
                    page.links_to_anchors[target] = dict(anchors)
        autorefs = config.plugins.get("autorefs")
        plugin = config.plugins.get("mkdocstrings")
        inventory = getattr(getattr(plugin, "handlers", None), "inventory", None)
        for call in page_data["registered"]:
            if call[0] == "anchor" and autorefs is not None:
                autorefs.register_anchor(page, call[1], call[2], title=call[3], primary=call[4])
            elif call[0] == "inventory" and inventory is not None:
                inventory.register(*call[1:])
        cache.used[key] = page_data
        cache.whole.add(page.file.src_uri)
        return str(page_data["html"])
    if not warned:
        links = page.links_to_anchors
        cache.used[key] = {
            "html": html,
            "toc": _toc_tokens(page.toc),
            "title": page._title_from_render,
            "anchors": sorted(page.present_anchor_ids or ()),
            "links": {f.src_uri: dict(a) for f, a in links.items()} if links is not None else None,
            "registered": registered,
        }
    return html


def _toc_from(tokens: list[dict[str, Any]]) -> list[Any]:
    return [
        {"level": t["level"], "id": t["id"], "name": t["name"], "children": _toc_from(t["children"])} for t in tokens
    ]
