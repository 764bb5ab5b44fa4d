"""The page generator: plain files any builder reads, nothing left for a builder event to add."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import yaml

from battlebook.site.pages import Pages, page_uri, write_pages
from tests.sources import syntax_tree

ROOT = Path(__file__).resolve().parents[2]


def test_mkdocs_yml_has_no_hooks_and_no_plugin_of_the_project() -> None:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert not re.search(r"^hooks:", text, re.M)
    assert "INHERIT: build/pages/nav.yml" in text and "docs_dir: build/pages/docs" in text
    config = yaml.safe_load(re.sub(r"!ENV ", "", text))
    assert "hooks" not in config
    plugins = [next(iter(p)) if isinstance(p, dict) else p for p in config["plugins"]]
    assert plugins == ["mkdocstrings"], "no plugin of the project's own (the search is the site's own files)"
    assert "battlebook" not in yaml.safe_dump(config["plugins"]), "no module of the project is named as a plugin"


def test_no_module_of_the_package_imports_a_builder() -> None:
    builders = ("mkdocs", "properdocs", "zensical", "material")
    found = []
    for path in (ROOT / "engine" / "battlebook").rglob("*.py"):
        for node in ast.walk(syntax_tree(path)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names += [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            found += [f"{path.name}: {n}" for n in names if n.split(".")[0] in builders]
    assert found == []


def test_every_chapter_is_a_page_with_its_title_in_front_matter_and_in_the_navigation(pages: Pages) -> None:
    nav = yaml.safe_dump(pages.nav)
    chapters = [uri for uri in pages.files if uri.startswith("rulebook/homm/") or uri.startswith("rulebook/heroscape/")]
    assert len(chapters) >= 15
    for uri in chapters:
        text = pages.files[uri]
        assert isinstance(text, str) and text.startswith('---\n{"title": '), uri
        assert uri in nav, uri
    assert "rulebook/rulings/index.md" in nav and "reference/glossary.md" in nav and "odds/homm.md" in nav


def test_descriptions_are_sanitized_html_blocks_and_hover_terms_are_plain_definitions(pages: Pages) -> None:
    melee = pages.files["rulebook/homm/melee.md"]
    assert isinstance(melee, str)
    assert '<div class="bb-prose">\n<p>' in melee and "bb-prose " not in melee
    definitions = re.findall(r"^\*\[(.+?)\]: ", melee, re.M)
    assert definitions, "the chapter's terms are defined at its end"
    body = melee.split("\n*[", 1)[0]
    assert all(re.search(rf"\b{re.escape(word)}\b", body) for word in definitions), "only terms the page uses"
    heroscape_words = {
        w for w in re.findall(r"^\*\[(.+?)\]: ", str(pages.files["rulebook/heroscape/attacking.md"]), re.M)
    }
    assert heroscape_words and not heroscape_words & set(definitions) - {"attack"}


def test_the_data_for_try_it_and_for_the_pass_after_the_build(pages: Pages) -> None:
    assert "try/steps.json" in pages.files and "try/examples/rulebook/homm/melee.json" in pages.files
    assert pages.site["rules"]["homm.melee-attack"] == "rulebook/homm/melee/#homm.melee-attack"
    assert "rulebook/homm/melee/" in pages.site["linked_pages"] and "rulebook/steps/" not in pages.site["linked_pages"]
    template = pages.files["contributing.md"]
    assert isinstance(template, str) and "<!-- ruling-template -->" not in template and "Feature: Ruling" in template
    home = pages.files["index.md"]
    assert isinstance(home, str) and "<!-- chapters -->" not in home and "(rulebook/homm/melee.md)" in home


def test_writing_rewrites_only_what_changed_and_removes_what_is_no_longer_made(pages: Pages, tmp_path: Path) -> None:
    assert write_pages(pages, tmp_path) == len(pages.files) + 2
    assert (tmp_path / "docs" / "rulebook" / "homm" / "melee.md").is_file() and (tmp_path / "nav.yml").is_file()
    assert write_pages(pages, tmp_path) == 0
    stale = tmp_path / "docs" / "rulebook" / "gone" / "old.md"
    stale.parent.mkdir(parents=True)
    stale.write_text("old", encoding="utf-8")
    assert write_pages(pages, tmp_path) == 1 and not stale.parent.exists()


def test_a_feature_page_uri_is_under_rulebook() -> None:
    from battlebook.book.model import load_feature

    feature = load_feature(ROOT / "features" / "homm" / "melee.feature", ROOT)
    assert page_uri(feature) == "rulebook/homm/melee.md"


def test_the_published_addresses_come_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`site_url` and `repo_url` are what the publisher gives, and nothing when not given."""
    from mkdocs.config import load_config

    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").replace("INHERIT: build/pages/nav.yml\n", "")
    (tmp_path / "mkdocs.yml").write_text(text, encoding="utf-8")
    (tmp_path / "build" / "pages" / "docs").mkdir(parents=True)
    (tmp_path / "overrides").symlink_to(ROOT / "overrides")
    monkeypatch.delenv("BATTLEBOOK_SITE_URL", raising=False)
    monkeypatch.delenv("BATTLEBOOK_REPO_URL", raising=False)
    config = load_config(str(tmp_path / "mkdocs.yml"))
    assert (config.site_url, config.repo_url, config.repo_name) == (None, None, None)
    monkeypatch.setenv("BATTLEBOOK_SITE_URL", "https://rules.example.org/book/")
    monkeypatch.setenv("BATTLEBOOK_REPO_URL", "https://git.example.org/team/battlebook")
    config = load_config(str(tmp_path / "mkdocs.yml"))
    assert (config.site_url, config.repo_url) == (
        "https://rules.example.org/book/",
        "https://git.example.org/team/battlebook",
    )


def test_ruling_pages_show_what_their_readings_are_worth_in_battle(pages: Pages) -> None:
    chain = pages.files["rulebook/rulings/retaliation-chain.md"]
    assert isinstance(chain, str) and "{ #reading-worth }" in chain
    assert "| Battle | Played with | The Aggressor wins | The Defender wins |" in chain
    declining = pages.files["rulebook/rulings/declining-retaliation.md"]
    assert isinstance(declining, str)
    assert "It changes no one's chance of winning in any of the 22 battles of the set." in declining
    die = pages.files["rulebook/rulings/combat-die.md"]
    assert isinstance(die, str) and die.count('<h3 class="bb-worth-reading">') == 2
    assert "| Battle | Played with | The first army wins | The second army wins |" in die
    slips = pages.files["rulebook/rulings/town-text-slips.md"]
    assert isinstance(slips, str) and "reading-worth" not in slips
