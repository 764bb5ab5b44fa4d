"""Every hostile attempt on the command line is handled well (see `tests.hostile.attempts`).

The attempts run two at a time, each `battlebook` command in a subprocess under a time and
memory limit; each attempt is then one test, failing with what went wrong.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.hostile.attempts import Attempt, Verdict, all_attempts, run

ATTEMPTS = all_attempts()


@pytest.fixture(scope="module")
def verdicts() -> dict[str, Verdict]:
    """Every attempt's verdict, by its id."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        return {verdict.attempt.id: verdict for verdict in pool.map(run, ATTEMPTS)}


def test_every_attempt_has_its_own_name() -> None:
    assert len({a.id for a in ATTEMPTS}) == len(ATTEMPTS)


@pytest.mark.parametrize("attempt", ATTEMPTS, ids=[f"{a.issue}-{a.id}" for a in ATTEMPTS])
def test_handled_well(attempt: Attempt, verdicts: dict[str, Verdict]) -> None:
    verdict = verdicts[attempt.id]
    assert verdict.outcome == "handled well", f"{verdict.outcome}: {verdict.detail}"


def test_the_judge_tells_each_outcome_apart() -> None:
    from tests.hostile.attempts import SECRET, judge

    bad_arg = Attempt("x", "CLI", (), 2, "error")
    assert judge(bad_arg, 2, "", "battlebook: error: no\n").outcome == "handled well"
    assert judge(bad_arg, 2, "", "usage: x\nbattlebook: error: no\n").outcome == "wrong"
    assert judge(bad_arg, 1, "Traceback (most recent call last):\n", "").outcome == "traceback"
    assert judge(bad_arg, 2, SECRET, "error").outcome == "leak"
    assert judge(bad_arg, -9, "", "").outcome == "traceback"
