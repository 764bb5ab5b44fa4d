"""The odds charts: drawn from the engine's exact chances, accessible, themed by CSS only."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from battlebook.heroscape.dice import heroscape_wounds
from battlebook.heroscape.odds_page import CHART_DICE, wound_charts
from battlebook.heroscape.odds_page import odds_page as heroscape_page
from battlebook.homm.dice import homm_hit
from battlebook.homm.odds_page import CHART_DEFENSES, CHART_SCORES, kill_charts
from battlebook.homm.odds_page import odds_page as homm_page
from battlebook.homm.ruleset import DieReading
from battlebook.odds import fraction_text, percent_text
from battlebook.pictures.chart import bar_chart, line_chart

SVG = "{http://www.w3.org/2000/svg}"


def svgs(block: list[str]) -> list[ET.Element]:
    """Every chart of a Markdown block, parsed (which also proves the markup well formed)."""
    return [ET.fromstring(svg) for svg in re.findall(r"<svg .*?</svg>", "".join(block))]


def test_every_chart_is_accessible_and_coloured_by_css_only() -> None:
    for chart in svgs(wound_charts()) + svgs(kill_charts()):
        assert chart.get("role") == "img"
        title, desc = chart.find(f"{SVG}title"), chart.find(f"{SVG}desc")
        assert title is not None and desc is not None and desc.text
        assert chart.get("aria-label") == title.text
        markup = ET.tostring(chart, encoding="unicode")
        assert "#" not in markup, "colours come from the stylesheet, not from the drawing"


def test_wound_charts_draw_the_engine_distribution_bar_by_bar() -> None:
    charts = svgs(wound_charts())
    assert len(charts) == len(CHART_DICE)
    for chart, (attack, defense) in zip(charts, CHART_DICE, strict=True):
        odds = heroscape_wounds(attack, defense)
        bars = [r for r in chart.iter(f"{SVG}rect") if r.get("class") == "bb-chart-bar"]
        tips = [bar.findtext(f"{SVG}title") for bar in bars]
        assert tips == [f"{k}: {fraction_text(p)} ({p_text})" for k, p, p_text in _labels(odds.wounds)]
        heights = [float(bar.get("height", "0")) for bar in bars]
        tallest = max(range(len(heights)), key=heights.__getitem__)
        assert odds.wounds[tallest] == max(odds.wounds)


def _labels(wounds: tuple[Fraction, ...]) -> list[tuple[int, Fraction, str]]:
    return [(k, p, percent_text(p)) for k, p in enumerate(wounds)]


def test_kill_charts_follow_homm_hit_for_each_reading_and_defense() -> None:
    charts = svgs(kill_charts())
    assert len(charts) == len(DieReading)
    for chart, reading in zip(charts, DieReading, strict=True):
        groups = [g for g in chart.iter(f"{SVG}g") if "bb-chart-series-" in (g.get("class") or "")]
        lines = [g for g in groups if g.find(f"{SVG}polyline") is not None]
        assert len(lines) == len(CHART_DEFENSES)
        for line, defense in zip(lines, CHART_DEFENSES, strict=True):
            tips = [p.findtext(f"{SVG}title") or "" for p in line if p.tag != f"{SVG}polyline"]
            expected = [fraction_text(homm_hit(score, defense, reading).hit) for score in CHART_SCORES]
            assert [tip.split(": ")[1].split(" ")[0] for tip in tips] == expected


def test_the_pages_carry_the_charts() -> None:
    assert heroscape_page().count('<figure class="bb-picture bb-chart">') == len(CHART_DICE)
    assert homm_page().count('<figure class="bb-picture bb-chart">') == len(DieReading)


def test_a_series_must_have_one_value_per_point() -> None:
    with pytest.raises(ValueError, match="2 values for 3 points"):
        line_chart("t", [1, 2, 3], [("s", [Fraction(0), Fraction(1)])], "x", "t")


def test_bar_heights_are_proportional_to_the_chances() -> None:
    chart = ET.fromstring(bar_chart("t", [("a", Fraction(1, 4)), ("b", Fraction(3, 4))], "x", "t"))
    heights = [float(r.get("height", "0")) for r in chart.iter(f"{SVG}rect") if r.get("class") == "bb-chart-bar"]
    assert heights[1] == pytest.approx(3 * heights[0])
