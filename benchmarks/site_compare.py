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

from tests.site_text import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
