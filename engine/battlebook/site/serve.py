"""`battlebook site serve`: the rulebook served while you write it, rebuilt and reloaded on every change.

`make docs` runs it. It generates the pages, builds them with the builder (MkDocs, or
ProperDocs with `--builder properdocs`), runs the pass after the build
([`battlebook.site.finish`][battlebook.site.finish]) and serves the result on
`http://127.0.0.1:PORT/`, with the site's address set to that, so the theme's instant
navigation works as on the published site. A watcher ([watchfiles](https://watchfiles.helpmanual.io))
follows the feature files, the recorded results, `docs/`, the theme overrides, `mkdocs.yml`
and the package's code: on a change it generates, builds and finishes again, and every open
page reloads. No builder hook and no builder's own server is involved: the pages served are
the pages `make site` publishes, Content-Security-Policy included, so the reload script is a
file of its own (the policy allows no inline script).

A build that fails (a malformed feature file, say) is reported in the terminal and the last
good build stays served. The Engine API's module pages are left out unless asked for
(`--api`, `make docs API=1`): rendering them is most of a build's work, and a rebuild is
what a contributor waits for after saving a feature file.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from email.message import Message
from pathlib import Path
from typing import Any

from battlebook.book.results import default_path
from battlebook.site.finish import SiteData, finish

#: Where the live-reload script and the build counter are served.
RELOAD_SCRIPT = "/.battlebook/livereload.js"
RELOAD_EPOCH = "/.battlebook/epoch"
#: The live-reload script: it asks for the build counter every second and reloads the page
#: when it changed. Served as a file (the site's policy allows no inline script).
RELOAD_JS = """(function () {
  if (window.__battlebookReload) return;
  window.__battlebookReload = true;
  var seen = null;
  setInterval(function () {
    fetch("EPOCH", { cache: "no-store" }).then(function (r) { return r.text(); }).then(function (epoch) {
      if (seen === null) seen = epoch;
      else if (epoch !== seen) location.reload();
    }).catch(function () {});
  }, 1000);
})();
""".replace('"EPOCH"', json.dumps(RELOAD_EPOCH))


#: Files sent as they are: their format is compressed already (the engine's archive, the
#: in-page standard library, the sitemap, images, fonts, the API inventory). Every other file
#: (pages, scripts, styles, source maps, data, the interpreter's `.wasm`, feature files) is sent
#: gzipped to a browser that accepts it, as most static hosts send them.
PACKED_SUFFIXES = frozenset({".gz", ".zip", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".inv"})

#: How the browser may keep a file of the build: stored, but asked about before every use (a
#: rebuild may change any file), as static hosts that revalidate send it. The file's validators
#: (`ETag`, `Last-Modified`) make the question cheap: an unchanged file is answered "304 Not
#: Modified" with no body, and a reader's second visit takes the rest from the browser's cache
#: (where the browser also keeps the interpreter's compiled WebAssembly).
REVALIDATE = "no-cache"


def validators(info: os.stat_result, variant: str = "") -> tuple[str, str]:
    """The entity tag and the `Last-Modified` date of a file, from its modification time and size (`info`).

    `variant` names another representation of the same file (`"gzip"`: its compressed bytes),
    which gets a tag of its own, as a static host tags each encoding.

    Examples:
        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     file = Path(folder) / "a.js"
        ...     _ = file.write_text("one")
        ...     os.utime(file, ns=(0, 1_700_000_000_000_000_000))
        ...     validators(file.stat()), validators(file.stat(), "gzip")[0]
        (('"17979cfe362a0000-3"', 'Tue, 14 Nov 2023 22:13:20 GMT'), '"17979cfe362a0000-3-gzip"')
    """
    tag = f"{info.st_mtime_ns:x}-{info.st_size:x}" + (f"-{variant}" if variant else "")
    return f'"{tag}"', email.utils.formatdate(info.st_mtime, usegmt=True)


def unchanged(headers: Message, tag: str, modified: str) -> bool:
    """Whether a request's conditions say the browser holds this version already (answer 304, no body).

    `If-None-Match` decides when it is sent (any of its tags, weak or strong, equal to `tag`);
    else `If-Modified-Since`, against `modified` (the `Last-Modified` date sent): RFC 9110, 13.2.2.

    Examples:
        >>> asked = Message()
        >>> asked["If-None-Match"] = 'W/"a-1", "b-2"'
        >>> unchanged(asked, '"b-2"', ""), unchanged(asked, '"c-3"', "")
        (True, False)
        >>> dated = Message()
        >>> dated["If-Modified-Since"] = "Tue, 14 Nov 2023 22:13:20 GMT"
        >>> unchanged(dated, '"x"', "Tue, 14 Nov 2023 22:13:20 GMT")
        True
        >>> unchanged(dated, '"x"', "Wed, 15 Nov 2023 08:00:00 GMT")
        False
    """
    asked = headers.get("If-None-Match")
    if asked is not None:
        tags = {part.strip().removeprefix("W/") for part in asked.split(",")}
        return "*" in tags or tag in tags
    since = headers.get("If-Modified-Since")
    if not since or not modified:
        return False
    try:
        return email.utils.parsedate_to_datetime(modified) <= email.utils.parsedate_to_datetime(since)
    except (TypeError, ValueError):  # a malformed date is ignored, as RFC 9110 says
        return False


@dataclass
class Served:
    """The folder being served and the count of builds, shared by the server's threads and the watcher."""

    folder: Path
    epoch: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: Each compressed file by its path, with the size and modification time it was compressed at.
    gzipped: dict[Path, tuple[int, int, bytes]] = field(default_factory=dict)

    def compressed(self, path: Path) -> bytes:
        """The file at `path`, gzipped once per version of it (a build replaces the files it changes)."""
        info = path.stat()
        with self.lock:
            kept = self.gzipped.get(path)
        if kept is not None and kept[:2] == (info.st_size, info.st_mtime_ns):
            return kept[2]
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        with self.lock:
            self.gzipped[path] = (info.st_size, info.st_mtime_ns, body)
        return body

    def swap(self, built: Path) -> None:
        """Serve the finished build `built` from now on; open pages reload."""
        with self.lock:
            old = self.folder.with_name(self.folder.name + ".old")
            shutil.rmtree(old, ignore_errors=True)
            if self.folder.exists():
                self.folder.rename(old)
            built.rename(self.folder)
            self.epoch += 1
            shutil.rmtree(old, ignore_errors=True)


class ReloadingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the current build, with the live-reload script added to every HTML page."""

    served: Served
    #: Whether the request is a HEAD: the headers a GET of the same address gets, and no body.
    head_only: bool = False

    def __init__(self, *args: Any, served: Served, **kwargs: Any) -> None:
        self.served = served
        super().__init__(*args, directory=str(served.folder), **kwargs)

    def do_HEAD(self) -> None:
        """The headers a GET of the same address would get (its validators, its encoding), with no body."""
        self.head_only = True
        self.do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        """No access log: the terminal shows the builds."""

    def do_GET(self) -> None:
        """A page (with the reload script), the reload script, the build counter, or any other file."""
        path = self.path.split("?", 1)[0]
        if path == RELOAD_EPOCH:
            return self._send(str(self.served.epoch).encode(), "text/plain")
        if path == RELOAD_SCRIPT:
            return self._send(RELOAD_JS.encode(), "text/javascript")
        target = Path(self.translate_path(path))
        if target.is_dir():
            target = target / "index.html"
        if target.suffix == ".html" and target.is_file():
            info = target.stat()  # before the bytes: a build swapped in meanwhile is sent again, never kept stale
            page = target.read_text(encoding="utf-8", errors="replace")
            tag = f'<script src="{RELOAD_SCRIPT}"></script>'
            page = page.replace("</body>", tag + "</body>", 1) if "</body>" in page else page + tag
            return self._send(page.encode("utf-8"), "text/html; charset=utf-8", source=info)
        if not target.exists() and (self.served.folder / "404.html").is_file():
            missing = (self.served.folder / "404.html").read_bytes()
            return self._send(missing, "text/html; charset=utf-8", 404)
        if target.is_file():
            kind, info = self.guess_type(str(target)), target.stat()
            if target.suffix in PACKED_SUFFIXES:
                return self._send(target.read_bytes(), kind, source=info, compress=False)
            if self._accepts_gzip():
                return self._send(self.served.compressed(target), kind, encoded=True, source=info)
            return self._send(target.read_bytes(), kind, source=info)
        return super().do_HEAD() if self.head_only else super().do_GET()

    def _accepts_gzip(self) -> bool:
        """Whether the browser said it takes gzip (`Accept-Encoding`)."""
        accepted = (self.headers.get("Accept-Encoding") or "").lower()
        return any(part.split(";", 1)[0].strip() == "gzip" for part in accepted.split(","))

    def _send(
        self,
        body: bytes,
        kind: str,
        status: int = 200,
        encoded: bool = False,
        source: os.stat_result | None = None,
        compress: bool = True,
    ) -> None:
        """Send `body`; if made from a file of the build (`source`: its status), with its validators, or a 304.

        A body is gzipped for a browser that takes it unless it is `encoded` already or must not
        be (`compress`: a format compressed already). What is not a file of the build (the build
        counter, the reload script, the missing page) is never stored.
        """
        negotiated = encoded or compress  # whether the bytes sent depend on Accept-Encoding
        if compress and not encoded and len(body) > 1024 and self._accepts_gzip():
            body, encoded = gzip.compress(body, compresslevel=6, mtime=0), True
        kept = validators(source, "gzip" if encoded else "") if source is not None and status == 200 else None
        if kept is not None and unchanged(self.headers, *kept):
            status, body = 304, b""
        self.send_response(status)
        if status != 304:
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            if encoded:
                self.send_header("Content-Encoding", "gzip")
        if encoded or (negotiated and kept is not None):
            self.send_header("Vary", "Accept-Encoding")
        if kept is not None:
            self.send_header("ETag", kept[0])
            self.send_header("Last-Modified", kept[1])
            self.send_header("Cache-Control", REVALIDATE)
        else:
            self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if not self.head_only:
            self.wfile.write(body)


@dataclass(frozen=True)
class Project:
    """What a served build is made from and with."""

    root: Path
    builder: Sequence[str]
    url: str
    runtime: Path
    #: Whether the Engine API's module pages are built (they take most of a build).
    api: bool = False
    #: Whether the server rebuilds on the results alone, leaving `features/` unwatched: set by
    #: `make docs`'s loop ([`battlebook.cli.live`][battlebook.cli.live], `--results-only`), which
    #: watches `features/`, runs a saved file's examples and writes the results (watched here
    #: too, each save would be built twice, the first time before its examples ran).
    results_only: bool = False

    @property
    def pages(self) -> Path:
        """Where the generated pages are written (the `docs_dir` of `mkdocs.yml` is under it)."""
        return self.root / "build" / "pages"

    def watched(self) -> list[Path]:
        """What a change to rebuilds for: the book, the results, the hand-written pages, the theme, the code."""
        paths = [
            *([] if self.results_only else [self.root / "features"]),
            default_path(self.root).parent,
            self.root / "docs",
            self.root / "overrides",
            self.root / "mkdocs.yml",
            self.root / "engine" / "battlebook",
        ]
        return [path for path in paths if path.exists()]


def build_once(project: Project, into: Path, say: Callable[[str], None]) -> bool:
    """Generate, build and finish the site into `into`; whether it built (what went wrong is said).

    The generator runs in a process of its own, so a change to the package's code is read.
    """
    env = {**os.environ, "BATTLEBOOK_SITE_URL": project.url, "NO_MKDOCS_2_WARNING": "1"}
    generate = [sys.executable, "-m", "battlebook", "site", "pages", str(project.pages), "--root", str(project.root)]
    done = subprocess.run(
        [*generate, *([] if project.api else ["--no-api"])], cwd=project.root, env=env, capture_output=True, text=True
    )
    problems = [line for line in done.stderr.splitlines() if line.strip()]
    if problems:
        say("\n".join(problems[-40:]))
    if done.returncode != 0:
        return False
    command = [*project.builder, "build", "--quiet", "--config-file", "mkdocs.yml", "--site-dir", str(into)]
    done = subprocess.run(command, cwd=project.root, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        say(f"the build failed:\n{(done.stdout + done.stderr)[-3000:]}")
        return False
    problems = finish(into, SiteData.read(project.pages / "site.json"), project.runtime)
    if problems:
        say("the built site is not safe to publish:\n" + "\n".join(problems[:20]))
    return True


def changes_matter(changes: Iterable[tuple[Any, str]], project: Project) -> bool:
    """Whether a set of watched changes calls for a rebuild: not for bytecode, editors' files or the tests' builds."""
    results = default_path(project.root)
    for _, name in changes:
        path = Path(name)
        if "__pycache__" in path.parts or path.name.startswith((".#", "#")) or path.suffix in (".swp", ".pyc"):
            continue
        if path != results and results.parent in path.parents:
            continue  # the results' folder holds the tests' own builds too
        return True
    return False


def serve(
    root: Path,
    port: int,
    builder: Sequence[str],
    api: bool = False,
    say: Callable[[str], None] | None = None,
    results_only: bool = False,
) -> int:
    """Serve the rulebook of `root` on port `port` of 127.0.0.1 until interrupted (see the module's description).

    With `api`, the Engine API's module pages are built too (each rebuild then takes several times longer).
    With `results_only`, a change under `features/` rebuilds nothing until the results change (see `Project`).
    """
    import watchfiles  # imported here: only serving watches files

    say = say or functools.partial(print, flush=True)
    runtime = root / "build" / "inpage" / "runtime"
    project = Project(root, builder, f"http://127.0.0.1:{port}/", runtime, api, results_only)
    work = root / "build" / "serve"
    work.mkdir(parents=True, exist_ok=True)
    served = Served(work / "site")
    first = work / "next"
    shutil.rmtree(first, ignore_errors=True)
    if not build_once(project, first, say):
        return 1
    served.swap(first)
    handler = functools.partial(ReloadingHandler, served=served)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    say(f"serving the rulebook at {project.url} (Ctrl+C stops)")
    try:
        for changes in watchfiles.watch(*project.watched(), debounce=300, step=100):
            if not changes_matter(changes, project):
                continue
            say(f"changed: {', '.join(sorted({Path(name).name for _, name in changes}))[:200]}: rebuilding")
            following = work / "next"
            shutil.rmtree(following, ignore_errors=True)
            if build_once(project, following, say):
                served.swap(following)
                say(f"rebuilt: open pages reload ({json.dumps(project.url)})")
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
    return 0


def builder_command(name: str) -> list[str]:
    """The command of a builder installed beside this Python: `mkdocs` or `properdocs`."""
    return [str(Path(sys.executable).parent / name)]
