r"""The rulebook's "Try it": a scenario typed in a page, run in the reader's browser.

The site ships this package, its step library and their pure-Python dependencies to the
page, where [Pyodide](https://pyodide.org) runs them; this module is what the page calls.
A run is [`run_check`][battlebook.runners.check.run_check], the machinery of
`battlebook check`, on the one file the reader typed: the same step definitions (the
`battlebook.language.plugin` plugin, imported once and kept), the same recorder, and the same
explanations ([`explain`][battlebook.runners.check.explain] and
[`format_report`][battlebook.runners.check.format_report]). What the page adds is the
result as plain data: each step's status, the drawing and the exact chance of the last
attack that an example's notes carry.

As for `battlebook check`, a run loads the step libraries (and so the rules) of the games
the scenario declares only (`@game:`), and of every game for one that declares none: the
page's first Run of a chapter's example loads that chapter's game alone. The worker's
warm-up, run while the reader has not pressed Run yet, declares no game: it leaves every
game's library loaded, ready for either.

Everything here returns JSON-ready values (dicts, lists, strings, numbers); the page shows
every string as text, never as markup, except the drawings, which it sanitizes first.

The same functions run on the project's Python, so the tests compare a run here with the
rulebook's own run of the same examples.

Examples:
    >>> text = "Feature: F\n  Scenario: S\n    Given a battle in the open field\n    Then the battle goes on\n"
    >>> outcome = run_scenario(text)
    >>> outcome["summary"], outcome["examples"][0]["steps"][0]["status"]
    ('1 example: 1 passed, 0 failed, 0 undefined', 'passed')
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from battlebook.book.model import (
    ExampleDoc,
    FeatureDoc,
    FeatureFileError,
    RuleDoc,
    StepDoc,
    load_feature,
    text_lines,
)
from battlebook.book.results import Status
from battlebook.bounds import MAX_SCENARIO_TEXT
from battlebook.errors import BattlebookError
from battlebook.language.notes import DRAWING_NOTE
from battlebook.language.recorder import RESULT
from battlebook.runners.check import (
    LEAN_OPTIONS,
    STEPS_HINT,
    CheckedExample,
    CheckReport,
    explain,
    file_lines,
    format_report,
    malformed_lines,
    not_run_line,
    run_check,
)

#: pytest options of an in-page run: those of `battlebook check`, which leave out the built-in
#: plugins a scenario never needs (each would cost time at every run in the page).
IN_PAGE_OPTIONS: tuple[str, ...] = LEAN_OPTIONS
#: The name of the file a run writes the reader's text to (it is shown in messages).
SCENARIO_FILE = "scenario.feature"
#: Longest scenario text a run accepts, in characters: a link or a paste cannot make the page work for long.
MAX_TEXT = MAX_SCENARIO_TEXT


def scenario_text(feature: FeatureDoc, rule: RuleDoc | None, example: ExampleDoc) -> str:
    """The text of one example as a file of its own: its feature's tags and Background, its Rule, itself.

    This is what "Try it" puts in the editor: everything the example needs to run as it
    does in the rulebook (the edition or readings its tags and Backgrounds choose), and
    nothing else (no prose, no other example).

    Examples:
        >>> step = StepDoc("Given", "a battle in the open field", 3)
        >>> ex = ExampleDoc("Example", "One", 3, "", ("edition:2004",), (step,))
        >>> print(scenario_text(FeatureDoc("f.feature", "F", "", ("chapter:1",), (), (), (ex,), ""), None, ex))
        @chapter:1
        Feature: F
        <BLANKLINE>
          @edition:2004
          Example: One
            Given a battle in the open field
        <BLANKLINE>
    """
    from battlebook.book.render import example_gherkin, gherkin_lines  # the site's build asks, never a run

    lines = [" ".join(f"@{tag}" for tag in feature.tags)] if feature.tags else []
    lines.append(f"Feature: {feature.name}")
    if feature.background:
        lines += ["", "  Background:", *gherkin_lines(feature.background, "    ")]
    indent = "  "
    if rule is not None:
        lines.append("")
        if rule.tags:
            lines.append("  " + " ".join(f"@{tag}" for tag in rule.tags))
        lines.append(f"  Rule: {rule.name}")
        if rule.background:
            lines += ["", "    Background:", *gherkin_lines(rule.background, "      ")]
        indent = "    "
    body = text_lines(example_gherkin(example))[1:-1]  # inside the code fence, whatever its length
    lines.append("")
    lines += [indent + line if line else "" for line in body]
    return "\n".join(lines) + "\n"


def _steps_of(feature: FeatureDoc, checked: CheckedExample) -> list[StepDoc]:
    """Every step an example runs, in order: the feature's Background, the rule's, its own."""
    rule_background = checked.rule.background if checked.rule else ()
    return [*feature.background, *rule_background, *checked.example.steps]


def _step_statuses(steps: Sequence[StepDoc], checked: CheckedExample) -> list[dict[str, Any]]:
    """Each step with its status: passed before the first run that did not pass, then its verdict, then skipped."""
    bad = next((o for o in checked.outcomes if o.kind != "passed"), None)
    stop = bad.result.step_line if bad is not None else None
    out = []
    for step in steps:
        if not checked.outcomes:
            status = "not run"
        elif bad is None:
            status = "passed"
        elif stop is None or step.line < stop:
            status = "passed" if stop is not None else "not run"
        elif step.line == stop:
            status = bad.kind
        else:
            status = "skipped"
        out.append({"keyword": step.keyword, "text": step.text, "line": step.line, "status": status})
    return out


#: What the check says of an example that ran but states no outcome (as `battlebook check` words it).
UNCHECKED = "it ran, but has no Then step: add one stating the outcome to check"


def _explanation(checked: CheckedExample, report: CheckReport) -> list[str]:
    """The check's explanation of an example that did not pass, line by line.

    The page offers its own search of the step catalogue, so the terminal's advice to run
    `battlebook steps WORD` is left out.
    """
    lines = [UNCHECKED] if checked.kind == "unchecked" else []
    if not checked.outcomes:
        lines.append(not_run_line(report))
    explained = [line for outcome in checked.outcomes for line in explain(outcome)]
    return lines + [line for line in explained if line.strip() != STEPS_HINT]


def _undefined(checked: CheckedExample) -> dict[str, Any] | None:
    """The first undefined step of an example: its line, text and closest steps, for the page's step search."""
    outcome = next((o for o in checked.outcomes if o.kind == "undefined"), None)
    if outcome is None:
        return None
    keyword, _, text = (outcome.result.step or "").partition(" ")
    return {
        "line": outcome.result.step_line,
        "keyword": keyword,
        "text": text,
        "closest": [
            {"keyword": s.type.capitalize(), "text": s.readable or str(s).split(" ", 1)[-1]} for s in outcome.closest
        ],
    }


