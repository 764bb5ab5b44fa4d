"""`make docs` (`battlebook site serve`): served pages reload after a rebuild; only a change that matters rebuilds."""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.error
import urllib.request
from pathlib import Path

from battlebook.site.serve import (
    RELOAD_EPOCH,
    RELOAD_SCRIPT,
    Project,
    ReloadingHandler,
    Served,
    changes_matter,
)


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def test_pages_are_served_with_the_reload_script_and_reload_after_a_swap(tmp_path: Path) -> None:
    served = Served(tmp_path / "site")
    first = tmp_path / "first"
    (first / "rulebook").mkdir(parents=True)
    (first / "rulebook" / "index.html").write_text("<html><body>one</body></html>", encoding="utf-8")
    (first / "404.html").write_text("<html><body>missing</body></html>", encoding="utf-8")
    served.swap(first)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(ReloadingHandler, served=served))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        status, page = get(base + "/rulebook/")
        assert status == 200 and f'<script src="{RELOAD_SCRIPT}"></script></body>' in page
        assert get(base + RELOAD_SCRIPT)[1].startswith("(function")
        assert get(base + RELOAD_EPOCH) == (200, "1")
        assert get(base + "/nowhere/")[0] == 404
        second = tmp_path / "second"
        (second / "rulebook").mkdir(parents=True)
        (second / "rulebook" / "index.html").write_text("<html><body>two</body></html>", encoding="utf-8")
        served.swap(second)
        assert get(base + RELOAD_EPOCH) == (200, "2"), "open pages see a new build"
        assert "two" in get(base + "/rulebook/")[1]
    finally:
        server.shutdown()
        server.server_close()


def test_only_a_change_that_matters_rebuilds(tmp_path: Path) -> None:
    project = Project(tmp_path, ["mkdocs"], "http://127.0.0.1:8000/", tmp_path / "runtime")
    results = tmp_path / ".battlebook" / "results.json"
    assert changes_matter([(2, str(tmp_path / "features" / "homm" / "melee.feature"))], project)
    assert changes_matter([(2, str(results))], project)
    assert not changes_matter([(1, str(tmp_path / ".battlebook" / "hostile-site" / "x" / "index.html"))], project)
    assert not changes_matter([(2, str(tmp_path / "engine" / "battlebook" / "__pycache__" / "x.pyc"))], project)
    assert not changes_matter([(2, str(tmp_path / "features" / ".#melee.feature"))], project)


def test_under_make_docs_loop_the_feature_files_are_left_to_the_loop(tmp_path: Path) -> None:
    """`battlebook.cli.live` watches `features/` and writes the results: the server rebuilds on the results alone."""
    for folder in ("features", ".battlebook", "docs"):
        (tmp_path / folder).mkdir()
    project = Project(tmp_path, ["mkdocs"], "http://127.0.0.1:8000/", tmp_path / "runtime")
    assert tmp_path / "features" in project.watched()
    loop = Project(tmp_path, ["mkdocs"], "http://127.0.0.1:8000/", tmp_path / "runtime", results_only=True)
    assert tmp_path / "features" not in loop.watched() and tmp_path / ".battlebook" in loop.watched()


