"""The step catalogue: every step a scenario may use, read from the step definitions themselves.

Step definitions live in the package [`battlebook.language.steps`][battlebook.language.steps], one module per
domain concept; every module whose name does not start with `_` is loaded. A module names its domain (the heading
its steps appear under) with a module-level constant, for instance
`DOMAIN = "Battle setup"`; without one, the first line of the module's docstring is
used. Domains are listed in the order a scenario uses them: domains of Given steps
first, then When, then Then.

For each step the catalogue gives its pattern in readable form (`{name}` for a value,
`[...]` for an optional part, `a/b` for alternatives), its docstring, an example line
taken from a real feature file, and the features (and rules) that use it. A step
without a docstring is a [`CatalogueProblem`][battlebook.language.catalogue.CatalogueProblem],
which fails the strict site build.

The same catalogue is printed by `battlebook steps [WORD]` and published as the page
`rulebook/steps.md`.
"""

from __future__ import annotations

import inspect
import re
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType

from battlebook.book.links import feature_page, rule_link
from battlebook.book.model import ExampleDoc, FeatureDoc, RuleDoc, slugify
from battlebook.book.prose import markdown_code, markdown_text
from battlebook.games import GAMES
from battlebook.language import steps
from battlebook.language.grammar import StepDefinition, step_definitions
from battlebook.language.patterns import allowed_words_of, readable_of
from battlebook.language.scope import filled, outline_values, resolved_steps, scope_of

#: Keyword order of a scenario: domains and steps are listed in this order.
STEP_TYPES = ("given", "when", "then", "step")
_PRIMARY = {"given", "when", "then"}


def load_step_modules() -> list[ModuleType]:
    """Import every step module of [`battlebook.language.steps`][battlebook.language.steps], registering its steps."""
    return steps.load_step_modules()


def domain_of(module: ModuleType) -> str:
    r"""A module's domain: its `DOMAIN` constant, else its docstring's first line.

    Examples:
        >>> import types
        >>> domain_of(types.ModuleType("m", "Steps that roll dice.\n\nMore."))
        'Steps that roll dice'
        >>> m = types.ModuleType("m", "Steps."); m.DOMAIN = "Dice"; domain_of(m)
        'Dice'
    """
    named = getattr(module, "DOMAIN", None)
    if isinstance(named, str) and named.strip():
        return named.strip()
    first = (module.__doc__ or "").strip().splitlines()
    return first[0].strip().rstrip(".") if first else module.__name__.rsplit(".", 1)[-1]


@dataclass(frozen=True)
class StepUse:
    """One line of a feature file that a step definition matches."""

    feature: FeatureDoc
    rule: RuleDoc | None
    example: ExampleDoc | None
    keyword: str
    text: str
    line: int

    @property
    def gherkin(self) -> str:
        """The line as written: keyword and text."""
        return f"{self.keyword} {self.text}"


@dataclass(frozen=True)
class CatalogueStep:
    """One step definition as the catalogue shows it."""

    type: str
    pattern: str
    doc: str
    module: str
    domain: str
    uses: tuple[StepUse, ...]
    #: The pattern as a scenario writer reads it.
    readable: str = ""
    #: Each value the step reads, with the words it accepts (or the shape of value).
    allowed: tuple[tuple[str, str], ...] = ()

    @property
    def keyword(self) -> str:
        """The keyword to write before the step (`Given`, `When`, `Then`, or `*` for any)."""
        return self.type.capitalize() if self.type in _PRIMARY else "*"

    @property
    def anchor(self) -> str:
        """The step's anchor on the catalogue page."""
        return "step-" + slugify(f"{self.type} {self.readable}")

    @property
    def example(self) -> StepUse | None:
        """The first line of a feature file that uses this step, if any."""
        return self.uses[0] if self.uses else None

    def features(self) -> list[FeatureDoc]:
        """The features that use this step, in the order of first use."""
        seen: dict[str, FeatureDoc] = {}
        for use in self.uses:
            seen.setdefault(use.feature.path, use.feature)
        return list(seen.values())

    def mentions(self, word: str) -> bool:
        """Whether `word` appears (ignoring case) in the pattern, docstring, domain or example line."""
        example = self.example.gherkin if self.example else ""
        words = " ".join(f"{name} {allowed}" for name, allowed in self.allowed)
        haystack = " ".join((self.type, self.readable, self.doc, self.domain, example, words)).lower()
        return word.lower() in haystack


@dataclass(frozen=True)
class Domain:
    """The steps of one domain (one or more step modules with the same domain name)."""

    title: str
    modules: tuple[str, ...]
    steps: tuple[CatalogueStep, ...]

    @property
    def anchor(self) -> str:
        """The domain's anchor on the catalogue page."""
        return slugify(self.title)


