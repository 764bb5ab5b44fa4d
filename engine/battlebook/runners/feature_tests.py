"""The test module `battlebook check` hands to pytest: the examples of the files in `$BATTLEBOOK_FEATURES`.

It holds no test of its own: one test per example is made when the module is imported
([`example_tests`][battlebook.language.runner.example_tests]), so a check run imports it
afresh each time.
"""

from __future__ import annotations

from pathlib import Path

from battlebook.language.runner import example_tests

globals().update(example_tests([], Path.cwd(), strict=False))
