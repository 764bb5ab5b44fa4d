"""Drawings of battles for the rulebook pages, as inline SVG.

- [`svg`][engine.pictures.svg]: the shared SVG writer (accessible, themeable, one line);
- each game draws its own states next to its rules: [`engine.homm.picture`][engine.homm.picture]
  for Heroes of Might & Magic.

A game's drawing module turns a state into a small *view* (what is shown) and draws the
view; new rules that add conditions to a state (markers, a town, a hex map) extend the view,
not the drawing code.
"""
