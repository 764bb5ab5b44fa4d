"""The site: the rulebook's pages, generated before any builder runs and made safe once built.

- [`pages`][battlebook.site.pages]: `battlebook site pages OUT`, every page as a plain file
  (chapters, rulings, catalogue, coverage, glossary, units, editions, odds, the data of
  "Try it") and the navigation, for MkDocs, ProperDocs or Zensical;
- [`api_reference`][battlebook.site.api_reference]: the Engine API, an index and a page per module;
- [`units_index`][battlebook.site.units_index], [`editions_page`][battlebook.site.editions_page],
  [`statements`][battlebook.site.statements], [`coverage`][battlebook.site.coverage] (with
  [`pending`][battlebook.site.pending]), [`open_questions`][battlebook.site.open_questions],
  [`glossary`][battlebook.site.glossary]: the generated reference pages (what the sources
  state and what checks it, the cases the rules leave open, the games' terms);
- [`finish`][battlebook.site.finish]: `battlebook site finish SITE`, the pass over the built
  site (Content-Security-Policy, rule links, search ranking) and its safety check;
- [`serve`][battlebook.site.serve]: `battlebook site serve`, the rulebook served while you write it.
- [`search`][battlebook.site.search]: the search index of the built site (written by `finish`).
"""
