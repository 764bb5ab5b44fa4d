"""The test module `battlebook check` hands to pytest: the examples of the run's feature files.

It holds no test of its own, only the marker the run fills with one test per example of
its files when pytest collects it (see [`Examples`][battlebook.language.run.Examples]):
the module is the same for every run, so nothing is imported afresh.
"""

from __future__ import annotations

from battlebook.language.run import Examples

examples = Examples()
