"""The attempts of issue 36 that are no one command: the gate's properties, the page's refusals, two runs at once.

The command-line attempts of the same pass are in [`tests.hostile.fourth_pass`][tests.hostile.fourth_pass]
(run by `test_attempts.py`); whether Chromium runs what the gate passes is `tests/browser/test_gate.py`.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlebook.book.results import ResultBook, ScenarioResult, Status
from tests.hostile.attempts import feature, good
from tests.hostile.xss import PAGE, fragment, fragments

pytest.importorskip("selectolax", reason="the site extra holds the gate's parser")

ROOT = Path(__file__).resolve().parents[2]


def _live(page: str) -> list[str]:
    from battlebook.site.gate import page_problems

    return [p for p in page_problems(page) if "first element of <head>" not in p]


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_policy_is_first_in_head_whatever_the_page_holds(rng: random.Random) -> None:
    """Any fragment of the corpus: the policy is put first in `<head>`, once, and the gate's verdict is kept."""
    from battlebook.site.gate import META, POLICY, parse, with_policy

    drawn = fragment(rng)
    page = PAGE.format(f"<p>{META}</p>" + drawn if rng.random() < 0.2 else drawn)
    finished = with_policy(page)
    head = parse(finished).head
    assert head is not None and head.child is not None
    assert head.child.tag == "meta" and head.child.attributes.get("content") == POLICY
    assert with_policy(finished) == finished
    assert bool(_live(finished)) == bool(_live(page)), "writing the page out changed the gate's verdict"


def test_the_corpus_holds_vectors_the_gate_refuses_and_passes() -> None:
    drawn = fragments(2000)
    refused = [f for f in drawn if _live(PAGE.format(f))]
    assert 500 < len(refused) < 1900
    for vector in ("onerror", "javascript:", "<script", "srcdoc", "<set", "formaction"):
        assert any(vector in f.lower() for f in refused), vector


@pytest.mark.parametrize(
    "page",
    [
        "<svg><a><set attributeName=href to=javascript:alert(1) /></a></svg>",
        '<math><mtext><table><mglyph><style><img src=x onerror="alert(1)">',
        '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
        "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
        "<noscript><style></noscript><img src=x onerror=alert(1)>",
        '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
        '<a href="\x1fjavascript:alert(1)">x</a>',
    ],
)
def test_mutation_vectors_are_read_as_the_browser_reads_them(page: str) -> None:
    """Known parser-differential payloads (mutation XSS): the gate reads each as Chromium does, and refuses it."""
    from battlebook.site.gate import with_policy

    assert _live(with_policy(PAGE.format(page))), page


# --- the page's refusals ------------------------------------------------------------------


def test_a_lone_surrogate_in_the_editor_is_refused_in_a_readable_line() -> None:
    from battlebook.runners.inpage import propose_ruling, run_scenario

    text = feature(good()) + chr(0xD83D)
    answer = run_scenario(text)
    assert answer["ok"] is False and "lone surrogate" in answer["summary"] and "Error" not in answer["summary"]
    proposal = propose_ruling(feature(good()), {"title": "who" + chr(0xDC00), "slug": "who"})
    assert any("lone surrogate" in problem for problem in proposal["problems"])


def test_a_300_character_proposal_file_name_is_refused() -> None:
    from battlebook.runners.inpage import propose_ruling

    fields = {
        "title": "t",
        "slug": "a" * 300,
        "sources": ["001/phases-and-rounds"],
        "question": "q",
        "reading": "r",
        "alternative": "a",
        "rule": "r",
    }
    answer = propose_ruling(feature(good()), fields)
    assert answer["ok"] is False and any("at most 80" in p for p in answer["problems"])


@pytest.mark.parametrize("offset", [70, 75, 78, 80, 82, 84, 86])
def test_a_ruling_is_never_wrapped_so_a_line_starts_like_a_keyword(offset: int) -> None:
    """`Sample:` (close to `Example:`) at the wrap: the proposal's own text must not be refused by its own check."""
    from battlebook.runners.inpage import propose_ruling

    reading = "x" * offset + " Sample: the stack keeps its cards. Background: none."
    fields = {
        "title": "sample words",
        "slug": "sample-words",
        "sources": ["001/phases-and-rounds"],
        "question": reading,
        "reading": reading,
        "alternative": reading,
        "rule": "The stack keeps its cards",
    }
    answer = propose_ruling(feature(good()), fields)
    assert not answer["problems"], answer["problems"]
    assert not [c for c in answer["conventions"] if "is not a keyword" in c], answer["conventions"]


# --- two runs at once ---------------------------------------------------------------------


