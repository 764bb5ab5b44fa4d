"""What a site build computes from the engine alone, kept for the next build while its inputs stay the same.

Some pages are pure functions of the engine's code and the feature files: the odds pages
(exact tables and sympy's formulas) and the Heroscape editions page (every Heroscape example
run under both editions). A [`BuildCache`][battlebook.site.build_cache.BuildCache] keeps
each such result in one JSON file in a folder beside the recorded results (`.battlebook/cache/`,
see [`cache_folder`][battlebook.site.build_cache.cache_folder]), with the key
of everything it was computed from: the installed package's code and data
([`engine_fingerprint`][battlebook.site.build_cache.engine_fingerprint]), the versions of
the tools that shaped it, and the input texts. A result is reused only under the same key; a
missing, unreadable or foreign file is simply computed again (and rewritten).

Examples:
    >>> import tempfile
    >>> cache = BuildCache(Path(tempfile.mkdtemp()))
    >>> key = cache_key("v1", ["some", "input"])
    >>> cache.get("demo", key) is None
    True
    >>> cache.put("demo", key, {"answer": 42})
    >>> cache.get("demo", key), cache.get("demo", cache_key("v2"))
    ({'answer': 42}, None)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from battlebook.book.results import default_path

#: The largest cache file read back (a bigger one is computed again).
MAX_CACHE_BYTES = 20_000_000


def engine_fingerprint() -> str:
    """A digest of the installed `battlebook` package's code and data: what a computed page depends on.

    Examples:
        >>> len(engine_fingerprint())
        64
    """
    return folder_fingerprint(Path(__file__).resolve().parent.parent, (".py", ".json"))


def folder_fingerprint(folder: Path, suffixes: tuple[str, ...] | None = None) -> str:
    """A digest of the names and contents of the files under `folder` ending in one of `suffixes` (else of every file).

    Examples:
        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "a.py").write_text("x = 1")
        >>> before = folder_fingerprint(folder, (".py",))
        >>> _ = (folder / "notes.txt").write_text("not code")
        >>> folder_fingerprint(folder, (".py",)) == before
        True
        >>> _ = (folder / "a.py").write_text("x = 2")
        >>> folder_fingerprint(folder, (".py",)) == before
        False
    """
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if (suffixes is None or path.suffix in suffixes) and "__pycache__" not in path.parts and path.is_file():
            digest.update(path.relative_to(folder).as_posix().encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def tool_versions(*distributions: str) -> list[str]:
    """The installed versions of `distributions` ("-" for one not installed), for a key.

    Examples:
        >>> tool_versions("pytest")[0] != "-"
        True
    """
    versions = []
    for name in distributions:
        try:
            versions.append(metadata.version(name))
        except metadata.PackageNotFoundError:
            versions.append("-")
    return versions


def cache_key(*parts: object) -> str:
    """One digest of JSON-serialisable `parts`.

    Examples:
        >>> cache_key(1, "a") == cache_key(1, "a") != cache_key(1, "b")
        True
    """
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def cache_folder(root: Path) -> Path:
    """Where the site's builds keep what they computed: `cache/` in the results' folder.

    A folder of its own, not the results' folder itself, which `mkdocs serve` watches (without
    its subfolders) to rebuild when the examples ran: a build writing its cache there would
    start another build.

    Examples:
        >>> import os
        >>> os.environ.pop("BATTLEBOOK_RESULTS", None) and None
        >>> cache_folder(Path("/book")).as_posix()
        '/book/.battlebook/cache'
    """
    return default_path(root).parent / "cache"


class BuildCache:
    """A folder of results, one JSON file per name, each valid for one key."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _file(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def get(self, name: str, key: str) -> Any:
        """The value kept under `name` for `key`, or `None`."""
        path = self._file(name)
        with contextlib.suppress(OSError, ValueError, TypeError):
            if path.stat().st_size > MAX_CACHE_BYTES:
                return None
            kept = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(kept, dict) and kept.get("key") == key:
                return kept.get("value")
        return None

    def put(self, name: str, key: str, value: Any) -> None:
        """Keep `value` under `name` for `key` (a folder that cannot be written keeps nothing)."""
        path = self._file(name)
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(".part")
            partial.write_text(json.dumps({"key": key, "value": value}), encoding="utf-8")
            partial.replace(path)

    def text(self, name: str, key: str, compute: Callable[[], str]) -> str:
        """The text kept under `name` for `key`, else `compute()`, kept for next time."""
        kept = self.get(name, key)
        if isinstance(kept, str):
            return kept
        value = compute()
        self.put(name, key, value)
        return value
