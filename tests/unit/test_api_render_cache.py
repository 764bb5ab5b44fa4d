"""The Engine API's rendered blocks and pages are kept between builds, and never given back stale.

`RenderCache` on its own with a stand-in rendering, then a small site built again and again
with the API hook and mkdocstrings: unchanged, with a changed docstring, with damaged caches,
with a docstring that warns.
"""

from __future__ import annotations

import logging
import textwrap
from pathlib import Path
from xml.etree.ElementTree import Element, tostring

import pytest

from battlebook.site.api_pages import PAGE_CACHE, RENDER_CACHE, RenderCache
from battlebook.site.build_cache import BuildCache

ROOT = Path(__file__).resolve().parents[2]


class Renderer:
    """A stand-in for the handler: counts its renderings, adds a heading, may log a warning."""

    def __init__(self, html: str = "<p>doc</p>", warn: bool = False) -> None:
        self.html, self.warn, self.calls = html, warn, 0
        self.headings: list[Element] = []

    def __call__(self) -> str:
        self.calls += 1
        heading = Element("h2", {"id": "pkg.thing", "data-role": "function"})
        heading.text = "thing"
        self.headings.append(heading)
        if self.warn:
            logging.getLogger("mkdocs.plugins.griffe").warning("a docstring the parser cannot read")
        return self.html

    @staticmethod
    def aliases(identifier: str) -> tuple[str, ...]:
        return (identifier, "pkg.alias")


def render(cache: RenderCache, renderer: Renderer, block: str = "block") -> str:
    return cache.render(renderer.headings, block, renderer, renderer.aliases)


def test_a_kept_block_is_given_back_with_its_headings_and_aliases(tmp_path: Path) -> None:
    store = BuildCache(tmp_path)
    first = Renderer()
    cache = RenderCache(store, "key")
    assert render(cache, first) == "<p>doc</p>" and first.calls == 1
    cache.save()
    again = Renderer()
    kept = RenderCache(store, "key")
    assert render(kept, again) == "<p>doc</p>"
    assert again.calls == 0 and kept.rendered == 0
    assert [tostring(h) for h in again.headings] == [tostring(h) for h in first.headings]
    assert kept.aliases == {"pkg.thing": ("pkg.thing", "pkg.alias")}
    # Another block, or the same block under another key, is rendered.
    assert render(kept, again, "other block") == "<p>doc</p>" and again.calls == 1
    other = Renderer("<p>new</p>")
    assert render(RenderCache(store, "changed key"), other) == "<p>new</p>" and other.calls == 1


def test_only_the_last_builds_blocks_are_kept(tmp_path: Path) -> None:
    store = BuildCache(tmp_path)
    cache = RenderCache(store, "key")
    render(cache, Renderer(), "a")
    render(cache, Renderer(), "b")
    cache.save()
    second = RenderCache(store, "key")
    render(second, Renderer(), "a")
    second.save()
    assert set(RenderCache(store, "key").kept) == {"a"}


def test_a_block_that_warned_is_not_kept(tmp_path: Path) -> None:
    store = BuildCache(tmp_path)
    cache = RenderCache(store, "key")
    warning = Renderer(warn=True)
    render(cache, warning)
    cache.save()
    again = Renderer(warn=True)
    render(RenderCache(store, "key"), again)
    assert again.calls == 1, "the next build renders it again, and warns again"


@pytest.mark.parametrize(
    "damage",
    [
        "{not json",
        '{"key": "key", "value": {"block": ["<p>doc</p>", [17], {}, ""]}}',
        '{"key": "key", "value": {"block": ["<p>doc</p>", ["<h2 unclosed"], {}, ""]}}',
        '{"key": "key", "value": {"block": ["<p>doc</p>", [], {}]}}',
        '{"key": "key", "value": ["not", "a", "dict"]}',
    ],
)
def test_a_damaged_cache_is_rendered_again(tmp_path: Path, damage: str) -> None:
    (tmp_path / f"{RENDER_CACHE}.json").write_text(damage, encoding="utf-8")
    renderer = Renderer()
    cache = RenderCache(BuildCache(tmp_path), "key")
    assert render(cache, renderer) == "<p>doc</p>" and renderer.calls == 1
    assert [h.get("id") for h in renderer.headings] == ["pkg.thing"]
    cache.save()
    assert RenderCache(BuildCache(tmp_path), "key").kept, "and kept again, sound"