def _merge_many(path: str, root: str, name: str, count: int) -> None:
    for number in range(count):
        book = ResultBook()
        book.add(ScenarioResult(name, "x", number + 1, f"{name} {number}", Status.PASSED))
        book.merge_into(Path(path), Path(root))


def test_two_processes_merging_results_lose_nothing(tmp_path: Path) -> None:
    for name in ("a.feature", "b.feature"):
        (tmp_path / name).write_text("Feature: x\n", encoding="utf-8")
    path = tmp_path / ".battlebook" / "results.json"
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(target=_merge_many, args=(str(path), str(tmp_path), name, 40))
        for name in ("a.feature", "b.feature")
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    book = ResultBook.load(path)
    assert len(book) == 80, f"{80 - len(book)} results were lost"
    assert not [p.name for p in path.parent.iterdir() if p.name.endswith(".partial")], "a temporary file was left"


def test_two_example_runs_at_once_keep_both_results(tmp_path: Path) -> None:
    """Two pytest runs of the examples (as `make docs` and `make test` may be), one results file: both kept."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    features = tmp_path / "features"
    features.mkdir()
    for name in ("a", "b"):
        text = "@game:homm\n" + feature(good(f" in {name}")).replace("hostile.rule", f"hostile.{name}")
        (features / f"{name}.feature").write_text(text, encoding="utf-8")
    results = tmp_path / ".battlebook" / "results.json"
    for trial in range(2):
        results.unlink(missing_ok=True)
        runs = []
        for name in ("a", "b"):
            command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"]
            command += ["--rootdir", str(tmp_path), "-c", str(tmp_path / "pyproject.toml")]
            command += [f"--battlebook-features={features / f'{name}.feature'}", f"--battlebook-results={results}"]
            command += [f"--battlebook-messages={tmp_path / f'messages-{name}.ndjson'}"]
            command += [str(tmp_path / "tests" / "test_features.py")]
            runs.append(subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
        outputs = [run.communicate(timeout=300)[0].decode(errors="replace") for run in runs]
        assert all(run.returncode == 0 for run in runs), "\n".join(outputs)[-2000:]
        recorded = json.loads(results.read_text(encoding="utf-8"))["results"]
        assert sorted({r["feature"] for r in recorded}) == ["features/a.feature", "features/b.feature"], (
            trial,
            recorded,
        )
        for name in ("a", "b"):
            assert (tmp_path / f"messages-{name}.ndjson").stat().st_size > 0


# --- a folder the command may not write ---------------------------------------------------


def _as_nobody(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run `battlebook argv` as the user nobody (root writes anywhere, so the refusal is a real one)."""
    setpriv = shutil.which("setpriv")
    if setpriv is None or os.geteuid() != 0:
        pytest.skip("needs root and setpriv to run a command as another user")
    command = [
        setpriv,
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
        str(Path(sys.executable).parent / "battlebook"),
    ]
    return subprocess.run([*command, *argv], cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A fresh folder another user can read (pytest's own temporary folders are the owner's only)."""
    folder = Path(tempfile.mkdtemp(prefix="battlebook-hostile-"))
    try:
        yield folder
    finally:
        for path in [folder, *folder.rglob("*")]:
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)


def _readable(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    for parent in folder.parents:
        if parent.stat().st_mode & 0o005 != 0o005:
            pytest.skip(f"{parent} cannot be read by another user")


def test_a_read_only_site_is_one_line_per_page_no_traceback(shared_folder: Path) -> None:
    tmp_path = shared_folder
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head></head><body>home</body></html>", encoding="utf-8")
    (site / "b.html").write_text("<p>b</p>", encoding="utf-8")
    _readable(tmp_path)
    for path in (site / "index.html", site / "b.html", site):
        path.chmod(0o555 if path.is_dir() else 0o444)
    done = _as_nobody(["site", "finish", "site", "--pages", "none"], tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "b.html: cannot be written (Permission denied)" in done.stderr


def test_an_unwritable_output_is_one_line_exit_2(shared_folder: Path) -> None:
    tmp_path = shared_folder
    for name, text in {
        "features/homm/x.feature": "@game:homm\n" + feature(good()),
        "features/glossary.yml": "terms: []\n",
        "docs/nav.yml": "nav:\n  - index.md\n",
        "docs/index.md": "# Home\n",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "locked").mkdir()
    _readable(tmp_path)
    (tmp_path / "locked").chmod(0o555)
    done = _as_nobody(["site", "pages", "locked/out", "--no-api"], tmp_path)
    assert done.returncode == 2 and done.stdout == "", done.stdout + done.stderr
    assert done.stderr.splitlines() == [
        "battlebook site pages: cannot write the pages under locked/out: Permission denied"
    ], done.stderr
