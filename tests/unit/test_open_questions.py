"""The open questions page lists every case where the engine answers "the rules don't say".

Each place in the engine that raises `RulesSilent` must be reached by a worked Example that
states the open question (its `Then` opens with "the rules don't say"): the Examples are run
here with a tracer that records where each `RulesSilent` was raised.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from types import FrameType
from typing import Any

from battlebook.errors import RulesSilent
from battlebook.runners.check import run_check
from battlebook.site.open_questions import open_question_problems, open_questions, render_open_questions
from tests.rulebook import rulebook
from tests.sources import syntax_tree

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine" / "battlebook"
BOOK = rulebook()


def raise_sites() -> set[tuple[str, str]]:
    """Every `raise RulesSilent(...)` in the engine, as (file, enclosing function)."""
    sites = set()
    for path in ENGINE.rglob("*.py"):
        tree = syntax_tree(path)
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
                continue
            if not (isinstance(node.exc.func, ast.Name) and node.exc.func.id == RulesSilent.__name__):
                continue
            inside = [f for f in functions if f.lineno <= node.lineno <= (f.end_lineno or f.lineno)]
            innermost = max(inside, key=lambda f: f.lineno)
            sites.add((str(path.resolve()), innermost.name))
    return sites


def test_the_engine_has_cases_where_the_rules_dont_say() -> None:
    assert len(raise_sites()) >= 3


def test_every_case_where_the_engine_answers_the_rules_dont_say_is_an_open_question_example() -> None:
    questions = open_questions(BOOK)
    files = sorted({ROOT / q.feature.path for q in questions})
    reached: set[tuple[str, str]] = set()
    seen: set[int] = set()

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "exception" and isinstance(arg[1], RulesSilent) and id(arg[1]) not in seen:
            seen.add(id(arg[1]))
            reached.add((str(Path(frame.f_code.co_filename).resolve()), frame.f_code.co_name))
        return local

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename.startswith(str(ENGINE)) else None

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        report = run_check(files, ROOT)
    finally:
        sys.settrace(previous)
    assert report.ok
    missing = raise_sites() - reached
    assert not missing, f"the rules don't say, and no open-question Example shows it: {sorted(missing)}"


def test_each_open_question_says_how_a_table_could_rule() -> None:
    questions = open_questions(BOOK)
    assert open_question_problems(questions) == []
    page = render_open_questions(questions)
    assert "offer larger than the acceptor" in page
    assert "Open under Battlebook's readings: 1; open only under an alternative reading: 5." in page
