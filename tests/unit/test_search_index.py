"""The search's index (battlebook.site.search) and its normaliser, the same in Python and in the page's script."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from battlebook.site.search import (
    COVERAGE,
    FURNITURE_SECTIONS,
    INDEX_PATH,
    WORDS_FILE,
    Normaliser,
    Section,
    build_index,
    load_normaliser,
    named_phrases,
    read_page,
    with_glossary_context,
    write_index,
)

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "javascripts" / "search.js"
GAMES = ("homm", "heroscape")


@pytest.fixture(scope="module")
def normaliser() -> Normaliser:
    return load_normaliser()


@pytest.mark.parametrize(
    ("forms", "term"),
    [
        (["stack", "stacks", "Stacks"], "stack"),
        (["retaliate", "retaliates", "retaliated", "retaliating", "retaliation"], "retaliat"),
        (["swat", "swats", "swatted", "swatting"], "swat"),
        (["copy", "copies", "copied"], "copy"),
        (["breach", "breaches", "breached", "breeched"], "breach"),
        (["defense", "defence", "defences", "defenses"], "defens"),
        (["armor", "armour"], "armor"),
        (["reorganize", "reorganise", "reorganised", "reorganizing"], "reorganiz"),
        (["shoot", "shoots", "shot", "shooting", "shooter", "shooters"], "shoot"),
        (["surrender", "surrenders", "surrendered", "surrendering"], "surrend"),
        (["win", "wins", "winner", "winners", "winning"], "win"),
        (["glyph", "glyphs"], "glyph"),
        (["high", "higher", "highest"], "high"),
        (["dies", "died", "dying", "die"], "die"),
        (["ten", "10"], "10"),
        (["three", "3"], "3"),
        (["one", "single", "1"], "1"),
        (["zero", "0"], "0"),
        # `-er` is stripped from a doer (attacker, shooter), not from a word ending in `-ier`
        (["soldier", "soldiers"], "soldier"),
        (["flier", "fliers", "flyer"], "flier"),
    ],
)
def test_word_forms_share_one_term(normaliser: Normaliser, forms: list[str], term: str) -> None:
    assert {t for form in forms for t in normaliser.terms(form)} == {term}


def test_a_die_as_players_write_it_is_a_die_of_that_many_sides(normaliser: Normaliser) -> None:
    """`d10` asks for what the pages say of a ten-sided die: its sides, a die, the number."""
    assert normaliser.terms("a d10") == normaliser.terms("a ten-sided die") == ["10", "sid", "die"]
    assert normaliser.terms("d6 or d20") == ["6", "sid", "die", "20", "sid", "die"]


def test_stop_words_and_one_letter_words_are_dropped(normaliser: Normaliser) -> None:
    assert normaliser.terms("Can I move on to the hill? My x a") == ["mov", "hill"]
    # numbers are kept, one digit too: "defense 3" is not "defense"
    assert normaliser.terms("defense 3") == ["defens", "3"]


def test_apostrophes_join_the_word(normaliser: Normaliser) -> None:
    assert normaliser.terms("the Guard's range, the guards’ range") == ["guard", "rang", "guard", "rang"]


def test_a_possessive_is_the_word_itself(normaliser: Normaliser) -> None:
    """`Magi's` is `Magi`: its `'s` is no plural for the stemmer to read (`magis` kept its `s`)."""
    assert normaliser.terms("the Magi's spell") == normaliser.terms("the Magi spell") == ["magi", "spell"]


def test_a_players_phrase_asks_for_the_rule_terms_too(normaliser: Normaliser) -> None:
    groups = dict(normaliser.expand(normaliser.terms("can my knights hit back")))
    assert groups[tuple(normaliser.terms("retaliate"))] == 1.0
    # the phrase's own words still count, for less
    assert groups[("hit",)] == groups[("back",)] == normaliser.phrase_word_weight
    assert groups[("knight",)] == 1.0


def test_a_longer_phrase_is_read_before_a_shorter_one(normaliser: Normaliser) -> None:
    groups = dict(normaliser.expand(normaliser.terms("shoot through a tree")))
    sight = tuple(normaliser.terms("line of sight"))
    assert groups[sight] == 2.0  # "shoot through", then "tree"
    assert tuple(normaliser.terms("ranged attack")) not in groups  # "shoot" was read in "shoot through"


def test_the_words_file_is_well_formed(normaliser: Normaliser) -> None:
    data = json.loads(WORDS_FILE.read_text(encoding="utf-8"))
    for phrase, meaning in data["phrases"].items():
        assert normaliser.terms(phrase), f"the phrase {phrase!r} is only stop words"
        assert normaliser.terms(meaning), f"the meaning of {phrase!r} is only stop words"
        assert normaliser.terms(phrase) != normaliser.terms(meaning), f"{phrase!r} means itself"
    assert all(word == word.lower() for word in data["stop_words"])
    assert len(normaliser.phrases) == len(data["phrases"])


CHAPTER = """<html><head><title>Melee - Battlebook</title></head><body>
<nav><a href="../../heroscape/range/">Range</a></nav>
<article class="md-content__inner md-typeset">
<h1 id="melee">Melee<a class="headerlink" href="#melee" title="Permanent link">&para;</a></h1>
<p class="bb-summary">2 examples: 2 verified.</p>
<p>Stacks fight on the Melee Line.</p>
<h2 id="homm.melee-attack">Melee attack<a class="headerlink" href="#homm.melee-attack">&para;</a></h2>
<p class="bb-rule">A stack attacks the enemy's Melee Line.</p>
<h3 class="bb-example-title"><a class="bb-anchor" id="ex-1" href="#ex-1" aria-label="Link">#</a> The Orc wins
<span class="bb-badge bb-example bb-verified">verified</span><span class="bb-edition">2004 edition</span></h3>
<div class="language-gherkin highlight"><pre><code>Given a battle in the open field</code></pre></div>
<div class="bb-note"><p>Drawing.</p><details class="bb-drawings"><summary>Show the drawing</summary>
<div class="bb-pictures" data-search-exclude=""><svg><title>the field</title></svg></div></details></div>
<script>var x = "script text";</script>
<h2 id="ruling.swat-reach">Swat reach</h2><p>See <a href="../../homm/melee/#homm.melee-attack">the rule</a>.</p>
</article>
<footer>Made with words outside the article</footer>
</body></html>"""


def test_a_page_is_cut_into_its_sections_without_furniture() -> None:
    sections = read_page("rulebook/homm/melee/index.html", CHAPTER, GAMES)
    assert [(s.address, s.title, s.kind, s.game) for s in sections] == [
        ("rulebook/homm/melee/", "Melee", "intro", "homm"),
        ("rulebook/homm/melee/#homm.melee-attack", "Melee attack", "rule", "homm"),
        ("rulebook/homm/melee/#ruling.swat-reach", "Swat reach", "ruling", "homm"),
    ]
    rule = sections[1]
    assert rule.code == "Given a battle in the open field"
    # the rule's own text ends at its first example; its examples' titles and notes are its other prose
    assert rule.own == "A stack attacks the enemy's Melee Line." and "The Orc wins" in rule.text
    assert "A stack attacks" not in rule.text
    # a rule's context is its chapter's introduction
    assert "Stacks fight on the Melee Line" in rule.context and not sections[0].context
    everything = " ".join(s.title + " " + s.own + " " + s.text + " " + s.code for s in sections)
    for furniture in ("Show the drawing", "verified", "2004 edition", "¶", "#", "script text", "the field", "outside"):
        assert furniture not in everything, furniture


def test_a_pages_game_comes_from_its_folder_else_from_the_rules_it_links() -> None:
    ruling = CHAPTER.replace('id="homm.melee-attack"', 'id="other"')
    [top, other, settled] = read_page("rulebook/rulings/swat-reach/index.html", ruling, GAMES)
    assert top.game == other.game == settled.game == "homm"  # its links name homm's rules
    heroscape = read_page("rulebook/heroscape/range/index.html", CHAPTER, GAMES)
    assert heroscape[0].game == "heroscape"
    assert heroscape[1].game == "homm"  # a section's own rule id names its game
    nothing = read_page("contributing/index.html", "<article><h1 id='c'>Contributing</h1><p>Hi.</p></article>", GAMES)
    assert [(s.kind, s.game) for s in nothing] == [("page", None)]


RULING_PAGE = """<article><h1 id="ruling-the-die">Ruling: the die</h1>
<p><strong>The question.</strong> Which faces does the die show?</p>
<p><strong>Battlebook's reading.</strong> The die is ten-sided, its faces read 0 to 9.</p>
<p><strong>The alternative.</strong> Read them 1 to 10.</p>
%s</article>"""


def test_a_ruling_of_its_own_page_has_the_pages_reading_for_context() -> None:
    """The reading the page gives in plain words says the ruling again; its question and alternative do not."""
    one = read_page("rulebook/rulings/die/index.html", RULING_PAGE % '<h2 id="ruling.die">Die</h2><p>Ten.</p>', GAMES)
    assert [(s.kind, s.context) for s in one] == [
        ("page", ""),
        ("ruling", "Battlebook's reading. The die is ten-sided, its faces read 0 to 9."),
    ]
    # a page of several rulings says whose reading it gives nowhere: none of them takes it
    two = '<h2 id="ruling.die">Die</h2><p>Ten.</p><h2 id="ruling.faces">Faces</h2><p>0.</p>'
    assert [s.context for s in read_page("rulebook/rulings/die/index.html", RULING_PAGE % two, GAMES)] == [""] * 3


def test_glossary_terms_and_reference_entries_are_sections() -> None:
    html = """<article><h1 id="glossary">Glossary</h1>
    <dl class="bb-term" id="term-swat"><dt>swat <span class="bb-forms">(also swats)</span></dt>
    <dd>An attack on several cards. <a href="../../rulebook/homm/melee/#homm.swatting">Rule</a></dd></dl>
    <h3 id="unit-orc">Orc</h3><p>Used in <a href="../../rulebook/homm/melee/">Melee</a>.</p></article>"""
    sections = read_page("reference/glossary/index.html", html, GAMES)
    assert [(s.address, s.title, s.kind, s.game) for s in sections[1:]] == [
        ("reference/glossary/#term-swat", "swat (also swats)", "entry", "homm"),
        ("reference/glossary/#unit-orc", "Orc", "entry", "homm"),
    ]


def test_each_reference_entry_is_of_the_game_it_links_to_not_the_pages_commonest() -> None:
    html = """<article><h1 id="glossary">Glossary</h1><h2 id="glossary-homm">Heroes</h2><p>Its terms.</p>
    <dl class="bb-term" id="term-swat"><dt>swat</dt><dd>Cards. <a href="../../rulebook/homm/melee/#homm.swatting">R</a>
    <a href="../../rulebook/homm/swatting/">S</a></dd></dl>
    <dl class="bb-term" id="term-skull"><dt>skull</dt>
    <dd>A face. <a href="../../rulebook/heroscape/attacking/">A</a></dd></dl>
    <h3 id="unit-knave">Knave</h3><p>Used in <a href="../../rulebook/heroscape/life/#heroscape.life">Life</a>.</p>
    <h3 id="unit-orc">Orc</h3><p>Used in <a href="../../rulebook/homm/melee/">Melee</a>.</p></article>"""
    sections = read_page("reference/glossary/index.html", html, GAMES)
    assert sections[0].game is None  # the page itself lists both games
    # and so is a heading whose own links name no game
    assert [(s.address.split("#")[1], s.game) for s in sections[1:]] == [
        ("glossary-homm", None),
        ("term-swat", "homm"),
        ("term-skull", "heroscape"),
        ("unit-knave", "heroscape"),
        ("unit-orc", "homm"),
    ]


def test_a_rules_source_citation_is_searched_but_never_its_results_line(normaliser: Normaliser) -> None:
    html = """<article><h1 id="melee">Melee</h1><h2 id="homm.melee-attack">Melee attack</h2>
    <p class="bb-rule">A melee attack kills the top card.</p>
    <p class="bb-source">Source: HoMM IV rules, <q>Making Melee Attacks</q> (source 001).</p>
    <div class="bb-prose"><p>Only a stack on its Melee Line attacks.</p></div></article>"""
    rule = read_page("rulebook/homm/melee/index.html", html, GAMES)[1]
    assert "Source" not in rule.own and rule.own.startswith("A melee attack kills the top card.")
    assert "Making Melee Attacks" in rule.cited
    doc = build_index([rule], normaliser)["docs"][0]
    assert "Source" not in doc["snippet"] and doc["fields"]["text"]["attack"] == 1  # the cited title counts
    assert doc["snippet"] == "A melee attack kills the top card. Only a stack on its Melee Line attacks."


def test_a_rulings_settled_rule_is_searched_but_never_its_results_line(normaliser: Normaliser) -> None:
    html = """<article><h1 id="r">Ruling: swat reach</h1><h2 id="ruling.swat-reach">Swat reach</h2>
    <p class="bb-settles">Settles: <a href="../../homm/swatting/#homm.swatting">Swatting</a>.</p>
    <p class="bb-rule">Ranged attacks and spells may swat.</p></article>"""
    ruling = read_page("rulebook/rulings/swat-reach/index.html", html, GAMES)[1]
    assert ruling.kind == "ruling" and ruling.own == "Ranged attacks and spells may swat."
    assert "Settles" in ruling.cited


def test_a_glossary_term_lends_its_definition_to_the_rule_it_links_to() -> None:
    rule = Section("rulebook/homm/swatting/#homm.swatting", "Swatting", "S", "rule", "homm", "", "", context="Intro.")
    other = Section("rulebook/homm/melee/#homm.melee-attack", "Melee", "M", "rule", "homm", "", "")
    term = Section(
        "reference/glossary/#term-swat",
        "swat",
        "Glossary",
        "entry",
        "homm",
        "An attack on several of the target's cards.",
        "",
        links=("../../rulebook/homm/swatting/#homm.swatting",),
    )
    glossed = with_glossary_context([rule, other, term])
    assert glossed[0].context == "swat. An attack on several of the target's cards. Intro."
    assert glossed[1] == other and glossed[2] == term


def test_a_calculators_section_is_found_by_the_words_its_game_declares(normaliser: Normaliser) -> None:
    section = Section("odds/homm/#fight-calculator", "Who wins", "Odds", "calculator", "homm", "", "")
    index = build_index([section], normaliser, {"odds/homm/#fight-calculator": ["Battle calculator"]})
    assert index["docs"][0]["fields"]["words"] == {"battl": 1, "calculator": 1}


def test_a_declared_description_weighs_as_the_sections_text_not_as_its_names(normaliser: Normaliser) -> None:
    """A calculator's help ("two stacks fighting to the end") is no name: its common words weigh as its own text."""
    section = Section("odds/homm/#fight-calculator", "Who wins", "Odds", "calculator", "homm", "", "")
    declared = ["Fight calculator", "two stacks fighting to the very end"]
    [doc] = build_index([section], normaliser, {"odds/homm/#fight-calculator": declared})["docs"]
    assert doc["fields"]["words"] == {"fight": 1, "calculator": 1}
    assert doc["fields"]["rule"] == {"2": 1, "stack": 1, "fight": 1, "end": 1}  # "two" is its numeral
    assert doc["names"] == declared  # a question running inside it still names the section


