"""Source sections that no Rule restates yet, and the issue that will cover each.

The coverage page ([`coverage`][battlebook.site.coverage]) shows every section of every
source text with the Rules that cite it. A section no Rule cites is a gap, and a gap
fails the strict site build, unless the section is listed here as *pending*: the chapter
that will restate it is still being written. Remove a section from this list in the same
change that adds a Rule citing it (the build fails while a cited section is still listed).
"""

from __future__ import annotations

from collections.abc import Mapping

PENDING: Mapping[str, str] = {}
"""Citation key of a pending section -> who will cover it, e.g. `{"002/setup": "issue 4"}`.

Empty: every section of every source is restated by at least one Rule."""
