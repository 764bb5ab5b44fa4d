"""What Zensical publishes of the rulebook, against MkDocs: pages, text, safety, search.

Zensical (the successor the Material for MkDocs team announced) reads `mkdocs.yml`, so it can
build the generated pages as MkDocs does. It is pre-1.0, so this is a report, not a test:

1. a virtual environment of its own (`build/zensical-venv`) gets the newest Zensical on the
   index that installs here, and mkdocstrings' Python handler for the Engine API: each newer
   version passed over is printed with pip's reason (a release may pin a `zensical-ui` the
   index does not serve), then the version installed;
2. the pages are generated once (`battlebook site pages build/pages`), then built by MkDocs
   into `build/site-mkdocs` and by Zensical into `build/site-zensical`; each build is
   finished by `battlebook site finish` (the policy, the rule links, the check);
3. it prints the Zensical version, each build's time and check, the pages only one build
   has, each page whose text differs (`tests/site_text.py`), and whether each build has a
   search index the pass after the build can rank.

Run `.venv/bin/python benchmarks/zensical_parity.py [--pages PREFIX ...]` after `make examples`;
CI runs it (`.ci/run`). It fails when no Zensical installs or its build fails.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.site_text import differences, site_pages  # noqa: E402

BIN = Path(sys.executable).parent
VENV = ROOT / "build" / "zensical-venv"


def run(command: list[str], env: dict[str, str] | None = None) -> tuple[int, str, float]:
    """Run `command` in the project; its status, output and clock time."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env, check=False)
    return done.returncode, done.stdout + done.stderr, time.perf_counter() - start


def index_versions() -> list[str]:
    """Zensical's versions on the package index pip reads, newest first (`pip index versions`)."""
    status, output, _ = run([sys.executable, "-m", "pip", "index", "versions", "zensical"])
    found = re.search(r"^Available versions: (.+)$", output, re.M)
    if status != 0 or not found:
        sys.exit(f"the package index lists no Zensical:\n{output[-2000:]}")
    return [version.strip() for version in found[1].split(",")]


def reason(output: str) -> str:
    """The reason pip gives for a version that does not install: its first error line."""
    errors = [line.strip() for line in output.splitlines() if line.startswith("ERROR")]
    return (errors[0] if errors else output.strip().splitlines()[-1] if output.strip() else "no output")[:300]


def zensical() -> tuple[Path, str]:
    """The Zensical command of the benchmark's own environment, and its version.

    The newest version on the index is installed; one that does not install (a release may pin
    a `zensical-ui` the index does not serve) is passed over for the next, and each passed over
    is printed with pip's reason, then the version installed: no fallback goes unsaid.
    """
    python = VENV / "bin" / "python"
    if not python.is_file():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    versions = index_versions()
    print(f"Zensical on the index: newest {versions[0]} ({len(versions)} versions)")
    for version in versions:
        install = [str(python), "-m", "pip", "install", "--quiet", f"zensical=={version}", "mkdocstrings-python"]
        status, output, _ = run(install)
        if status == 0:
            break
        print(f"Zensical {version} does not install here: {reason(output)}")
    else:
        sys.exit("no version of Zensical installs here")
    _, shown, _ = run([str(VENV / "bin" / "zensical"), "--version"])
    newest = "the newest on the index" if version == versions[0] else f"not the newest ({versions[0]}): see above"
    print(f"Zensical installed: {version} ({newest}); it says: {shown.strip()}")
    return VENV / "bin" / "zensical", version


def build(name: str, command: list[str], site: Path, env: dict[str, str]) -> str:
    """Build with one builder and finish the site; a line saying how it went."""
    status, output, took = run(command, env)
    if status != 0 or not (site / "index.html").is_file():
        return f"{name}: the build failed ({status}) in {took:.1f} s:\n{output[-2500:]}"
    warnings = len(re.findall(r"^WARNING", output, re.M))
    done, checked, _ = run([str(BIN / "battlebook"), "site", "finish", str(site)], env)
    problems = [line for line in checked.splitlines() if ".html:" in line]
    search = (site / "search" / "battlebook.json").is_file()
    found = f"{len(problems)} unsafe markup found" if done else "every page safe"
    return (
        f"{name}: built in {took:.1f} s, {warnings} warnings, {len(list(site.rglob('*.html')))} HTML files; "
        f"check: {found}; Battlebook's search index: {'yes' if search else 'no'}"
        + "".join(f"\n    {line}" for line in problems[:15])
    )


def main(argv: list[str]) -> int:
    """Build with MkDocs and Zensical and print what differs."""
    prefixes = argv[argv.index("--pages") + 1 :] if "--pages" in argv else [""]
    command, _ = zensical()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    status, output, took = run([str(BIN / "battlebook"), "site", "pages", "build/pages"], env)
    print(f"pages generated in {took:.1f} s" + ("" if status == 0 else f": FAILED\n{output[-2000:]}"))
    # The project's configuration, writing elsewhere; beside mkdocs.yml, since Zensical reads the
    # configuration's paths from its folder (and stops on a configuration elsewhere with absolute ones).
    config = ROOT / "zensical-parity.yml"
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config.write_text(text + "\nsite_dir: build/site-zensical\n", encoding="utf-8")
    mkdocs_site, zensical_site = ROOT / "build" / "site-mkdocs", ROOT / "build" / "site-zensical"
    print(build("MkDocs", [str(BIN / "mkdocs"), "build", "--site-dir", str(mkdocs_site)], mkdocs_site, env))
    try:
        print(build("Zensical", [str(command), "build", "--clean", "--config-file", str(config)], zensical_site, env))
    finally:
        config.unlink()
    if not (zensical_site / "index.html").is_file():
        return 1
    a, b = site_pages(mkdocs_site, prefixes), site_pages(zensical_site, prefixes)
    found = differences(a, b)
    print(f"pages: MkDocs {len(a)}, Zensical {len(b)}; differing or missing: {len(found)}")
    for line in found:
        print(f"  {line[:400]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
