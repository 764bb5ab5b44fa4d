"""Benchmark: `mkdocs build --strict` against a plain mkdocs-material build of the same pages.

The plain build gets every page the rulebook's hooks generate, written out as Markdown
files, with the same theme, stylesheets, navigation and Markdown extensions, but no hooks
and no plugin other than search. The rulebook's build should cost at most 1.3x that.
Run with `.venv/bin/python benchmarks/site_benchmark.py [runs] [--cold]` (after `make examples`).

The rulebook's build keeps what it computes from the engine alone in the build cache beside
the recorded results (`.battlebook/`): the odds pages, the editions runs, the Engine API's
pages. By default the cache is warm (the first round fills it), as in every build after the
first. With `--cold`, each of the rulebook's builds starts from an empty cache: the results
are copied into a fresh folder named by `$BATTLEBOOK_RESULTS`, where the build keeps its cache.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml
from timing import BIN, ROOT, best_of, report, run_once

TARGET = 1.3


def plain_project(into: Path) -> Path:
    """Write the plain project (docs and mkdocs.yml) into `into`; return its mkdocs.yml."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import get_files

    os.chdir(ROOT)
    config = load_config(str(ROOT / "mkdocs.yml"))
    config = config.plugins.on_config(config)
    files = config.plugins.on_files(get_files(config), config=config)
    docs = into / "docs"
    for file in files:
        target = docs / file.src_uri
        target.parent.mkdir(parents=True, exist_ok=True)
        if file.generated_by is None and file.abs_src_path:
            shutil.copyfile(file.abs_src_path, target)
        else:
            target.write_bytes(file.content_bytes)
    plain: dict[str, Any] = {
        "site_name": config["site_name"],
        "docs_dir": str(docs),
        "site_dir": str(into / "site"),
        "nav": config["nav"],
        "theme": {"name": "material", **{k: config["theme"][k] for k in ("font", "features", "palette")}},
        "extra_css": list(config["extra_css"]),
        "plugins": ["search"],
        "markdown_extensions": _extensions(config),
    }
    path = into / "mkdocs.yml"
    path.write_text(yaml.safe_dump(plain, sort_keys=False), encoding="utf-8")
    return path


def _extensions(config: Any) -> list[Any]:
    out: list[Any] = []
    for name in config["markdown_extensions"]:
        if not isinstance(name, str):
            continue
        options = config["mdx_configs"].get(name)
        out.append({name: options} if options else name)
    return out


def cold_run(command: list[str], here: Path) -> float:
    """Processor seconds of `command`, the rulebook's build, with an empty build cache (see the module's docstring)."""
    from battlebook.book.results import default_path

    results = default_path(ROOT)
    folder = Path(tempfile.mkdtemp(dir=here))
    for name in (results.name, "messages.ndjson"):
        if (results.parent / name).is_file():
            shutil.copyfile(results.parent / name, folder / name)
    before = os.environ.get("BATTLEBOOK_RESULTS")
    os.environ["BATTLEBOOK_RESULTS"] = str(folder / results.name)
    try:
        return run_once(command)
    finally:
        if before is None:
            os.environ.pop("BATTLEBOOK_RESULTS", None)
        else:
            os.environ["BATTLEBOOK_RESULTS"] = before
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str]) -> int:
    """Time both builds, interleaved, best of `runs`; `--cold` gives the rulebook's build an empty cache each time."""
    cold = "--cold" in argv
    numbers = [a for a in argv if a != "--cold"]
    runs = int(numbers[0]) if numbers else 3
    mkdocs = str(BIN / "mkdocs")
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        plain = plain_project(here)
        ours = [mkdocs, "build", "--strict", "--quiet", "--site-dir", str(here / "ours")]
        theirs = [mkdocs, "build", "--quiet", "--config-file", str(plain)]
        timed = (lambda: cold_run(ours, here)) if cold else (lambda: run_once(ours))
        t_ours, t_plain = best_of(runs, timed, lambda: run_once(theirs))
    name = "site build / plain build" + (" (empty build cache)" if cold else "")
    holds = report(name, ("mkdocs build --strict", t_ours), ("plain mkdocs-material build", t_plain), TARGET)
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
