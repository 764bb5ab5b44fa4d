"""The third pass of hostile attempts (issue 27): the places the first two did not look.

File names, terminals, outline rows, numbers in steps, messages files, results files,
languages, tables and the stats the games cannot have. Each attempt is judged as every
other (see [`tests.hostile.attempts`][tests.hostile.attempts]); its `issue` names its
kind in issue 27: `27-injection`, `27-traceback`, `27-hang`, `27-wrong`, `27-data-loss`.
The site's attempts of the same pass (names on pages, descriptions, Try it texts) are in
[`tests.hostile.site`][tests.hostile.site], the page's in `tests/browser/test_injection.py`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from tests.hostile.attempts import Attempt, check, feature, good

INJECTION, TRACEBACK, HANG, WRONG, DATA_LOSS = "27-injection", "27-traceback", "27-hang", "27-wrong", "27-data-loss"
UNDEFINED = "      Given a battle in the open field\n      Then zz nothing reads this\n"
UNITS = "      Given these units, defined for this example only:\n{rows}"
TAIL = good().split("\n", 1)[1].replace("      Given the Aggressor", "      And the Aggressor")


def named(name: str, steps: str = UNDEFINED) -> str:
    """A file with one example called `name`."""
    return feature(f"    Example: {name}\n{steps}")


def dice(when: str) -> str:
    """An example asking the odds of a roll of dice (`when` follows the `When`)."""
    return f"    Example: e\n      When {when}\n      Then the chance of at least one wound is 1/2\n"


def _results(feature_text: str, **record: object) -> Callable[[Path], None]:
    """Write `ok.feature` and a results file `r.json` holding one record of it (fields overridden by `record`)."""

    def prepare(folder: Path) -> None:
        (folder / "ok.feature").write_text(feature_text, encoding="utf-8")
        digest = hashlib.sha256((folder / "ok.feature").read_bytes()).hexdigest()
        entry = {"feature": "ok.feature", "feature_sha256": digest, "line": 4, "scenario": "Golems", "status": "failed"}
        entry.update(record)
        rows = [entry, {**entry, "row": "1"}] if "row" in record else [entry]
        (folder / "r.json").write_text(json.dumps({"format": 1, "results": rows}), encoding="utf-8")

    return prepare


def _huge_file(folder: Path) -> None:
    """A 3 GB file (sparse: it takes no room) that a record names."""
    with (folder / "big.feature").open("wb") as handle:
        handle.truncate(3 * 1024**3)
    entry = {"feature": "big.feature", "feature_sha256": "x", "line": 3, "scenario": "Big", "status": "passed"}
    (folder / "r.json").write_text(json.dumps({"format": 1, "results": [entry]}), encoding="utf-8")


def _fifo(name: str) -> Callable[[Path], None]:
    def prepare(folder: Path) -> None:
        (folder / "ok.feature").write_text(feature(good()), encoding="utf-8")
        os.mkfifo(folder / name)

    return prepare


def _linked(name: str, hard: bool) -> Callable[[Path], None]:
    def prepare(folder: Path) -> None:
        (folder / "ok.feature").write_text(feature(good()), encoding="utf-8")
        if hard:
            os.link(folder / "ok.feature", folder / name)
        else:
            (folder / name).symlink_to(folder / "ok.feature")

    return prepare


def _folder_with_colon(folder: Path) -> None:
    (folder / "a:b").mkdir()
    (folder / "a:b" / "c:d.feature").write_text(feature(good()), encoding="utf-8")


def _outline(rows: int, header: str = "| n |", row: str = "| 3 |") -> str:
    body = "".join(f"        {row}\n" for _ in range(rows))
    return feature(
        "    Scenario Outline: Golems in numbers\n"
        "      Given the Aggressor has a stack of <n> Gold Golems on its Melee Line\n"
        + TAIL
        + f"\n      Examples:\n        {header}\n{body}"
    )


def _unit_table(rows: str) -> str:
    return feature("    Example: e\n" + UNITS.format(rows=rows) + TAIL)


def _card_table(life: str) -> str:
    return feature(
        "    @edition:2024\n    Example: e\n"
        "      Given these army cards, defined for this example only:\n"
        "        | name        | figure     | kind  | figures | life | range | attack | defense | height |\n"
        f"        | Iron Trolls | Iron Troll | squad | 2       | {life}    | 1     | 3      | 2       | 6      |\n"
        '      And the battlefield:\n        """\n        1K1 1T1\n        K1 = Knaves of the Silver Scimitar (Red)\n'
        '        T1 = Iron Trolls (Blue)\n        """\n'
        "      When the Knave K1 attacks the Iron Troll T1, rolling skull, skull, blank against blank, blank\n"
        "      Then the Iron Troll T1 has 1 wound marker next to it\n"
    )


