"""The coverage list cannot over-claim: break a statement in a copy of the engine, and its Examples fail.

`features/statements.txt` maps each statement of the sources to the Examples that check it.
A declared mutation (`tests/unit/coverage_mutations.py`) breaks one statement by editing a
copy of the `battlebook` package; the Examples the statement names are then run against the
copy (in a child Python whose import path starts with the copy: the installed engine and this
process are untouched), and each must fail, at a When or Then step, not in its setup.

Every declaration is checked each run (its statement is mapped, its text is in the engine);
a sample of the statements is broken each run, chosen by a seeded generator whose seed is
the content of the two lists, so the same commit always breaks the same statements and a
change to either list moves the sample on. `SAMPLE` keeps the run to a few seconds.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from battlebook.site.statements import STATEMENTS_FILE, Statement, load_statements
from tests.rulebook import rulebook
from tests.unit.coverage_mutations import MUTATIONS, Mutation

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "engine" / "battlebook"
BOOK = rulebook()
STATEMENTS = {s.key: s for s in load_statements(ROOT)}
#: How many statements are broken in one run.
SAMPLE = 2

#: Run in the child: check the feature files with the copy first on the import path, and say
#: how each Example went (its Rule, name, kind, and the keyword of the step that failed).
CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from battlebook.runners.check import run_check
report = run_check([Path(p) for p in sys.argv[3:]], Path(sys.argv[2]))
out = []
for _, examples in report.features:
    for checked in examples:
        keyword, steps = "", {}
        for step in checked.example.steps:
            keyword = keyword if step.keyword in {"And", "But", "*"} else step.keyword
            steps[step.line] = keyword
        for outcome in checked.outcomes:
            out.append({
                "rule": checked.rule.id if checked.rule else None,
                "name": checked.example.name,
                "kind": outcome.kind,
                "step": steps.get(outcome.result.step_line, "Given"),
                "error": type(outcome.exception).__name__ if outcome.exception else None,
            })
print("RESULTS " + json.dumps(out))
"""


def _feature_of(rule_id: str) -> Path:
    for feature in BOOK:
        if any(rule.id == rule_id for rule in feature.rules):
            return ROOT / feature.path
    raise AssertionError(f"no feature holds the Rule {rule_id}")


def _by_statement() -> dict[str, list[Mutation]]:
    grouped: dict[str, list[Mutation]] = defaultdict(list)
    for mutation in MUTATIONS:
        grouped[mutation.statement].append(mutation)
    return dict(grouped)


def _sample() -> list[str]:
    text = (ROOT / STATEMENTS_FILE).read_bytes() + Path(__file__).with_name("coverage_mutations.py").read_bytes()
    seed = int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
    keys = sorted(_by_statement())
    return random.Random(seed).sample(keys, min(SAMPLE, len(keys)))


def _mutated_copy(mutation: Mutation, where: Path) -> Path:
    copy = where / "engine"
    shutil.copytree(PACKAGE, copy / "battlebook", ignore=shutil.ignore_patterns("__pycache__"))
    for edit in mutation.edits:
        path = copy / "battlebook" / edit.path
        text = path.read_text(encoding="utf-8")
        assert text.count(edit.old) == 1, f"{edit.path}: {edit.old!r} is not there exactly once"
        path.write_text(text.replace(edit.old, edit.new), encoding="utf-8")
    return copy


def _failing(mutation: Mutation, statement: Statement, where: Path) -> dict[tuple[str, str], str]:
    """How each Example the statement names went under the mutation: `failed` or why not."""
    copy = _mutated_copy(mutation, where)
    files = sorted({str(_feature_of(ref.rule)) for ref in statement.examples})
    run = subprocess.run(
        [sys.executable, "-B", "-c", CHILD, str(copy), str(ROOT), *files],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    line = next((x for x in run.stdout.splitlines() if x.startswith("RESULTS ")), None)
    assert line is not None, f"the mutated engine did not run the examples: {run.stderr[-2000:]}"
    seen: dict[tuple[str, str], str] = {}
    for row in json.loads(line.removeprefix("RESULTS ")):
        key = (row["rule"], row["name"])
        if row["kind"] == "failed" and row["step"] in {"When", "Then"} and row["error"] != "ScenarioError":
            seen[key] = "failed"
        else:
            seen.setdefault(key, f"{row['kind']} (at a {row['step']} step, {row['error']})")
    return seen


def test_every_declared_mutation_breaks_a_mapped_statement_at_text_in_the_engine() -> None:
    for mutation in MUTATIONS:
        statement = STATEMENTS.get(mutation.statement)
        assert statement is not None, f"{mutation.statement} is not in {STATEMENTS_FILE}"
        assert statement.examples, f"{mutation.statement} names no Example to break"
        for edit in mutation.edits:
            text = (PACKAGE / edit.path).read_text(encoding="utf-8")
            assert text.count(edit.old) == 1, f"{edit.path}: {edit.old!r} is not there exactly once"


@pytest.mark.parametrize("key", _sample())
def test_breaking_a_statement_fails_every_example_its_mapping_names(key: str, tmp_path: Path) -> None:
    statement = STATEMENTS[key]
    failed: set[tuple[str, str]] = set()
    notes: dict[tuple[str, str], str] = {}
    for number, mutation in enumerate(_by_statement()[key]):
        where = tmp_path / str(number)
        where.mkdir()
        for example, how in _failing(mutation, statement, where).items():
            if how == "failed":
                failed.add(example)
            else:
                notes.setdefault(example, f"{how} when {mutation.what}")
    unbroken = [
        f"{ref.rule}: {ref.name} ({notes.get((ref.rule, ref.name), 'not run')})"
        for ref in statement.examples
        if (ref.rule, ref.name) not in failed
    ]
    assert not unbroken, (
        f"{STATEMENTS_FILE}:{statement.line}: with {key} broken, these Examples it names still pass, "
        "so they do not check it:\n" + "\n".join(unbroken)
    )
