"""Search ranks of every question list, from the built site's index, ranked by the page's own script.

Reads `site/search/battlebook.json` (build the site first: `make site`), or, with `--reindex`,
writes it again from the built pages (after a change to the glossary's search words or to
`search_words.json`, without building the site again), then ranks each question of
`tests/browser/search_queries.py` (unpublished) with `docs/javascripts/search.js` in Node,
as the search box does on the home page (no game of the page), and prints:

- for each question, the rank of its rule's own section among the results (`-`: not in the
  first 20 the box shows), and the rank again with the players' phrase list emptied
  (what the glossary's terms and forms and the rules' own words reach without it);
- for each list, how many questions land first and among the first two, with and without
  the phrase list.

Run with `.venv/bin/python benchmarks/search_ranks.py [--reindex] [--show N]` (needs Node).
The browser test (`tests/browser/test_search.py`) is the authority on what a reader sees;
this script ranks with the same function over the same index, in a second.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from battlebook.site.search import INDEX_PATH, index_built_site  # noqa: E402
from tests.browser.search_queries import (  # noqa: E402
    EIGHTH_FRESH_QUESTIONS,
    FIFTH_FRESH_QUESTIONS,
    FOURTH_FRESH_QUESTIONS,
    FRESH_QUESTIONS,
    NINTH_FRESH_QUESTIONS,
    PLAYER_QUESTIONS,
    QUERIES,
    RULE_QUESTIONS,
    SECOND_FRESH_QUESTIONS,
    SEVENTH_FRESH_QUESTIONS,
    SIXTH_FRESH_QUESTIONS,
    TENTH_FRESH_QUESTIONS,
    THIRD_FRESH_QUESTIONS,
    Query,
)

SITE = ROOT / "site"
SCRIPT = ROOT / "docs" / "javascripts" / "search.js"
#: The results the search box shows.
SHOWN = 20
#: The searches of `tests/browser/test_search.py` (each must list its section; "melee" and "swarm" first).
NAMED_SEARCHES = [
    Query("melee", ("homm.melee-attack",)),
    Query("swarm", ("homm.swarming",)),
    Query("breeched", ("homm.town-walls",)),
    Query("Xenithrax", ("heroscape.life",)),
]
#: The calculators' questions (issue 35): each must find a calculator's section. The fight and battle
#: calculators are the section `#fight-calculator` of each odds page; `odds-page` stands for an odds
#: page's top, where its odds calculator is.
CALCULATOR_QUESTIONS = [
    Query("who wins", ("fight-calculator",)),
    Query("who wins a fight", ("fight-calculator",)),
    Query("fight", ("fight-calculator",)),
    Query("battle", ("fight-calculator",)),
    Query("who wins the battle", ("fight-calculator",)),
    Query("odds", ("odds-page", "fight-calculator")),
    Query("odds calculator", ("odds-page", "fight-calculator")),
    Query("calculator", ("odds-page", "fight-calculator")),
]
#: Questions on the rulings' edge cases, in players' words (issue 35, the class the blind lists missed: a
#: ruling ranked under the rule it refines). Written by the helper changing the search, from the rulings'
#: own question paragraphs, before ranking them: a development list, not a blind one (its figures say
#: what a change does to the class; the blind lists say whether it generalises).
RULING_QUESTIONS = [
    Query("my stack mixes units with different phases, when does it attack", ("ruling.stack-phase",)),
    Query("is the sac value doubled when my swarming stack gets support", ("ruling.swarm-and-support",)),
    Query("does the die go 0 to 9 or 1 to 10", ("ruling.die-faces",)),
    Query("how many skulls are on a heroscape combat die", ("ruling.heroscape-combat-die",)),
    Query("walls breached but a stack is already outside, do i move another one out", ("ruling.breach-call",)),
    Query("does the supported stack also need to be able to attack the target", ("ruling.common-target-binds",)),
    Query("can i choose not to retaliate", ("ruling.decline-retaliation",)),
    Query("when can a stack leave the town for the melee line", ("ruling.emerging-phase",)),
    Query("can i surrender offering zero cards", ("ruling.empty-offer",)),
    Query("can a flying unit go over the breached walls from the ranged line", ("ruling.flier-line",)),
    Query("my hero died can i still withdraw", ("ruling.fallen-hero-withdrawal",)),
    Query("only my hero is left, have i lost the battle", ("ruling.hero-alone",)),
    Query("does a hero count as a stack on the melee line", ("ruling.hero-on-melee-line",)),
    Query("two copies of the same common card, when is one out of play", ("ruling.heroscape-common-out-of-play",)),
    Query("which copy does the first dead common figure go on", ("ruling.heroscape-first-common-figure",)),
    Query("who takes the next turn in the 2004 game", ("ruling.heroscape-turn-order-2004",)),
    Query("how do you win in the 2024 edition", ("ruling.heroscape-victory-2024",)),
    Query("do other figures block line of sight", ("ruling.heroscape-figures-and-sight",)),
    Query("is range counted to the nearest space of a two hex figure", ("ruling.heroscape-target-space",)),
    Query("who chooses which ranged stack moves forward to the front line", ("ruling.move-up-choice",)),
    Query("can i hit back at their hit back", ("ruling.retaliation-chain",)),
    Query("can a stack on the ranged line hit back at a flier in melee", ("ruling.retaliation-reach",)),
    Query("does a retaliation use up the support", ("ruling.retaliation-support",)),
    Query("is a swarming stack's retaliation doubled", ("ruling.swarm-retaliation",)),
    Query("can a protecting stack still strike back", ("ruling.protecting-retaliation",)),
    Query("the supporting stack lost cards before the attack, does its sac value drop", ("ruling.sac-value-fixed",)),
    Query("can two stacks both sacrifice to support the same stack", ("ruling.several-supporters",)),
    Query("can my magi support an attack on their back line with a spell", ("ruling.spell-caster-support",)),
    Query("can a spell be cast from the ranged line at the melee line", ("ruling.spell-reach",)),
    Query("can i move a stack back when my melee line has exactly three", ("ruling.step-back",)),
    Query("can i sacrifice for a friend whose phase already went", ("ruling.support-after-phase",)),
    Query("does the support have to name which enemy it is against", ("ruling.support-names-target",)),
    Query("my supported stack protects instead of attacking, is the support lost", ("ruling.support-waits",)),
    Query("my swarming stack did not attack, does the double carry over", ("ruling.swarm-expiry",)),
    Query("which cards does a swat kill in a mixed stack", ("ruling.swat-from-top",)),
    Query("can archers swat", ("ruling.swat-reach",)),
    Query("does the defender in a town need three stacks on the melee line", ("ruling.town-melee-line",)),
    Query("is the wall penalty applied before or after support and swarm", ("ruling.town-penalty-score",)),
    Query("a shot cut to 0 by breached walls, can it still be fired", ("ruling.zero-shot",)),
    Query("hero exactly 4 spaces from town can it withdraw", ("ruling.within-four-spaces",)),
]
_ODDS_PAGE = re.compile(r"odds/[^/#]+/$")
LISTS = [
    ("older list", QUERIES),
    ("the searches of test_search.py", NAMED_SEARCHES),
    ("first fresh list (issue 35, last session)", FRESH_QUESTIONS),
    ("players' words", PLAYER_QUESTIONS),
    ("rule terms", RULE_QUESTIONS),
    ("second fresh list (this session)", SECOND_FRESH_QUESTIONS),
    ("third fresh list (this session, after the changes)", THIRD_FRESH_QUESTIONS),
    ("fourth fresh list (written before the fourth pass's changes)", FOURTH_FRESH_QUESTIONS),
    ("fifth fresh list (written after them, before it was ranked)", FIFTH_FRESH_QUESTIONS),
    ("sixth fresh list (written after the synonyms, before it was ranked)", SIXTH_FRESH_QUESTIONS),
    ("seventh fresh list (written blind, ranked by the lead only)", SEVENTH_FRESH_QUESTIONS),
    ("eighth fresh list (written blind, ranked by the lead only)", EIGHTH_FRESH_QUESTIONS),
    ("ninth fresh list (written blind; its misses' class then told to the search's helper)", NINTH_FRESH_QUESTIONS),
    ("tenth fresh list (written blind, ranked by the lead only)", TENTH_FRESH_QUESTIONS),
    ("calculators", CALCULATOR_QUESTIONS),
    ("rulings' edge cases (a development list, not blind)", RULING_QUESTIONS),
]

_PROGRAM = """
const search = require(process.argv[2]);
const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const ready = search.prepare(data.index);
console.log(JSON.stringify(data.questions.map(q => {
  const found = search.rank(ready, q, null, false);
  return found.results.slice(0, data.shown).map(r => [r.doc.address, search.snippet(ready, r.doc, found.terms)]);
})));
"""


def rank_all(index: dict[str, Any], questions: list[str]) -> list[list[tuple[str, str]]]:
    """Each question's shown results, in order: (address, the line shown under it)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("search_ranks: Node is not installed")
    payload = json.dumps({"index": index, "questions": questions, "shown": SHOWN})
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "rank.js"
        program.write_text(_PROGRAM, encoding="utf-8")
        done = subprocess.run(
            [node, str(program), str(SCRIPT)], input=payload, capture_output=True, text=True, check=True
        )
    return [[(a, s) for a, s in results] for results in json.loads(done.stdout)]


