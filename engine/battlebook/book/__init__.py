"""The book: the rulebook's feature files read into a checked model, with what they cite.

It imports no game, no test runner, no site builder and nothing of the `site` extra (the
pages made only for the site, such as the coverage of the sources, the glossary, the open
questions and the statements of the sources, are [`battlebook.site`][battlebook.site]'s).

- [`sources`][battlebook.book.sources]: the source texts and their sections, the things a Rule cites;
- [`model`][battlebook.book.model]: feature files read into a checked model (rules, examples, citations),
  in two halves: [`reading`][battlebook.book.reading] (text, parser, limits) and
  [`conventions`][battlebook.book.conventions] (what the rulebook asks of a file);
- [`results`][battlebook.book.results]: the recorded outcome of running every example;
- [`rulings`][battlebook.book.rulings]: the rulings, read from their feature files;
- [`render`][battlebook.book.render], [`prose`][battlebook.book.prose],
  [`links`][battlebook.book.links]: a chapter as a Markdown page, untrusted text made safe,
  links between pages.
"""
