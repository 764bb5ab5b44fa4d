"""The step language: the steps scenarios are written in, and how pytest-bdd runs them.

- [`grammar`][battlebook.language.grammar]: typed parameters and steps scoped per game;
- [`steps`][battlebook.language.steps]: the step definitions, one module per domain concept;
- [`plugin`][battlebook.language.plugin]: the pytest plugin that registers them and the recorder;
- [`recorder`][battlebook.language.recorder]: records the result of every example;
- [`catalogue`][battlebook.language.catalogue]: every step a scenario may use;
- [`messages`][battlebook.language.messages]: a run as Cucumber Messages;
- [`session`][battlebook.language.session]: what one pytest session of the steps knows;
- [`run`][battlebook.language.run]: one run of examples, the one object every execution hands pytest;
- [`scope`][battlebook.language.scope],
  [`patterns`][battlebook.language.patterns] and [`notes`][battlebook.language.notes]: the
  machinery around them.
"""
