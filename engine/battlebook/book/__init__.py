"""The book: the rulebook's feature files read into a checked model, with what they cite.

It imports no game, no test runner and no site builder.

- [`sources`][battlebook.book.sources]: the source texts and their sections, the things a Rule cites;
- [`model`][battlebook.book.model]: feature files read into a checked model (rules, examples, citations);
- [`results`][battlebook.book.results]: the recorded outcome of running every example;
- [`statements`][battlebook.book.statements], [`coverage`][battlebook.book.coverage],
  [`rulings`][battlebook.book.rulings], [`open_questions`][battlebook.book.open_questions],
  [`glossary`][battlebook.book.glossary]: what the sources state and what checks it, the
  rulings, the cases the rules leave open and the games' terms;
- [`render`][battlebook.book.render], [`prose`][battlebook.book.prose],
  [`links`][battlebook.book.links]: a chapter as a Markdown page, untrusted text made safe,
  links between pages.
"""
