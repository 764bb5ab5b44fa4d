"""Gather the wheels of the rulebook's in-page runtime into a folder (`make runtime` runs this).

The page runs the scenario checker (`battlebook[check]`) on Pyodide. It gets:

- the `battlebook` wheel, built from this checkout;
- every package `battlebook[check]` needs, at exactly the version installed in this
  environment (the one CI runs the examples with), as pure-Python wheels;
- MarkupSafe (Mako's dependency) as the pure-Python build its own setup falls back to when
  its C speedups cannot be compiled: the build is run with the compiler switched off;
- not cucumber-messages, which only `battlebook check --messages` uses (sympy, which prints
  the odds pages' formulas, is in the `site` extra, not in `check`).

Usage: python runtime/wheels.py OUT_DIR
"""

from __future__ import annotations

import importlib.metadata as metadata
import os
import shutil
import subprocess
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
#: Needed only to write a run as Cucumber Messages: the page does not.
LEFT_OUT = {"cucumber-messages"}
#: Compiled on PyPI, but pure Python when built without their optional C speedups.
BUILT_PURE = {"markupsafe"}


def requirements() -> dict[str, str]:
    """The packages `battlebook[check]` runs on, with their installed versions, by canonical name."""
    found: dict[str, str] = {}
    todo = [(r, "check") for r in metadata.requires("battlebook") or []]
    while todo:
        text, extra = todo.pop()
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": extra}):
            continue
        name = canonicalize_name(requirement.name)
        if name in found or name in LEFT_OUT or name == "battlebook":
            continue
        found[name] = metadata.version(name)
        todo += [(r, "") for r in metadata.requires(name) or []]
    return dict(sorted(found.items()))


def pip(*args: str, env: dict[str, str] | None = None) -> None:
    """Run this environment's pip quietly; stop on failure."""
    command = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args]
    subprocess.run(command, check=True, env=env)


def main(out: Path) -> None:
    """Fill `out` with the runtime's wheels (emptied first)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    # setuptools builds in the checkout's build/lib and keeps what it copied there before: a
    # module deleted since would still be packed into the wheel.
    for stale in (ROOT / "build" / "lib", *(ROOT / "build").glob("bdist.*")):
        shutil.rmtree(stale, ignore_errors=True)
    pip("wheel", "--no-deps", "--wheel-dir", str(out), str(ROOT))
    pinned = requirements()
    binary = [f"{name}=={version}" for name, version in pinned.items() if name not in BUILT_PURE]
    pip("download", "--no-deps", "--only-binary", ":all:", "--dest", str(out), *binary)
    pure = [f"{name}=={version}" for name, version in pinned.items() if name in BUILT_PURE]
    if pure:
        no_compiler = {**os.environ, "CC": "false", "CXX": "false"}
        pip("wheel", "--no-deps", "--no-binary", ",".join(BUILT_PURE), "--wheel-dir", str(out), *pure, env=no_compiler)
    wheels = sorted(p.name for p in out.glob("*.whl"))
    compiled = [w for w in wheels if not w.endswith("-none-any.whl")]
    if compiled:
        raise SystemExit(f"the in-page runtime takes pure-Python wheels only; got {compiled}")
    print(f"{len(wheels)} wheels in {out}: {', '.join(wheels)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
