"""Compare two built sites page by page: the same pages, the same text (see `tests/site_text.py`).

Run `.venv/bin/python benchmarks/site_compare.py OLD_SITE NEW_SITE [PREFIX...]`, for example
a build of an earlier commit against `site/`; with prefixes (`rulebook/ reference/`), only
those pages. Prints each page only one site has and each page whose text differs, with the
first differences; exit status 1 when anything differs.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.site_text import differences, site_pages


def main(argv: list[str]) -> int:
    """Compare the two sites named in `argv`."""
    if len(argv) < 2:
        print(__doc__)
        return 2
    old, new, *prefixes = argv
    a = site_pages(Path(old), prefixes or ("",))
    b = site_pages(Path(new), prefixes or ("",))
    found = differences(a, b)
    for line in found:
        print(line)
    print(f"{len(a)} and {len(b)} pages compared: {len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