def _site(tmp_path: Path, docstring: str, summary: str = "A probe module.") -> None:
    package = tmp_path / "engine" / "battlebook"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text('"""A probe package."""\n', encoding="utf-8")
    (package / "probe.py").write_text(
        f'"""{summary}"""\n\n\ndef probe(count: int) -> int:\n    """{docstring}"""\n    return count\n',
        encoding="utf-8",
    )


def test_a_site_build_renders_again_only_when_a_docstring_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real hook and handler: a warm build gives the same pages without rendering; a changed docstring shows."""
    pytest.importorskip("mkdocstrings_handlers.python", reason="the site extra builds the API pages")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort
    from mkdocstrings_handlers.python._internal.handler import PythonHandler

    _site(tmp_path, "Count the first way.")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Probe\n", encoding="utf-8")
    (tmp_path / "docs" / "api.md").write_text("# API\n\n::: battlebook.probe\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        textwrap.dedent(
            f"""\
            site_name: Probe
            nav:
              - index.md
              - API: api.md
            hooks:
              - {ROOT / "engine/battlebook/site/api_pages.py"}
            plugins:
              - mkdocstrings:
                  handlers:
                    python:
                      paths: [engine]
                      options:
                        docstring_style: google
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.setenv("BATTLEBOOK_RESULTS", str(tmp_path / ".battlebook" / "results.json"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the theme writes the build's date into the home page
    calls: list[str] = []
    real = PythonHandler.render

    def counted(self: PythonHandler, data: object, options: object, locale: str | None = None) -> str:
        calls.append(str(getattr(data, "path", data)))
        return str(real(self, data, options, locale=locale))  # type: ignore[arg-type]

    monkeypatch.setattr(PythonHandler, "render", counted)
    real_collect = PythonHandler.collect

    def collected(self: PythonHandler, identifier: str, options: object) -> object:
        reads.append(identifier)
        return real_collect(self, identifier, options)  # type: ignore[arg-type]

    reads: list[str] = []
    monkeypatch.setattr(PythonHandler, "collect", collected)
    page = tmp_path / "site" / "api" / "battlebook.probe" / "index.html"

    site = tmp_path / "site"
    outputs: list[dict[str, bytes]] = []

    def built() -> tuple[list[str], str]:
        calls.clear()
        reads.clear()
        build(load_config(str(tmp_path / "mkdocs.yml"), strict=True))
        outputs.append({p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()})
        return list(calls), page.read_text(encoding="utf-8")

    cold_calls, cold = built()
    assert cold_calls == ["battlebook.probe"] and "Count the first way." in cold
    assert reads[0] == "battlebook"
    warm_calls, warm = built()
    assert (warm_calls, warm) == ([], cold)
    assert reads == [], "a warm build does not even read the package"
    assert outputs[1] == outputs[0], "and gives the same site: pages, index, inventory"
    _site(tmp_path, "Count the second way.", "A probe module, changed.")
    changed_calls, changed = built()
    assert changed_calls == ["battlebook.probe"]
    assert "Count the second way." in changed and "first way" not in changed
    assert "A probe module, changed." in outputs[-1]["api/index.html"].decode(), "the index's summary follows too"
    # Without the kept page, its kept blocks give the same page; without either, it is rendered again.
    (tmp_path / ".battlebook" / "cache" / f"{PAGE_CACHE}.json").write_bytes(b"\x00damaged")
    assert built() == ([], changed)
    assert outputs[-1] == outputs[-2]
    (tmp_path / ".battlebook" / "cache" / f"{PAGE_CACHE}.json").unlink()
    (tmp_path / ".battlebook" / "cache" / f"{RENDER_CACHE}.json").write_bytes(b"\x00damaged")
    assert built() == (["battlebook.probe"], changed)
    assert outputs[-1] == outputs[-2]
    # A docstring that warns fails the strict build, and again the next time: a warning is never kept away.
    _site(tmp_path, "Count.\n\n    Args:\n        nothing: A parameter the function does not have.\n    ")
    for _ in range(2):
        with pytest.raises(Abort):
            built()
        assert calls == ["battlebook.probe"]
