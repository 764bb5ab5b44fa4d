"""A rulebook site built from the hostile corpus, by each supported builder, and the injection attempts judged on it.

[`build_hostile_site`][tests.hostile.site.build_hostile_site] makes a project folder whose
`features/` holds only the hostile corpus, runs its examples (recording results, so the
notes under passing examples and the failure box of a failing one are published too),
generates its pages (`battlebook site pages`), builds them with a builder (MkDocs or
ProperDocs, see `BUILDERS`) and finishes the site (`battlebook site finish`: the policy, the
rule links, the check), all without `--strict` (the hostile files are meant to fail). Every
payload of the corpus is then one attempt: it is handled well when no page holds its
script, an event attribute running it, or a link to it.

With `features="rulebook"` the same folder is made from the rulebook's own chapters instead:
the test comparing what two builders publish reads those builds.

[`shared_hostile_site`][tests.hostile.site.shared_hostile_site] builds each once for every test
that reads it: `make test` reads the same build in its pytest run (the HTML) and in its
browser run (Chromium), instead of building it twice. A build is kept in
`.battlebook/hostile-site/` under the digest of everything it is made from, and built anew
whenever any of that changes.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import html
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path

from battlebook.book.results import default_path
from tests.hostile.attempts import Attempt, Verdict
from tests.hostile.corpus import hostile_features, write_hostile_features
from tests.hostile.scan import dangerous_pages

#: The project whose engine, hooks and step library build the site: this checkout.
ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
#: Every payload's case name in the corpus, as `js(case)` writes it.
_CASE = re.compile(r"window\.bbPwned\+'(?P<case>[A-Za-z0-9-]+) '")


def payload_cases() -> list[str]:
    """Every payload case of the corpus, in order."""
    text = "".join(hostile_features().values()) + "".join(hostile_features())
    return list(dict.fromkeys(match["case"] for match in _CASE.finditer(text)))


#: The builders every site test runs against.
BUILDERS = ("mkdocs", "properdocs")


def _run(command: list[str], folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, env=env, timeout=600, check=False)


def build_hostile_site(folder: Path, features: str = "hostile") -> dict[str, tuple[Path, str]]:
    """Build the hostile rulebook (or the rulebook's own, `features="rulebook"`) in `folder` with every builder.

    The examples run and the pages are generated once; each builder then builds them into
    `folder/site-<builder>`, and the pass after the build finishes each site. Returns each
    builder's site and the output of every step that made it. The pass after the build runs
    its check too: what it finds is in the output (`battlebook site finish: ...`).
    """
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(ROOT / name, folder / name)
    shutil.copytree(ROOT / "docs", folder / "docs")
    for name in ("engine", "tests", "overrides", "package.json"):
        if (ROOT / name).exists():
            (folder / name).symlink_to(ROOT / name)
    if features == "rulebook":
        shutil.copytree(ROOT / "features", folder / "features")
    else:
        write_hostile_features(folder / "features")
        for data in (ROOT / "features").rglob("*"):
            # The rulebook's data files (a glossary, say) come along; its chapters do not.
            if data.is_file() and data.suffix != ".feature":
                target = folder / "features" / data.relative_to(ROOT / "features")
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(data, target)
    results = folder / ".battlebook" / "results.json"
    # The published addresses are left out whatever the caller's environment holds (mkdocs.yml
    # reads them from it at publish time): these sites are built without any.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("BATTLEBOOK_SITE_URL", None)
    env.pop("BATTLEBOOK_REPO_URL", None)
    pytest = [str(BIN / "pytest"), "-q", "-p", "no:cacheprovider", "--rootdir", str(folder)]
    run = ["--battlebook-features", str(folder / "features"), "--battlebook-results", str(results)]
    run.append("--battlebook-messages=")  # a run of these files writes no Cucumber Messages
    examples = [[*pytest, "-c", str(folder / "pyproject.toml"), str(folder / "tests" / "test_features.py"), *run]]
    recorded = default_path(ROOT)
    if features == "rulebook" and recorded.is_file():
        # The same chapters, so the rulebook's own recorded results hold for them (they name files by path and digest).
        (folder / ".battlebook").mkdir(exist_ok=True)
        shutil.copy(recorded, folder / ".battlebook" / "results.json")
        examples = []
    shared = ""
    for command in examples:
        done = _run(command, folder, env)
        shared += done.stdout + done.stderr
    # No module pages: the engine's API reference shows its own docstrings, no text of a feature
    # file, and rendering it would take most of the build.
    generate = [str(BIN / "battlebook"), "site", "pages", "build/pages", "--root", str(folder), "--no-api"]
    done = _run(generate, folder, env)
    shared += done.stdout + done.stderr
    if done.returncode != 0:
        raise RuntimeError(f"the hostile site's pages were not generated:\n{shared[-3000:]}")

    def build(builder: str) -> tuple[Path, str]:
        site = folder / f"site-{builder}"
        done = _run([str(BIN / builder), "build", "--config-file", "mkdocs.yml", "--site-dir", str(site)], folder, env)
        output = shared + done.stdout + done.stderr
        if done.returncode != 0:
            raise RuntimeError(f"the hostile site did not build with {builder}:\n{output[-3000:]}")
        done = _run([str(BIN / "battlebook"), "site", "finish", str(site), "--pages", "build/pages"], folder, env)
        return site, output + done.stdout + done.stderr

    # The builders read the same pages and write each to its own folder: they build at once, on two cores.
    with ThreadPoolExecutor(max_workers=len(BUILDERS)) as pool:
        return dict(zip(BUILDERS, pool.map(build, BUILDERS), strict=True))


def folder_fingerprint(folder: Path) -> str:
    """A digest of the names and contents of the files under `folder` (compiled bytecode left out)."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if "__pycache__" not in path.parts and path.is_file():
            digest.update(path.relative_to(folder).as_posix().encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def tool_versions(*distributions: str) -> list[str]:
    """The installed versions of `distributions` ("-" for one not installed)."""
    versions = []
    for name in distributions:
        try:
            versions.append(metadata.version(name))
        except metadata.PackageNotFoundError:
            versions.append("-")
    return versions


def cache_key(*parts: object) -> str:
    """One digest of JSON-serialisable `parts`."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


#: What the hostile site is built from, under the project's root: the package's code (not the
#: metadata setuptools rewrites beside it whenever a wheel is built, as the suite does), its
#: pages and theme, the tests that run its examples and the corpus itself (under `tests/`),
#: and the rulebook's data files (`features/`, chapters included: a few bytes more to read,
#: no rule to get wrong); and the configuration files.
BUILD_FOLDERS = ("engine/battlebook", "docs", "overrides", "tests", "features")
BUILD_FILES = ("mkdocs.yml", "pyproject.toml", "package.json")
#: The installed tools whose versions shape the build: the site's, and the examples' run.
TOOLS = (
    "mkdocs",
    "properdocs",
    "mkdocs-material",
    "mkdocstrings",
    "mkdocstrings-python",
    "mkdocs-autorefs",
    "griffe",
    "markdown",
    "pymdown-extensions",
    "pygments",
    "jinja2",
    "markupsafe",
    "pytest",
    "pytest-bdd",
    "gherkin-official",
)
#: Where the shared build is kept: the build for the current inputs, and older ones until no test reads them.
SHARED = Path(__file__).resolve().parents[2] / ".battlebook" / "hostile-site"


def build_inputs_digest(root: Path = ROOT, *kind: str) -> str:
    """A digest of every file the hostile site is built from, and of the versions of the tools that build it.

    Any change to the engine, the pages, the theme, the tests (the corpus is there), the
    rulebook's data, the configuration, or to one of the `TOOLS` gives another digest;
    compiled bytecode and the package's metadata do not.
    """
    return cache_key(
        str(root),
        list(kind),
        [folder_fingerprint(root / name) if (root / name).exists() else "-" for name in BUILD_FOLDERS],
        [
            hashlib.sha256((root / name).read_bytes()).hexdigest() if (root / name).is_file() else "-"
            for name in BUILD_FILES
        ],
        tool_versions(*TOOLS),
    )


@contextlib.contextmanager
def _locked(path: Path, mode: int = fcntl.LOCK_EX) -> Iterator[bool]:
    """Hold a lock on the file `path` (pytest-xdist workers, and the two pytest runs of `make test`, share builds).

    With `fcntl.LOCK_NB` in `mode`, yields False instead of waiting when the lock is taken.
    """
    with path.open("a") as lock:
        try:
            fcntl.flock(lock, mode)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextlib.contextmanager
def shared_hostile_site(
    folder: Path = SHARED, builder: str = "mkdocs", features: str = "hostile"
) -> Iterator[tuple[Path, str]]:
    """The hostile site built by `builder` for the current inputs, and its build's output, while a block reads it.

    Built once (by every builder at once, see `build_hostile_site`), then read by every test.
    The build sits in `folder/<kind>/<digest>/`, made whole in a temporary folder beside it
    and then renamed, so a half-made build (an interrupted run) is never read. While a test
    reads a build, it holds that build's shared lock: an older build is removed only once no
    test holds its lock. Readers must not change it.
    """
    results = default_path(ROOT)
    recorded = hashlib.sha256(results.read_bytes()).hexdigest() if features == "rulebook" and results.is_file() else ""
    key = build_inputs_digest(ROOT, features, recorded)
    folder = folder / features  # each kind of build is kept (and replaced) on its own
    done = folder / key
    folder.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as reading:
        with _locked(folder / ".lock"):
            if not (done / "done").is_file():
                work = folder / f"building-{os.getpid()}"
                shutil.rmtree(work, ignore_errors=True)
                work.mkdir()
                for name, (_, output) in build_hostile_site(work, features).items():
                    (work / f"output-{name}.txt").write_text(output, encoding="utf-8")
                (work / "done").write_text("", encoding="utf-8")
                work.rename(done)
            reading.enter_context(_locked(folder / f"{key}.reading", fcntl.LOCK_SH))
            for old in folder.iterdir():
                if old.is_dir() and old != done:  # builds for other inputs, and interrupted ones
                    with _locked(folder / f"{old.name}.reading", fcntl.LOCK_EX | fcntl.LOCK_NB) as unread:
                        if unread:
                            shutil.rmtree(old, ignore_errors=True)
                            (folder / f"{old.name}.reading").unlink(missing_ok=True)
        yield done / f"site-{builder}", (done / f"output-{builder}.txt").read_text(encoding="utf-8")


def site_verdicts(site: Path, output: str) -> list[Verdict]:
    """One verdict per payload case: an injection if any page carries that payload in a live form."""
    found = dangerous_pages(site)
    text = "\n".join(f"{page}: {item}" for page, items in found.items() for item in items)
    pages = {
        p.relative_to(site).as_posix(): p.read_text(encoding="utf-8", errors="replace") for p in site.rglob("*.html")
    }
    published = "\n".join(pages.values())
    verdicts = []
    for case in payload_cases():
        attempt = Attempt(f"payload {case}", case.split("-")[0], ("site", "build"), 0)
        live = [line for line in text.splitlines() if re.search(rf"'{re.escape(case)} '", line)]
        if "Traceback (most recent call last)" in output:
            verdicts.append(Verdict(attempt, "traceback", output[-300:]))
        elif live:
            verdicts.append(Verdict(attempt, "injection", "; ".join(live)[:300]))
        elif case not in published and not (case.startswith("S3-") and "hover me" in published):
            # A name is shown as text; a description's markup is dropped, but its text is shown.
            verdicts.append(Verdict(attempt, "wrong", "the payload is on no page: the attempt proves nothing"))
        else:
            verdicts.append(Verdict(attempt, "handled well", ""))
    names = pages.get("rulebook/hostile/names/index.html", "")
    directive = Attempt("::: math in a description", "S9", ("site", "build"), 0)
    if "doc-object" in names or "::: math" not in names.replace("&#58;", ":"):
        verdicts.append(Verdict(directive, "injection", "the description's ::: line was acted on"))
    else:
        verdicts.append(Verdict(directive, "handled well", ""))
    for target in ("Homm.Melee-Attack", "../../x", "javascript:alert(1"):
        link = Attempt(f"link to rule:{target}", "W10", ("site", "build"), 0)
        refused = f"a link names the rule {target!r}" in output
        verdicts.append(Verdict(link, "handled well" if refused else "wrong", "" if refused else "not reported"))
    other = [f"{page}: {item}" for page, items in found.items() for item in items if not _CASE.search(item)]
    rest = Attempt("no other live markup on any page", "S3", ("site", "build"), 0)
    verdicts.append(Verdict(rest, "injection" if other else "handled well", "; ".join(other)[:300]))
    checked = Attempt("the pass after the build finds nothing live", "S3", ("site", "finish"), 0)
    unsafe = [line for line in output.splitlines() if line.startswith("battlebook site finish: ") and ".html" in line]
    verdicts.append(Verdict(checked, "injection" if unsafe else "handled well", "; ".join(unsafe)[:300]))
    return verdicts + third_pass_verdicts(site, pages)


def _text(page_html: str) -> str:
    """A page's text: tags dropped, character references read."""
    return html.unescape(re.sub(r"<[^>]*>", "", page_html))


def _verdict(case: str, kind: str, problems: list[str]) -> Verdict:
    attempt = Attempt(case, kind, ("mkdocs", "build"), 0)
    outcome = ("injection" if kind == "27-injection" else "wrong") if problems else "handled well"
    return Verdict(attempt, outcome, "; ".join(problems)[:300])


def _resolves(site: Path, here: str, href: str) -> bool:
    """Whether a relative link on the page `here` leads to a page of `site` (and to an id on it)."""
    target, _, anchor = href.partition("#")
    path = posixpath.normpath(posixpath.join(posixpath.dirname(here), target)) if target else here
    file = site / path / "index.html" if not path.endswith(".html") else site / path
    if not file.is_file():
        return False
    return not anchor or f'id="{anchor}"' in file.read_text(encoding="utf-8")


def twice_used_ids(page_html: str) -> list[str]:
    """The ids a page gives to more than one element."""
    found = re.findall(r"<[a-zA-Z][^>]*?\sid=\"([^\"]*)\"", page_html)
    return sorted({anchor for anchor in found if found.count(anchor) > 1})


def third_pass_verdicts(site: Path, pages: dict[str, str]) -> list[Verdict]:
    """The site's attempts of issue 27: directives in containers, bidi in the navigation, blocks left open,
    table cells and non-ASCII chapters in Try it, rule links in code, links from the units index, ids."""
    from battlebook.book.model import FeatureFileError, load_feature

    verdicts = []
    directives = pages.get("rulebook/hostile/directives/index.html", "")
    verdicts.append(
        _verdict(
            "::: in a blockquote, a list and an admonition",
            "27-injection",
            ["a directive acted"] * ("doc-object" in directives or 'id="math' in directives)
            + ["the page is missing"] * (not directives)
            + ["the directives' text is not shown"] * (_text(directives).count("::: math") < 4),
        )
    )
    raw = [page for page, body in pages.items() if re.search("[\u202a-\u202e\u2066-\u2069\x1b]", body)]
    verdicts.append(_verdict("bidi overrides in the navigation", "27-injection", [f"raw in {p}" for p in raw[:5]]))
    bidi = pages.get("rulebook/hostile/bidi/index.html", "")
    verdicts.append(
        _verdict("a bidi name shown escaped", "27-wrong", [] if "\\u202eeno" in _text(bidi) else ["not shown escaped"])
    )
    unclosed = pages.get("rulebook/hostile/unclosed/index.html", "")
    missing = [
        anchor
        for anchor in (
            "the-first-example-after-them",
            "the-second-example-after-them",
            "a-captain-with-a-bar-in-his-name",
        )
        if f'id="{anchor}"' not in unclosed
    ]
    if 'class="bb-file"' not in unclosed or _text(unclosed).count("Then the attack kills the top card") < 3:
        missing.append("the examples' Gherkin or the file line")
    verdicts.append(_verdict("unclosed fence, div, comment and pre in descriptions", "27-wrong", missing))
    cell: list[str] = [] if "Cap\\|tain" in _text(unclosed) else ["the page does not show Cap\\|tain"]
    tried = site / "try" / "examples" / "rulebook" / "hostile" / "unclosed.json"
    text = (
        json.loads(tried.read_text(encoding="utf-8")).get("a-captain-with-a-bar-in-his-name", "")
        if tried.is_file()
        else ""
    )
    if text:
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "t.feature").write_text(text, encoding="utf-8")
            try:
                read = load_feature(Path(tmp) / "t.feature", Path(tmp), strict=False)
            except FeatureFileError as error:
                cell.append(f"Try it's text does not read back: {error}")
            else:
                table = next(e for _, e in read.examples()).steps[0].table
                if table is None or table[1][0] != "Cap|tain":
                    cell.append(f"Try it reads the table as {table}")
    else:
        cell.append("no Try it text")
    verdicts.append(_verdict("a table cell holding \\|", "27-wrong", cell))
    cafe = [page for page in pages if page.startswith("rulebook/hostile/caf")]
    chapter: list[str] = [] if cafe else ["no page for café.feature"]
    for page in cafe:
        address = page.removesuffix("/index.html")
        texts = site / "try" / "examples" / f"{address}.json"
        if not texts.is_file() or "nothing-happens-with-a-unit" not in texts.read_text(encoding="utf-8"):
            chapter.append(f"no Try it texts at {texts.relative_to(site)}")
    verdicts.append(_verdict("a chapter named café: page and Try it", "27-wrong", chapter))
    units = pages.get("reference/units/index.html", "")
    hrefs = [h for h in re.findall(r'href="([^"]+)"', units) if "rulebook/" in h and not h.startswith(("http", "/"))]
    broken = [h for h in hrefs if not _resolves(site, "reference/units/index.html", html.unescape(h))]
    if not any("caf" in h for h in hrefs):
        broken.append("no link to the café chapter")
    verdicts.append(_verdict("the units index links every chapter by its page", "27-wrong", broken[:5]))
    links = pages.get("rulebook/hostile/links/index.html", "")
    shown = _text(links)
    rewritten = [
        t
        for t in ("[a](rule:hostile.links)", "[b](rule:hostile.links)", "Named [d](rule:hostile.links)")
        if t not in shown
    ]
    if not re.search(r'href="#hostile\.links"[^>]*>c</a>', links):
        rewritten.append("[c](RULE:...) not linked to the rule")
    verdicts.append(_verdict("rule links in code and names; RULE: in capitals", "27-wrong", rewritten))
    twice = [f"{page}: {anchor}" for page, body in pages.items() for anchor in twice_used_ids(body)]
    verdicts.append(_verdict("no page holds an id twice", "27-wrong", twice[:5]))
    return verdicts


def site_attempts() -> list[Verdict]:
    """Build the hostile site with each builder in a temporary folder and judge every payload on it."""
    import tempfile

    verdicts = []
    with tempfile.TemporaryDirectory(prefix="battlebook-hostile-site-") as tmp:
        for site, output in build_hostile_site(Path(tmp)).values():
            verdicts += site_verdicts(site, output)
    return verdicts