def test_files_are_sent_gzipped_to_a_browser_that_takes_it_as_a_static_host_sends_them(tmp_path: Path) -> None:
    import gzip

    served = Served(tmp_path / "site")
    built = tmp_path / "built"
    (built / "try").mkdir(parents=True)
    script = b"const engine = 'the rules engine';\n" * 2000
    (built / "try" / "engine.js").write_bytes(script)
    (built / "try" / "engine.js.map").write_bytes(script)
    (built / "my.feature").write_bytes(script)
    (built / "engine.tar.gz").write_bytes(gzip.compress(script))
    (built / "index.html").write_text("<html><body>" + "home " * 500 + "</body></html>", encoding="utf-8")
    served.swap(built)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(ReloadingHandler, served=served))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        for path, whole in (
            ("/try/engine.js", script),
            ("/try/engine.js.map", script),
            ("/my.feature", script),
            ("/", None),
        ):
            asked = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip, br"})
            with urllib.request.urlopen(asked, timeout=10) as response:
                assert response.headers["Content-Encoding"] == "gzip"
                body = gzip.decompress(response.read())
            assert body == whole if whole is not None else b"home home" in body
        plain = urllib.request.Request(base + "/try/engine.js", headers={"Accept-Encoding": "identity"})
        with urllib.request.urlopen(plain, timeout=10) as response:
            assert response.headers["Content-Encoding"] is None and response.read() == script
        assert len(served.compressed(served.folder / "try" / "engine.js")) < len(script) / 10
        packed = urllib.request.Request(base + "/engine.tar.gz", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(packed, timeout=10) as response:  # compressed already: sent as it is
            assert response.headers["Content-Encoding"] is None and gzip.decompress(response.read()) == script
    finally:
        server.shutdown()
        server.server_close()


def test_a_second_visit_is_answered_from_the_browsers_cache_as_a_static_host_answers(tmp_path: Path) -> None:
    """Each file of the build carries validators (ETag, Last-Modified) and is revalidated: unchanged, a 304 and no body.

    So a reader's second visit takes the runtime (and the compiled WebAssembly the browser keeps
    beside it) from the browser's cache; a rebuild's changed file is sent again at once.
    """
    import http.client
    import os

    served = Served(tmp_path / "site")
    built = tmp_path / "built"
    (built / "try").mkdir(parents=True)
    wasm = bytes(range(256)) * 64
    (built / "try" / "engine.wasm").write_bytes(wasm)
    (built / "try" / "engine.tar.gz").write_bytes(b"packed already")
    (built / "index.html").write_text("<html><body>home</body></html>", encoding="utf-8")
    (built / "404.html").write_text("<html><body>missing</body></html>", encoding="utf-8")
    served.swap(built)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(ReloadingHandler, served=served))
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def ask(path: str, method: str = "GET", **headers: str) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
        try:
            connection.request(method, path, headers={key.replace("_", "-"): value for key, value in headers.items()})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    try:
        for path, encoding in (("/try/engine.wasm", "gzip"), ("/try/engine.wasm", "identity"), ("/", "gzip")):
            status, headers, body = ask(path, Accept_Encoding=encoding)
            assert status == 200 and body and headers["Cache-Control"] == "no-cache", (path, encoding, headers)
            tag, modified = headers["ETag"], headers["Last-Modified"]
            assert ask(path, Accept_Encoding=encoding, If_None_Match=tag)[::2] == (304, b""), (path, encoding)
            assert ask(path, Accept_Encoding=encoding, If_Modified_Since=modified)[::2] == (304, b"")
            assert ask(path, Accept_Encoding=encoding, If_None_Match='"another"')[0] == 200
            head_status, head_headers, head_body = ask(path, "HEAD", Accept_Encoding=encoding)
            same = ("ETag", "Last-Modified", "Cache-Control", "Content-Length", "Content-Type", "Content-Encoding")
            assert (head_status, head_body) == (200, b""), (path, encoding)
            assert {k: head_headers.get(k) for k in same} == {k: headers.get(k) for k in same}, "HEAD as GET"
        zipped, plain = (ask("/try/engine.wasm", Accept_Encoding=e)[1]["ETag"] for e in ("gzip", "identity"))
        assert zipped != plain, "each encoding of a file has its own tag"
        status, headers, body = ask("/try/engine.tar.gz", Accept_Encoding="gzip")
        assert (status, body, headers.get("Content-Encoding")) == (200, b"packed already", None)
        assert ask("/try/engine.tar.gz", If_None_Match=headers["ETag"])[0] == 304
        for path in (RELOAD_EPOCH, RELOAD_SCRIPT, "/nowhere/"):
            headers = ask(path)[1]
            assert headers["Cache-Control"] == "no-store" and "ETag" not in headers, path
        rebuilt = tmp_path / "rebuilt"
        (rebuilt / "try").mkdir(parents=True)
        (rebuilt / "try" / "engine.wasm").write_bytes(wasm[::-1])
        os.utime(rebuilt / "try" / "engine.wasm", ns=(0, 1_700_000_000_000_000_000))  # not the old file's time
        served.swap(rebuilt)
        status, _, body = ask("/try/engine.wasm", Accept_Encoding="identity", If_None_Match=plain)
        assert (status, body) == (200, wasm[::-1]), "a rebuild's changed file is sent again"
    finally:
        server.shutdown()
        server.server_close()
