"""Coin Duel, a toy third game defined inside the tests: proof that a game is a package and one registration.

Two champions take turns striking each other with one six-sided die: a roll that reaches
the target's guard takes one of its hearts, and a champion with no heart left is knocked
out. Nothing of it is a real game's rule, and nothing outside this package names it: the
tests register it as an installed distribution would, through the `battlebook.games`
entry-point group pointing at [`REGISTRATION`][tests.toygame.REGISTRATION] (see
`tests/unit/test_toy_game.py`), and it runs through `battlebook check`, `battlebook steps`,
page generation, the in-page runner's data and `battlebook odds fight` like the shipped games.

- `state`, `actions`, `rules`: the frozen state, the actions, the rules (one die);
- `game`: its [`Game`][battlebook.game.Game] contract object, `GAME`;
- `calculator`: its calculators and the page's forms (`CALCULATORS`);
- `steps`: its step library (the `toy` world fixture and its steps);
- `features/`: a chapter of its rules, tagged `@game:toy`.
"""

from __future__ import annotations

from battlebook.games import Registration

#: The game's one registration: its package, and the step library its examples are written in.
REGISTRATION = Registration("tests.toygame", steps=("tests.toygame.steps",))
