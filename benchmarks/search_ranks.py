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
    PLAYER_QUESTIONS,
    QUERIES,
    RULE_QUESTIONS,
    SECOND_FRESH_QUESTIONS,
    SEVENTH_FRESH_QUESTIONS,
    SIXTH_FRESH_QUESTIONS,
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
    ("calculators", CALCULATOR_QUESTIONS),
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
