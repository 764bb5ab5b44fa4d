"""Runners: a player's feature files run against the engine, from the terminal or in the page.

- [`check`][battlebook.runners.check]: `battlebook check`, with an explanation per example;
- [`inpage`][battlebook.runners.inpage]: "Try it", a scenario run in the reader's browser;
- [`outside_facts`][battlebook.runners.outside_facts]: the examples resting on each
  illustrative army card stat, found by running them with the stat changed;
- [`feature_tests`][battlebook.runners.feature_tests]: the test module `check` hands to pytest.
"""
