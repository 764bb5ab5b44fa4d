"""The rulebook machinery: feature files in, verified pages out.

- [`sources`][battlebook.rulebook.sources]: the source texts and their sections, the things a Rule cites;
- [`model`][battlebook.rulebook.model]: feature files read into a checked model (rules, examples, citations);
- [`results`][battlebook.rulebook.results]: the recorded outcome of running every example;
- [`render`][battlebook.rulebook.render]: a feature and its results as a Markdown page;
- [`prose`][battlebook.rulebook.prose]: names escaped and descriptions sanitized, since feature files are untrusted;
- [`pytest_plugin`][battlebook.rulebook.pytest_plugin]: records results while pytest-bdd runs the examples;
- [`site`][battlebook.rulebook.site]: the MkDocs hooks that publish the pages;
- [`catalogue`][battlebook.rulebook.catalogue], [`coverage`][battlebook.rulebook.coverage],
  [`rulings`][battlebook.rulebook.rulings] and [`site_pages`][battlebook.rulebook.site_pages]: the step
  catalogue, the coverage of the sources and the rulings index, as generated pages;
- [`check`][battlebook.rulebook.check]: `battlebook check`, a player's feature files run against the engine.
"""
