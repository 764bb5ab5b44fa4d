"""The kinds of page the built site has, and the page of each kind that `make test` checks with axe-core.

`make test` runs axe-core on one page of each kind (the longest where the kind has
several, since a longer page holds more of what can fail, and for the chapters of each game
its shortest too), in light and in dark mode; `make a11y` runs it on every page. The
kinds are rules over the built site's addresses, not a list of files:

- every page of the built site must be of some kind (`unclassified`): a new kind of page
  fails until it is named here, and so gets its check;
- every kind must have a page (`Template.choose` fails naming it): a kind whose pages
  moved or vanished cannot pass unchecked.

The chapters' kinds come from the book (one group per folder under `features/`, every
registered game's folder among them), the odds pages' from the game registry.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from battlebook.book.model import FeatureDoc
from battlebook.games import GAMES
from battlebook.site.pages import GROUPS, group_of, page_uri

#: The theme's page for a missing address (`404.html`), which the tests' server sends for any
#: missing file; its address in the lists of pages.
NOT_FOUND = "404.html"
#: An example with its badge, on a chapter or a ruling.
EXAMPLE = ".bb-example"


@dataclass(frozen=True)
class Template:
    """A kind of page: the site's addresses of this kind, and which of them is checked.

    Attributes:
        name: What the kind is, as a test's id shows it.
        pattern: A regular expression matching the whole address (under the site's root) of
            every page of the kind; or None when `pages` lists them.
        pages: The addresses of the kind, when they are known from the book rather than a pattern.
        pick: `largest` or `smallest`: which page is checked, by the size of its HTML.
        holds: A CSS selector of what a page of the kind must show before it is checked (the
            part its scripts build, such as the odds calculator), or "".
    """

    name: str
    pattern: str | None = None
    pages: tuple[str, ...] = ()
    pick: str = "largest"
    holds: str = ""

    def matches(self, page: str) -> bool:
        """Whether the page at address `page` is of this kind."""
        if self.pattern is None:
            return page in self.pages
        return re.fullmatch(self.pattern, page) is not None

    def choose(self, pages: list[str], site: Path) -> str:
        """The page of this kind that is checked; an AssertionError when the site has none."""
        members = [page for page in pages if self.matches(page)]
        assert members, f"the built site has no page of the kind {self.name!r}: where did it go?"
        return (max if self.pick == "largest" else min)(members, key=lambda page: (html_size(site, page), page))


def html_size(site: Path, page: str) -> int:
    """The size in bytes of the HTML of the page at address `page`."""
    return (site / page if page.endswith(".html") else site / page / "index.html").stat().st_size


def _address(uri: str) -> str:
    """A page's address from its source file: `odds/homm.md` -> `odds/homm/`."""
    return uri.removesuffix(".md") + "/"


def templates(book: Sequence[FeatureDoc]) -> list[Template]:
    """Every kind of page of the site built from `book`, in the order the site shows them."""
    groups: dict[str, list[str]] = {name: [] for name in GAMES}
    for feature in book:
        groups.setdefault(group_of(feature), []).append(_address(page_uri(feature)))
    kinds = [Template("home", pattern="")]
    for group, pages in groups.items():
        title = GROUPS.get(group) or group or "the book"
        if group == "rulings":
            kinds.append(Template("a ruling", pages=tuple(pages), holds=EXAMPLE))
        else:
            kinds.append(Template(f"a chapter of {title}", pages=tuple(pages), pick="smallest", holds=EXAMPLE))
            kinds.append(Template(f"the longest chapter of {title}", pages=tuple(pages), holds=EXAMPLE))
    kinds.append(Template("the rulings index", pattern="rulebook/rulings/"))
    kinds.append(Template("the rulebook's index", pattern="rulebook/"))
    kinds.append(Template("a game's index of chapters", pattern=f"rulebook/(?:{'|'.join(map(re.escape, GAMES))})/"))
    kinds.extend(
        Template(f"the odds page of {game.title}", pattern=f"odds/{re.escape(name)}/", holds=".bb-odds-calculator")
        for name, game in GAMES.items()
    )
    kinds += [
        Template("the glossary", pattern="reference/glossary/"),
        Template("the units and army cards", pattern="reference/units/"),
        Template("the outside facts", pattern="reference/outside-facts/"),
        Template("the editions", pattern="reference/editions/"),
        Template("the messages of a check", pattern="reference/messages/"),
        Template("the Playground", pattern="playground/", holds=".bb-play-step"),
        Template("contributing", pattern="contributing/"),
        Template("the step catalogue", pattern="rulebook/steps/"),
        Template("the coverage of the sources", pattern="rulebook/coverage/"),
        Template("the open questions", pattern="rulebook/open-questions/"),
        Template("the API index", pattern="api/"),
        Template("an API module page", pattern=r"api/[A-Za-z0-9_.]+/"),
        Template("the page for a missing address", pattern=re.escape(NOT_FOUND)),
    ]
    return kinds


def unclassified(pages: list[str], kinds: list[Template]) -> list[str]:
    """The pages of no kind."""
    return [page for page in pages if not any(kind.matches(page) for kind in kinds)]
