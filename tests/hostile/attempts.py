"""Every hostile attempt on the command line, each with the one outcome that is handled well.

An attempt writes files into an empty folder (feature files, results files, links, FIFOs),
runs one `battlebook` command there in a subprocess under a time and memory limit, and is
judged by [`judge`][tests.hostile.attempts.judge]:

- **hang**: it ran past the time limit;
- **traceback**: Python's traceback, a `MemoryError`, or an exit status other than 0, 1, 2;
- **data loss**: a file it must leave alone (`keep`) was changed or removed;
- **leak**: the content of a file it must not read shows in its output;
- **injection**: its output holds a raw control character or bidi override (a name that
  moves the cursor, hides the rest of the report or writes the clipboard);
- **wrong**: another exit status than expected, the expected message missing (or a message
  it must not give, `absent`, present), or for a bad argument (exit 2) more than one line on
  standard error or anything on standard output;
- **handled well** otherwise.

`python -m tests.hostile.tally` runs them all and prints the counts.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: Characters that act on a terminal instead of showing: C0 controls but tab and line feed, DEL,
#: C1 controls, bidi marks, embeddings, overrides and isolates. Written here, not imported from
#: the package: the judge must not share what it judges.
ACTING = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def has_acting(text: str) -> bool:
    """Whether `text` holds a character that acts on a terminal."""
    return ACTING.search(text) is not None


#: Seconds and bytes of address space one attempt may use.
TIME_LIMIT = 60
MEMORY_LIMIT = 2 * 1024**3
SECRET = "S3CRET-LINE-never-shown"
#: The command under test: this environment's `battlebook`.
BATTLEBOOK = str(Path(sys.executable).parent / "battlebook")

GOOD_EXAMPLE = """    Example: Golems kill a Behemoth{suffix}
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
"""


def feature(body: str, head: str = "Feature: Hostile\n  @id:hostile.rule\n  Rule: A rule\n") -> str:
    """A feature file: a Feature line and one Rule (by default), then `body`."""
    return head + body


def good(suffix: str = "") -> str:
    """One well-formed example that passes."""
    return GOOD_EXAMPLE.format(suffix=suffix)


def battlefield(grid: str, legend: str, extra: str = "", then: str = "row 1, column 1 is land at level 1") -> str:
    """A Heroscape example drawing a map from `grid` and `legend`."""
    lines = [*grid.splitlines(), *legend.splitlines()]
    doc = "\n".join("        " + line for line in lines)
    return feature(
        f'    @edition:2024\n    Example: A map\n{extra}      Given the battlefield:\n        """\n{doc}\n        """\n'
        f"      Then {then}\n"
    )


@dataclass(frozen=True)
class Attempt:
    """One hostile attempt: files to write, a command to run, and the outcome that is handled well."""

    id: str
    issue: str
    argv: tuple[str, ...]
    status: int
    expect: str = ""
    files: dict[str, str | bytes] = field(default_factory=dict)
    prepare: Callable[[Path], None] | None = None
    #: Files (relative to the attempt's folder) the command must leave exactly as they were.
    keep: tuple[str, ...] = ()
    #: Text the output must not hold (advice that would be wrong here, say).
    absent: str = ""


@dataclass(frozen=True)
class Verdict:
    """How an attempt went."""

    attempt: Attempt
    outcome: str
    detail: str


def _link(target: str, name: str = "x.feature") -> Callable[[Path], None]:
    def prepare(folder: Path) -> None:
        (folder / name).symlink_to(target if target.startswith("/") else folder / target)

    return prepare


def _fifo(folder: Path) -> None:
    (folder / "cases").mkdir()
    os.mkfifo(folder / "cases" / "pipe.feature")
    (folder / "cases" / "ok.feature").write_text(feature(good()), encoding="utf-8")


def _loop(folder: Path) -> None:
    (folder / "a.feature").symlink_to(folder / "b.feature")
    (folder / "b.feature").symlink_to(folder / "a.feature")


def _dir_loop(folder: Path) -> None:
    (folder / "sub").mkdir()
    (folder / "sub" / "ok.feature").write_text(feature(good()), encoding="utf-8")
    (folder / "sub" / "up").symlink_to(folder)


def _fifo_results(folder: Path) -> None:
    os.mkfifo(folder / "results.json")


def _bad_name(folder: Path) -> None:
    with open(os.fsencode(folder) + b"/\xff\xfe-name.feature", "wb") as handle:
        handle.write(feature(good()).encode())


def _many(n: int) -> str:
    return feature("".join(good(f", number {i}") for i in range(n)))


def _big_map(n: int) -> str:
    return battlefield("\n".join(" ".join(["1"] * n) for _ in range(n)), "")


def check(case: str, issue: str, files: dict[str, str | bytes], status: int, expect: str, path: str = ".") -> Attempt:
    """`battlebook check PATH` on the given files."""
    return Attempt(case, issue, ("check", path), status, expect, files)


def feature_file_attempts() -> list[Attempt]:
    """Hostile feature files, maps and unit tables, each checked with `battlebook check`."""
    unit_table = "      Given these units, defined for this example only:\n{rows}"
    return [
        check("empty file", "D1", {"x.feature": ""}, 1, "x.feature:1: malformed feature file: the file is empty"),
        check("whitespace-only file", "D1", {"x.feature": "  \n\t\n"}, 1, "the file is empty"),
        check("comment-only file", "D1", {"x.feature": "# a comment\n"}, 1, "has no 'Feature:' line"),
        check(
            "duplicate @id in one file",
            "D2",
            {"x.feature": feature(good() + "  @id:hostile.rule\n  Rule: Again\n" + good(" again"))},
            1,
            "problem: x.feature:10: the rule identifier 'hostile.rule' is already used at line 3",
        ),
        check(
            "And as the first step",
            "D2",
            {"x.feature": feature("    Example: e\n      And a battle in the open field\n      Then x\n")},
            1,
            "x.feature:5: malformed feature file: 'And' continues the step above it",
        ),
        check("no examples", "D2", {"x.feature": "Feature: Nothing\n  Some prose.\n"}, 1, "holds no Example"),
        check(
            "plain tag",
            "D2",
            {"x.feature": "@wip\n" + feature(good())},
            1,
            "problem: x.feature:1: unknown tag '@wip'",
        ),
        Attempt("file name not UTF-8", "D3", ("check", "."), 1, "not valid UTF-8", prepare=_bad_name),
        check(
            "misspelt keyword",
            "W1",
            {"x.feature": feature(good() + "    Exmaple: misspelt\n      Given x\n      Then y\n")},
            1,
            "x.feature:9: malformed feature file: 'Exmaple:' is not a keyword: did you mean 'Example:'?",
        ),
        check(
            "steps in prose",
            "W1",
            {"x.feature": feature("    Given the Aggressor has a stack\n    Then it wins\n" + good())},
            1,
            "reads like a step",
        ),
        check(
            "rule without examples",
            "W2",
            {"x.feature": feature(good() + "  @id:hostile.empty\n  Rule: Empty\n    prose\n")},
            1,
            "the Rule 'hostile.empty' has no Example",
        ),
        check("example without steps", "W3", {"x.feature": feature("    Example: Nothing\n")}, 1, "has no steps"),
        check(
            "example without Then",
            "W3",
            {"x.feature": feature("    Example: No outcome\n      Given a battle in the open field\n")},
            1,
            "has no Then step",
        ),
        check("byte-order mark", "W4", {"x.feature": "\ufeff" + feature(good())}, 0, "1 example: 1 passed"),
        check(
            "no Feature line",
            "W5",
            {"x.feature": "Background:\n  Given a battle\nScenario: s\n  Then x\n"},
            1,
            "has no 'Feature:' line",
        ),
        check("not UTF-8", "S8", {"x.feature": b"Feature: \xff\xfe\n"}, 1, "is not UTF-8 text"),
        check("NUL character", "S8", {"x.feature": "Feature: a\x00b\n"}, 1, "NUL character"),
        check("over 1 MB", "S8", {"x.feature": feature("    " + "x" * 1_100_000 + "\n")}, 1, "at most 1000000"),
        Attempt(
            "link to a secret",
            "S8",
            ("check", "."),
            1,
            "x.feature:1: malformed feature file: is a symbolic link",
            {"secret.txt": SECRET + "\n"},
            _link("secret.txt"),
        ),
        Attempt("link to /dev/zero", "S8", ("check", "x.feature"), 1, "is a symbolic link", prepare=_link("/dev/zero")),
        Attempt("FIFO in a folder", "S8", ("check", "cases"), 1, "pipe.feature:1: malformed feature file", {}, _fifo),
        Attempt("link loop", "S8", ("check", "."), 1, "is a symbolic link", prepare=_loop),
        Attempt("folder link loop", "S8", ("check", "."), 0, "1 example: 1 passed", prepare=_dir_loop),
        check(
            "parse error",
            "D2",
            {"x.feature": feature("    Example: e\n      Given x\n        | a |\n        | b | c |\n      Then y\n")},
            1,
            "x.feature:7: malformed feature file: inconsistent cell count within the table",
        ),
        check(
            "misspelt keyword as prose",
            "W1",
            {"x.feature": feature("    Exmaple: misspelt\n      Given x\n      Then y\n" + good())},
            1,
            "problem: x.feature:4: 'Exmaple:' is not a keyword: did you mean 'Example:'?",
        ),
        check("unknown language", "D2", {"x.feature": "# language: xx-nope\n" + feature(good())}, 1, "x.feature:1:"),
        check("501 examples", "D7", {"x.feature": _many(501)}, 1, "at most 500"),
        check(
            "two examples with one name",
            "D2",
            {"x.feature": feature(good() + good())},
            1,
            "two examples are called",
        ),
        check(
            "undefined step",
            "D2",
            {"x.feature": feature("    Example: e\n      Given a battle in the open field\n      Then zz nothing\n")},
            1,
            "no step definition reads like this line; the closest steps are",
        ),
        check(
            "stack of 100000000",
            "D9",
            {"x.feature": feature(good().replace("3 Gold Golems on", "100000000 Gold Golems on"))},
            1,
            "Battlebook plays stacks of at most 99 cards",
        ),
        check("map of 400x400", "D8", {"x.feature": _big_map(400)}, 1, "more than 100 cells"),
        check("map of 1000x1000", "D8", {"x.feature": _big_map(1000)}, 1, "at most 1000000"),
        check("map level 1e400", "W7", {"x.feature": battlefield("1" + "0" * 400 + " 1", "")}, 1, "is too high"),
        check(
            "map level in Arabic digits", "W7", {"x.feature": battlefield("\u0663 1", "")}, 1, "cannot read the cell"
        ),
        check("map level in wide digits", "W7", {"x.feature": battlefield("\uff13 1", "")}, 1, "cannot read the cell"),
        check(
            "glyph defined twice",
            "W8",
            {"x.feature": battlefield("1a 1", "a = glyph Astrid\na = glyph Other")},
            1,
            "the glyph 'a' is given two legend lines",
        ),
        check(
            "unused glyph",
            "W8",
            {"x.feature": battlefield("1 1", "a = glyph Astrid")},
            1,
            "the glyph 'a', which the map never places",
        ),
        check(
            "card copy #0",
            "W8",
            {"x.feature": battlefield("1Z1 1", "Z1 = Zettian Guards #0 (Red)")},
            1,
            "numbered #2 to #99",
        ),
        check(
            "card copy #-1",
            "W8",
            {"x.feature": battlefield("1Z1 1", "Z1 = Zettian Guards #-1 (Red)")},
            1,
            "numbered #2 to #99",
        ),
        check(
            "3 figures of a 2-figure squad",
            "W8",
            {
                "x.feature": battlefield(
                    "1T1 1T2 1T3",
                    "T1 = Iron Trolls (Blue)\nT2 = Iron Trolls (Blue)\nT3 = Iron Trolls (Blue)",
                    "      Given these army cards, defined for this example only:\n"
                    "        | name | figure | kind | figures | life | range | attack | defense | height |\n"
                    "        | Iron Trolls | Iron Troll | squad | 2 | 3 | 1 | 3 | 2 | 6 |\n",
                ).replace("      Given the battlefield", "      And the battlefield")
            },
            1,
            "but the card has 2 figure(s)",
        ),
        check(
            "negative unit stat",
            "W9",
            {
                "x.feature": feature(
                    "    Example: e\n"
                    + unit_table.format(rows="        | name | defense |\n        | Gold Golem | -8 |\n")
                    + good().split("\n", 1)[1].replace("      Given the Aggressor", "      And the Aggressor")
                )
            },
            1,
            "defense score is -8: a stat is a whole number from 0 to 999",
        ),
        check(
            "duplicate unit row",
            "W9",
            {
                "x.feature": feature(
                    "    Example: e\n"
                    + unit_table.format(
                        rows="        | name | defense |\n        | Bulwark | 17 |\n        | Bulwark | 3 |\n"
                    )
                    + good().split("\n", 1)[1].replace("      Given the Aggressor", "      And the Aggressor")
                )
            },
            1,
            "the unit 'Bulwark' is defined twice",
        ),
    ]


def _results_file(text: str | bytes) -> dict[str, str | bytes]:
    return {"r.json": text}


def cli_attempts() -> list[Attempt]:
    """Bad arguments to every subcommand: exit 2, one line on standard error, nothing else."""
    bad = "(see --help)"
    huge = ",".join(["9" * 4299] * 29)
    regenerate = "run the examples again"
    return [
        Attempt("no command", "CLI", (), 2, "required"),
        Attempt("unknown command", "CLI", ("nosuch",), 2, "invalid choice"),
        Attempt("unknown option", "CLI", ("--bogus",), 2, "battlebook: error:"),
        Attempt("check: no path", "CLI", ("check",), 2, "required"),
        Attempt("check: missing path", "CLI", ("check", "/nonexistent/x.feature"), 2, "no such file or folder"),
        Attempt("check: not a feature", "CLI", ("check", "x.txt"), 2, "is not a feature file", {"x.txt": "x"}),
        Attempt("check: empty folder", "CLI", ("check", "empty"), 2, "no .feature file", prepare=_mkdir("empty")),
        Attempt("check: unknown option", "CLI", ("check", "--bogus", "x.feature"), 2, "unrecognized arguments"),
        Attempt("steps: unknown option", "CLI", ("steps", "--bogus"), 2, "unrecognized arguments"),
        Attempt("steps: two words", "CLI", ("steps", "a", "b"), 2, "unrecognized arguments"),
        Attempt("results: unknown option", "CLI", ("results", "--bogus"), 2, "unrecognized arguments"),
        Attempt("results: missing file", "W11", ("results", "--file", "/nonexistent.json"), 2, "no results at"),
        Attempt("results: a folder", "D4", ("results", "--file", "."), 2, "is not a regular file"),
        Attempt("results: invalid JSON", "D4", ("results", "--file", "r.json"), 2, regenerate, _results_file("{")),
        Attempt("results: wrong shape", "D4", ("results", "--file", "r.json"), 2, regenerate, _results_file("[1]")),
        Attempt(
            "results: wrong records",
            "D4",
            ("results", "--file", "r.json"),
            2,
            regenerate,
            _results_file('{"format": 1, "results": [{"feature": 3}]}'),
        ),
        Attempt("results: binary", "D4", ("results", "--file", "r.json"), 2, "not UTF-8", _results_file(b"\xff\x00")),
        Attempt(
            "results: stale entries",
            "W6",
            ("results", "--file", "r.json"),
            0,
            "0 examples recorded, 0 passed, 0 not passed (2 older results left out",
            _results_file(
                json.dumps(
                    {
                        "format": 1,
                        "results": [
                            {
                                "feature": f"features/gone{i}.feature",
                                "feature_sha256": "x",
                                "line": 3,
                                "scenario": "Deleted",
                                "status": "failed",
                            }
                            for i in range(2)
                        ],
                    }
                )
            ),
        ),
        Attempt("results: /dev/zero", "D4", ("results", "--file", "/dev/zero"), 2, "is not a regular file"),
        Attempt(
            "results: FIFO", "D4", ("results", "--file", "results.json"), 2, "not a regular file", prepare=_fifo_results
        ),
        Attempt("odds: no game", "CLI", ("odds",), 2, "required"),
        Attempt("odds: unknown game", "CLI", ("odds", "chess"), 2, "invalid choice"),
        Attempt("odds homm: no score", "CLI", ("odds", "homm", "--defense", "4"), 2, "required"),
        Attempt("odds homm: 29 huge defenses", "D5", ("odds", "homm", "--score", "1", "--defense", huge), 2, bad),
        Attempt("odds homm: huge score", "D5", ("odds", "homm", "--score", "9" * 5000, "--defense", "4"), 2, bad),
        Attempt("odds homm: score 1000", "D5", ("odds", "homm", "--score", "1000", "--defense", "4"), 2, "0 to 999"),
        Attempt("odds homm: negative score", "D5", ("odds", "homm", "--score", "-1", "--defense", "4"), 2, bad),
        Attempt("odds homm: wide digits", "D5", ("odds", "homm", "--score", "\uff13", "--defense", "4"), 2, bad),
        Attempt("odds homm: 21 defenses", "D5", ("odds", "homm", "--score", "1", "--defense", "1," * 20 + "1"), 2, bad),
        Attempt("odds homm: empty defense", "D5", ("odds", "homm", "--score", "1", "--defense", ""), 2, bad),
        Attempt(
            "odds homm: bad faces", "CLI", ("odds", "homm", "--score", "1", "--defense", "4", "--faces", "2"), 2, bad
        ),
        Attempt(
            "odds heroscape: 31 dice", "D5", ("odds", "heroscape", "--attack", "31", "--defense", "1"), 2, "0 to 30"
        ),
        Attempt("odds heroscape: 1e3 dice", "D5", ("odds", "heroscape", "--attack", "1e3", "--defense", "1"), 2, bad),
        Attempt("odds heroscape: unknown option", "CLI", ("odds", "heroscape", "--bogus"), 2, bad),
    ]


def _mkdir(name: str) -> Callable[[Path], None]:
    def prepare(folder: Path) -> None:
        (folder / name).mkdir()

    return prepare


def all_attempts() -> list[Attempt]:
    """Every command-line attempt: feature files, maps, tables and arguments, the third and fourth passes (27, 36)."""
    from tests.hostile.fourth_pass import fourth_pass_attempts
    from tests.hostile.third_pass import third_pass_attempts

    return feature_file_attempts() + cli_attempts() + third_pass_attempts() + fourth_pass_attempts()


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(attempt: Attempt) -> Verdict:
    """Run one attempt in a fresh folder and judge it."""
    folder = Path(tempfile.mkdtemp(prefix="battlebook-hostile-"))
    try:
        for name, content in attempt.files.items():
            path = folder / name
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        if attempt.prepare is not None:
            attempt.prepare(folder)
        kept = {name: _digest(folder / name) for name in attempt.keep}
        try:
            done = subprocess.run(
                [BATTLEBOOK, *attempt.argv],
                cwd=folder,
                capture_output=True,
                timeout=TIME_LIMIT,
                preexec_fn=_limits,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return Verdict(attempt, "hang", f"still running after {TIME_LIMIT} s")
        changed = [name for name, digest in kept.items() if _digest(folder / name) != digest]
        if changed:
            return Verdict(attempt, "data loss", f"changed: {', '.join(changed)}")
        return judge(
            attempt, done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _digest(path: Path) -> str | None:
    """The SHA-256 of a file's bytes, or `None` when it is gone."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def judge(attempt: Attempt, status: int, out: str, err: str) -> Verdict:
    """The outcome of an attempt from its exit status and output (see the module's docstring)."""
    both = out + err
    if "Traceback (most recent call last)" in both or "MemoryError" in both or status not in (0, 1, 2):
        return Verdict(attempt, "traceback", f"exit {status}: {both.strip()[-300:]}")
    if SECRET in both:
        return Verdict(attempt, "leak", "the secret file's content was printed")
    if has_acting(both):
        raw = sorted({f"U+{ord(c):04X}" for c in both if has_acting(c)})
        return Verdict(attempt, "injection", f"raw control or bidi characters in the output: {', '.join(raw)}")
    if status != attempt.status:
        return Verdict(attempt, "wrong", f"exit {status}, expected {attempt.status}: {both.strip()[:300]}")
    if attempt.expect not in both:
        return Verdict(attempt, "wrong", f"{attempt.expect!r} not in the output: {both.strip()[:300]}")
    if attempt.absent and attempt.absent in both:
        return Verdict(attempt, "wrong", f"{attempt.absent!r} must not be in the output: {both.strip()[:300]}")
    if status == 2 and (out.strip() or len(err.strip().splitlines()) != 1):
        return Verdict(attempt, "wrong", f"a bad argument must give one line on standard error: {both.strip()[:300]}")
    return Verdict(attempt, "handled well", "")
