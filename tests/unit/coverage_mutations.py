"""Declared breakages of the sources' statements, for the coverage mutation test.

Each [`Mutation`][tests.unit.coverage_mutations.Mutation] breaks one statement of
`features/statements.txt` in a copy of the engine, by replacing exact source text (each
`old` must occur exactly once in its file, so that a change to the engine that moves the
rule makes the declaration fail rather than silently break nothing). Under the statement's
mutations, every Example its mapping names must fail: otherwise the mapping over-claims.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Edit:
    """Replace `old` (found exactly once) by `new` in `path`, relative to the `battlebook` package."""

    path: str
    old: str
    new: str


@dataclass(frozen=True)
class Mutation:
    """One way of breaking `statement`: the edits that make the engine disobey it."""

    statement: str
    what: str
    edits: tuple[Edit, ...]


_HIT = Edit("homm/combat.py", "hit = score + roll >= defense", "hit = score + roll > defense")
_IS_HIT = Edit("homm/resolution.py", "return self.total >= self.defense", "return self.total > self.defense")
_TALL = Edit(
    "heroscape/rules.py",
    "gap = state.base_level(attacker) - state.base_level(defender)",
    'gap = state.base_level(attacker) + state.card_of(attacker).stat("height") - state.base_level(defender)'
    ' - state.card_of(defender).stat("height")',
)

MUTATIONS: tuple[Mutation, ...] = (
    Mutation(
        "001/making-melee-attacks#4",
        "a total equal to the defense no longer kills",
        (_HIT, _IS_HIT),
    ),
    Mutation(
        "001/making-melee-attacks#6",
        "every attack kills, whatever its total",
        (
            Edit("homm/combat.py", "hit = score + roll >= defense", "hit = True"),
            Edit("homm/resolution.py", "return self.total >= self.defense", "return True"),
        ),
    ),
    Mutation(
        "001/attacking-as-a-stack#2",
        "the cards beneath the top one add nothing",
        (Edit("homm/scores.py", "base = self.printed + self.levels", "base = self.printed"),),
    ),
    Mutation(
        "001/swatting#3",
        "a swat must reach only the strongest announced defense, not their sum",
        (
            Edit(
                "homm/combat.py",
                "return sum(defender.card_defense(defender.cards[i]) for i in positions)",
                "return max(defender.card_defense(defender.cards[i]) for i in positions)",
            ),
        ),
    ),
    Mutation(
        "000/swarming#5",
        "a swarm doubles nothing",
        (Edit("homm/scores.py", "total = 2 * base + self.support", "total = base + self.support"),),
    ),
    Mutation(
        "003/attacking#2",
        "every figure may attack twice in a turn",
        (Edit("heroscape/rules.py", "    return 1 + extra\n", "    return 2 + extra\n"),),
    ),
    Mutation(
        "004/height-advantage#3",
        "ten levels up earn no second extra die",
        (
            Edit(
                "heroscape/ruleset.py",
                '"height": HeightAdvantage(((1, 1), (10, 2))),',
                '"height": HeightAdvantage(((1, 1),)),',
            ),
        ),
    ),
    Mutation(
        "004/rolling-and-resolving#5",
        "as many skulls as shields is enough",
        (Edit("heroscape/resolution.py", "return self.skulls > self.shields", "return self.skulls >= self.shields"),),
    ),
    Mutation(
        "004/rolling-and-resolving#4",
        "attack dice count every symbol but a blank as a skull",
        (
            Edit(
                "heroscape/resolution.py",
                "return self.attack_faces.count(Face.SKULL)",
                "return len([f for f in self.attack_faces if f is not Face.BLANK])",
            ),
        ),
    ),
    Mutation(
        "004/rolling-and-resolving#4",
        "defense dice count every symbol but a blank as a shield",
        (
            Edit(
                "heroscape/resolution.py",
                "return self.defense_faces.count(Face.SHIELD)",
                "return len([f for f in self.defense_faces if f is not Face.BLANK])",
            ),
        ),
    ),
    Mutation(
        "001/making-melee-attacks#1",
        "a melee attack may be made from the Ranged Line",
        (
            Edit(
                "homm/combat.py",
                "    if state.ruleset.follows_melee_lines(kind) and attacker.line is not Line.MELEE:\n"
                "        rule, what",
                "    if False:\n        rule, what",
            ),
        ),
    ),
    Mutation(
        "001/making-melee-attacks#2",
        "a melee attack may target the enemy's Ranged Line",
        (
            Edit(
                "homm/combat.py",
                "if state.ruleset.follows_melee_lines(kind) and target.line is not Line.MELEE:",
                "if False:",
            ),
        ),
    ),
    Mutation(
        "001/making-ranged-attacks#4",
        "a ranged score of 0 may shoot",
        (
            Edit(
                "homm/combat.py",
                'if kind is AttackKind.RANGED and attacker.top.stat("ranged") <= 0:',
                'if kind is AttackKind.RANGED and attacker.top.stat("ranged") < 0:',
            ),
        ),
    ),
    Mutation(
        "000/swarming#6",
        "a swarm doubles nothing, so 7 is all the Golems have",
        (Edit("homm/scores.py", "total = 2 * base + self.support", "total = base + self.support"),),
    ),
    Mutation(
        "000/retaliations#11",
        "a spell may be answered with a spell",
        (
            Edit(
                "homm/combat.py",
                "    if last.kind is AttackKind.SPELL:\n        return RuleViolation(ids.RETALIATION",
                "    if False:\n        return RuleViolation(ids.RETALIATION",
            ),
        ),
    ),
    Mutation(
        "002/setup#5",
        "the Town Card defends with 11",
        (Edit("homm/town.py", "TOWN_DEFENSE = 10", "TOWN_DEFENSE = 11"),),
    ),
    Mutation(
        "002/setup#5",
        "the Town Card defends with 9",
        (Edit("homm/town.py", "TOWN_DEFENSE = 10", "TOWN_DEFENSE = 9"),),
    ),
    Mutation(
        "003/range#2",
        "a target one space beyond the Range may be attacked",
        (
            Edit(
                "heroscape/rules.py",
                "if distance is None or distance > reach:",
                "if distance is None or distance > reach + 1:",
            ),
        ),
    ),
    Mutation(
        "003/range#4",
        "Range 1 reaches two spaces",
        (
            Edit(
                "heroscape/rules.py",
                "if distance is None or distance > reach:",
                "if distance is None or distance > reach + 1:",
            ),
        ),
    ),
    Mutation(
        "003/height-advantage#2",
        "a taller figure counts its own size as height",
        (_TALL,),
    ),
    Mutation(
        "004/height-advantage#2",
        "a taller figure counts its own size as height",
        (_TALL,),
    ),
)