def test_the_index_counts_each_fields_terms_and_carries_the_normaliser(normaliser: Normaliser) -> None:
    section = Section(
        "rulebook/homm/x/#homm.swat", "Swatting", "X", "rule", "homm", "Swats kill cards.", "Given a swat"
    )
    index = build_index([section], normaliser, {"homm.swat": ["several cards", "swats"]}, {"homm": "HoMM"})
    [doc] = index["docs"]
    assert doc["fields"] == {
        "title": {"swat": 1},
        "words": {"several": 1, "card": 1, "swat": 1},
        "text": {"swat": 1, "kill": 1, "card": 1},
        "code": {"swat": 1},  # Gherkin keywords (`Given`) are no terms of an example
    }
    assert index["pages"] == {"rulebook/homm/x/": "homm"}
    assert index["games"] == {"homm": "HoMM"}
    # the normaliser, with the rule's declared name its title lacks read as a phrase for its title
    assert index["normaliser"] == {**normaliser.to_json(), "phrases": index["normaliser"]["phrases"]}
    assert index["normaliser"]["phrases"] == [*normaliser.to_json()["phrases"], [["several", "card"], ["swat"]]]
    assert set(index["weights"]) >= {"fields", "kinds", "same_game", "length_norms", "saturation", "title_match"}


