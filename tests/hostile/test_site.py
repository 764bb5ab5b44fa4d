"""A site built from the hostile corpus publishes every payload inert (see `tests.hostile.site`).

This reads the built HTML; `tests/browser/test_injection.py` opens the same pages in Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from battlebook.site.finish import POLICY
from tests.hostile.site import BUILDERS, build_inputs_digest, shared_hostile_site, site_verdicts

pytest.importorskip("mkdocs", reason="the site extra builds the rulebook")


@pytest.fixture(scope="module", params=BUILDERS)
def built(request: pytest.FixtureRequest) -> Iterator[tuple[Path, str]]:
    """The hostile site built by each builder, and its build's output (one build each, shared with the browser test)."""
    with shared_hostile_site(builder=request.param) as site:
        yield site


def test_every_payload_is_published_inert(built: tuple[Path, str]) -> None:
    problems = [
        f"{v.outcome}: {v.attempt.id}: {v.detail}" for v in site_verdicts(*built) if v.outcome != "handled well"
    ]
    assert not problems, "\n".join(problems)


def test_names_are_shown_as_text(built: tuple[Path, str]) -> None:
    site, _ = built
    page = (site / "rulebook" / "hostile" / "names" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;window.bbPwned" in page or "&#60;script&#62;window.bbPwned" in page


def test_a_page_title_cannot_close_the_title_element(built: tuple[Path, str]) -> None:
    site, _ = built
    page = (site / "rulebook" / "hostile" / "names" / "index.html").read_text(encoding="utf-8")
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    assert "<" not in title and "&lt;script&gt;" in title


def test_every_page_forbids_inline_script_but_the_themes(built: tuple[Path, str]) -> None:
    site, _ = built
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if "<head" not in html:
            continue
        head = html.split("<head", 1)[1].split(">", 1)[1]
        assert head.startswith('<meta http-equiv="Content-Security-Policy" content="default-src \'self\''), page
        policy = head.split('content="', 1)[1].split('"', 1)[0]
        assert policy == POLICY, page
        script = next(rule for rule in policy.split("; ") if rule.startswith("script-src "))
        assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script and "sha256-" not in policy, page
        assert "object-src 'none'" in policy, page


def test_the_shared_build_is_keyed_by_every_input(tmp_path: Path) -> None:
    """A change to any file the hostile site is built from (engine, pages, tests, corpus) gives another key."""
    for name in ("engine/battlebook/rules.py", "docs/index.md", "tests/hostile/corpus.py", "mkdocs.yml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("one", encoding="utf-8")
    first = build_inputs_digest(tmp_path)
    assert build_inputs_digest(tmp_path) == first
    for name in ("engine/battlebook/rules.py", "docs/index.md", "tests/hostile/corpus.py", "mkdocs.yml"):
        (tmp_path / name).write_text("two", encoding="utf-8")
        assert build_inputs_digest(tmp_path) != first, name
        (tmp_path / name).write_text("one", encoding="utf-8")
    (tmp_path / "engine" / "battlebook" / "__pycache__").mkdir()
    (tmp_path / "engine" / "battlebook" / "__pycache__" / "rules.pyc").write_bytes(b"compiled")
    assert build_inputs_digest(tmp_path) == first, "compiled bytecode is no input"
    (tmp_path / "engine" / "battlebook.egg-info").mkdir()
    (tmp_path / "engine" / "battlebook.egg-info" / "SOURCES.txt").write_text("rewritten by a wheel build")
    assert build_inputs_digest(tmp_path) == first, "package metadata a wheel build rewrites is no input"


def test_a_build_being_read_is_kept_and_an_unread_one_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build for other inputs is removed only once no test reads it."""
    import tests.hostile.site as shared

    built: list[str] = []

    def build(folder: Path, features: str) -> dict[str, tuple[Path, str]]:
        (folder / "site-mkdocs").mkdir()
        (folder / "site-mkdocs" / "index.html").write_text(f"build {len(built)}", encoding="utf-8")
        built.append(folder.name)
        return {"mkdocs": (folder / "site-mkdocs", "output")}

    monkeypatch.setattr(shared, "build_hostile_site", build)
    monkeypatch.setattr(shared, "build_inputs_digest", lambda *kind: "first")
    with shared.shared_hostile_site(tmp_path) as (first, _):
        with shared.shared_hostile_site(tmp_path) as (again, _):
            assert again == first and len(built) == 1, "the same inputs are built once"
        monkeypatch.setattr(shared, "build_inputs_digest", lambda *kind: "second")
        with shared.shared_hostile_site(tmp_path) as (second, _):
            assert second != first and len(built) == 2
            assert (first / "index.html").read_text(encoding="utf-8") == "build 0", "a build being read was removed"
    with shared.shared_hostile_site(tmp_path):
        assert not first.exists(), "a build no test reads is removed"
    assert sorted(p.name for p in (tmp_path / "hostile").iterdir() if p.is_dir()) == ["second"]