def rank_of(query: Query, results: list[tuple[str, str]]) -> int | None:
    """The 1-based rank of the first result that answers `query`, or None."""
    return next((i + 1 for i, (address, _) in enumerate(results) if answers(query, address)), None)


def answers(query: Query, address: str) -> bool:
    """Whether the result at `address` answers `query` (an odds page's top stands for its odds calculator)."""
    return query.matches("/" + address) or ("odds-page" in query.anchors and bool(_ODDS_PAGE.match(address)))


def main(argv: list[str]) -> int:
    if "--reindex" in argv:
        index_built_site(SITE, ROOT)
    path = SITE / INDEX_PATH
    if not path.is_file():
        print(f"search_ranks: no {path.relative_to(ROOT)}; run `make site` first", file=sys.stderr)
        return 2
    show = int(argv[argv.index("--show") + 1]) if "--show" in argv else 0
    index = json.loads(path.read_text(encoding="utf-8"))
    bare = json.loads(json.dumps(index))
    bare["normaliser"]["phrases"] = []
    questions = [q.text for _, queries in LISTS for q in queries]
    with_phrases, without = rank_all(index, questions), rank_all(bare, questions)
    at = 0
    for name, queries in LISTS:
        print(f"{name}: rank of the rule's section (with the phrase list, without it)")
        tally = [0, 0, 0, 0]
        for query in queries:
            results, plain = with_phrases[at], without[at]
            at += 1
            ranks = rank_of(query, results), rank_of(query, plain)
            tally[0] += ranks[0] == 1
            tally[1] += ranks[0] is not None and ranks[0] <= 2
            tally[2] += ranks[1] == 1
            tally[3] += ranks[1] is not None and ranks[1] <= 2
            shown = " ".join(f"{r or '-':>2}" for r in ranks)
            print(f"  {query.text!r:74} {shown}")
            hit = ranks[0]
            if hit is not None:
                print(f"      line: {results[hit - 1][1][:110]}")
            for address, _ in results[:show]:
                print(f"      {address}")
        count = len(queries)
        print(f"  first {tally[0]}, first two {tally[1]} of {count}; without the phrases {tally[2]}, {tally[3]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