def test_a_rules_declared_name_asks_for_its_title_unless_two_rules_declare_it(normaliser: Normaliser) -> None:
    """`give up`, declared for Surrendering alone, finds Who cannot surrender, whose title says `surrender`."""
    rules = [
        Section("r/#homm.surrendering", "Surrendering", "S", "rule", "homm", "", "", own="Offer cards."),
        Section("r/#homm.who-cannot-surrender", "Who cannot surrender", "S", "rule", "homm", "", "", own="Guards."),
        Section("r/#homm.withdrawing", "Withdrawing", "W", "rule", "homm", "", "", own="Go home."),
    ]
    once = {"homm.surrendering": ["give up"], "homm.who-cannot-surrender": ["guard"]}
    [found] = _ranked(build_index(rules, normaliser, once), "give up")
    assert found == ["r/#homm.surrendering", "r/#homm.who-cannot-surrender"]  # the second through its title
    phrases = named_phrases(rules, once, normaliser).phrases
    assert phrases[-1] == (("giv", "up"), ("surrend",))
    twice = {**once, "homm.withdrawing": ["give up"]}  # a name two rules declare says neither's title
    assert named_phrases(rules, twice, normaliser).phrases == normaliser.phrases


def test_a_sentence_many_sections_repeat_is_no_term_of_any(normaliser: Normaliser) -> None:
    """Captions every example carries ("Drawing.") are furniture: the rule's own words decide."""
    caption = "Chance of this attack."
    sections = [
        Section(f"rulebook/homm/x/#homm.r{n}", f"Rule {n}", "X", "rule", "homm", f"{caption} Cards {n}.", "")
        for n in range(FURNITURE_SECTIONS)
    ]
    index = build_index(sections, normaliser)
    assert all("attack" not in doc["fields"]["text"] for doc in index["docs"])
    assert all("card" in doc["fields"]["text"] for doc in index["docs"])
    few = build_index(sections[: FURNITURE_SECTIONS - 1], normaliser)
    assert all("attack" in doc["fields"]["text"] for doc in few["docs"])


