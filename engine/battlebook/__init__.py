"""Battlebook's rules engine.

The engine is pure Python and knows two games, each in its own subpackage:

- [`battlebook.homm`][battlebook.homm]: Heroes of Might & Magic IV, the card and tile game;
- [`battlebook.heroscape`][battlebook.heroscape]: Heroscape, both editions.

What both games share lives once, at the top level:

- [`battlebook.dice`][battlebook.dice]: dice as values, and the dice sources a battle rolls with
  (a scripted source for scenarios, a seeded one for simulations);
- [`battlebook.errors`][battlebook.errors]: the exceptions, every refused action naming the rule it breaks;
- [`battlebook.odds`][battlebook.odds]: exact odds from the numbers of a game's dice;
- [`battlebook.game`][battlebook.game]: the one contract every game offers, and
  [`battlebook.games`][battlebook.games], the registry of the games behind it.

Around the engine, in layers that each import only the ones before them:

- [`battlebook.book`][battlebook.book]: the feature files read into a checked model, the
  sources they cite, the recorded results (no game, no test runner, no site builder);
- [`battlebook.language`][battlebook.language]: the step language scenarios are written in,
  and its pytest plugin;
- [`battlebook.runners`][battlebook.runners]: `battlebook check` and the in-page "Try it";
- [`battlebook.site`][battlebook.site]: the rulebook's pages;
- [`battlebook.cli`][battlebook.cli]: the `battlebook` command.
"""

__version__ = "0.1.0"