def injection_attempts() -> list[Attempt]:
    """Names that would act on a terminal: each must be shown escaped."""
    return [
        check("name hiding its failure", INJECTION, {"x.feature": named("bad\r\x1b[8m passed")}, 1, "bad\\r\\x1b[8m"),
        check("name writing the clipboard", INJECTION, {"x.feature": named("x \x1b]52;c;aGk=\x07")}, 1, "\\x1b]52;c"),
        check(
            "name clearing the screen",
            INJECTION,
            {"x.feature": "Feature: \x1b[2J\x1b[H" + named("e")[16:]},
            1,
            "\\x1b[2J",
        ),
        check(
            "bidi override in a Rule name",
            INJECTION,
            {"x.feature": named("e").replace("A rule", "\u202eelur A")},
            1,
            "\\u202e",
        ),
        check("bidi isolate in an example name", INJECTION, {"x.feature": named("\u2066evil\u2069")}, 1, "\\u2066"),
        Attempt(
            "control sequence in a file name",
            INJECTION,
            ("check", "."),
            0,
            "\\x1b[2J",
            {"x\x1b[2J.feature": feature(good())},
        ),
        Attempt(
            "control sequence in a results record",
            INJECTION,
            ("results", "--file", "r.json"),
            1,
            "\\x1b[8m",
            prepare=_results(feature(good()), scenario="Golems\x1b[8m hidden", message="\x1b[2Jcleared"),
        ),
        Attempt("control sequence in a bad argument", INJECTION, ("check", "x\x1b[2J.feature"), 2, "\\x1b[2J"),
        Attempt("control sequence in a steps word", INJECTION, ("steps", "\x1b[8mzz"), 1, "\\x1b[8m"),
    ]