def test_write_index_reads_the_built_site_and_leaves_out_developer_pages(tmp_path: Path) -> None:
    page = "<article><h1 id='t'>{0}</h1><p>{0} text.</p></article>"
    for path, title in [
        ("index.html", "Home"),
        ("rulebook/homm/melee/index.html", "Melee"),
        ("api/battlebook/index.html", "Engine"),
        ("rulebook/steps/index.html", "Steps"),
        ("404.html", "Missing"),
    ]:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(page.format(title), encoding="utf-8")
    written = write_index(tmp_path, {}, {"homm": "HoMM"})
    assert written == tmp_path / INDEX_PATH
    index = json.loads(written.read_text(encoding="utf-8"))
    assert [d["address"] for d in index["docs"]] == ["", "rulebook/homm/melee/"]


# The page's script: the same normaliser, and a ranking that keeps to a game when asked.


def run_script(code: str, data: Any) -> Any:
    """Run `code` in Node with the page's script as `search` and `data` as `data`; its last value, as JSON."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    program = "\n".join(
        [
            f"const search = require({json.dumps(str(SCRIPT))});",
            "const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));",
            f"console.log(JSON.stringify((() => {{ {code} }})()));",
        ]
    )
    done = subprocess.run([node, "-e", program], input=json.dumps(data), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


SAMPLES = [
    "Can my knights hit back when the crossbows shoot them?",
    "Is my guy on the rock harder to hit",
    "Walls breeched, then sacked; the defences' colours",
    "Xenithrax the Vineweaver's Example 20 — 3 attack dice, Défense",
    "the Guard's reorganised stacks moving up; copies copied",
    "retaliated twice in one round, retaliation, retaliating",
    "shoot through a tree; can my archer see the figure",
    "I a x 7 Z1 don't won’t",
    "can guards give up, or move up and out; power up",
    "how do the Magi's fireballs and the guards’ shots get stronger; it's the players' turn",
]


def test_the_script_normalises_as_the_index_does(normaliser: Normaliser) -> None:
    got = run_script(
        "const n = search.normaliser(data.normaliser);"
        " return data.samples.map(t => [n.terms(t), n.expand(n.terms(t))]);",
        {"normaliser": normaliser.to_json(), "samples": SAMPLES},
    )
    want = [[normaliser.terms(t), [[list(g), w] for g, w in normaliser.expand(normaliser.terms(t))]] for t in SAMPLES]
    assert got == want


def test_the_script_ranks_the_game_of_the_page_first_and_can_keep_to_it(normaliser: Normaliser) -> None:
    sections = [
        Section("rulebook/homm/a/#homm.attacking", "Attacking", "A", "rule", "homm", "Attack once a round.", ""),
        Section("rulebook/heroscape/a/#heroscape.attacking", "Attacking", "A", "rule", "heroscape", "Attack once.", ""),
        Section("contributing/", "Contributing", "C", "page", None, "How to attack a bug.", ""),
    ]
    index = build_index(sections, normaliser, {}, {"homm": "HoMM", "heroscape": "Heroscape"})
    code = (
        "const ready = search.prepare(data);"
        " const order = (game, only) => search.rank(ready, 'attacking', game, only).results.map(r => r.doc.address);"
        " return [order('homm', false), order('heroscape', false), order('heroscape', true)];"
    )
    homm, heroscape, only = run_script(code, index)
    assert homm[:2] == ["rulebook/homm/a/#homm.attacking", "rulebook/heroscape/a/#heroscape.attacking"]
    assert heroscape[:2] == ["rulebook/heroscape/a/#heroscape.attacking", "rulebook/homm/a/#homm.attacking"]
    assert only == ["rulebook/heroscape/a/#heroscape.attacking"]
    assert "contributing/" in homm


def test_the_snippet_is_the_sentence_that_holds_the_question(normaliser: Normaliser) -> None:
    text = "A stack attacks. Nobody can answer a spell. The top card rolls."
    index = build_index([Section("x/#homm.a", "A", "A", "rule", "homm", text, "")], normaliser, {}, {})
    code = (
        "const ready = search.prepare(data);"
        " const found = search.rank(ready, 'answer spells', null, false);"
        " return search.snippet(ready, found.results[0].doc, found.terms);"
    )
    assert run_script(code, index) == "Nobody can answer a spell."


def test_a_pasted_page_is_read_only_as_far_as_a_question_goes(normaliser: Normaliser) -> None:
    """The script reads the first 32 words of a question, so a pasted text cannot hold up the page."""
    index = build_index([Section("x/#homm.a", "Swat", "A", "rule", "homm", "A swat.", "")], normaliser, {}, {})
    pasted = " ".join(f"word{n}" for n in range(20_000)) + " swat"
    code = "const ready = search.prepare(data.index); return search.rank(ready, data.pasted, null, false).terms.length;"
    assert run_script(code, {"index": index, "pasted": pasted}) == 32


def _ranked(index: dict[str, Any], *questions: str) -> list[list[str]]:
    code = (
        "const ready = search.prepare(data.index);"
        " return data.questions.map(q => search.rank(ready, q, null, false).results.map(r => r.doc.address));"
    )
    return list(run_script(code, {"index": index, "questions": list(questions)}))


def test_a_particle_asks_with_its_word_before_it(normaliser: Normaliser) -> None:
    groups = dict(normaliser.expand(normaliser.terms("can guards give up")))
    assert groups[("up",)] == normaliser.particle_weight < 1
    assert groups[tuple(normaliser.terms("give up"))] == 1.0
    # a particle a phrase holds is the phrase's word, and makes no pair
    power_up = dict(normaliser.expand(normaliser.terms("power up")))
    assert power_up[("up",)] == normaliser.phrase_word_weight
    assert tuple(normaliser.terms("power up")) not in power_up


def test_a_misspelt_word_reads_as_the_books_term_one_edit_away(normaliser: Normaliser) -> None:
    sections = [
        Section("r/#homm.withdrawing", "Withdrawing", "W", "rule", "homm", "A side withdraws.", ""),
        Section("r/#homm.support", "Sacrificing for support", "S", "rule", "homm", "A stack sacrifices.", ""),
        Section("r/#homm.other", "Other", "O", "rule", "homm", "Withdrew a solid stack.", ""),
    ]
    index = build_index(sections, normaliser, {}, {"homm": "HoMM"})
    withdrawl, sacrafice, soldier = _ranked(index, "withdrawl rules", "sacrafice a stack", "soldiers")
    assert withdrawl[0] == "r/#homm.withdrawing"
    assert sacrafice[0] == "r/#homm.support"
    # a word of the prose alone ("solid") is not what a player's unknown word is read as
    assert soldier == []


def test_a_question_naming_a_calculator_finds_it_before_the_rules(normaliser: Normaliser) -> None:
    sections = [
        Section("r/#homm.battle-odds", "Battle odds", "B", "rule", "homm", "The odds of a battle, by battle.", ""),
        Section("odds/homm/#fight-calculator", "Who wins a fight or battle", "O", "calculator", "homm", "", ""),
    ]
    index = build_index(sections, normaliser, {"odds/homm/#fight-calculator": ["battle calculator"]}, {})
    battle, who_wins = _ranked(index, "battle", "who wins")
    assert battle[0] == who_wins[0] == "odds/homm/#fight-calculator"


def test_a_question_running_inside_a_sections_name_weighs_more(normaliser: Normaliser) -> None:
    sections = [
        Section("r/#homm.a", "Phases", "A", "rule", "homm", "The Aggressor attacks first, then who is left.", ""),
        Section("r/#homm.b", "Order", "B", "rule", "homm", "Attacks go in order.", ""),
    ]
    index = build_index(sections, normaliser, {"homm.b": ["who attacks first in a round"]}, {})
    [found] = _ranked(index, "who attacks first")
    assert found[0] == "r/#homm.b"


def test_a_question_naming_a_game_is_kept_to_that_game(normaliser: Normaliser) -> None:
    sections = [
        Section("rulebook/homm/t/#homm.turns", "Turns", "T", "rule", "homm", "Who moves first.", ""),
        Section("rulebook/heroscape/t/#heroscape.turns", "Turns", "T", "rule", "heroscape", "Turns.", ""),
    ]
    titles = {"homm": "Heroes of Might & Magic IV", "heroscape": "Heroscape"}
    index = build_index(sections, normaliser, {}, titles)
    assert index["game_names"]["heroscape"] == [["heroscap"]]
    scape, homm, both = _ranked(index, "turns in heroscape", "turns in heroes of might and magic", "turns")
    assert scape == ["rulebook/heroscape/t/#heroscape.turns"]
    assert homm == ["rulebook/homm/t/#homm.turns"]
    assert len(both) == 2


def test_a_named_games_name_keeps_to_it_but_is_no_word_of_the_question(normaliser: Normaliser) -> None:
    """Once kept to the game's sections, the name says nothing of which answers: a section saying it ranks no higher."""
    sections = [
        Section("rulebook/heroscape/e/#heroscape.ending", "Ending", "E", "rule", "heroscape", "The battle ends.", ""),
        Section("rulebook/heroscape/s/#heroscape.sight", "Sight", "S", "rule", "heroscape", "Heroscape ends.", ""),
        Section("rulebook/homm/e/#homm.ending", "Ending", "E", "rule", "homm", "The battle ends.", ""),
    ]
    index = build_index(sections, normaliser, {}, {"homm": "Heroes of Might & Magic IV", "heroscape": "Heroscape"})
    scape, alone = _ranked(index, "when does the battle end in heroscape", "heroscape")
    assert scape[0] == "rulebook/heroscape/e/#heroscape.ending"
    assert all(a.startswith("rulebook/heroscape/") for a in scape)
    # a question that is only the name still finds the sections saying it
    assert alone == ["rulebook/heroscape/s/#heroscape.sight"]


