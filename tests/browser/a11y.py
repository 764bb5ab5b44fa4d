"""axe-core, from the npm registry (`package.json`, installed by `npm ci`), run in a page of the site.

The script is read from `node_modules/` and injected into the page under test: nothing is
fetched at page time, and the published site never carries it.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from playwright.sync_api import ElementHandle, Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts that fail the tests.
FAILING_IMPACTS = ("serious", "critical")
#: The axe-core rules whose verdict can depend on the colour scheme's colours. In axe-core 4.14
#: these are its `cat.color` rules, the only ones whose checks read colours (the checks
#: `color-contrast` and `link-in-text-block` are the only callers of its `getForegroundColor`,
#: `getBackgroundColor` and `getContrast`); `color-contrast-enhanced` is WCAG AAA and off by
#: default. Every other rule reads the DOM, ARIA and layout, which the palette does not change,
#: except for what it shows or hides: those elements get every rule (see `dark_mode_violations`).
#: `test_the_colour_rules_are_axes_colour_rules` holds this list to the installed axe-core.
COLOUR_RULES = ("color-contrast", "link-in-text-block")

#: Violations, reduced to what a failure report needs (no element references, no HTML).
_VIOLATIONS = """violations => violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary}))
}))"""


@functools.cache
def axe_source() -> str:
    """axe-core's script, read once per test session."""
    if not AXE.is_file():
        raise FileNotFoundError(f"{AXE} is missing: run `npm ci` (the Makefile does)")
    return AXE.read_text(encoding="utf-8")


#: Where the tests' server serves axe-core (`tests.browser.conftest.TEST_FILES`), under the site's origin.
AXE_PATH = "/__tests__/axe.min.js"


def inject_axe(page: Page) -> None:
    """Put axe-core into the open page, unless it is there already (a page load drops it).

    Imported from the tests' server: the same address on every page lets the browser keep
    the script compiled, where evaluating its text anew took 2.6 times as long. The site's
    Content Security Policy allows scripts from its own origin, and refuses inline ones.
    Served from anywhere else, the text is evaluated through the browser's devtools.
    """
    imported = page.evaluate(
        """async path => {
            if (typeof axe !== "undefined") return true;
            try { await import(new URL(path, location.origin).href); } catch { return false; }
            return typeof axe !== "undefined";
        }""",
        AXE_PATH,
    )
    if not imported:
        page.evaluate("source => { if (typeof axe === 'undefined') (0, eval)(source); }", axe_source())


