"""The generated pages: step catalogue, coverage of the sources, rulings index."""

from __future__ import annotations

import dataclasses
import types
from pathlib import Path

import pytest

from battlebook.book.model import FeatureDoc, feature_paths, load_feature
from battlebook.book.results import ResultBook
from battlebook.book.rulings import read_ruling, render_rulings_index, ruling_problems, rulings_of
from battlebook.book.sources import SECTIONS
from battlebook.cli import main
from battlebook.language.catalogue import (
    build_catalogue,
    catalogue_problems,
    format_catalogue,
    render_catalogue,
)
from battlebook.language.grammar import Phrase
from battlebook.language.steps import load_step_modules, step_modules
from battlebook.site import coverage
from battlebook.site import pages as site_pages
from battlebook.site.coverage import coverage_problems, render_coverage, section_coverage
from battlebook.site.pages import page_uri
from battlebook.site.pending import PENDING
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def book() -> tuple[FeatureDoc, ...]:
    return rulebook()


def test_every_step_has_a_docstring_and_a_domain(book: tuple[FeatureDoc, ...]) -> None:
    domains = build_catalogue(book, load_step_modules())
    assert catalogue_problems(domains) == []
    modules = {m for d in domains for m in d.modules}
    assert modules <= set(step_modules())
    assert all(d.title and d.steps for d in domains)


def test_each_step_shows_a_real_example_line_and_the_features_using_it(book: tuple[FeatureDoc, ...]) -> None:
    domains = build_catalogue(book, load_step_modules())
    steps = {s.readable: s for d in domains for s in d.steps}
    attack = next(
        s
        for r, s in steps.items()
        if r.endswith(" in melee[, swatting {swat} card(s)][, swatting {picked}][, rolling {roll}]")
    )
    assert attack.example is not None
    assert attack.example.gherkin.startswith("When the ")
    assert {"features/homm/melee.feature", "features/rulings/die-faces.feature"} <= {f.path for f in attack.features()}
    # `And` lines take the type of the line above: the Defender's stack is a Given.
    place = next(s for s in steps.values() if s.readable.startswith("the {side} has"))
    assert any(use.keyword == "And" for use in place.uses)
    page = render_catalogue(domains)
    assert "[`homm.melee-attack`](homm/melee.md#homm.melee-attack)" in page
    assert "**Example:** `When the Gold Golems attack the Behemoth in melee, rolling 6`" in page
    # Setup domains come before action domains, which come before outcomes.
    first_types = [d.steps[0].type for d in domains]
    assert first_types == sorted(first_types, key=("given", "when", "then", "step").index)


def test_a_step_without_docstring_is_a_problem(book: tuple[FeatureDoc, ...]) -> None:
    module = types.ModuleType("fake_steps", "Steps made up for this test.")
    code = (
        "from battlebook.language.grammar import given\n\n"
        "@given('a step nobody documented')\ndef undocumented():\n    pass\n"
    )
    exec(compile(code, "fake_steps.py", "exec"), module.__dict__)
    domains = build_catalogue(book, [module])
    assert [d.title for d in domains] == ["Steps made up for this test"]
    problems = catalogue_problems(domains)
    assert [str(p) for p in problems] == [
        "fake_steps: step 'a step nobody documented' has no docstring: say in it what the step does"
    ]
    assert "Not used by any feature yet" in render_catalogue(domains)