def test_a_word_a_section_lacks_is_found_through_its_synonym_for_less(normaliser: Normaliser) -> None:
    assert ("damag", "wound", "hurt") in normaliser.synonyms and 0 < normaliser.synonym_weight < 1
    sections = [
        Section("r/#heroscape.life", "Life", "L", "rule", "heroscape", "Wounds reach the Life.", ""),
        Section("r/#heroscape.other", "Damage", "D", "rule", "heroscape", "Damage, damage everywhere.", ""),
    ]
    index = build_index(sections, normaliser, {}, {})
    [damage] = _ranked(index, "damage")
    # the section that says "damage" comes first; the one that says "wounds" is found too
    assert damage == ["r/#heroscape.other", "r/#heroscape.life"]


def test_the_share_of_the_question_a_section_answers_scales_its_score_softened(normaliser: Normaliser) -> None:
    """A section answering half a question's weight keeps half**COVERAGE of its score, not half."""
    assert 0 < COVERAGE < 1
    sections = [
        Section("r/#homm.protecting", "One rule", "P", "rule", "homm", "", "", own="A stack protects."),
        Section("r/#homm.other", "Other rule", "S", "rule", "homm", "", "", own="A swat kills cards."),
    ]
    index = build_index(sections, normaliser, {}, {})
    code = (
        "const ready = search.prepare(data.index);"
        " const score = q => search.rank(ready, q, null, false).results[0].score;"
        " return score('protecting swat') / score('protecting');"
    )
    half = 0.5  # each section answers one of the two words: half of the question's weight
    assert run_script(code, {"index": index}) == pytest.approx(half**COVERAGE / 1.0, rel=0.05)


