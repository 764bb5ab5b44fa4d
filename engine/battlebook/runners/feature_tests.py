"""The test module `battlebook check` hands to pytest: the examples of the files in `$BATTLEBOOK_FEATURES`.

It holds no test of its own: pytest-bdd's `scenarios` adds one test per example when the
module is imported, so a check run imports it afresh each time.
"""

from __future__ import annotations

from pathlib import Path

from pytest_bdd import scenarios

from battlebook.language.runner import checked_feature_files

scenarios(*checked_feature_files([], Path.cwd(), strict=False))
