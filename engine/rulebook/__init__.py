"""The rulebook machinery: feature files in, verified pages out.

- [`sources`][engine.rulebook.sources]: the source texts and their sections, the things a Rule cites;
- [`model`][engine.rulebook.model]: feature files read into a checked model (rules, examples, citations);
- [`results`][engine.rulebook.results]: the recorded outcome of running every example;
- [`render`][engine.rulebook.render]: a feature and its results as a Markdown page;
- [`prose`][engine.rulebook.prose]: names escaped and descriptions sanitized, since feature files are untrusted;
- [`pytest_plugin`][engine.rulebook.pytest_plugin]: records results while pytest-bdd runs the examples;
- [`site`][engine.rulebook.site]: the MkDocs hooks that publish the pages;
- [`catalogue`][engine.rulebook.catalogue], [`coverage`][engine.rulebook.coverage],
  [`rulings`][engine.rulebook.rulings] and [`site_pages`][engine.rulebook.site_pages]: the step
  catalogue, the coverage of the sources and the rulings index, as generated pages;
- [`check`][engine.rulebook.check]: `battlebook check`, a player's feature files run against the engine.
"""