@dataclass(frozen=True)
class CatalogueProblem:
    """A step definition the catalogue cannot publish (it has no docstring)."""

    module: str
    pattern: str
    message: str

    def __str__(self) -> str:
        return f"{self.module}: step {self.pattern!r} {self.message}"


def book_lines(book: Iterable[FeatureDoc]) -> Iterator[tuple[str, StepUse]]:
    """Every step line of every feature (backgrounds included), with its resolved type.

    Outline placeholders (`<name>`) are filled from the first row of the example's table.
    """
    for feature in book:
        for _, step in resolved_steps(feature.background):
            yield "given", StepUse(feature, None, None, step.keyword, step.text, step.line)
        for rule in feature.rules:
            for _, step in resolved_steps(rule.background):
                yield "given", StepUse(feature, rule, None, step.keyword, step.text, step.line)
        for owner, example in feature.examples():
            values = outline_values(example)
            for step_type, step in resolved_steps(example.steps):
                text = filled(step.text, values)
                yield step_type, StepUse(feature, owner, example, step.keyword, text, step.line)


def bind_lines(
    book: Sequence[FeatureDoc], contexts: Sequence[StepDefinition]
) -> list[tuple[StepUse, tuple[StepDefinition, ...]]]:
    """Every step line of `book` with the step definitions credited with it.

    A definition is a candidate for a line when its keyword type fits and its pattern
    matches, as pytest-bdd checks. Steps are scoped per game: a line is credited only to the steps
    of the game its example declares ([`FeatureDoc.declared`][battlebook.book.model.FeatureDoc.declared])
    and to shared steps, as a run binds it (a line of a file that declares no game, to every step
    that reads it).
    """
    matched: list[tuple[StepUse, tuple[StepDefinition, ...]]] = []
    # A line's candidates depend only on its type and text, and most lines recur across the book.
    candidates: dict[tuple[str, str], tuple[StepDefinition, ...]] = {}
    for line_type, use in book_lines(book):
        matching = candidates.get((line_type, use.text))
        if matching is None:
            matching = tuple(
                c for c in contexts if (c.type is None or c.type == line_type) and c.parser.is_matching(use.text)
            )
            candidates[(line_type, use.text)] = matching
        matched.append((use, matching))
    resolved = []
    for use, matching in matched:
        game = _game_of_use(use)
        if game is not None:
            matching = tuple(c for c in matching if scope_of(c.parser) in (game, None))
        resolved.append((use, matching))
    return resolved


def _game_of_use(use: StepUse) -> str | None:
    """The game a line is read in: its example's; a Rule's background line, the Rule's first example's.

    A line outside every example and Rule (the file's Background) is read in the file's game.
    """
    if use.example is not None:
        return use.feature.declared(use.rule, use.example).game
    if use.rule is not None and use.rule.examples:
        return use.feature.declared(use.rule, use.rule.examples[0]).game
    return use.feature.game


def build_catalogue(book: Sequence[FeatureDoc], modules: Sequence[ModuleType]) -> list[Domain]:
    """The catalogue of the steps defined in `modules`, with their uses in `book` (see `bind_lines`)."""
    by_name = {module.__name__: module for module in modules}
    contexts = step_definitions(modules)
    lines = bind_lines(book, contexts)
    # The uses credited to each definition (by identity), in book order.
    credited_uses: dict[int, list[StepUse]] = {}
    for use, credited in lines:
        for credited_id in dict.fromkeys(map(id, credited)):
            credited_uses.setdefault(credited_id, []).append(use)
    grouped: dict[str, list[CatalogueStep]] = {}
    owners: dict[str, list[str]] = {}
    seen: set[tuple[str, str, str]] = set()
    for context in contexts:
        step_type = context.type or "step"
        module = context.step_func.__module__
        key = (step_type, context.parser.name, module)
        if key in seen:
            continue
        seen.add(key)
        uses = tuple(credited_uses.get(id(context), ()))
        domain = domain_of(by_name[module])
        step = CatalogueStep(
            step_type,
            context.parser.name,
            inspect.cleandoc(context.step_func.__doc__ or ""),
            module,
            domain,
            uses,
            readable_of(context.parser),
            allowed_words_of(context.parser),
        )
        grouped.setdefault(domain, []).append(step)
        if module not in owners.setdefault(domain, []):
            owners[domain].append(module)

    def order(step: CatalogueStep) -> tuple[int, str]:
        return STEP_TYPES.index(step.type), step.readable.lower()

    domains = [
        Domain(title, tuple(sorted(owners[title])), tuple(sorted(steps, key=order))) for title, steps in grouped.items()
    ]
    return sorted(domains, key=lambda d: (min(order(s)[0] for s in d.steps), d.title.lower()))