def _notes(checked: CheckedExample, chances: dict[tuple[str, int, str | None], str]) -> dict[str, Any]:
    """The drawing and the chance of the last attack that the example's first run with a drawing carries.

    An example that did not pass is drawn as the battle stood when it stopped (`at_line`,
    the line of the step it stopped at); one that passed, as the rulebook page draws it.
    """
    drawings: list[dict[str, Any]] = []
    chance: str | None = None
    for outcome in checked.outcomes:
        for note in outcome.result.annotations:
            if note["title"] != DRAWING_NOTE or drawings:
                continue
            intro, _, markup = note["markdown"].partition("\n\n")
            stopped = outcome.kind != "passed"
            drawings.append(
                {"intro": intro, "markup": markup, "at_line": outcome.result.step_line if stopped else None}
            )
        chance = chance or chances.get(outcome.result.key)
    return {"drawings": drawings, "chance": chance}


class LastChances:
    """A pytest plugin for one in-page run: the chance of each passing example's last attack, by its key."""

    def __init__(self) -> None:
        self.chances: dict[tuple[str, int, str | None], str] = {}

    def pytest_bdd_after_scenario(self, request: pytest.FixtureRequest) -> None:
        """Keep the chance of the last attack of an example that passed."""
        from battlebook.language.chance_notes import chances
        from battlebook.language.session import played_worlds

        result = request.node.stash.get(RESULT, None)
        if result is None or result.status is not Status.PASSED:
            return
        lines: list[str] = []
        for game, world in played_worlds(request):
            lines += chances(game, world)
        if lines:
            self.chances[result.key] = lines[-1][0].upper() + lines[-1][1:] + "."


