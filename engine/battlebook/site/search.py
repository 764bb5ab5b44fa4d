"""The rulebook's own search: an index of the built site's sections, written into the site.

It reads the built HTML, whatever wrote it (MkDocs, ProperDocs, Zensical: only the pages'
`<article>` and their headings' `id`s are read), so it runs once the site is built:

- [`read_site`][battlebook.site.search.read_site] cuts every page into sections: a rule's
  section (its heading to the next, its examples included), a reference entry (a unit, a
  glossary term), a chapter's introduction, each with its address (`page/#anchor`), title,
  text and game;
- [`Normaliser`][battlebook.site.search.Normaliser] turns text into search terms: lower
  case, stop words dropped, British spellings and irregular forms mapped, a small stemmer;
  its words and rules are data (`search_words.json`, beside this module), together with the
  players' phrases and the rule terms they mean;
- [`build_index`][battlebook.site.search.build_index] weighs the terms of each section's
  fields and writes them, with the normaliser's data, as `search/battlebook.json`, which the
  page's script (`docs/javascripts/search.js`) ranks with BM25: one copy of every word list
  and stemming rule, read by both sides. The index also carries each section's declared names
  (a question running inside one weighs more), the weights of the calculators a question names,
  and the ways a question names each game ([`game_names`][battlebook.site.search.game_names]).
  Sentences many sections repeat (captions) are left out
  ([`furniture_sentences`][battlebook.site.search.furniture_sentences]), and a rule's declared
  names its title lacks become phrases for its title ([`named_phrases`][battlebook.site.search.named_phrases]).

[`write_index`][battlebook.site.search.write_index] does it all for a built site; the pass
after the build ([`finish`][battlebook.site.finish]) calls it with the rules' search words
(the glossary's) and the games' titles.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from pathlib import Path
from types import MappingProxyType
from typing import Any

from battlebook.games import GAMES
from battlebook.site.glossary import load_glossary

#: The normaliser's words, stemming rules and players' phrases.
WORDS_FILE = Path(__file__).with_name("search_words.json")
#: Where the index goes, under the built site's root.
INDEX_PATH = "search/battlebook.json"
#: Pages a reader never needs in the search (the Engine API, the step catalogue, the page for a missing address).
EXCLUDED = ("api/", "rulebook/steps/", "404.html")
#: The weight of each kind of section (a rule's own section weighs 1): a ruling settles a rule,
#: a reference entry accompanies one; a chapter's introduction and other pages come after them.
KIND_WEIGHTS: Mapping[str, float] = MappingProxyType(
    {"rule": 1.0, "calculator": 1.0, "ruling": 0.6, "entry": 0.6, "intro": 0.35, "page": 0.3}
)
#: Attributes of the slots a page's calculators are put in: a section holding one is a `calculator`,
#: which answers a question for the reader's own numbers, and weighs as much as a rule.
CALCULATOR_SLOTS = frozenset({"data-bb-odds", "data-bb-fight"})
#: The weight of each field of a section in the ranking: the rule's search words, its title,
#: its own text (the rule's statement and its restatement), its other prose (its examples'
#: titles and notes; all the prose of a section that is not a rule), its context (the prose
#: of its chapter's introduction, and the glossary's definitions of the terms it defines: the
#: players' words the book says it in), its examples' Gherkin.
FIELD_WEIGHTS: Mapping[str, float] = MappingProxyType(
    {"words": 3.0, "title": 2.5, "rule": 1.5, "text": 0.5, "context": 0.5, "code": 0.15}
)
#: BM25's length normalisation per field (0: none): a longer list of search words or title
#: says no less about each of its words; a longer text does.
FIELD_LENGTH_NORMS: Mapping[str, float] = MappingProxyType(
    {"words": 0.0, "title": 0.3, "rule": 0.5, "text": 0.75, "context": 0.5, "code": 0.75}
)
#: BM25's saturation of a term's weighed count over the fields.
SATURATION = 4.0
#: A section's score is scaled by the share of the question's weight it answers, to this power.
#: Linear (1) let a section holding many of a question's common words ("card", "roll", "line")
#: beat the one holding its telling word strongly in its title and own text; the square root
#: still puts the section answering more of the question first among equals.
COVERAGE = 0.5
#: How much more a section weighs whose title is the question, every word of it and no other.
TITLE_MATCH_BOOST = 2.0
#: How much a section of the game of the page the reader is on weighs, against the other game's.
SAME_GAME_BOOST = 1.5
#: How far the game a question's own words point to moves a section's weight: a section of a
#: game the words point to alone weighs up to 1 + this, one of a game they rule out 1 - this
#: (the page's script reads each game's chance from the sections holding each word).
GAME_EVIDENCE = 0.3
#: How much more a section of these kinds weighs when its title holds every term of the question
#: (the question names it): a reader who types "battle" or "odds" wants the calculator that gives
#: the numbers, before the rules that explain them.
NAMED_KIND_BOOSTS: Mapping[str, float] = MappingProxyType({"calculator": 1.5})
#: How much more a section weighs when the question, two words or more, is one of its names (its
#: title or one of its declared search words) or runs word for word inside one (`who wins`, in
#: "Who wins a fight or battle"; `line of sight`).
NAME_MATCH_BOOST = 1.6
#: A declared search word of more words than this is a description (a calculator's help: "a duel
#: to the end, or one figure attacked again and again"), not a name: its words weigh as the
#: section's own text, not as its search words (every common word of it had lifted the calculator
#: above the rules on detailed questions). It still names the section for a question running inside it.
NAME_WORDS = 4
#: A question's word that no section holds is read as the word of the index it is one edit away
#: from (two, for a word this long or longer): `withdrawl`, `sacrafice`.
FUZZY_LONG_WORD = 8
#: What a word read as another counts for, against the word the reader typed: the guess may be
#: wrong (`swings` is no misspelling of `sling`).
FUZZY_WEIGHT = 0.5
#: Characters of a section's prose kept for its result's snippet.
SNIPPET_CHARS = 1200
#: A sentence of prose found in this many sections or more is the pages' furniture ("Drawing.",
#: "Chance of this attack.", an example's headings): it says nothing of any one section, and its
#: words are left out of the sections' terms (an example's caption made every rule hold `attack`).
FURNITURE_SECTIONS = 8
#: The keywords of Gherkin's steps: every example starts its steps with them, so in an example's
#: Gherkin they say nothing (`Given` read as `give`); they are left out of the examples' terms.
GHERKIN_KEYWORDS = re.compile(r"\b(?:Given|When|Then|And|But)\b")

_TOKEN = re.compile(r"[^\W_]+")
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+")
_APOSTROPHE = re.compile(r"['\u2019]")
#: A possessive's `'s` (the Magi's, the Guard's): dropped with its apostrophe, so `magi's` is `magi`, not `magis`.
_POSSESSIVE = re.compile(r"['\u2019]s\b")


@dataclass(frozen=True)
class Normaliser:
    """How text becomes search terms, the same on the index's side and the question's.

    Attributes:
        stop_words: Words dropped (lower case).
        spellings: A word -> the form the pages use; looked up before stemming and again
            once a plural is stripped.
        stemmer: Steps of `(suffix, replacement, shortest stem kept)`: in each step the
            first suffix that fits, and leaves a stem that long, applies.
        phrases: A player's phrase, as terms -> the rule's terms it means.
        phrase_word_weight: The weight of a question's word that a phrase holds (the phrase's
            meaning weighs 1).
        particles: Words that say something only with the word before them (`up` in `give up`).
        particle_weight: The weight of a particle alone (the particle with its word weighs 1).
        synonyms: Groups of terms for one thing: a section without a question's term is found
            through another term of its group (by the page's script).
        synonym_weight: How much of its weight a term found through a synonym counts for.

    Examples:
        >>> n = Normaliser(frozenset({"the", "a"}), {"defence": "defense"},
        ...                ((("s", "", 3),), (("ed", "", 3), ("ing", "", 3)), (("tt", "t", 2),), (("e", "", 3),)),
        ...                ((("hit", "back"), ("retaliat",)),))
        >>> n.terms("The Defences retaliated; swatting a stack")
        ['defens', 'retaliat', 'swat', 'stack']
        >>> n.expand(n.terms("can they hit back?"))
        [(('can',), 1.0), (('they',), 1.0), (('hit',), 0.5), (('back',), 0.5), (('retaliat',), 1.0)]
    """

    stop_words: frozenset[str]
    spellings: Mapping[str, str] = field(default_factory=dict)
    stemmer: tuple[tuple[tuple[str, str, int], ...], ...] = ()
    phrases: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    phrase_word_weight: float = 0.5
    particles: frozenset[str] = frozenset()
    particle_weight: float = 1.0
    synonyms: tuple[tuple[str, ...], ...] = ()
    synonym_weight: float = 0.0

    def words(self, text: str) -> list[str]:
        """The words of `text`, lower case, a possessive's `'s` and other apostrophes dropped, stop words kept.

        Examples:
            >>> Normaliser(frozenset()).words("The Magi's spell can't reach")
            ['the', 'magi', 'spell', 'cant', 'reach']
        """
        return _TOKEN.findall(_APOSTROPHE.sub("", _POSSESSIVE.sub("", text.lower())))

    def stem(self, word: str) -> str:
        """A word's stem: plurals, `-ed`, `-ing` and final `e` stripped, a doubled consonant undone.

        A spelling mapped to several words (`counterattack` -> `counter attack`) stems its last one.
        """
        word = self.spellings.get(word, word)
        for number, step in enumerate(self.stemmer):
            for suffix, replacement, shortest in step:
                stem = word[: len(word) - len(suffix)] + replacement
                if word.endswith(suffix) and len(stem) >= shortest:
                    word = stem
                    break
            if number == 0:
                word = self.spellings.get(word, word)
        return word

    def terms(self, text: str) -> list[str]:
        """The search terms of `text`, in order: its words less the stop words and one-letter words, each stemmed."""
        out: list[str] = []
        for word in self.words(text):
            if word in self.stop_words or (len(word) < 2 and not word.isdecimal()):
                continue
            spelled = self.spellings.get(word, word)
            out.extend(self.stem(part) for part in spelled.split() if part not in self.stop_words)
        return out

    def expand(self, terms: Sequence[str]) -> list[tuple[tuple[str, ...], float]]:
        """What a question asks for, as groups of terms with their weights.

        Each of its `terms` alone weighs 1, or `phrase_word_weight` when a player's phrase holds
        it; then the meaning of each phrase found weighs 1 each time it is found. A meaning
        stays one group (`line of sight`): a section answers it only with every term of the
        group. Longer phrases are read first, and a word one of them holds is not read again
        in a shorter one (`shoot through` is not also `shoot`). A particle no phrase holds
        (`up`, after a word no phrase holds) weighs `particle_weight` alone, and the particle
        with its word before it is a group of weight 1: `give up` asks for sections that have
        both, `team up` for no section's `up` in `move up`.

        Examples:
            >>> n = Normaliser(frozenset({"can"}), particles=frozenset({"up"}), particle_weight=0.25)
            >>> n.expand(n.terms("can guards give up"))
            [(('guards',), 1.0), (('give',), 1.0), (('up',), 0.25), (('give', 'up'), 1.0)]
        """
        taken = [False] * len(terms)
        meanings: list[tuple[str, ...]] = []
        for phrase, meaning in sorted(self.phrases, key=lambda entry: -len(entry[0])):
            size = len(phrase)
            for i in range(len(terms) - size + 1):
                if tuple(terms[i : i + size]) == phrase and not any(taken[i : i + size]):
                    taken[i : i + size] = [True] * size
                    meanings.append(meaning)
        weights: dict[tuple[str, ...], float] = {}
        pairs: list[tuple[str, ...]] = []
        for i, (term, held) in enumerate(zip(terms, taken, strict=True)):
            weight = self.phrase_word_weight if held else 1.0
            paired = i > 0 and not taken[i - 1] and terms[i - 1] not in self.particles
            if not held and term in self.particles and paired:
                weight = self.particle_weight
                pairs.append((terms[i - 1], term))
            weights[(term,)] = weights.get((term,), 0.0) + weight
        for meaning in [*pairs, *meanings]:
            weights[meaning] = weights.get(meaning, 0.0) + 1.0
        return list(weights.items())

    def to_json(self) -> dict[str, Any]:
        """The normaliser as the index carries it, for the page's script."""
        return {
            "stop_words": sorted(self.stop_words),
            "spellings": dict(sorted(self.spellings.items())),
            "stemmer": [[list(rule) for rule in step] for step in self.stemmer],
            "phrases": [[list(phrase), list(meaning)] for phrase, meaning in self.phrases],
            "phrase_word_weight": self.phrase_word_weight,
            "particles": sorted(self.particles),
            "particle_weight": self.particle_weight,
            "synonyms": [list(group) for group in self.synonyms],
            "synonym_weight": self.synonym_weight,
        }


def load_normaliser(path: Path = WORDS_FILE) -> Normaliser:
    """The normaliser of the words file at `path`, its phrases normalised by its own rules.

    Examples:
        >>> n = load_normaliser()
        >>> n.terms("Retaliated twice; defences breeched, stacks moving up")
        ['retaliat', 'twic', 'defens', 'breach', 'stack', 'mov', 'up']
        >>> n.terms("shot") == n.terms("shoots") == n.terms("shooting")
        True
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    plain = Normaliser(
        frozenset(str(w) for w in data["stop_words"]),
        {str(k): str(v) for k, v in data["spellings"].items()},
        tuple(tuple((str(s), str(r), int(n)) for s, r, n in step) for step in data["stemmer"]),
    )
    phrases = tuple(
        (tuple(plain.terms(phrase)), tuple(plain.terms(meaning))) for phrase, meaning in data["phrases"].items()
    )
    kept = tuple(p for p in phrases if p[0] and p[1])
    particles = frozenset(t for word in data.get("particles", ()) for t in plain.terms(str(word)))
    return Normaliser(
        plain.stop_words,
        plain.spellings,
        plain.stemmer,
        kept,
        float(data["phrase_word_weight"]),
        particles,
        float(data.get("particle_weight", 1.0)),
        tuple(tuple(t for word in group for t in plain.terms(str(word))) for group in data.get("synonyms", ())),
        float(data.get("synonym_weight", 0.0)),
    )


@dataclass(frozen=True)
class Section:
    """A part of a page a search result leads to.

    Attributes:
        address: Its address under the site's root: `page/#anchor`, or `page/` for the page's top.
        title: Its heading's text.
        page_title: The title of its page (its first heading).
        kind: `rule`, `ruling`, `calculator` (a part of a page holding a calculator), `entry` (a
            reference page's entry), `intro` (the top of a page that has rules) or `page`.
        game: The game it is about, or `None`.
        text: Its prose: for a rule or a ruling, its examples' titles and notes; for any other
            section, all of it.
        code: Its examples' Gherkin.
        cited: The source it cites (searched with its prose, never shown as its result's line).
        own: A rule's or a ruling's own text: its statement and its restatement, before its
            examples (its result's line is taken from it).
        context: Prose that says the rule in other words: its chapter's introduction, the
            glossary's definitions of the terms it defines (see
            [`read_site`][battlebook.site.search.read_site]); for a ruling alone on its page,
            the page's reading ([`reading_of`][battlebook.site.search.reading_of]).
        links: The addresses its prose links to, as written.
    """

    address: str
    title: str
    page_title: str
    kind: str
    game: str | None
    text: str
    code: str
    cited: str = ""
    own: str = ""
    context: str = ""
    links: tuple[str, ...] = ()


#: Classes whose elements are page furniture, never searched: permalinks, badges, the drawings' toggles.
FURNITURE = frozenset(
    {"headerlink", "bb-anchor", "bb-badge", "bb-edition", "bb-summary", "bb-drawings", "bb-stat-source"}
    | {"bb-stat-illustrative"}
)
_SKIPPED_TAGS = frozenset({"script", "style", "svg", "template", "noscript", "button", "summary"})
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4"})
#: The classes of a rule's source citation and of the line naming what a ruling settles:
#: searched, but never the line a result shows.
CITATIONS = frozenset({"bb-source", "bb-settles"})
#: The class of an example's heading: a rule's own text ends at its first example.
EXAMPLE_TITLE = "bb-example-title"
#: How a ruling page's paragraph giving Battlebook's reading starts (its question and its
#: alternative are other paragraphs).
READING = ("Battlebook's reading", "Battlebook\u2019s reading")
_LINKED_GAME = re.compile(r"(?:^|/)(?:rulebook|odds)/([a-z0-9-]+)/|#([a-z0-9-]+)\.")


@dataclass
class _Part:
    anchor: str
    title: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    code: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    cited: list[str] = field(default_factory=list)
    #: The prose before the part's first example heading (a rule's own text).
    head: list[str] = field(default_factory=list)
    examples: bool = False
    calculator: bool = False


class _PageReader(HTMLParser):
    """Reads one page's `<article>` into parts, one per heading (or glossary term) with an `id`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[_Part] = []
        self._article = 0
        self._skip = 0
        self._heading = 0
        self._term = False
        self._code = 0
        self._cite = 0
        self._stack: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = set((values.get("class") or "").split())
        if tag == "article" and not self._article:
            self._article = 1
            self.parts.append(_Part(""))
            self._stack = []
            return
        if not self._article or tag in _VOID:
            return
        skip = tag in _SKIPPED_TAGS or bool(classes & FURNITURE) or "data-search-exclude" in values
        self._stack.append((tag, skip))
        self._skip += skip
        anchor = values.get("id")
        # A glossary term (`dl.bb-term`) and a reference table's entry (`tr.bb-entry`) are sections like headings.
        entry = (tag == "dl" and "bb-term" in classes) or (tag == "tr" and "bb-entry" in classes)
        if not self._skip and anchor and (tag in _HEADINGS or entry):
            self.parts.append(_Part(anchor))
            self._term = entry
            if tag in _HEADINGS:
                self._heading = len(self._stack)
        elif tag in ("dt", "th") and self._term and not self._skip:
            self._term = False  # a glossary term's name, a table entry's first header cell, is its title
            self._heading = len(self._stack)
        if EXAMPLE_TITLE in classes and self.parts:
            self.parts[-1].examples = True
        if tag == "pre":
            self._code += 1
        if CITATIONS & classes and not self._cite:
            self._cite = len(self._stack)
        if CALCULATOR_SLOTS & values.keys():
            self.parts[-1].calculator = True
        if tag == "a" and not self._skip and values.get("href"):
            self.parts[-1].links.append(values["href"] or "")
        if tag in {"p", "li", "dt", "dd", "div", "tr", "br", "h3"}:
            self._add(" \n")

    def handle_endtag(self, tag: str) -> None:
        if not self._article or tag in _VOID:
            return
        if tag == "article" and not any(t == "article" for t, _ in self._stack):
            self._article = 0
            return
        while self._stack:
            name, skip = self._stack.pop()
            self._skip -= skip
            if name == "pre":
                self._code -= 1
            if self._heading > len(self._stack):
                self._heading = 0
            if self._cite > len(self._stack):
                self._cite = 0
            if name == tag:
                break
        if tag in {"p", "li", "dd", "dt", "h3", "tr", "td", "th"}:
            self._add(" \n")

    def handle_data(self, data: str) -> None:
        if self._article and not self._skip:
            self._add(data)

    def _add(self, data: str) -> None:
        if not self.parts:
            return
        part = self.parts[-1]
        if self._heading:
            part.title.append(data)
        elif self._code:
            part.code.append(data)
        elif self._cite:
            part.cited.append(data)
        else:
            (part.text if part.examples else part.head).append(data)


def _clean(pieces: Iterable[str]) -> str:
    return re.sub(r"\s+", " ", "".join(pieces)).strip()


def _prose(pieces: Iterable[str]) -> str:
    """Text with its line breaks between blocks kept as sentence ends."""
    lines = (re.sub(r"\s+", " ", line).strip() for line in "".join(pieces).split(" \n"))
    return " ".join(line if line.endswith((".", ":", "?", "!")) else line + "." for line in lines if line)


def reading_of(pieces: Iterable[str]) -> str:
    r"""The paragraphs of a ruling page's introduction that give Battlebook's reading.

    A page of one ruling says it again there in plain words ("the die is ten-sided, its faces
    read 0 to 9"): the ruling's context, as a chapter's introduction is its rules'. The page's
    question and the alternative reading are left out: they name what the ruling is not.

    Examples:
        >>> reading_of(["The question. Which faces? \n", "Battlebook's reading. Ten faces, 0 to 9. \n",
        ...             "The alternative. 1 to 10."])
        "Battlebook's reading. Ten faces, 0 to 9."
    """
    blocks = (re.sub(r"\s+", " ", block).strip() for block in "".join(pieces).split(" \n"))
    return _prose(block + " \n" for block in blocks if block.startswith(READING))


def page_address(path: str) -> str:
    """A built page's address from its file's path under the site: `rulebook/homm/melee/index.html` -> its folder.

    Examples:
        >>> page_address("rulebook/homm/melee/index.html"), page_address("index.html"), page_address("404.html")
        ('rulebook/homm/melee/', '', '404.html')
    """
    return path.removesuffix("index.html")


def _game_of(address: str, links: Iterable[str], games: Sequence[str]) -> str | None:
    """The game an address is under, else the one the links name most (`rulebook/homm/`, `#heroscape.`)."""
    found = _LINKED_GAME.search(address)
    if found and found[1] in games:
        return found[1]
    counts = Counter(g for link in links for m in _LINKED_GAME.finditer(link) for g in m.groups() if g in games)
    ranked = counts.most_common(2)
    if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        return ranked[0][0]
    return None


def read_page(path: str, html: str, games: Sequence[str]) -> list[Section]:
    """The sections of one built page; `path` is its file's path under the site's root.

    Examples:
        >>> html = ('<article><h1 id="melee">Melee</h1><p>Intro.</p><h2 id="homm.melee-attack">Melee attack'
        ...         '<a class="headerlink" href="#x">#</a></h2><p>A stack attacks.</p><details class="bb-drawings">'
        ...         '<summary>Show the drawing</summary></details><pre><code>Given a battle</code></pre></article>')
        >>> [(s.address, s.title, s.kind, s.game, s.own, s.code) for s in read_page("rulebook/homm/melee/index.html",
        ...                                                                     html, ["homm"])][1]
        ('rulebook/homm/melee/#homm.melee-attack', 'Melee attack', 'rule', 'homm', 'A stack attacks.', 'Given a battle')
    """
    reader = _PageReader()
    reader.feed(html)
    reader.close()
    parts = [p for p in reader.parts if p.anchor or _clean(p.head) or _clean(p.text) or _clean(p.code)]
    if not parts:
        return []
    address = page_address(path)
    top = next((p for p in parts if p.title), parts[0])
    page_title = _clean(top.title)
    page_game = _game_of(address, (link for p in parts for link in p.links), games)
    has_rules = any(p.anchor.split(".", 1)[0] in games for p in parts)
    intro = _prose([*top.head, " \n", *top.text]) if has_rules else ""
    if not has_rules and sum(p.anchor.startswith("ruling.") for p in parts) == 1:
        intro = reading_of([*top.head, " \n", *top.text])
    sections = []
    linked: set[str] = set()  # the sections whose game their own links (or rule id) name
    for index, part in enumerate(parts):
        prefix = part.anchor.split(".", 1)[0] if "." in part.anchor else ""
        first = index == 0 or part is top
        if prefix in games:
            kind = "rule"
        elif part.calculator:
            kind = "calculator"
        elif prefix == "ruling":
            kind = "ruling"
        elif first:
            kind = "intro" if has_rules else "page"
        elif address.startswith("reference/"):
            kind = "entry"
        else:
            kind = "page"
        if prefix in games:
            game: str | None = prefix
        elif kind == "entry":  # a reference page lists both games: each entry is of the game it links to
            game = _game_of("", part.links, games) or page_game
        else:
            game = page_game or _game_of("", part.links, games)
        title = _clean(part.title) or page_title
        ruled = kind in {"rule", "ruling"}
        own = _prose(part.head) if ruled else ""
        text = _prose(part.text) if ruled else _prose([*part.head, " \n", *part.text])
        code = _clean(part.code)
        if not (title or own or text or code):
            continue
        where = address if first else f"{address}#{part.anchor}"
        context = intro if ruled else ""
        cited, links = _clean(part.cited), tuple(part.links)
        sections.append(Section(where, title, page_title, kind, game, text, code, cited, own, context, links))
        if prefix in games or (kind == "entry" and _game_of("", part.links, games)):
            linked.add(where)
    if len({s.game for s in sections if s.address in linked}) > 1:
        # A reference page with entries of several games is of no one game itself, and neither is a
        # part of it that names no game by its own links (a heading over one game's entries).
        sections = [s if s.address in linked else replace(s, game=None) for s in sections]
    return sections


def read_site(site: Path, games: Sequence[str], excluded: Sequence[str] = EXCLUDED) -> list[Section]:
    """Every section of the built site at `site`, page by page in path order, less the `excluded` pages.

    A rule's context ([`Section.context`][battlebook.site.search.Section]) holds, besides its
    chapter's introduction, each glossary term's name and definition that links to the rule:
    the glossary says in plain words what the rule's terms mean, and a reader who asks in
    those words finds the rule itself, not only the term.
    """
    sections: list[Section] = []
    for file in sorted(site.rglob("*.html")):
        path = file.relative_to(site).as_posix()
        if path.startswith(tuple(excluded)) or path in excluded:
            continue
        sections.extend(read_page(path, file.read_text(encoding="utf-8"), games))
    return with_glossary_context(sections)


#: The address of the glossary page under the site's root.
GLOSSARY_ADDRESS = "reference/glossary/"


def with_glossary_context(sections: Sequence[Section]) -> list[Section]:
    """`sections`, each rule's context added the glossary entries that link to it (their names and definitions).

    Examples:
        >>> rule = Section("rulebook/homm/p/#homm.protecting", "Protecting", "P", "rule", "homm", "", "")
        >>> term = Section("reference/glossary/#term-protect", "protect", "Glossary", "entry", "homm",
        ...                "Giving up an attack to raise the stack's defense.", "",
        ...                links=("../../rulebook/homm/p/#homm.protecting",))
        >>> print(with_glossary_context([rule, term])[0].context)
        protect. Giving up an attack to raise the stack's defense.
    """
    glossed: dict[str, list[str]] = {}
    for section in sections:
        if section.address.startswith(GLOSSARY_ADDRESS + "#"):
            for link in section.links:
                _, _, anchor = link.partition("#")
                if anchor:
                    glossed.setdefault(anchor, []).append(f"{section.title}. {section.text}")
    out = []
    for section in sections:
        _, _, anchor = section.address.partition("#")
        extra = glossed.get(anchor) if section.kind == "rule" else None
        if extra:
            context = " ".join([*extra, section.context]).strip()
            section = replace(section, context=context)
        out.append(section)
    return out


def build_index(
    sections: Sequence[Section],
    normaliser: Normaliser,
    search_words: Mapping[str, Sequence[str]] | None = None,
    game_titles: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The search index of `sections`: each one's terms by field, counted, and everything the page's script needs.

    Examples:
        >>> n = Normaliser(frozenset({"a"}), {}, ((("s", "", 3),),))
        >>> s = Section("rulebook/homm/x/#homm.swat", "Swatting", "X", "rule", "homm", "A swat kills cards.", "")
        >>> index = build_index([s], n, {"homm.swat": ["swats"]}, {"homm": "HoMM"})
        >>> doc = index["docs"][0]
        >>> doc["address"], doc["fields"]["words"], doc["fields"]["text"], index["pages"]
        ('rulebook/homm/x/#homm.swat', {'swat': 1}, {'swat': 1, 'kill': 1, 'card': 1}, {'rulebook/homm/x/': 'homm'})

    Args:
        sections: The site's sections ([`read_site`][battlebook.site.search.read_site]).
        normaliser: How their text becomes terms.
        search_words: A rule identifier (a section's anchor), or a section's address
            (`odds/homm/#fight-calculator`) -> the words that find it.
        game_titles: A game's name -> its title, for the search's filter.
    """
    words = search_words or {}
    docs = []
    pages: dict[str, str] = {}
    furniture = furniture_sentences(sections)
    for section in sections:
        page, _, anchor = section.address.partition("#")
        if section.game is not None and (page not in pages and section.kind in {"rule", "ruling", "intro"}):
            pages[page] = section.game
        listed = [*words.get(anchor, ()), *words.get(section.address, ())] if anchor else words.get(section.address, ())
        names = [w for w in listed if len(normaliser.words(str(w))) <= NAME_WORDS]
        described = " ".join(str(w) for w in listed if len(normaliser.words(str(w))) > NAME_WORDS)
        fields = {
            "title": Counter(normaliser.terms(section.title)),
            "words": Counter(t for w in names for t in normaliser.terms(w)),
            "rule": Counter(normaliser.terms(f"{section.own} {described}")),
            "text": Counter(normaliser.terms(f"{without(section.text, furniture)} {section.cited}")),
            "context": Counter(normaliser.terms(section.context)),
            "code": Counter(normaliser.terms(GHERKIN_KEYWORDS.sub(" ", section.code))),
        }
        docs.append(
            {
                "address": section.address,
                "title": section.title,
                "page": section.page_title,
                "kind": section.kind,
                "game": section.game,
                "snippet": (section.own or section.text)[:SNIPPET_CHARS],
                "names": [str(w) for w in listed if len(normaliser.words(str(w))) > 1],
                "fields": {name: dict(counts) for name, counts in fields.items() if counts},
            }
        )
    return {
        "normaliser": named_phrases(sections, words, normaliser).to_json(),
        "weights": {
            "fields": dict(FIELD_WEIGHTS),
            "length_norms": dict(FIELD_LENGTH_NORMS),
            "saturation": SATURATION,
            "kinds": dict(KIND_WEIGHTS),
            "same_game": SAME_GAME_BOOST,
            "game_evidence": GAME_EVIDENCE,
            "title_match": TITLE_MATCH_BOOST,
            "named_kinds": dict(NAMED_KIND_BOOSTS),
            "name_match": NAME_MATCH_BOOST,
            "fuzzy_long_word": FUZZY_LONG_WORD,
            "fuzzy_weight": FUZZY_WEIGHT,
            "coverage": COVERAGE,
        },
        "games": dict(game_titles or {}),
        "game_names": {name: game_names(name, title, normaliser) for name, title in (game_titles or {}).items()},
        "pages": pages,
        "docs": docs,
    }


def named_phrases(
    sections: Sequence[Section], search_words: Mapping[str, Sequence[str]], normaliser: Normaliser
) -> Normaliser:
    """`normaliser`, its phrases added each rule's declared names of two words or more that its title lacks.

    A rule's declared name (`give up`, for Surrendering) then asks for the rule's title too
    (`surrender`), as a player's phrase asks for the rule's terms: a question holding the name
    finds the rules whose titles say it in the book's terms (`can guards give up` finds Who
    cannot surrender). A name declared for two rules or more, or already a phrase, adds none.

    Examples:
        >>> rule = Section("r/#homm.surrendering", "Surrendering", "R", "rule", "homm", "", "")
        >>> n = named_phrases([rule], {"homm.surrendering": ["give up", "ransom"]}, load_normaliser())
        >>> n.phrases[-1]
        (('giv', 'up'), ('surrend',))
    """
    titles: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
    for section in sections:
        _, _, anchor = section.address.partition("#")
        if section.kind != "rule" or not anchor:
            continue
        title = tuple(normaliser.terms(section.title))
        for name in search_words.get(anchor, ()):
            terms = tuple(normaliser.terms(str(name)))
            if len(terms) > 1 and len(normaliser.words(str(name))) <= NAME_WORDS and not set(terms) <= set(title):
                titles.setdefault(terms, set()).add(title)
    known = {phrase for phrase, _ in normaliser.phrases}
    added = tuple(
        (phrase, next(iter(meanings)))
        for phrase, meanings in titles.items()
        if len(meanings) == 1 and phrase not in known and next(iter(meanings))
    )
    return replace(normaliser, phrases=(*normaliser.phrases, *added))


def sentences(text: str) -> list[str]:
    """The sentences of a section's prose (each ends at `.`, `!`, `?` or `:`).

    Examples:
        >>> sentences("Drawing. A swat kills all or none: 2 cards.")
        ['Drawing.', 'A swat kills all or none:', '2 cards.']
    """
    return [part for part in _SENTENCE_END.split(text.strip()) if part]


def furniture_sentences(sections: Sequence[Section], least: int = FURNITURE_SECTIONS) -> frozenset[str]:
    """The sentences of prose that at least `least` sections hold: captions and headings the pages repeat.

    Examples:
        >>> made = [Section(f"p/#{n}", "T", "P", "rule", None, f"Drawing. Rule {n}.", "") for n in range(3)]
        >>> sorted(furniture_sentences(made, least=3))
        ['Drawing.']
    """
    held = Counter(sentence for section in sections for sentence in set(sentences(section.text)))
    return frozenset(sentence for sentence, count in held.items() if count >= least)


def without(text: str, furniture: frozenset[str]) -> str:
    """`text` less its sentences of `furniture`.

    Examples:
        >>> without("Drawing. A swat kills all or none.", frozenset({"Drawing."}))
        'A swat kills all or none.'
    """
    return " ".join(sentence for sentence in sentences(text) if sentence not in furniture)


def game_names(name: str, title: str, normaliser: Normaliser) -> list[list[str]]:
    """The ways a question names a game, as terms: its name, its title, its title less an edition's numeral.

    A question that names a game ("who moves first in heroscape") is kept to that game's
    sections, as the search's "this game only" keeps to the game of the page.

    Examples:
        >>> game_names("homm", "Heroes of Might & Magic IV", load_normaliser())
        [['hom'], ['hero', 'magic', 'iv'], ['hero', 'magic']]
    """
    forms = [name, title, re.sub(r"\s+[IVX]+$", "", title)]
    out: list[list[str]] = []
    for form in forms:
        terms = normaliser.terms(form)
        if terms and terms not in out:
            out.append(terms)
    return out


def write_index(
    site: Path,
    search_words: Mapping[str, Sequence[str]] | None = None,
    game_titles: Mapping[str, str] | None = None,
    words_file: Path = WORDS_FILE,
) -> Path:
    """Index the built site at `site` and write the index to `site/search/battlebook.json`; returns its path.

    Args:
        site: The built site's folder.
        search_words: A rule identifier -> the words that find it (the glossary's).
        game_titles: A game's name -> its title; the names are also what a section's anchor
            and a page's folder (`rulebook/NAME/`) start with.
        words_file: The normaliser's words.
    """
    titles = dict(game_titles or {})
    normaliser = load_normaliser(words_file)
    index = build_index(read_site(site, list(titles)), normaliser, search_words, titles)
    path = site / INDEX_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return path


def index_built_site(site: Path, root: Path) -> Path:
    """Write the search index of the built site at `site`, with the glossary's (at `root`) and the calculators' words.

    The same index `battlebook site finish` writes (see [`finish`][battlebook.site.finish]),
    for a site built without the generator's data at hand.
    """
    from battlebook.site.pages import calculator_search_words

    glossary = load_glossary(root)
    words = {rule_id: glossary.search_words(rule_id) for rule_id in sorted(glossary.rule_ids())}
    words.update(calculator_search_words())
    return write_index(site, words, {name: game.title for name, game in GAMES.items()})