def axe_results(
    page: Page, rules: tuple[str, ...] | None = None, within: ElementHandle | None = None
) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands: every rule it runs by default, or only `rules`.

    By default axe-core runs every rule of WCAG 2.0, 2.1 and 2.2 A and AA, plus best practice,
    over the whole page; `within` restricts it to one element and what it holds.
    """
    inject_axe(page)
    violations: list[dict[str, Any]] = page.evaluate(
        f"""async ([rules, within]) => {{
            const options = {{resultTypes: ["violations"]}};
            if (rules) options.runOnly = {{type: "rule", values: rules}};
            const result = await axe.run(within || document, options);
            return ({_VIOLATIONS})(result.violations);
        }}""",
        [list(rules) if rules else None, within],
    )
    return violations


#: Before the palette changes: remember which elements are rendered (`mark`); after: run the
#: colour rules over the whole page, and every other rule over each element that the new
#: scheme shows and the old one did not (the topmost of them).
_SCHEME_SWITCH = """async ([step, colourRules, within]) => {
    const rendered = el => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
    const all = () => within ? [within, ...within.querySelectorAll("*")] : [...document.querySelectorAll("*")];
    if (step === "mark") {
        window.__bbRendered = new WeakSet(all().filter(rendered));
        return null;
    }
    const before = window.__bbRendered;
    delete window.__bbRendered;
    const shown = all().filter(el => !before.has(el) && rendered(el));
    const newly = new Set(shown);
    const topmost = shown.filter(el => !newly.has(el.parentElement));
    const options = {resultTypes: ["violations"]};
    const colours = await axe.run(within || document, {...options, runOnly: {type: "rule", values: colourRules}});
    let others = [];
    if (topmost.length) {
        const rules = Object.fromEntries(colourRules.map(id => [id, {enabled: false}]));
        others = (await axe.run({include: topmost}, {...options, rules})).violations;
    }
    return {
        shown: topmost.map(el => el.outerHTML.slice(0, 80)),
        violations: (VIOLATIONS)([...colours.violations, ...others]),
    };
}""".replace("(VIOLATIONS)", f"({_VIOLATIONS})")


def toggle_palette(page: Page, scheme: str) -> None:
    """Switch the open page to `scheme` as a reader does: with the header's palette toggle.

    The theme stores the chosen palette for the next pages: toggle back to light when done.
    The system's preference is left as it is: the site's styles follow the palette only
    (they have no `prefers-color-scheme` query).
    """
    target = "slate" if scheme == "dark" else "default"
    index = 1 if scheme == "dark" else 0
    # A click event, not the mouse: a mouse left hovering the toggle would open its tooltip,
    # and axe would judge the tooltip's colours in the middle of its fade-in.
    page.locator(f"form[data-md-component=palette] label[for='__palette_{index}']").dispatch_event("click")
    # The theme marks the body while it switches (no transitions) and unmarks it a frame later.
    page.wait_for_function(
        """target => document.body.dataset.mdColorScheme === target
            && !document.body.hasAttribute("data-md-color-switching")""",
        arg=target,
    )


def dark_mode_violations(page: Page, within: ElementHandle | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """Switch the open page (in light mode) to dark mode in place, and run axe-core there.

    The colour rules run over the whole page (or `within`); every other rule runs over what
    dark mode shows that light mode did not (what it hides cannot fail). Returns the
    violations, and the elements dark mode newly showed. The page stays in dark mode:
    `toggle_palette(page, "light")` sets it back, and the palette the theme stores with it.
    """
    inject_axe(page)
    page.evaluate(_SCHEME_SWITCH, ["mark", list(COLOUR_RULES), within])
    toggle_palette(page, "dark")
    found: dict[str, Any] = page.evaluate(_SCHEME_SWITCH, ["check", list(COLOUR_RULES), within])
    return found["violations"], found["shown"]


#: The relative luminance of the page's background: light mode's is above 0.1, dark mode's below.
LUMINANCE = """() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);
    const lin = c => (c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}"""


def assert_accessible_in_light_and_dark(page: Page, name: str, within: ElementHandle | None = None) -> None:
    """axe-core finds no serious or critical violation on the open page (or `within`), in light mode,
    then again once the reader's palette toggle has turned it dark; the page is set back to light.

    Dark mode is the page switched in place by the palette toggle: the theme's colours hang on
    `data-md-color-scheme` on the body only (the site's styles have no `prefers-color-scheme`
    query), so the switched page is drawn as one loaded dark. Loading a page dark, following
    the system's preference, is tested in `test_pictures.py` and `test_reading.py`.
    """
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default", f"{name} is not in light mode"
    found = serious(axe_results(page, within=within))
    assert not found, f"{name} in light mode:\n" + report(found)
    try:
        violations, shown = dark_mode_violations(page, within)
        assert page.evaluate(LUMINANCE) < 0.1, f"{name}: the toggle did not darken the page"
        found = serious(violations)
        assert not found, f"{name} in dark mode (newly shown: {shown}):\n" + report(found)
    finally:
        toggle_palette(page, "light")  # the palette stored for the next page, as a light load stores it


def serious(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Only the violations whose impact fails the tests."""
    return [v for v in violations if v["impact"] in FAILING_IMPACTS]


def report(violations: list[dict[str, Any]]) -> str:
    """One line per violation: rule, impact, number of nodes, help, and the first node."""
    return "\n".join(
        f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}; "
        f"first at {v['nodes'][0]['target'] if v['nodes'] else '?'}"
        for v in violations
    )


def set_scheme(page: Page, scheme: str, site_url: str | None = None) -> None:
    """Make the next page load in `scheme` (light or dark), following the system's preference.

    The theme follows the system's preference only where it has no palette stored from an
    earlier page. With `site_url`, the tab leaves the site, the preference is set and the
    site's stored data cleared through the browser's devtools (no page of the site is open
    to store its palette again when it sees the preference change); without, a script run
    before each page clears it, which changes the tab for good.
    """
    if site_url is None:
        page.add_init_script("window.localStorage.clear()")
        page.emulate_media(color_scheme="dark" if scheme == "dark" else "light")
        return
    page.goto("about:blank")
    page.emulate_media(color_scheme="dark" if scheme == "dark" else "light")
    forget_stored_data(page, site_url)


def forget_stored_data(page: Page, url: str) -> None:
    """Clear what the pages of `url`'s origin stored in the browser (the theme keeps its palette there)."""
    origin = "/".join(url.split("/", 3)[:3])
    session = page.context.new_cdp_session(page)
    try:
        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "local_storage"})
    finally:
        session.detach()


def axe_violations(page: Page, url: str, scheme: str) -> dict[str, int]:
    """The serious and critical violations of the page at `url` in `scheme`: rule id -> number of nodes."""
    set_scheme(page, scheme)
    page.goto(url)
    return {str(v["id"]): len(v["nodes"]) for v in serious(axe_results(page))}
