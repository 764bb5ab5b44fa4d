"""Drawings for the rulebook pages, as inline SVG.

- [`svg`][battlebook.pictures.svg]: the shared SVG writer (accessible, themeable, one line);
- [`chart`][battlebook.pictures.chart]: bar and line charts of exact chances (the odds pages
  draw them from [`battlebook.odds`][battlebook.odds] at build time; `docs/stylesheets/charts.css`
  colours them);
- each game draws its own states next to its rules: [`battlebook.homm.picture`][battlebook.homm.picture]
  for Heroes of Might & Magic, [`battlebook.heroscape.picture`][battlebook.heroscape.picture] for
  Heroscape battlefields, each reached through [`Game.draw`][battlebook.game.Game.draw].

How a drawing reaches a page: one *annotator* (see `annotator` in
[`battlebook.language.recorder`][battlebook.language.recorder]) for every game,
[`attach_drawing`][battlebook.language.notes.attach_drawing], reads the example's world
after it passes, asks its game for the drawings, and attaches Markdown with the SVG inside
`<div class="bb-pictures" data-search-exclude="">`, one `<figure class="bb-picture">` per
drawing. The page's stylesheet `docs/stylesheets/pictures.css` colours every `bb-pic-*`
class for light, dark and print.

Extending:

- The drawing reads the state; rules never import it. A new condition on a HoMM state
  (swarming, protecting, retaliated, a town card) is one more line in
  [`stack_markers`][battlebook.homm.picture.stack_markers] or
  [`battle_view`][battlebook.homm.picture.battle_view].
- Odds charts take plain numbers (outcome -> exact chance), so any odds module can feed
  [`bar_chart`][battlebook.pictures.chart.bar_chart] or [`line_chart`][battlebook.pictures.chart.line_chart].
"""
