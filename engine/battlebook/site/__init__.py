"""The site: the rulebook's pages, published by MkDocs.

- [`chapters`][battlebook.site.chapters]: the feature files as chapter pages;
- [`book_pages`][battlebook.site.book_pages], [`odds_pages`][battlebook.site.odds_pages],
  [`reader_pages`][battlebook.site.reader_pages], [`editions_page`][battlebook.site.editions_page],
  [`units_index`][battlebook.site.units_index]: the generated pages;
- [`api_pages`][battlebook.site.api_pages]: the Engine API, a page per module;
- [`try_it`][battlebook.site.try_it]: the examples' texts and the runtime for "Try it";
- [`build_cache`][battlebook.site.build_cache]: what a build keeps for the next one;
- [`search`][battlebook.site.search]: the search index of the built site.
"""