def run_scenario(text: str, folder: Path | None = None) -> dict[str, Any]:
    """Run the scenario `text` as `battlebook check` would, and say how every example and step went.

    The text is written to `scenario.feature` in `folder` (a fresh temporary folder by
    default). The answer holds the check's own report text (`report`), its summary line
    (`summary`), any reason the file could not be read (`malformed`: line and reason), every
    problem the report lists before the examples, in its words (`problems`: the unreadable
    file, or each broken convention, with file and line), and per example its name, line,
    verdict (`kind`), steps with their status, the check's explanation lines, its drawings
    (markup the page sanitizes) and the chance of its last attack.
    """
    if len(text) > MAX_TEXT:
        return _refused(f"the scenario is {len(text)} characters long; the page runs at most {MAX_TEXT}")
    unreadable = not_text("the scenario", text)
    if unreadable:
        return _refused(unreadable)
    with tempfile.TemporaryDirectory(prefix="battlebook-try-") as tmp:
        where = Path(tmp) if folder is None else folder
        path = where / SCENARIO_FILE
        path.write_text(text, encoding="utf-8")
        last = LastChances()
        with contextlib.chdir(where):  # the report names the file as the reader knows it
            report = run_check(
                [path], root=where, options=IN_PAGE_OPTIONS, notes=True, failed_notes=True, plugins=[last]
            )
            report_text = format_report(report)
            problems = malformed_lines(report) + [
                line for doc, _ in report.features for line in file_lines(report, doc)
            ]
        chances = last.chances
    examples = [
        {
            "name": checked.example.name,
            "line": checked.example.line,
            "rule": checked.rule.id if checked.rule else None,
            "kind": checked.kind,
            "steps": _step_statuses(_steps_of(doc, checked), checked),
            "explanation": _explanation(checked, report),
            "undefined": _undefined(checked),
            **_notes(checked, chances),
        }
        for doc, examples in report.features
        for checked in examples
    ]
    return {
        "ok": report.ok,
        "malformed": [{"line": error.line, "reason": error.reason} for error in report.malformed],
        "problems": problems,
        "examples": examples,
        "summary": report_text.rstrip("\n").rsplit("\n", 1)[-1].split(" (ran in", 1)[0],
        "report": report_text,
        "seconds": round(report.seconds, 3),
    }


def not_text(what: str, text: str) -> str | None:
    r"""Why `text` cannot be saved as a feature file's UTF-8 (a lone surrogate a paste left), or `None`.

    Examples:
        >>> not_text("the scenario", "Feature: x" + chr(0xD800))
        'the scenario holds a character that is not text (a lone surrogate, U+D800, at character 11): paste it again'
    """
    for number, character in enumerate(text, 1):
        if "\ud800" <= character <= "\udfff":
            return (
                f"{what} holds a character that is not text (a lone surrogate, U+{ord(character):04X}, "
                f"at character {number}): paste it again"
            )
    return None


def _refused(reason: str) -> dict[str, Any]:
    return {
        "ok": False,
        "malformed": [{"line": 1, "reason": reason}],
        "problems": [f"{SCENARIO_FILE}:1: {reason}"],
        "examples": [],
        "summary": reason,
        "report": reason + "\n",
        "seconds": 0.0,
    }