def traceback_attempts() -> list[Attempt]:
    """What ended in a traceback: each must end in one line."""
    return [
        check(
            "@chapter:² (superscript two)",
            TRACEBACK,
            {"x.feature": "@chapter:²\n" + feature(good())},
            1,
            "'²' is not a whole number",
        ),
        check(
            "@chapter: 150 digits",
            TRACEBACK,
            {"x.feature": f"@chapter:{'9' * 150}\n" + feature(good())},
            1,
            "is not a whole number written in digits 0-9",
        ),
        check(
            "@chapter: 5,000 digits",
            TRACEBACK,
            {"x.feature": f"@chapter:{'9' * 5000}\n" + feature(good())},
            1,
            "x.feature:1: malformed feature file: the tag has 5009 characters",
        ),
        check(
            "@chapter:-1",
            TRACEBACK,
            {"x.feature": "@chapter:-1\n" + feature(good())},
            1,
            "give a whole number from 0 to 9999",
        ),
        Attempt(
            "--messages a folder",
            TRACEBACK,
            ("check", "ok.feature", "--messages", "out"),
            2,
            "is a folder",
            {"ok.feature": feature(good())},
            _mkdir("out"),
        ),
        Attempt(
            "--messages ''",
            TRACEBACK,
            ("check", "ok.feature", "--messages", ""),
            2,
            "an empty path names no file",
            {"ok.feature": feature(good())},
        ),
        Attempt(
            "--messages /dev/full",
            TRACEBACK,
            ("check", "ok.feature", "--messages", "/dev/full"),
            2,
            "is not a regular file",
            {"ok.feature": feature(good())},
        ),
        Attempt(
            "--messages in a missing folder",
            TRACEBACK,
            ("check", "ok.feature", "--messages", "no/such/m.ndjson"),
            2,
            "no such folder",
            {"ok.feature": feature(good())},
        ),
        Attempt(
            "file name holding ':'",
            TRACEBACK,
            ("check", "a:b.feature"),
            0,
            "1 example: 1 passed",
            {"a:b.feature": feature(good())},
        ),
        Attempt(
            "folder and file names holding ':'",
            TRACEBACK,
            ("check", "a:b"),
            0,
            "1 example: 1 passed",
            prepare=_folder_with_colon,
        ),
        check(
            "'*' as the first step",
            TRACEBACK,
            {
                "x.feature": feature(
                    "    Example: e\n      * a battle in the open field\n      Then the battle goes on\n"
                )
            },
            1,
            "x.feature:5: malformed feature file: '*' continues the step above it",
        ),
        check(
            "'*' steps after a Given",
            TRACEBACK,
            {"x.feature": feature(good().replace("      And the Defender", "      * the Defender"))},
            0,
            "1 example: 1 passed",
        ),
        Attempt(
            "results: rows of two types",
            TRACEBACK,
            ("results", "--file", "r.json"),
            2,
            "a record is not in the expected shape",
            prepare=_results(feature(good()), row=3),
        ),
        Attempt(
            "results: a line that is text",
            TRACEBACK,
            ("results", "--file", "r.json"),
            2,
            "a record is not in the expected shape",
            prepare=_results(feature(good()), step_line="7"),
        ),
        Attempt(
            "results: a record naming a 3 GB file",
            TRACEBACK,
            ("results", "--file", "r.json"),
            0,
            "1 older results left out",
            prepare=_huge_file,
        ),
        check(
            "a step count of 150 digits",
            TRACEBACK,
            {"x.feature": feature(dice(f"{'9' * 150} attack dice are rolled against 1 defense dice"))},
            1,
            "no step definition reads like this line",
        ),
        check(
            "a step count of 5,000 digits",
            TRACEBACK,
            {"x.feature": feature(dice(f"{'9' * 5000} attack dice are rolled against 1 defense dice"))},
            1,
            "x.feature:5: malformed feature file: the step line has 5046 characters",
        ),
        check(
            "a table stat of 150 digits",
            TRACEBACK,
            {"x.feature": _unit_table(f"        | name | defense |\n        | Gold Golem | {'9' * 150} |\n")},
            1,
            "is not a whole number written in digits 0-9",
        ),
        check(
            "a table stat of 5,000 digits",
            TRACEBACK,
            {"x.feature": _unit_table(f"        | name | defense |\n        | Gold Golem | {'9' * 5000} |\n")},
            1,
            "x.feature:7: malformed feature file: a table cell has 5000 characters",
        ),
    ]


def hang_attempts() -> list[Attempt]:
    """What ran for minutes or blocked: each must end at once."""
    big_line = "Then the Gold Golems " + "x" * 900_000
    return [
        check(
            "an outline of 60,000 rows",
            HANG,
            {"x.feature": _outline(60_000)},
            1,
            "holds 60000 examples (each row of an outline counted)",
        ),
        check("an outline of 501 rows", HANG, {"x.feature": _outline(501)}, 1, "a feature file may hold at most 500"),
        check(
            "20000 dice against 20000 in a step",
            HANG,
            {"x.feature": feature(dice("20000 attack dice are rolled against 20000 defense dice"))},
            1,
            "attack dice: 20000 is out of bounds: give a whole number from 0 to 30",
        ),
        check(
            "31 defense dice in a step",
            HANG,
            {"x.feature": feature(dice("1 attack die is rolled against 31 defense dice"))},
            1,
            "defense dice: 31 is out of bounds",
        ),
        Attempt(
            "--messages a FIFO",
            HANG,
            ("check", "ok.feature", "--messages", "pipe"),
            2,
            "is not a regular file",
            prepare=_fifo("pipe"),
        ),
        check(
            "a 900 KB step line",
            HANG,
            {"x.feature": feature(f"    Example: e\n      Given a battle in the open field\n      {big_line}\n")},
            1,
            f"the step line has {len('the Gold Golems ') + 900_000} characters",
        ),
        check(
            "a 999-character undefined line",
            HANG,
            {
                "x.feature": feature(
                    "    Example: e\n      Given a battle in the open field\n      Then " + "zz " * 331 + "\n"
                )
            },
            1,
            "no step definition reads like this line; the closest steps are",
        ),
        Attempt(
            "odds: 20000 dice",
            HANG,
            ("odds", "heroscape", "--attack", "20000", "--defense", "20000"),
            2,
            "0 to 30",
        ),
    ]


