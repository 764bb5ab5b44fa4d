"""The Gherkin a page shows, the text Try it loads and the feature file parse to the same examples.

For every example of the rulebook, and for examples whose names, steps, table cells and doc
strings Hypothesis writes from the characters Gherkin and Markdown act on (`|`, `\\`,
backticks, three quotes, `#`, `@`, `<`, Unicode line separators, bidi controls...): the
example's block on its page (as the page's Markdown holds it, rule links resolved) and its
Try it text each read back, through the Gherkin parser, as the very example the file holds:
same keyword, name, tags, steps, tables, doc strings and outline rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlebook.book.model import ExampleDoc, FeatureDoc, RuleDoc, StepDoc, load_feature
from battlebook.book.render import example_gherkin, example_steps_block, render_feature, resolve_rule_links
from battlebook.book.results import ResultBook
from battlebook.runners.inpage import scenario_text
from tests.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]


def _shape(steps: tuple[StepDoc, ...]) -> list[tuple[str, str, object, object]]:
    return [(s.keyword, s.text, s.table, s.docstring) for s in steps]


def _example_shape(example: ExampleDoc) -> tuple[object, ...]:
    return (example.keyword, example.name, example.tags, _shape(example.steps), example.outline_tables)


def _read(text: str, tmp: Path, name: str = "read-back.feature") -> FeatureDoc:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return load_feature(path, tmp, strict=False)


def page_block(markdown: str, example: ExampleDoc) -> str:
    """The example's Gherkin as the page shows it: its heading's name and edition, then the fenced block's steps."""
    block = example_steps_block(example)
    assert block in markdown, f"the page does not show the example {example.name!r} as its block"
    assert f'class="bb-anchor" id="{example.anchor}"' in markdown, f"no heading names the example {example.name!r}"
    assert "Example:" not in block.split("\n")[1], "the block repeats the heading"
    head = [*(f"@{tag}" for tag in example.tags), f"{example.keyword}: {example.name}"]
    return "\n".join([*head, *("  " + line if line else "" for line in block.split("\n")[1:-1])])


def assert_round_trip(feature: FeatureDoc, rule: RuleDoc | None, example: ExampleDoc, page: str, tmp: Path) -> None:
    """The page's block and the Try it text of `example` both read back as `example`."""
    body = "\n".join("  " + line if line else "" for line in page_block(page, example).split("\n"))
    shown = _read(f"Feature: Read back\n\n{body}\n", tmp, "page.feature")
    assert [_example_shape(e) for _, e in shown.examples()] == [_example_shape(example)], "the page's block differs"
    tried = _read(scenario_text(feature, rule, example), tmp, "try.feature")
    assert [_example_shape(e) for _, e in tried.examples()] == [_example_shape(example)], "the Try it text differs"
    assert _shape(tried.background) == _shape(feature.background)
    if rule is not None:
        assert [(r.name, r.tags, _shape(r.background)) for r in tried.rules] == [
            (rule.name, rule.tags, _shape(rule.background))
        ]


def _page(feature: FeatureDoc, book: Sequence[FeatureDoc]) -> str:
    """A feature's page Markdown as the site writes it: rendered, then its rule links resolved."""
    markdown, _ = render_feature(feature, ResultBook())
    rule_pages = {rule.id: f"rulebook/{f.path}.md" for f in book for rule in f.rules}
    return resolve_rule_links(markdown, f"rulebook/{feature.path}.md", rule_pages)[0]


def test_every_example_of_the_rulebook_reads_back_the_same(tmp_path: Path) -> None:
    book = rulebook()
    count = 0
    for feature in book:
        page = _page(feature, book)
        for rule, example in feature.examples():
            assert_round_trip(feature, rule, example, page, tmp_path)
            count += 1
    assert count > 100


# Characters Gherkin, Markdown or a terminal act on, and ordinary words.
AWKWARD = [
    "|", "\\", "\\|", "\\n", "`", "```", '"""', '\\"\\"\\"', "#", "@", "<b>", "&amp;", "{ #x }", "[a](rule:x.y)",
    "](RULE:x.y)", "::: math", "\u2028", "\u2029", "\x85", "\u202e", "\t", "é", "٣", "*", ":",
]  # fmt: skip
WORD = st.one_of(st.sampled_from(AWKWARD), st.from_regex(r"[A-Za-z0-9]{1,6}", fullmatch=True))
TEXT = st.lists(WORD, min_size=1, max_size=6).map(" ".join).map(str.strip).filter(bool)
NAME = st.builds(lambda a, b: f"{a} {b}", st.from_regex(r"[A-Za-z]{1,8}", fullmatch=True), TEXT)
CELL = st.lists(WORD, max_size=4).map(" ".join).map(str.strip)
DOC_LINE = st.lists(WORD, max_size=5).map(" ".join)


def _gherkin_cell(value: str) -> str:
    return value.replace("\\", "\\\\").replace("|", "\\|").replace("\n", "\\n")


def _file(name: str, step: str, cells: list[list[str]], doc: list[str], rows: list[str]) -> str:
    """A feature file written the way a player writes one (backtick doc string, its own escaping)."""
    table = "".join("        | " + " | ".join(_gherkin_cell(c) for c in row) + " |\n" for row in cells)
    docstring = "\n".join("        " + line.replace("```", "\\`\\`\\`") for line in doc)
    outline_rows = "".join(f"        | {_gherkin_cell(r)} |\n" for r in rows)
    return (
        "@chapter:2\nFeature: Round trip\n\n  @id:round.trip\n  Rule: Round trip\n\n"
        f"    @edition:2004\n    Example: {name}\n      Given {step}\n{table}"
        f"      And the map:\n        ```\n{docstring}\n        ```\n      Then {step}\n\n"
        f"    Scenario Outline: {name} outline\n      Given <col> and {step}\n      Then it holds\n\n"
        f"      Examples:\n        | col |\n{outline_rows}"
    )


@pytest.mark.filterwarnings("ignore")
@settings(max_examples=150)
@given(
    NAME,
    TEXT,
    st.lists(st.lists(CELL, min_size=2, max_size=2), min_size=1, max_size=3),
    st.lists(DOC_LINE, min_size=1, max_size=4),
    st.lists(CELL.filter(bool), min_size=1, max_size=3),
)
def test_generated_examples_read_back_the_same(
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    step: str,
    cells: list[list[str]],
    doc: list[str],
    rows: list[str],
) -> None:
    tmp = tmp_path_factory.mktemp("round-trip")
    feature = _read(_file(name, step, cells, doc, rows), tmp, "written.feature")
    assert len(list(feature.examples())) == 2
    page = _page(feature, [feature])
    for rule, example in feature.examples():
        assert_round_trip(feature, rule, example, page, tmp)


def test_a_table_cell_holding_a_bar_is_shown_escaped(tmp_path: Path) -> None:
    """The case of issue 27: `Cap\\|tain` is published as written, not as a row of two cells."""
    feature = _read(_file("Bars", "a step", [["name"], ["Cap|tain"]], ["x"], ["1"]), tmp_path)
    _, example = next(iter(feature.examples()))
    assert example.steps[0].table == (("name",), ("Cap|tain",))
    assert "| Cap\\|tain |" in example_gherkin(example)