def game_odds(game: str, arguments: Sequence[object]) -> dict[str, Any]:
    """The odds page's calculator of the registered game `game`, given its fields' values in order.

    Each game reads, bounds (by its form's fields) and answers its own fields
    ([`Calculators.page_odds`][battlebook.calculator.Calculators]).

    Examples:
        >>> odds = game_odds("homm", [7, [13], "1-10"])
        >>> odds["chance"]["fraction"], odds["min_roll"]
        ('1/2', 6)
    """
    from battlebook.games import GAMES, calculators

    if game not in GAMES:
        raise BattlebookError(f"no game {game!r}: the games are {', '.join(GAMES)}")
    return calculators(game).page_odds(list(arguments))


#: The longest text a field of the page's battle calculator takes, in characters.
MAX_BATTLE_FIELD = 200


def battle_form(game: str) -> dict[str, Any] | None:
    """The page's battle calculator of the registered game `game`, drawn from its declared battle options.

    Each field is one option of `battlebook odds battle GAME`
    ([`Calculators.battle`][battlebook.calculator.Calculators]): its name, its words (the
    option's help), its shape (`metavar`), its choices, and the text the form opens with
    (the values its [`battle_page`][battlebook.calculator.BattlePage] declares, else the
    option's default). `example` says whether the game writes an answer as an example.
    `None`: no battle calculator.

    Examples:
        >>> form = battle_form("homm")
        >>> [field["name"] for field in form["fields"]], form["example"]
        (['aggressor', 'defender', 'play', 'faces', 'reading'], True)
    """
    from battlebook.games import PACKAGES, calculators

    if game not in PACKAGES:
        raise BattlebookError(f"no game {game!r}: the games are {', '.join(PACKAGES)}")
    declared = calculators(game)
    if declared.battle is None:
        return None
    page = declared.battle_page
    opening: Mapping[str, str] = page.values if page is not None else {}
    fields = [
        {
            "name": option.name,
            "label": option.help.replace("%(default)s", option.default or ""),
            "shape": option.metavar or "",
            "choices": list(option.choices),
            "value": opening.get(option.name, option.default or ""),
        }
        for option in declared.battle.options
    ]
    return {
        "title": f"Battle calculator: {declared.battle.help}",
        "description": declared.battle.description,
        "fields": fields,
        "example": page is not None and page.example is not None,
    }


def game_battle(game: str, values: object) -> dict[str, Any]:
    """The page's battle calculator of the registered game `game`: its fields' texts by name, answered.

    The values are read as the command line reads `battlebook odds battle GAME`'s options (the
    same choices, the same question, the same bounds: the game's
    [`fight`][battlebook.game.Game.fight] reads and bounds every number); a field the form does
    not have, a choice it does not offer or a text over `MAX_BATTLE_FIELD` characters is refused
    in one line. The answer is the page's report
    ([`report_page`][battlebook.fight_report.report_page]), the arguments it was asked with, and,
    when the game writes one, the battle as an example (`example`, else `None`).

    Examples:
        >>> answer = game_battle("homm", {"aggressor": "2,1,3,0,7,3,melee", "defender": "1,2,4,0,7,5,melee"})
        >>> answer["data"]["aggressor_wins"], answer["example"].startswith("@game:homm")
        ('25969/31174', True)
    """
    from battlebook.fight_report import report_page
    from battlebook.games import PACKAGES, calculators, game_named

    if game not in PACKAGES:
        raise BattlebookError(f"no game {game!r}: the games are {', '.join(PACKAGES)}")
    form = calculators(game).battle
    if form is None:
        raise BattlebookError(f"{game} has no battle calculator")
    if not isinstance(values, Mapping):
        raise BattlebookError("the battle calculator's fields are not a set of named values")
    options = {option.name: option for option in form.options}
    named: dict[str, Any] = {name: option.default for name, option in options.items()}
    for key, value in values.items():
        option = options.get(str(key))
        if option is None:
            raise BattlebookError(f"the battle calculator has no field {str(key)[:20]!r}")
        text = str(value).strip()
        if len(text) > MAX_BATTLE_FIELD:
            raise BattlebookError(f"{option.name}: at most {MAX_BATTLE_FIELD} characters")
        if option.choices and text and text not in option.choices:
            raise BattlebookError(f"{option.name}: one of {', '.join(option.choices)}, not {text[:20]!r}")
        if text:
            named[option.name] = text
    try:
        question, arguments = form.question(named)
    except ValueError as error:
        raise BattlebookError(str(error).replace("give --", "give the ").replace(" and --", " and the ")) from None
    report = game_named(game).fight(question, arguments)
    page = calculators(game).battle_page
    writer = page.example if page is not None else None
    example = writer(arguments, report.json()) if writer is not None else None
    return report_page(report) | {"arguments": arguments, "example": example}