def wrong_attempts() -> list[Attempt]:
    """What gave a wrong or useless answer: each must be refused, or done right, with one clear line."""
    golems = TAIL.replace("      And the Aggressor", "      Given the Aggressor")
    description_break = (
        "Feature: U\n  Prose\u2028across\u2028four\u2028lines.\n  @id:u.r\n  Rule: r\n    Exmaple: misspelt\n" + good()
    )
    return [
        check(
            "two names, one anchor",
            WRONG,
            {"x.feature": feature(good(": one") + good(" one"))},
            1,
            "would have one address on the page, #golems-kill-a-behemoth-one",
        ),
        check(
            "an example named !!!",
            WRONG,
            {"x.feature": feature("    Example: !!!\n" + golems)},
            1,
            "has no letter or digit in its name",
        ),
        check(
            "a French file",
            WRONG,
            {
                "x.feature": "# language: fr\nFonctionnalité: F\n  Règle: r\n    Exemple: e\n"
                "      Soit a battle in the open field\n      Alors the battle goes on\n"
            },
            1,
            "x.feature:1: malformed feature file: the file asks for Gherkin in 'fr'",
        ),
        check(
            "# language: fr over English",
            WRONG,
            {"x.feature": "# language: fr\n" + feature(good())},
            1,
            "Battlebook reads feature files in English only",
        ),
        check("# language: en", WRONG, {"x.feature": "# language: en\n" + feature(good())}, 0, "1 example: 1 passed"),
        check(
            "a Unicode line break in a description",
            WRONG,
            {"x.feature": description_break},
            1,
            "problem: x.feature:5: 'Exmaple:' is not a keyword",
        ),
        check(
            "an outline with a header and no rows",
            WRONG,
            {"x.feature": _outline(0)},
            1,
            "the Examples table has a header but no rows",
        ),
        check(
            "an outline with no Examples",
            WRONG,
            {"x.feature": _outline(0).split("\n      Examples:")[0] + "\n"},
            1,
            "has no Examples table",
        ),
        check(
            "a column named twice in Examples",
            WRONG,
            {"x.feature": _outline(1, "| n | n |", "| 3 | 1 |")},
            1,
            "the Examples table names the column 'n' twice",
        ),
        check(
            "a column named twice in a unit table",
            WRONG,
            {"x.feature": _unit_table("        | name | defense | defense |\n        | Gold Golem | 7 | 70 |\n")},
            1,
            "the unit table names the column 'defense' twice",
        ),
        check(
            "@game:chess",
            WRONG,
            {"x.feature": "@game:chess\n" + feature(good())},
            1,
            "one of @game:homm, @game:heroscape, not ['chess']",
        ),
        Attempt("check ''", WRONG, ("check", ""), 2, "an empty path names no file or folder"),
        Attempt(
            "results --file a feature file",
            WRONG,
            ("results", "--file", "ok.feature"),
            2,
            "is a feature file, not a results file",
            {"ok.feature": feature(good())},
            absent="delete it",
        ),
        Attempt(
            "results --file /dev/null",
            WRONG,
            ("results", "--file", "/dev/null"),
            2,
            "is not a regular file",
            absent="delete it",
        ),
        Attempt(
            "results --file text",
            WRONG,
            ("results", "--file", "notes.txt"),
            2,
            "name a results file",
            {"notes.txt": "hello"},
            absent="delete it",
        ),
        Attempt(
            "steps --features FILE",
            WRONG,
            ("steps", "--features", "ok.feature", "Behemoth"),
            0,
            "used in: ok.feature",
            {"ok.feature": feature(good())},
        ),
        Attempt("steps --features missing", WRONG, ("steps", "--features", "nope"), 2, "no such file or folder"),
        check(
            "a HoMM unit in phase 0",
            WRONG,
            {"x.feature": _unit_table("        | name | phase |\n        | Gold Golem | 0 |\n")},
            1,
            "the Gold Golem's phase is 0: a card attacks in one of the phases 1 to 10 of a combat round "
            "(rule homm.phases-and-rounds)",
        ),
        check(
            "a HoMM unit in phase 11",
            WRONG,
            {"x.feature": _unit_table("        | name | phase |\n        | Gold Golem | 11 |\n")},
            1,
            "(rule homm.phases-and-rounds)",
        ),
        check(
            "a Heroscape card with Life 0",
            WRONG,
            {"x.feature": _card_table("0")},
            1,
            "so a card's Life is at least 1 (rule heroscape.life)",
        ),
        check(
            "a 900 KB Feature name",
            WRONG,
            {"x.feature": "Feature: " + "N" * 900_000 + "\n" + feature(good())[16:]},
            1,
            "the Feature's name has 900000 characters",
        ),
        check(
            "a step count in Arabic digits",
            WRONG,
            {"x.feature": feature(dice("\u0663 attack dice are rolled against 2 defense dice"))},
            1,
            "no step definition reads like this line",
        ),
        check(
            "a table stat in Arabic digits",
            WRONG,
            {"x.feature": _unit_table("        | name | defense |\n        | Gold Golem | \u0663 |\n")},
            1,
            "the Gold Golem's defense: '\u0663' is not a whole number",
        ),
        check(
            "a table stat written 1_000",
            WRONG,
            {"x.feature": _unit_table("        | name | defense |\n        | Gold Golem | 1_000 |\n")},
            1,
            "'1_000' is not a whole number",
        ),
    ]


