"""Figures of the built site as a reader meets it: search ranks, screens, printed pages, weight, axe.

Serves `site/` (build it first: `make site`) on 127.0.0.1 and opens it in Debian's
Chromium through Playwright, then prints:

1. for each question of the three lists of `tests/browser/search_queries.py` (unpublished),
   the rank of the rule's own section among the results the site's search shows (any section
   or page it lists counts);
2. for each rule chapter, its height in screens on a desktop (1280 x 900) and on a phone
   (390 x 844), and the A4 pages it prints to (`page.pdf`);
3. the weight of the largest pages (HTML bytes);
4. with `--axe`, the serious and critical axe-core violations of every page, light and dark.

Run with `.venv/bin/python benchmarks/reading_figures.py [--axe] [--no-search]` (needs the
dev extra, and `npm ci` for axe-core).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.a11y import axe_violations  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS, SITE, serve  # noqa: E402
from tests.browser.search_queries import PLAYER_QUESTIONS, QUERIES, RULE_QUESTIONS, search_hrefs  # noqa: E402

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def chapters() -> list[str]:
    """Every rule chapter of the built site, as a path under its root."""
    return sorted(
        p.parent.relative_to(SITE).as_posix() + "/"
        for p in SITE.glob("rulebook/*/*/index.html")
        if "/rulings/" not in p.as_posix()
    )


def screens(page: Page, url: str) -> float:
    """The page's height in screens of the current viewport."""
    page.goto(url)
    height = page.evaluate("document.documentElement.scrollHeight")
    return float(height) / float(page.viewport_size["height"] if page.viewport_size else 1)


def printed_pages(page: Page, url: str) -> int:
    """How many A4 pages the page prints to."""
    page.goto(url)
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4")
    page.emulate_media(media="screen")
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def main(argv: list[str]) -> int:
    """Print the figures; exit status 0."""
    with serve() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS, headless=True)
        desktop = browser.new_page(viewport=DESKTOP)
        if "--no-search" not in argv:
            lists = (("older list", QUERIES), ("players' words", PLAYER_QUESTIONS), ("rule terms", RULE_QUESTIONS))
            for name, queries in lists:
                print(f"search, {name}: query -> rank of the rule's section among the results shown")
                firsts = seconds = 0
                for query in queries:
                    hrefs, shown = search_hrefs(desktop, base, query.text)
                    visible = [h for h in hrefs if h in shown]
                    rank = next((i + 1 for i, h in enumerate(visible) if query.matches(h)), None)
                    firsts += rank == 1
                    seconds += rank is not None and rank <= 2
                    print(f"  {query.text!r:60} {rank if rank else '-':>3}")
                print(f"  first for {firsts}, among the first two for {seconds}, of {len(queries)}")
        phone = browser.new_page(viewport=PHONE)
        print("chapters: desktop screens, phone screens, printed A4 pages")
        for path in chapters():
            url = base + path
            print(
                f"  {path:42} {screens(desktop, url):6.1f} {screens(phone, url):6.1f} {printed_pages(desktop, url):5d}"
            )
        print("heaviest pages (HTML bytes)")
        sizes = sorted(((p.stat().st_size, p.relative_to(SITE).as_posix()) for p in SITE.rglob("*.html")), reverse=True)
        for size, name in sizes[:5]:
            print(f"  {name:50} {size:>9,}")
        print(f"  search index: {(SITE / 'search' / 'battlebook.json').stat().st_size:,} bytes")
        if "--axe" in argv:
            print("axe-core: serious and critical violations (rule: nodes), light and dark")
            pages = sorted(p.parent.relative_to(SITE).as_posix() + "/" for p in SITE.rglob("*/index.html"))
            for scheme in ("light", "dark"):
                total: dict[str, int] = {}
                for path in ["", *pages]:
                    for rule, nodes in axe_violations(desktop, base + path, scheme).items():
                        total[rule] = total.get(rule, 0) + nodes
                print(f"  {scheme}: {total or 'none'}")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
