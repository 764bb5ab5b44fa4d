"""Benchmark: the rulebook's site (generation + build + the pass after it) against the builder's plain build.

For each builder (MkDocs, ProperDocs), in one run, interleaved:

- **the rulebook's site**, as `make site` makes it: `battlebook site pages OUT --strict`
  (the generator), `BUILDER build --strict` on what it wrote, `battlebook site finish`;
- **the plain build**: `BUILDER build --strict` alone, of the very pages the generator wrote.

So the ratio is what the generator and the pass after the build add to the builder's own
work on the same pages: the target is at most 1.5x. Each figure is processor time (user
plus system, child processes included), best of `runs`.

Cold and warm: a *cold* round starts from nothing (no generated pages, no built site, and
an empty bytecode cache, so every Python module is compiled again, as on a fresh clone); a
*warm* round follows another, as every build after the first does. Run with
`.venv/bin/python benchmarks/site_benchmark.py [runs] [--cold] [--builder mkdocs|properdocs]`
after `make examples` (both temperatures and both builders unless told).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from timing import BIN, ROOT, best_of, report, run_once

TARGET = 1.5
BUILDERS = ("mkdocs", "properdocs")


def rounds(builder: str, here: Path, cold: bool) -> tuple[Callable[[], float], Callable[[], float]]:
    """The two timers of one builder: the rulebook's site, and the plain build of the same pages."""
    pages = here / "build" / "pages"
    config = here / "mkdocs.yml"
    # The project's configuration, reading the generated pages from this benchmark's own folder.
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace("build/pages/", f"{pages}/")
    text = text.replace("custom_dir: overrides", f"custom_dir: {ROOT / 'overrides'}")
    text = text.replace("paths: [engine]", f"paths: [{ROOT / 'engine'}]")
    config.write_text(text, encoding="utf-8")
    generate = [str(BIN / "battlebook"), "site", "pages", str(pages), "--root", str(ROOT), "--strict"]
    build = [str(BIN / builder), "build", "--strict", "--quiet", "--config-file", str(config)]
    finish = [str(BIN / "battlebook"), "site", "finish", str(here / "ours"), "--pages", str(pages)]
    run_once(generate)  # the plain build's pages

    def fresh() -> None:
        if cold:
            shutil.rmtree(here / "pycache", ignore_errors=True)
            os.environ["PYTHONPYCACHEPREFIX"] = str(here / "pycache")

    def ours() -> float:
        fresh()
        if cold:
            shutil.rmtree(pages, ignore_errors=True)
        shutil.rmtree(here / "ours", ignore_errors=True)
        took = run_once(generate)
        took += run_once([*build, "--site-dir", str(here / "ours")])
        return took + run_once(finish)

    def plain() -> float:
        fresh()
        if cold:
            shutil.rmtree(here / "plain", ignore_errors=True)
        return run_once([*build, "--site-dir", str(here / "plain")])

    return ours, plain


def main(argv: list[str]) -> int:
    """Time the rulebook's site against the plain build, per builder and temperature; exit 1 if a ratio misses."""
    numbers = [a for a in argv if a.isdigit()]
    runs = int(numbers[0]) if numbers else 3
    temperatures = [True] if "--cold" in argv else [False] if "--warm" in argv else [True, False]
    builders = [argv[argv.index("--builder") + 1]] if "--builder" in argv else list(BUILDERS)
    kept = os.environ.get("PYTHONPYCACHEPREFIX")
    holds = True
    for builder in builders:
        for cold in temperatures:
            with tempfile.TemporaryDirectory() as folder:
                ours, plain = rounds(builder, Path(folder), cold)
                t_ours, t_plain = best_of(runs, ours, plain)
            if kept is None:
                os.environ.pop("PYTHONPYCACHEPREFIX", None)
            else:
                os.environ["PYTHONPYCACHEPREFIX"] = kept
            name = f"{builder}, {'cold' if cold else 'warm'}: rulebook site / plain build"
            holds &= report(
                name,
                (f"generate + {builder} build --strict + finish", t_ours),
                (f"{builder} build --strict of the same pages", t_plain),
                TARGET,
            )
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
