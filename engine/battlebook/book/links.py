"""Links both ways between the pages of the rulebook.

- [`chapter_list`][battlebook.book.links.chapter_list]: the home page's list of every chapter;
- [`settled_rules`][battlebook.book.links.settled_rules]: for each ruling, the rules
  whose text links to it, so the ruling's page links back to them;
- [`link_rule_ids`][battlebook.book.links.link_rule_ids]: every rule identifier written
  in a page's text or Gherkin becomes a link to its rule.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence

from battlebook.book.model import FeatureDoc, RuleDoc
from battlebook.book.prose import markdown_text, page_part

#: What a rule identifier looks like in a page's text (`homm.melee-attack`, `ruling.die-faces`); only
#: the identifiers of the book's rules are linked, whatever game or ruling their prefix names.
RULE_ID = re.compile(r"(?<![\w.#/-])[a-z0-9]+\.[a-z0-9]+(?:-[a-z0-9]+)*(?![\w-])")
LINK_TARGET = re.compile(r"\]\(\s*<?(?i:rule):(?P<id>[a-z0-9.-]+)|#(?P<anchor>ruling\.[a-z0-9.-]+)\)")


def feature_page(feature_path: str) -> str:
    """A feature's page, relative to `rulebook/`: `features/homm/melee.feature` -> `homm/melee.md`.

    A folder or file name that is not plain (letters, digits, `.`, `_`, `-`) is slugged, so
    no name from a feature file's path can shape a page's address or markup.

    Examples:
        >>> feature_page("features/homm/melee.feature")
        'homm/melee.md'
    """
    parts = feature_path.removeprefix("features/").removesuffix(".feature").split("/")
    return "/".join(page_part(part) for part in parts) + ".md"


def page_address(page: str) -> str:
    """The address a page source is served at (folder addresses, as the site uses them).

    Examples:
        >>> page_address("rulebook/homm/melee.md"), page_address("rulebook/homm/melee/index.md")
        ('rulebook/homm/melee/', 'rulebook/homm/melee/')
    """
    stem = page.removesuffix(".md")
    return (stem.removesuffix("index") if stem == "index" or stem.endswith("/index") else stem + "/").lstrip("/")


def page_clashes(book: Sequence[FeatureDoc], reserved: Mapping[str, str], prefix: str = "rulebook/") -> list[str]:
    """Every feature whose page would be served at the address of another page, each said in one line.

    `reserved` maps the sources of the site's own pages (`rulebook/steps.md`) to what they are;
    a feature's page is `prefix` and [`feature_page`][battlebook.book.links.feature_page].
    Left alone, one page would silently replace the other and its examples be published nowhere.

    Examples:
        >>> from battlebook.book.model import FeatureDoc
        >>> f = lambda path: FeatureDoc(path, "F", "", (), (), (), (), "")
        >>> print(*page_clashes([f("features/steps.feature")], {"rulebook/steps.md": "the step catalogue"}))
        features/steps.feature:1: the chapter's page would be served at rulebook/steps/, the address of the step ...
    """
    owners = {page_address(page): what for page, what in reserved.items()}
    problems = []
    for feature in book:
        address = page_address(prefix + feature_page(feature.path))
        taken = owners.get(address)
        if taken is not None:
            problems.append(
                f"{feature.path}:1: the chapter's page would be served at {address}, the address of {taken}: "
                "rename the file"
            )
        else:
            owners[address] = f"the chapter {feature.path}"
    return problems


def rule_link(feature: FeatureDoc, rule: RuleDoc, prefix: str = "") -> str:
    """A Markdown link to a rule by its permanent identifier."""
    return f"[`{rule.id}`]({prefix}{feature_page(feature.path)}#{rule.id})"


def chapter_list(book: Sequence[FeatureDoc], groups: Mapping[str, str], page_of: Mapping[str, str]) -> str:
    """Markdown listing every chapter by game, in order, each linked (paths relative to the home page).

    `groups` maps a folder under `features/` to its title; `page_of` maps a feature's path
    to its page's source path. Chapter names come from feature files: they are written as
    plain text, never as markup.
    """
    lines: list[str] = []
    for group, title in groups.items():
        features = sorted(
            (f for f in book if f.path.startswith(f"features/{group}/")), key=lambda f: (f.chapter, f.name)
        )
        if not features:
            continue
        lines += [f"**{markdown_text(title)}**", ""]
        lines += [f"- [{markdown_text(f.name)}]({page_of[f.path]})" for f in features]
        lines.append("")
    return "\n".join(lines)


def settled_rules(book: Sequence[FeatureDoc]) -> dict[str, list[tuple[FeatureDoc, str]]]:
    """Each ruling's identifier -> the (feature, rule id) of every rule outside the rulings that links to it.

    A rule links to a ruling from its own description; a chapter's introduction links to it
    for the whole chapter (rule id `""`).
    """
    out: dict[str, list[tuple[FeatureDoc, str]]] = {}
    for feature in book:
        if feature.path.startswith("features/rulings/"):
            continue
        texts = [(feature.description, "")] + [(f"{r.name}\n{r.description}", r.id) for r in feature.rules]
        for text, rule_id in texts:
            for match in LINK_TARGET.finditer(text):
                ruling = match["id"] or match["anchor"]
                if ruling and ruling.startswith("ruling.") and (feature, rule_id) not in out.get(ruling, []):
                    out.setdefault(ruling, []).append((feature, rule_id))
    return out


def settles_html(rules: Sequence[tuple[str, str, str]]) -> str:
    """A line naming and linking the rules a ruling settles: (address, rule id, chapter name) each.

    Examples:
        >>> rules = [("../../homm/melee/#homm.melee-attack", "homm.melee-attack", "Melee"), ("../x/", "", "X")]
        >>> settles_html(rules)[:83]
        '<p class="bb-settles">Settles: <a href="../../homm/melee/#homm.melee-attack">Melee,'
    """
    links = []
    for url, rule_id, chapter in rules:
        what = f", <code>{rule_id}</code>" if rule_id else " (the chapter)"
        links.append(f'<a href="{html.escape(url)}">{html.escape(chapter)}{what}</a>')
    return f'<p class="bb-settles">Settles: {"; ".join(links)}.</p>'


def link_rule_ids(page_html: str, rule_urls: Mapping[str, str]) -> str:
    """The page's HTML with each known rule identifier in its text (not in tags or existing links) linked.

    Examples:
        >>> page = '<p>Rule <code>homm.swat</code>, <a href="#x">homm.swat</a>.</p>'
        >>> print(link_rule_ids(page, {"homm.swat": "s/#homm.swat"}))
        <p>Rule <code><a class="bb-rule-link" href="s/#homm.swat">homm.swat</a></code>, <a href="#x">homm.swat</a>.</p>
    """
    out: list[str] = []
    depth, done, text = 0, 0, 0  # text: where the text after the last tag starts
    for match in _TAG_OR_RULE_ID.finditer(page_html):
        if match["tag"] is not None:
            name = match["name"]
            if name and name.lower() in _UNLINKED_TAGS and not match["tag"].endswith("/>"):
                depth += -1 if match["close"] else 1
            text = match.end()
            continue
        # A stray `<` that opens no tag starts text that is left alone, as is text in links and headings.
        url = rule_urls.get(match[0]) if depth <= 0 and not page_html.startswith("<", text) else None
        if url is not None:
            out += [
                page_html[done : match.start()],
                f'<a class="bb-rule-link" href="{html.escape(url)}">{match[0]}</a>',
            ]
            done = match.end()
    out.append(page_html[done:])
    return "".join(out)


#: A tag (`<` and at least one character up to the first `>`; its name, if it starts with one, and
#: whether it closes), or outside tags a rule identifier: one pass over a page finds both, in order.
_TAG_OR_RULE_ID = re.compile(r"(?P<tag><(?=[^>])(?P<close>/?)\s*(?P<name>[a-zA-Z0-9]+)?[^>]*>)|" + RULE_ID.pattern)
#: Where an identifier is left as it is: in links, headings and anything that is not prose.
_UNLINKED_TAGS = frozenset(("a", "h1", "h2", "h3", "h4", "h5", "h6", "title", "script", "style", "svg", "textarea"))