def test_the_terminal_catalogue_filters_by_a_word(
    book: tuple[FeatureDoc, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    domains = build_catalogue(book, load_step_modules())
    text = format_catalogue(domains, "ROLL")
    assert "When the {attacker} attack(s)" in text
    assert "a battle in the open field" not in text
    assert main(["steps", "units"]) == 0
    assert "Given these units, defined for this example only:" in capsys.readouterr().out
    assert main(["steps", "no-step-says-this"]) == 1
    assert "no step mentions 'no-step-says-this'" in capsys.readouterr().out


def test_feature_links_agree_with_the_site(book: tuple[FeatureDoc, ...]) -> None:
    from battlebook.book.links import feature_page

    for feature in book:
        assert "rulebook/" + feature_page(feature.path) == page_uri(feature)


def test_pending_lists_exactly_the_sections_no_rule_cites(book: tuple[FeatureDoc, ...]) -> None:
    rows = section_coverage(book, ResultBook())
    assert coverage_problems(rows) == []
    assert {r.section.key for r in rows if r.status == "pending"} == set(PENDING)
    assert {r.section.key for r in rows} == set(SECTIONS)


def test_a_gap_and_a_stale_pending_entry_are_problems(book: tuple[FeatureDoc, ...]) -> None:
    stale = {**PENDING, "001/making-melee-attacks": "issue 0", "999/nowhere": "issue 0"}
    stale.pop("001/swatting", None)
    without_swatting = [
        dataclasses.replace(f, rules=tuple(r for r in f.rules if "001/swatting" not in r.sources)) for f in book
    ]
    problems = coverage_problems(section_coverage(without_swatting, ResultBook(), stale), stale)
    assert any(p.startswith("coverage gap: no Rule restates") and "@source:001/swatting" in p for p in problems)
    assert any("001/making-melee-attacks is restated by" in p and "homm.melee-attack" in p for p in problems)
    assert any("'999/nowhere', which is no known source section" in p for p in problems)


def test_the_coverage_page_links_rules_by_id_and_shows_pending(book: tuple[FeatureDoc, ...]) -> None:
    page = render_coverage(section_coverage(book, ResultBook()))
    assert "[`homm.melee-attack`](homm/melee.md#homm.melee-attack)" in page
    for issue in set(PENDING.values()):
        assert f"pending</span> {issue}" in page
    assert "0 gaps" in page


def test_a_gap_fails_the_strict_build(monkeypatch: pytest.MonkeyPatch) -> None:
    generator = site_pages.Generator(ROOT, api=False)
    monkeypatch.setattr(coverage, "PENDING", {})
    # Leave out every chapter citing one section, so that section becomes a gap.
    generator.book = [
        dataclasses.replace(f, rules=tuple(r for r in f.rules if "001/swatting" not in r.sources))
        for f in generator.book
    ]
    generator.book_pages()
    pages = {site_pages.STEPS_PAGE, site_pages.COVERAGE_PAGE, site_pages.RULINGS_INDEX, site_pages.OPEN_QUESTIONS_PAGE}
    assert pages <= set(generator.pages.files)
    gaps = [problem for problem in generator.pages.problems if "coverage gap" in problem]
    assert len(gaps) == len(PENDING) + 1
    assert any("@source:001/swatting" in gap for gap in gaps)


def test_rulings_state_question_reading_and_alternative(book: tuple[FeatureDoc, ...], tmp_path: Path) -> None:
    rulings = rulings_of(book)
    assert "features/rulings/die-faces.feature" in [r.feature.path for r in rulings]
    assert ruling_problems(rulings) == []
    index = render_rulings_index(rulings)
    assert "## [The die and its faces](die-faces.md)" in index
    assert "never say which numbers its faces show" in index
    assert "[`ruling.die-faces`](die-faces.md#ruling.die-faces)" in index
    lacking = tmp_path / "lacking.feature"
    lacking.write_text(
        "Feature: Ruling: half done\n  **The question.** Which?\n\n"
        "  Example: e\n    Given a battle in the open field\n    Then the battle goes on\n",
        encoding="utf-8",
    )
    problems = ruling_problems([read_ruling(load_feature(lacking))])
    assert problems == [
        f"{lacking}: the ruling's description needs a paragraph opening with "
        "**Battlebook's reading.**, **The alternative.**"
    ]


def test_the_template_is_a_complete_ruling_that_is_not_collected() -> None:
    template = ROOT / "docs" / "files" / "ruling.feature"
    assert ruling_problems([read_ruling(load_feature(template))]) == []
    assert template not in feature_paths([ROOT / "features"])


def test_a_line_is_credited_to_the_step_of_its_own_game(book: tuple[FeatureDoc, ...]) -> None:
    domains = build_catalogue(book, load_step_modules())
    steps = [s for d in domains for s in d.steps]
    scape_attack = next(s for s in steps if s.readable.startswith("{attacker} attacks/tries to attack {defender}"))
    homm_attack = next(
        s
        for s in steps
        if s.readable.endswith(" in melee[, swatting {swat} card(s)][, swatting {picked}][, rolling {roll}]")
    )
    # Steps are scoped per game; and a Heroscape figure is typed (words, then a map key), so the
    # Heroscape attack no longer reads a HoMM melee line even unscoped.
    assert not Phrase(scape_attack.pattern).reads("the Gold Golem attacks the Enemy Golems in melee, rolling 0")
    assert all(not use.feature.path.startswith("features/homm/") for use in scape_attack.uses)
    assert any(use.feature.path.startswith("features/heroscape/") for use in scape_attack.uses)
    assert all(not use.feature.path.startswith("features/heroscape/") for use in homm_attack.uses)


def test_the_catalogue_lists_each_values_allowed_words(
    book: tuple[FeatureDoc, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    domains = build_catalogue(book, load_step_modules())
    steps = [s for d in domains for s in d.steps]
    stance = next(s for s in steps if s.readable == "the {stack} are {stance}")
    assert ("stance", "ready, swarming, protecting") in stance.allowed
    # Every typed value of every step says what may be written for it.
    assert all(words for s in steps for _, words in s.allowed)
    page = render_catalogue(domains)
    assert "**Values:** `{stack}`: a stack&#39;s name" in page or "**Values:** `{stack}`: a stack" in page
    assert "`{stance}`: ready, swarming, protecting" in page
    assert "`{side}`: Aggressor, Defender" in page
    assert main(["steps", "swarming"]) == 0
    out = capsys.readouterr().out
    assert "{stance}: ready, swarming, protecting" in out
