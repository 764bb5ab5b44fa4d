"""axe-core, from the npm registry (`package.json`, installed by `npm ci`), run in a page of the site.

The script is read from `node_modules/` and injected into the page under test: nothing is
fetched at page time, and the published site never carries it.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts that fail the tests.
FAILING_IMPACTS = ("serious", "critical")


def axe_results(page: Page) -> list[dict[str, object]]:
    """axe-core's violations on the page as it stands (every rule of WCAG 2.1 A and AA, plus best practice)."""
    if not AXE.is_file():
        raise FileNotFoundError(f"{AXE} is missing: run `npm ci` (the Makefile does)")
    # Evaluated through the browser's devtools, not as a <script>: the site's Content Security
    # Policy rightly refuses inline scripts, and this must not need an exception.
    page.evaluate("source => { (0, eval)(source); }", AXE.read_text(encoding="utf-8"))
    violations: list[dict[str, object]] = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary}))
            }));
        }"""
    )
    return violations


def set_scheme(page: Page, scheme: str) -> None:
    """Make the next page load in `scheme` (light or dark), following the system's preference."""
    page.add_init_script("window.localStorage.clear()")
    page.emulate_media(color_scheme="dark" if scheme == "dark" else "light")


def axe_violations(page: Page, url: str, scheme: str) -> dict[str, int]:
    """The serious and critical violations of the page at `url` in `scheme`: rule id -> number of nodes."""
    set_scheme(page, scheme)
    page.goto(url)
    out: dict[str, int] = {}
    for violation in axe_results(page):
        if violation["impact"] in FAILING_IMPACTS:
            nodes = violation["nodes"]
            out[str(violation["id"])] = len(nodes) if isinstance(nodes, list) else 0
    return out
