"""Runners: a player's feature files run against the engine, from the terminal or in the page.

- [`check`][battlebook.runners.check]: `battlebook check`, with an explanation per example;
- [`inpage`][battlebook.runners.inpage]: "Try it", a scenario run in the reader's browser;
- [`outside_facts`][battlebook.runners.outside_facts]: the examples resting on each
  illustrative army card stat, found by running them with the stat changed;
- [`editions`][battlebook.runners.editions]: every example of a game with editions run under
  each of them, as plain data for the editions page;
- [`feature_tests`][battlebook.runners.feature_tests]: the test module `check` hands to pytest.

Each of them runs examples in one way only: one [`Run`][battlebook.language.run.Run] handed
to pytest as its plugin.
"""
