"""Every `>>>` example in the package's docstrings sits in an `Examples:` section.

The Engine API pages render such a section as code; a `>>>` line elsewhere in a docstring
would be read as Markdown, so its brackets would turn into links and its tags into HTML.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.sources import syntax_tree

PACKAGE = Path(__file__).resolve().parents[2] / "engine" / "battlebook"
SECTION = re.compile(r"^[A-Z][\w ]*:$")


def loose_examples(docstring: str) -> list[str]:
    """The `>>>` lines of a docstring outside its `Examples:` sections."""
    loose, in_examples = [], False
    for line in docstring.splitlines():
        text = line.strip()
        if not line.startswith((" ", "\t")) and SECTION.match(text):
            in_examples = text in ("Examples:", "Example:")
        elif text.startswith(">>>") and not in_examples:
            loose.append(text)
    return loose


def test_a_loose_example_is_found() -> None:
    assert loose_examples("Text.\n\n>>> 1 + 1\n2\n") == [">>> 1 + 1"]
    assert loose_examples("Text.\n\nExamples:\n    >>> 1 + 1\n    2\n\nRaises:\n    >>> x\n") == [">>> x"]


def test_every_docstring_example_is_in_an_examples_section() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(syntax_tree(path)):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                docstring = ast.get_docstring(node, clean=True) or ""
                found += [f"{path.relative_to(PACKAGE)}: {line}" for line in loose_examples(docstring)]
    assert found == []
