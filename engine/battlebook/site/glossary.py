"""The games' terms (one file, `features/glossary.yml`): the Glossary page, hover texts and search words.

Each term names the rule that defines it. The same entries give:

- the Glossary page, each definition linking to its rule;
- abbreviations (`*[Melee Line]: ...`) for the pages of the term's game, which
  mkdocs-material shows as a tooltip wherever the term appears;
- search words for the rule, with each rule's own `keywords`, which the site's search index
  carries.

Examples:
    >>> swarm = {"term": "swarm", "rule": "homm.swarming", "game": "homm",
    ...     "definition": "Doubling the next attack.", "forms": ["swarms"]}
    >>> g = parse_glossary({"terms": [swarm], "keywords": {"homm.swarming": ["double"]}})
    >>> g.search_words("homm.swarming")
    ('swarm', 'swarms', 'double')
    >>> abbreviations(g, "homm").splitlines()
    ['*[swarm]: Doubling the next attack.', '*[swarms]: Doubling the next attack.']
    >>> abbreviation_titles(g, "homm")
    {'swarm': 'Doubling the next attack.', 'swarms': 'Doubling the next attack.'}
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

GLOSSARY_FILE = "features/glossary.yml"


@dataclass(frozen=True)
class Term:
    """One term of a game, the rule that defines it, and other ways the pages write it."""

    term: str
    rule: str
    game: str
    definition: str
    forms: tuple[str, ...] = ()

    @property
    def anchor(self) -> str:
        """The term's anchor on the Glossary page.

        Examples:
            >>> Term("Melee Line", "homm.melee-attack", "homm", "x").anchor
            'term-melee-line'
        """
        return "term-" + re.sub(r"[^a-z0-9]+", "-", self.term.lower()).strip("-")


@dataclass(frozen=True)
class Glossary:
    """The terms, and each rule's extra search words."""

    terms: tuple[Term, ...]
    keywords: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def search_words(self, rule_id: str) -> tuple[str, ...]:
        """The words that find `rule_id` in the search: its terms, their forms, then its keywords."""
        words = [w for t in self.terms if t.rule == rule_id for w in (t.term, *t.forms)]
        words += [w for w in self.keywords.get(rule_id, ()) if w not in words]
        return tuple(words)

    def rule_ids(self) -> set[str]:
        """Every rule identifier the glossary names."""
        return {t.rule for t in self.terms} | set(self.keywords)


class GlossaryError(ValueError):
    """The glossary file cannot be read: it names its file and the entry."""


def parse_glossary(data: Any) -> Glossary:
    """The glossary from the parsed YAML document."""
    if not isinstance(data, dict):
        raise GlossaryError(f"{GLOSSARY_FILE}: expected a mapping with `terms` and `keywords`")
    terms: list[Term] = []
    for number, entry in enumerate(data.get("terms") or [], 1):
        try:
            terms.append(
                Term(
                    str(entry["term"]),
                    str(entry["rule"]),
                    str(entry["game"]),
                    str(entry["definition"]),
                    tuple(str(f) for f in entry.get("forms") or ()),
                )
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise GlossaryError(f"{GLOSSARY_FILE}: term {number} lacks {error}") from None
    keywords = {str(k): tuple(str(w) for w in v or ()) for k, v in (data.get("keywords") or {}).items()}
    return Glossary(tuple(terms), keywords)


def load_glossary(root: Path) -> Glossary:
    """The glossary of the project at `root`."""
    path = root / GLOSSARY_FILE
    try:
        return parse_glossary(yaml.safe_load(path.read_text(encoding="utf-8")))
    except yaml.YAMLError as error:
        raise GlossaryError(f"{GLOSSARY_FILE}: {error}") from None


def glossary_problems(glossary: Glossary, rule_ids: Iterable[str], games: Iterable[str]) -> list[str]:
    """Entries naming a rule no feature file has, or a game the rulebook does not cover (not among `games`)."""
    known, covered = set(rule_ids), set(games)
    problems = [f"{GLOSSARY_FILE}: no rule has the id {r!r}" for r in sorted(glossary.rule_ids() - known)]
    problems += [
        f"{GLOSSARY_FILE}: {t.term!r} names the game {t.game!r}" for t in glossary.terms if t.game not in covered
    ]
    return problems


def abbreviations(glossary: Glossary, game: str) -> str:
    """Abbreviation definitions of the terms of `game`: the page shows each definition on hover."""
    lines = []
    for term in glossary.terms:
        if term.game == game:
            text = term.definition.replace("\n", " ")
            lines += [f"*[{word}]: {text}" for word in (term.term, *term.forms)]
    return "\n".join(lines)


def abbreviation_titles(glossary: Glossary, game: str) -> dict[str, str] | None:
    """The hover terms of [`abbreviations`][battlebook.site.glossary.abbreviations] as the `abbr` glossary.

    Each word maps to its title as the extension reads it from a definition line (stripped),
    a later definition of a word replacing an earlier one. Handing them to the extension
    spares each page parsing the definitions as Markdown. `None` when a line would not read
    as a plain definition there (the lines must then be appended to the page as they are).
    """
    titles: dict[str, str] = {}
    for line in abbreviations(glossary, game).splitlines():
        found = ABBREVIATION_LINE.match(line)
        word, title = (found["abbr"].strip(), found["title"].strip()) if found else ("", "")
        if not word or not title or title in ("''", '""'):
            return None
        titles[word] = title
    return titles


#: A definition line as Python-Markdown's `abbr` extension reads it.
ABBREVIATION_LINE = re.compile(r"^[*]\[(?P<abbr>[^\\]*?)\][ ]?:[ ]*(?P<title>.*)$")


def render_glossary(glossary: Glossary, rule_link: Mapping[str, str], games: Mapping[str, str]) -> str:
    """The Glossary page: the terms of each game, alphabetically, each linking to its rule.

    `rule_link` maps each rule identifier to its address relative to the Glossary page;
    `games` gives each game's title by its short name, in the order the page lists them.
    """
    lines = [
        "# Glossary",
        "",
        "The games' terms in a sentence each, with the rule that defines them. The same "
        "definition shows when you rest the pointer on a term (or tap it) on any page of its game, and the "
        "first time a section of a page uses a term, the term links to its entry here.",
        "",
    ]
    for game, title in games.items():
        lines += [f"## {title} {{ #glossary-{game} }}", ""]
        for term in sorted((t for t in glossary.terms if t.game == game), key=lambda t: t.term.lower()):
            link = rule_link.get(term.rule, "")
            forms = f' <span class="bb-forms">(also {", ".join(term.forms)})</span>' if term.forms else ""
            lines += [
                f'<dl class="bb-term" id="{term.anchor}"><dt>{html.escape(term.term)}{forms}</dt>',
                f"<dd>{html.escape(term.definition)} "
                f'<a href="{html.escape(link)}">Rule <code>{html.escape(term.rule)}</code></a></dd></dl>',
                "",
            ]
    return "\n".join(lines) + "\n"
