"""Drawings for the rulebook pages, as inline SVG.

- [`svg`][engine.pictures.svg]: the shared SVG writer (accessible, themeable, one line);
- [`chart`][engine.pictures.chart]: bar and line charts of exact chances (the odds pages
  draw them from [`engine.odds`][engine.odds] at build time; `docs/stylesheets/charts.css`
  colours them);
- [`notes`][engine.pictures.notes]: the note that puts drawings under an example, shared by every game;
- each game draws its own states next to its rules: [`engine.homm.picture`][engine.homm.picture]
  for Heroes of Might & Magic, [`engine.heroscape.picture`][engine.heroscape.picture] for
  Heroscape battlefields.

How a drawing reaches a page: an *annotator* (see `annotator` in
[`engine.rulebook.pytest_plugin`][engine.rulebook.pytest_plugin]) in a step-plugin module
under `tests/steps/` reads the example's fixtures after it passes, draws, and attaches
Markdown with the SVG inside `<div class="bb-pictures" data-search-exclude="">`, one
`<figure class="bb-picture">` per drawing, made with [`notes`][engine.pictures.notes]
(`tests/steps/picture_notes.py` does this for HoMM battles,
`tests/steps/heroscape_picture_notes.py` for Heroscape battlefields). The page's stylesheet
`docs/stylesheets/pictures.css` colours every `bb-pic-*` class for light, dark and print.

Extending:

- New conditions on a HoMM state (swarming, protecting, retaliated, a town card) reach
  the drawing through [`marker_reader`][engine.homm.picture.marker_reader] and
  [`town_reader`][engine.homm.picture.town_reader]; the drawing code does not change.
- Odds charts take plain numbers (outcome -> exact chance), so any odds module can feed
  [`bar_chart`][engine.pictures.chart.bar_chart] or [`line_chart`][engine.pictures.chart.line_chart].
"""