def game_fight(game: str, values: Mapping[str, object]) -> dict[str, Any]:
    """The odds page's fight calculator of the registered game `game`, given its shown fields' texts by name.

    A field the page left out because it does not count (a Life in the 2004 game) is read at
    its default ([`PageForm.completed`][battlebook.calculator.PageForm.completed]). The game
    turns them into its question ([`Calculators.page_fight`][battlebook.calculator.Calculators])
    and answers it with its [`fight`][battlebook.game.Game.fight], as the page draws it.

    Examples:
        >>> from fractions import Fraction
        >>> from battlebook.games import calculators
        >>> answer = game_fight("homm", calculators("homm").fight_form.defaults())
        >>> sum(Fraction(chance["fraction"]) for chance in answer["chances"][:3])
        Fraction(1, 1)
    """
    from battlebook.fight_report import report_page
    from battlebook.games import GAMES, calculators

    if game not in GAMES:
        raise BattlebookError(f"no game {game!r}: the games are {', '.join(GAMES)}")
    if not isinstance(values, Mapping):
        raise BattlebookError("the calculator's fields are not a set of named values")
    calculator = calculators(game)
    given = calculator.fight_form.completed({str(k): str(v) for k, v in values.items()})
    question, arguments = calculator.page_fight(given)
    return report_page(GAMES[game].fight(question, arguments))


def _read_scenario(text: str, name: str) -> FeatureDoc:
    """The feature `text` holds, read leniently as `battlebook check` reads it (a file named `name`)."""
    with tempfile.TemporaryDirectory(prefix="battlebook-try-") as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        return load_feature(path, Path(tmp), strict=False)