def data_loss_attempts() -> list[Attempt]:
    """The messages never replace an input."""
    ok: dict[str, str | bytes] = {"ok.feature": feature(good())}
    return [
        Attempt(
            "--messages over the checked file",
            DATA_LOSS,
            ("check", "ok.feature", "--messages", "ok.feature"),
            2,
            "is a feature file",
            ok,
            keep=("ok.feature",),
        ),
        Attempt(
            "--messages over another checked file",
            DATA_LOSS,
            ("check", ".", "--messages", "b.feature"),
            2,
            "the messages are never written over",
            {**ok, "b.feature": feature(good(" b"))},
            keep=("ok.feature", "b.feature"),
        ),
        Attempt(
            "--messages through a hard link",
            DATA_LOSS,
            ("check", "ok.feature", "--messages", "m.ndjson"),
            2,
            "is the checked file",
            prepare=_linked("m.ndjson", hard=True),
            keep=("ok.feature",),
        ),
        Attempt(
            "--messages through a symbolic link",
            DATA_LOSS,
            ("check", "ok.feature", "--messages", "m.ndjson"),
            2,
            "the messages are never written over",
            prepare=_linked("m.ndjson", hard=False),
            keep=("ok.feature",),
        ),
        Attempt(
            "--messages over an unchecked feature",
            DATA_LOSS,
            ("check", "ok.feature", "--messages", "other.feature"),
            2,
            "is a feature file",
            {**ok, "other.feature": "Feature: mine\n"},
            keep=("other.feature",),
        ),
        Attempt(
            "--messages to a new file",
            DATA_LOSS,
            ("check", "ok.feature", "--messages", "run.ndjson"),
            0,
            "1 example: 1 passed",
            ok,
            keep=("ok.feature",),
        ),
    ]


def _mkdir(name: str) -> Callable[[Path], None]:
    def prepare(folder: Path) -> None:
        (folder / name).mkdir()

    return prepare


def third_pass_attempts() -> list[Attempt]:
    """Every command-line attempt of the third pass."""
    return injection_attempts() + traceback_attempts() + hang_attempts() + wrong_attempts() + data_loss_attempts()