def catalogue_problems(domains: Iterable[Domain]) -> list[CatalogueProblem]:
    """Every step that has no docstring: the catalogue would not say what it does."""
    return [
        CatalogueProblem(step.module, step.pattern, "has no docstring: say in it what the step does")
        for domain in domains
        for step in domain.steps
        if not step.doc
    ]


def _code(text: str) -> str:
    return markdown_code(text)


def _uses_markdown(step: CatalogueStep) -> str:
    parts = []
    for feature in step.features():
        rules: dict[str, RuleDoc] = {}
        for use in step.uses:
            if use.feature is feature and use.rule is not None:
                rules.setdefault(use.rule.id, use.rule)
        ids = ", ".join(rule_link(feature, rule) for rule in rules.values())
        parts.append(f"[{markdown_text(feature.name)}]({feature_page(feature.path)})" + (f" ({ids})" if ids else ""))
    return "; ".join(parts)


def render_catalogue(domains: Sequence[Domain]) -> str:
    """The catalogue as the Markdown page `rulebook/steps.md`."""
    count = sum(len(d.steps) for d in domains)
    lines = [
        "# Step catalogue",
        "",
        f'<p class="bb-summary">{count} steps in {len(domains)} domains, read from the step definitions '
        "when this site was built.</p>",
        "",
        "Every line of an example must read like one of these steps. In a pattern, `{name}` stands for",
        "a value you write (a unit, a number, a side), `[...]` for a part you may leave out, and",
        "`a/b` for alternative wordings. Under each step, **Values** lists the words each value accepts.",
        "`And` and `But` continue the keyword of the line above. Each step belongs to one game, or to",
        "every game: a file plays the game its lines (or its "
        + " / ".join(f"`@game:{name}`" for name in GAMES)
        + " tag) show, and",
        "only that game's steps read its lines.",
        "In a terminal, `battlebook steps WORD` prints the same catalogue filtered by a word, and",
        "`battlebook check my.feature` tells you which lines match no step.",
        "See [Contributing](../contributing.md) for how to write a scenario of your own.",
        "",
    ]
    for domain in domains:
        modules = ", ".join(f"<code>{m.replace('.', '/')}.py</code>" for m in domain.modules)
        lines += [f"## {domain.title} {{ #{domain.anchor} }}", "", f'<p class="bb-file">Defined in {modules}.</p>', ""]
        for step in domain.steps:
            lines += [f"### {_code(f'{step.keyword} {step.readable}')} {{ #{step.anchor} }}", ""]
            lines += [step.doc or "*(no docstring)*", ""]
            if step.allowed:
                values = "; ".join(f"{_code('{' + name + '}')}: {markdown_text(words)}" for name, words in step.allowed)
                lines += [f"**Values:** {values}", ""]
            example = step.example
            if example is not None:
                where = f"{feature_page(example.feature.path)}#{example.example.anchor}" if example.example else ""
                link = (
                    f" ([{markdown_text(example.feature.name)}, line {example.line}]"
                    f"({where or feature_page(example.feature.path)}))"
                )
                lines += [f"**Example:** {_code(example.gherkin)}{link}", ""]
                lines += [f"**Used in:** {_uses_markdown(step)}", ""]
            else:
                lines += ["**Not used by any feature yet.**", ""]
    return "\n".join(lines) + "\n"


def _wrap(text: str, indent: str, width: int = 100) -> list[str]:
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        out += textwrap.wrap(" ".join(paragraph.split()), width, initial_indent=indent, subsequent_indent=indent)
    return out


def format_catalogue(domains: Sequence[Domain], word: str | None = None) -> str:
    """The catalogue as terminal text, keeping only the steps that mention `word` (if given).

    Read without a rulebook (no step has a use), it says nothing of uses rather than "not used".
    """
    lines: list[str] = []
    with_book = any(step.example is not None for domain in domains for step in domain.steps)
    for domain in domains:
        steps = [s for s in domain.steps if word is None or s.mentions(word)]
        if not steps:
            continue
        lines += [f"{domain.title}  ({', '.join(m.replace('.', '/') + '.py' for m in domain.modules)})", ""]
        for step in steps:
            lines.append(f"  {step.keyword} {step.readable}")
            lines += _wrap(step.doc or "(no docstring)", "      ")
            for name, words in step.allowed:
                lines += _wrap(f"{{{name}}}: {words}", "      ")
            if step.example is not None:
                lines.append(f"      e.g. {step.example.gherkin}")
                lines.append(f"           ({step.example.feature.path}:{step.example.line})")
                lines.append("      used in: " + ", ".join(f.path for f in step.features()))
            elif with_book:
                lines.append("      not used by any feature yet")
            lines.append("")
    return "\n".join(lines)
