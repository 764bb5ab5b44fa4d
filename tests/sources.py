"""Python sources parsed once per test process.

A dozen tests read the whole package's code as syntax trees (layers, module state, private
and public interfaces, game branches...), each parsing the same files again. Parsing is
keyed by the file's name and its current text, so a file written during a run is parsed
anew. The trees are shared: a test reads them and must not change them.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def _parsed(text: str, filename: str) -> ast.Module:
    return ast.parse(text, filename)


def syntax_tree(path: Path) -> ast.Module:
    """The module at `path` as `ast.parse` reads it (shared: not to be changed)."""
    return _parsed(path.read_text(encoding="utf-8"), str(path))
