"""Benchmark: a contributor's loop under `make docs`, from saving a feature file to its page reloaded and verified.

Starts `make docs` on a free port (it runs every example, then serves the rulebook with
`battlebook.cli.live`), opens a chapter in Chromium, and then, `--runs` times, adds a
sentence to the description of that chapter's feature file and saves it: the time measured
runs from the save until the open page, reloaded by the server, shows the sentence and
every example's badge reads "verified" (its examples ran on the saved text: an example not
run on it would read "not run"; the page was made again; the browser reloaded). Each save
is timed apart; the last one puts the original text back (timed the same way, until the
sentence is gone), so the file ends as it began (it is put back also when the benchmark fails).

Alongside each figure it prints how the time divides, from `make docs`'s own output: the
wait until the examples started, their run, the site's rebuild, and the rest (the reload);
and the load average, since this is clock time on a shared machine. The target is 20 s.

Run with `.venv/bin/python benchmarks/contributor_loop.py [--runs N] [--feature PATH]`
from the project root, with nothing else serving on the port it picks.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from timing import ROOT, environment

TARGET = 20.0
#: How long `make docs` may take to run every example and build the site the first time.
START_SECONDS = 900.0
#: How long one save may take to show before the benchmark gives up on it.
SAVE_SECONDS = 180.0
#: The path the served site is mounted at: `make docs` serves it at the server's root (its
#: `site_url` is set to where it serves; see battlebook.site.serve).
MOUNT = ""
#: The sentence a save adds to the feature's description (with the save's number).
MARKER = "Saved by the contributor-loop benchmark"
#: Whether the open page shows `MARKER` (or not), with every example's badge "verified".
SHOWN = """([marker, present]) => {
    const article = document.querySelector("article");
    const badges = [...document.querySelectorAll(".bb-example")].map(badge => badge.textContent.trim());
    return article !== null && article.innerText.includes(marker) === present
        && badges.length > 0 && badges.every(badge => badge === "verified");
}"""
#: Lines of `make docs`'s output that mark the steps of a save, and the step each starts.
MARKS = {
    "examples": re.compile(r"battlebook: .* saved: running its examples"),
    "examples done": re.compile(r"battlebook: examples .* in [\d.]+ s"),
    "build": re.compile(r"Building documentation"),
    "built": re.compile(r"Documentation built in"),
    "reload": re.compile(r"Reloading browsers"),
}


@dataclass
class Output:
    """`make docs`'s output, each line with the time it was read."""

    lines: list[tuple[float, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def read(self, stream: object) -> None:
        """Read `stream` to its end (run in a thread)."""
        for line in iter(stream.readline, ""):  # type: ignore[attr-defined]
            with self.lock:
                self.lines.append((time.perf_counter(), line.rstrip()))

    def first(self, mark: str, after: float) -> float | None:
        """When the first line of the kind `mark` came after the time `after`."""
        with self.lock:
            return next((t for t, line in self.lines if t >= after and MARKS[mark].search(line)), None)

    def tail(self, count: int = 40) -> str:
        with self.lock:
            return "\n".join(line for _, line in self.lines[-count:])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def with_marker(text: str, run: int) -> str:
    """The feature's text with `MARKER` added to its description, right under the `Feature:` line."""
    match = re.search(r"(?m)^(?P<indent>[ \t]*)Feature:.*\n", text)
    if match is None:
        sys.exit("the feature file has no Feature: line")
    return f"{text[: match.end()]}{match['indent']}  {MARKER} ({run}).\n\n{text[match.end() :]}"


def wait_until_served(url: str, make: subprocess.Popen[str], output: Output) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if make.poll() is not None:
            sys.exit(f"make docs stopped (exit {make.returncode}):\n{output.tail()}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(1)
    sys.exit(f"make docs did not serve {url} within {START_SECONDS:.0f} s:\n{output.tail()}")


def wait_until_shown(page: object, marker: str, present: bool) -> float:
    """Wait until the open page shows `marker` (or no longer does) and every example verified; when it did."""
    from playwright.sync_api import Error

    deadline = time.monotonic() + SAVE_SECONDS
    while time.monotonic() < deadline:
        try:
            if page.evaluate(SHOWN, [marker, present]):  # type: ignore[attr-defined]
                return time.perf_counter()
        except Error:
            pass  # the page is reloading
        time.sleep(0.05)
    shown = repr(marker) if present else f"the end of {marker!r}"
    raise TimeoutError(f"the page did not show {shown} within {SAVE_SECONDS:.0f} s")


def describe(output: Output, saved: float, shown: float) -> str:
    """How the time from the save to the page shown divides, by `make docs`'s output."""
    marks = {mark: output.first(mark, saved) for mark in MARKS}
    parts = []
    if marks["examples"] and marks["examples done"]:
        parts.append(f"until the examples ran {marks['examples'] - saved:.1f} s")
        parts.append(f"examples {marks['examples done'] - marks['examples']:.1f} s")
    if marks["build"] and marks["built"]:
        parts.append(f"site rebuilt {marks['built'] - marks['build']:.1f} s")
        parts.append(f"then shown {shown - marks['built']:.1f} s")
    return ", ".join(parts) or "no steps in make docs's output"


def main(argv: list[str]) -> int:
    """Time `--runs` saves under `make docs`; print each, their median and whether it holds the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="how many saves are timed (the last puts the text back)")
    parser.add_argument("--feature", type=Path, default=Path("features/homm/melee.feature"))
    parser.add_argument("--log", type=Path, help="write make docs's output there, each line with its time")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS

    feature = (ROOT / args.feature).resolve()
    original = feature.read_bytes()
    text = original.decode("utf-8")
    chapter = feature.relative_to(ROOT / "features").with_suffix("").as_posix()
    port = free_port()
    url = f"http://127.0.0.1:{port}/{MOUNT}rulebook/{chapter}/"
    output = Output()
    make = subprocess.Popen(
        ["make", "--no-print-directory", "docs", f"PORT={port}"],
        cwd=ROOT,
        env=environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group: stopped below as a whole, by its id
    )
    threading.Thread(target=output.read, args=(make.stdout,), daemon=True).start()
    timings: list[float] = []
    loads: list[str] = []
    try:
        wait_until_served(url, make, output)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
            page = browser.new_page()
            console: list[str] = []
            page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
            page.goto(url)
            wait_until_shown(page, MARKER, present=False)
            for run in range(1, args.runs + 1):
                last = run == args.runs
                load = os.getloadavg()[0]
                saved = time.perf_counter()
                if last:
                    feature.write_bytes(original)
                else:
                    feature.write_text(with_marker(text, run), encoding="utf-8")
                try:
                    shown = wait_until_shown(page, MARKER if last else f"{MARKER} ({run})", present=not last)
                except TimeoutError as error:
                    sys.exit(f"{error}\nmake docs:\n{output.tail()}\nthe page's console errors: {console[-5:]}")
                timings.append(shown - saved)
                loads.append(f"{load:.2f}->{os.getloadavg()[0]:.2f}")
                print(
                    f"save {run}: shown verified after {shown - saved:.1f} s "
                    f"({describe(output, saved, shown)}; load average {loads[-1]})",
                    flush=True,
                )
                time.sleep(2)  # the site settles (the server's own reload ends) before the next save
            browser.close()
    finally:
        if feature.read_bytes() != original:
            feature.write_bytes(original)
        if make.poll() is None:
            os.killpg(make.pid, signal.SIGINT)
            try:
                make.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(make.pid, signal.SIGTERM)
                make.wait()
    if args.log:
        args.log.write_text("".join(f"{t:10.2f} {line}\n" for t, line in output.lines), encoding="utf-8")
    median = statistics.median(timings)
    holds = median <= TARGET
    print(
        f"contributor loop: save to verified page median {median:.1f} s of {len(timings)} saves "
        f"({', '.join(f'{t:.1f}' for t in timings)} s; load averages {', '.join(loads)}) "
        f"(target <= {TARGET:.0f} s): {'holds' if holds else 'MISSED'}"
    )
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
