"""Run every hostile attempt and print the counts: `python -m tests.hostile.tally [-v]`.

The counts are those of issues 15 and 27: attempts, handled well, traceback, wrong, hang,
injection (a payload that would run on a page, a file's content leaked, or a raw control
character reaching the terminal) and data loss (a file the command had to leave alone changed). The site's
injection attempts are judged on a site built from the hostile corpus (see
[`site_attempts`][tests.hostile.site.site_attempts]).
"""

from __future__ import annotations

import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from tests.hostile.attempts import Verdict, all_attempts, run


def tally(verdicts: list[Verdict]) -> Counter[str]:
    """How many attempts ended each way; a leak counts as an injection."""
    counts = Counter("injection" if v.outcome == "leak" else v.outcome for v in verdicts)
    counts["attempts"] = len(verdicts)
    return counts


def main(argv: list[str]) -> int:
    """Run the attempts (two at a time), print every one that was not handled well and the counts."""
    verbose = "-v" in argv
    with ThreadPoolExecutor(max_workers=2) as pool:
        verdicts = list(pool.map(run, all_attempts()))
    try:
        from tests.hostile.site import site_attempts

        verdicts += site_attempts()
    except ImportError:  # pragma: no cover - the site extra is not installed
        pass
    for verdict in verdicts:
        if verdict.outcome != "handled well" or verbose:
            print(f"{verdict.outcome:12} [{verdict.attempt.issue}] {verdict.attempt.id}: {verdict.detail[:300]}")
    counts = tally(verdicts)
    order = ("attempts", "handled well", "traceback", "wrong", "hang", "injection", "data loss")
    print("; ".join(f"{name}: {counts[name]}" for name in order))
    return 0 if counts["handled well"] == counts["attempts"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
