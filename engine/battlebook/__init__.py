"""Battlebook's rules engine.

The engine is pure Python and knows two games, each in its own subpackage:

- [`battlebook.homm`][battlebook.homm]: Heroes of Might & Magic IV, the card and tile game.

What both games share lives once, at the top level:

- [`battlebook.dice`][battlebook.dice]: dice as values, and the dice sources a battle rolls with
  (a scripted source for scenarios, a seeded one for simulations);
- [`battlebook.errors`][battlebook.errors]: the exceptions, every refused action naming the rule it breaks.

The rulebook itself (feature files rendered as pages, the recorded results of running
them) is built by [`battlebook.rulebook`][battlebook.rulebook].
"""

__version__ = "0.1.0"