def propose_ruling(text: str, fields: dict[str, Any]) -> dict[str, Any]:
    """Turn the scenario `text` into a ruling file, with what the player filled in, and check it.

    `fields` holds the [`Proposal`][battlebook.book.rulings.Proposal]'s parts by name
    (`sources` a list of section keys, `chapter` a number). The answer holds `problems`
    (what to fill in or fix first, one line each), and once there are none the file's
    name and `text`, what the book's conventions say of it (`conventions`: the problems a
    strict reading of the rulebook finds), `check`: the file run as
    [`run_scenario`][battlebook.runners.inpage.run_scenario] runs a scenario, and `link`: the
    line a rule chapter needs to link to the ruling, and where it goes
    ([`chapter_link`][battlebook.book.rulings.chapter_link], from the chapter rules the site
    hands over in `fields["rules"]`), or `None` when no chapter rule cites its sections.
    """
    # Loaded when a ruling is first proposed, not with the runner: a run never needs them.
    from battlebook.book.rulings import (
        Proposal,
        chapter_link,
        proposal_problems,
        read_ruling,
        ruling_problems,
        ruling_text,
    )

    if len(text) > MAX_TEXT:
        return {"ok": False, "problems": [f"the scenario is {len(text)} characters long; at most {MAX_TEXT}"]}
    unreadable = [
        problem
        for what, value in [("the scenario", text), *((f"the field {k!r}", v) for k, v in fields.items())]
        for problem in [not_text(what, value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))]
        if problem
    ]
    if unreadable:
        return {"ok": False, "problems": unreadable}
    chapter = fields.get("chapter", 50)
    proposal = Proposal(
        title=str(fields.get("title", "")),
        slug=str(fields.get("slug", "")),
        sources=tuple(str(key) for key in fields.get("sources", ()) if key),
        question=str(fields.get("question", "")),
        reading=str(fields.get("reading", "")),
        alternative=str(fields.get("alternative", "")),
        rule=str(fields.get("rule", "")),
        chapter=chapter if isinstance(chapter, int) and 0 <= chapter < 1000 else 50,
    )
    problems = proposal_problems(proposal)
    try:
        scenario = _read_scenario(text, SCENARIO_FILE)
    except FeatureFileError as error:
        problems.append(f"the scenario cannot be read: line {error.line}: {error.reason}")
    else:
        if not any(True for _ in scenario.examples()):
            problems.append("the scenario has no example to pin the reading down")
    if problems:
        return {"ok": False, "problems": problems}
    name = f"{proposal.slug}.feature"
    ruling = ruling_text(scenario, proposal)
    conventions: list[str] = []
    try:
        doc = _read_scenario(ruling, name)
    except FeatureFileError as error:
        conventions.append(f"line {error.line}: {error.reason}")
    else:
        conventions += [f"line {p.line}: {p.reason}" for p in doc.problems]
        conventions += [p.split(": ", 1)[-1] for p in ruling_problems([read_ruling(doc)])]
    check = run_scenario(ruling)
    rules = fields.get("rules", [])
    link = chapter_link(proposal, [r for r in rules if isinstance(r, dict)] if isinstance(rules, list) else [])
    return {
        "ok": check["ok"] and not conventions,
        "problems": [],
        "file": f"features/rulings/{name}",
        "text": ruling,
        "conventions": conventions,
        "check": check,
        "link": None
        if link is None
        else {"file": link.file, "rule": link.rule, "after": link.after, "line": link.line},
    }


def step_catalogue() -> list[dict[str, str]]:
    """Every step of the step library, for the page's searchable catalogue: keyword, text, help, game, domain.

    Only the library's own steps: what else is registered depends on what the process has
    loaded (pytest-bdd's `trace` step, for one, once pytest has run), not on the rulebook.
    """
    from battlebook.language.catalogue import domain_of, load_step_modules
    from battlebook.language.recorder import known_steps

    domains = {module.__name__: domain_of(module) for module in load_step_modules()}
    return [
        {
            "keyword": step.type.capitalize(),
            "text": step.readable,
            "doc": step.doc.split("\n\n", 1)[0].replace("\n", " "),
            "game": step.game or "any",
            "domain": domains.get(step.module, step.module.rsplit(".", 1)[-1]),
        }
        for step in known_steps()
        if step.module in domains
    ]


def game_choices() -> list[dict[str, Any]]:
    """The games the Playground offers, from the registry: each name, title, editions and new scenario's text.

    A new scenario declares its game (`@game:NAME`) and, for a game printed in several
    editions, the first of them (`@edition:NAME`).

    Examples:
        >>> print(game_choices()[1]["template"], end="")
        @game:heroscape @edition:2004
        Feature: My question about Heroscape
        <BLANKLINE>
          Example: What happens when
    """
    from battlebook.games import GAMES

    choices = []
    for name, game in GAMES.items():
        editions = [edition.name for edition in game.editions()]
        tags = " ".join([f"@game:{name}", *(f"@edition:{editions[0]}" for _ in editions[:1])])
        template = f"{tags}\nFeature: My question about {game.title}\n\n  Example: What happens when\n"
        choices.append({"name": name, "title": game.title, "editions": editions, "template": template})
    return choices


def book_examples(book: Sequence[FeatureDoc]) -> Iterator[tuple[FeatureDoc, str, str]]:
    """For each example of `book`: its feature, its anchor on the page and its text for the editor."""
    for feature in book:
        for rule, example in feature.examples():
            yield feature, example.anchor, scenario_text(feature, rule, example)
