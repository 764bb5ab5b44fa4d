"""Every hostile attempt on the command line is handled well (see `tests.hostile.attempts`).

Each attempt is one test: it runs its `battlebook` command in a subprocess under a time and
memory limit, and fails with what went wrong. pytest-xdist spreads them over its workers (a
module-wide fixture running them all held one worker for most of a minute, on each worker).

`make test` runs the first attempt of each kind (each issue's tag: about 30 of them); every
other attempt is marked `full`, and the full tier (`make full`) runs them all: each starts a
`battlebook` process, and the 244 attempts take about 70 processor-seconds.
"""

from __future__ import annotations

import pytest

from tests.hostile.attempts import Attempt, all_attempts, run

ATTEMPTS = all_attempts()


def sampled(attempts: list[Attempt]) -> list[object]:
    """Every attempt as a test: the first of each kind as it is, every other one marked `full`."""
    kinds: set[str] = set()
    params: list[object] = []
    for attempt in attempts:
        marks = [pytest.mark.full] if attempt.issue in kinds else []
        kinds.add(attempt.issue)
        params.append(pytest.param(attempt, marks=marks, id=f"{attempt.issue}-{attempt.id}"))
    return params


def test_every_attempt_has_its_own_name() -> None:
    assert len({a.id for a in ATTEMPTS}) == len(ATTEMPTS)


@pytest.mark.parametrize("attempt", sampled(ATTEMPTS))
def test_handled_well(attempt: Attempt) -> None:
    verdict = run(attempt)
    assert verdict.outcome == "handled well", f"{verdict.outcome}: {verdict.detail}"


def test_the_judge_tells_each_outcome_apart() -> None:
    from tests.hostile.attempts import SECRET, judge

    bad_arg = Attempt("x", "CLI", (), 2, "error")
    assert judge(bad_arg, 2, "", "battlebook: error: no\n").outcome == "handled well"
    assert judge(bad_arg, 2, "", "usage: x\nbattlebook: error: no\n").outcome == "wrong"
    assert judge(bad_arg, 1, "Traceback (most recent call last):\n", "").outcome == "traceback"
    assert judge(bad_arg, 2, SECRET, "error").outcome == "leak"
    assert judge(bad_arg, -9, "", "").outcome == "traceback"