#: The rules whose stack skips its attack opportunity for something else (sources 000 and 001).
TRADING_RULES = ("homm.swarming", "homm.protecting", "homm.reorganizing", "homm.sacrificing-for-support")


def test_a_question_skipping_its_attack_finds_the_rules_that_trade_it_not_surrender(normaliser: Normaliser) -> None:
    """Each rule trading the attack opportunity declares it (`skip attack`), and a player's way of
    saying so (`give up my attack`, `forgo attacking`) asks for that, before `give up` for Surrendering."""
    from battlebook.site.glossary import load_glossary

    glossary = load_glossary(ROOT)
    for rule_id in TRADING_RULES:
        assert "skip attack" in glossary.search_words(rule_id), rule_id
    ids = [*TRADING_RULES, "homm.surrendering", "homm.melee-attack"]
    sections = [Section(f"r/#{rule_id}", rule_id.split(".")[1], "R", "rule", "homm", "", "") for rule_id in ids]
    words = {rule_id: glossary.search_words(rule_id) for rule_id in ids}
    index = build_index(sections, normaliser, words, {})
    trading = {f"r/#{rule_id}" for rule_id in TRADING_RULES}
    for found in _ranked(index, "skip my attack", "forgo attacking"):
        assert set(found[: len(trading)]) == trading
    # "give up my attack" asks for the skipped attack, not for surrender ("give up", Surrendering's name)
    groups = dict(named_phrases(sections, words, normaliser).expand(normaliser.terms("give up my attack")))
    assert groups[("skip", "attack")] == 1.0 and ("surrend",) not in groups
    [give_up, surrender] = _ranked(index, "give up my attack", "what do I give up when I surrender")
    assert trading < set(give_up)
    assert surrender[0] == "r/#homm.surrendering"
