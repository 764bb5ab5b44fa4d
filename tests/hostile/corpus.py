"""A folder of hostile feature files: every injection payload of issue 15 in one rulebook.

Every payload, if it ever ran as script, would record its number in `window.bbPwned`
and open a dialog; the browser test builds a site from these files and checks that
neither happens, and that no `javascript:` link or event attribute reaches the page.
"""

from __future__ import annotations

import re
from pathlib import Path


def js(case: str) -> str:
    """The script a payload runs: it marks `window.bbPwned` and opens a dialog."""
    return f"window.bbPwned=window.bbPwned+'{case} ';alert('{case}')"


def img(case: str) -> str:
    """An image tag whose error handler runs the payload."""
    return f"<img src=x onerror={js(case)}>"


def description(case: str) -> str:
    """Description lines that try raw HTML, event attributes, bad links and attr_list tricks."""
    return f"""
    Plain prose with *emphasis*, a [fine link](https://example.org) and a table:

    | a | b |
    | - | - |
    | 1 | 2 |

    <script>{js(case + "-script")}</script>
    <iframe src="javascript:{js(case + "-iframe")}"></iframe>
    [click me](javascript:{js(case + "-link")})
    [click me too](JaVaScRiPt:{js(case + "-link2")})
    <div onmouseover="{js(case + "-div")}">hover me</div>
    ![x](x){{ onerror="{js(case + "-attr")}" }}

    A paragraph with a tag {{ onclick="{js(case + "-attr2")}" }}

    <svg onload="{js(case + "-svg")}"></svg>
    <a href="data:text/html,<script>{js(case + "-data")}</script>">data</a>

    ::: math
"""


def hostile_features() -> dict[str, str]:
    """Relative path -> feature text, for every injection case (S1-S7, S9, W10)."""
    homm_example = """
      Given the Aggressor has a stack of 3 Gold Golems called "{name}" on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the {name} attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
"""
    files = {
        # S1: the Feature name, shown in the navigation of every page; S3: every description.
        "hostile/names.feature": f"""@chapter:1
Feature: X<script>{js("S1-feature")}</script>{img("S1-img")}
{description("S3-feature")}
  @id:hostile.names @source:001/making-melee-attacks
  Rule: Names <script>{js("S1-rule")}</script> {img("S1-rule-img")}
{description("S3-rule")}
    Example: An example called <script>{js("S1-example")}</script>{img("S1-example-img")}
{description("S3-example")}
{homm_example.format(name=img("S4-stack").replace('"', "'"))}
""",
        # S4: a unit-table name cell and a stack name, shown in the chance note.
        "hostile/notes.feature": f"""Feature: Notes
  @id:hostile.notes
  Rule: Unit tables (S5: this Rule cites no source) {img("S5")}
    Example: A unit with a hostile name
      Given these units, defined for this example only:
        | name              | level | phase | melee | ranged | defense |
        | {img("S4-unit")} | 2     | 7     | 3     | 0      | 7       |
      And the Aggressor has a stack of 3 {img("S4-unit")} called "<script>{js("S4-called")}</script>" on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the <script>{js("S4-called")}</script> attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth

    @game:heroscape @edition:2024
    Example: An army card with a hostile figure name
      Given these army cards, defined for this example only:
        | name        | figure            | kind  | figures | life | range | attack | defense | height |
        | Iron Trolls | {img("S4-figure")} | squad | 2       | 3    | 1     | 3      | 2       | 6      |
      And the battlefield:
        \"\"\"
        1K1 1T1 1T2
        K1 = Knaves of the Silver Scimitar (Red)
        T1 = Iron Trolls (Blue)
        T2 = Iron Trolls (Blue)
        \"\"\"
      When the Knave K1 attacks the Iron Troll T1, rolling skull, skull, blank against blank, blank
      Then the Iron Troll T1 has 2 wound markers next to it

    Example: Rule links that must not resolve
      Here are links [a](rule:Homm.Melee-Attack), [b](rule:../../x), [c](rule:javascript:alert(1)).

      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
""",
        # S7: a failing step whose text tries to break out of the failure box's title.
        "hostile/failing.feature": f"""Feature: Failing
  @id:hostile.failing
  Rule: A failing step
    Example: A step with backticks
      Given a battle in the open field
      Then zz ` <script>{js("S7")}</script> ` "{img("S7-img")}"
""",
        # S6: the file name, shown as "Feature file: ..."; S2: a folder name in the navigation.
        f"hostile/{img('S6').replace('/', '')}.feature": """Feature: A hostile file name
  @id:hostile.file-name
  Rule: The file name is text
    Example: Nothing happens
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
""",
        f"{img('S2').replace('/', '')}/f.feature": """Feature: A hostile folder name
  @id:hostile.folder-name
  Rule: The folder name is text
    Example: Nothing happens either
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
""",
        # S1: a ruling's title, on the rulings index.
        "rulings/hostile.feature": f"""Feature: Ruling: <script>{js("S1-ruling")}</script>{img("S1-ruling-img")}
  **The question.** Is <script>{js("S1-question")}</script> text? {img("S1-question-img")}

  **Battlebook's reading.** Yes {img("S1-reading")}.

  **The alternative.** No.

  @id:ruling.hostile
  Rule: Hostile rulings stay text
    Example: Nothing happens in a ruling
      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
""",
    }
    files.update(third_pass_features())
    return files


#: A file or folder name writing Markdown that would load an image running script and link to
#: `javascript:`, were it written raw into a link target (issue 27: the units index did).
LINK_BREAKER = f"x) ![y](z){{ onerror={js('I27-file')} }} [c](javascript:{js('I27-filelink')})"
FOLDER_BREAKER = f"y) ![y](z){{ onerror={js('I27-folder')} }} [c](javascript:{js('I27-folderlink')})"


def _with_unit(feature: str, unit: str, example: str = "Nothing happens with a unit") -> str:
    """A chapter whose one example defines and plays the unit `unit` (so the units index links to it)."""
    return f"""Feature: {feature}
  @id:hostile.{re.sub("[^a-z]+", "-", feature.lower()).strip("-")}
  Rule: The unit is listed
    Example: {example}
      Given these units, defined for this example only:
        | name   | level | phase | melee | ranged | defense |
        | {unit} | 2     | 7     | 3     | 0      | 7       |
      And the Aggressor has a stack of 3 {unit}s on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the {unit}s attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
"""


def third_pass_features() -> dict[str, str]:
    """The site's cases of issue 27: names in links, directives in containers, bidi, unclosed blocks, tables."""
    golems = """      Given the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a Behemoth on its Melee Line
      When the Gold Golems attack the Behemoth in melee, rolling 6
      Then the attack kills the top card of the Behemoth
"""
    return {
        # A file name and a folder name that would break out of a Markdown link target.
        f"hostile/{LINK_BREAKER}.feature": _with_unit("A file name in a link", "Filer"),
        f"{FOLDER_BREAKER}/g.feature": _with_unit("A folder name in a link", "Folder Keeper"),
        # Directives through a blockquote, a list, a numbered list and an admonition.
        "hostile/directives.feature": f"""Feature: Directives in containers
  > ::: math

  - ::: math

  1. ::: math

  !!! note
      ::: math

  @id:hostile.directives
  Rule: No directive acts
    Example: Nothing is documented
{golems}""",
        # Bidi overrides and isolates in a Feature name: shown escaped in the navigation and title.
        "hostile/bidi.feature": f"""Feature: Bidi ‮eno owt‬ and ⁦isolated⁩ [8m
  @id:hostile.bidi
  Rule: A name cannot turn the page around
    Example: Nothing turns
{golems}""",
        # Blocks left open: none may swallow the examples after it.
        "hostile/unclosed.feature": f"""Feature: Unclosed blocks
  ```
  an unclosed fence

  @id:hostile.unclosed
  Rule: Nothing swallows the page
    <div>
    an unclosed div

    Example: The first example after them
      <!-- an unclosed comment
{golems}
    Example: The second example after them
      <pre>
      an unclosed pre
{golems}
    Example: A captain with a bar in his name
      Given these units, defined for this example only:
        | name     | level | phase | melee | ranged | defense |
        | Cap\\|tain | 4     | 5     | 6     | 0      | 8       |
      And the Aggressor has a stack of 3 Gold Golems on its Melee Line
      And the Defender has a stack of 2 Cap|tains on its Melee Line
      When the Gold Golems attack the Cap|tains in melee, rolling 6
      Then the attack kills the top card of the Cap|tains
""",
        # A chapter whose name is not plain ASCII: its page, its Try it texts and its units index link.
        "hostile/café.feature": _with_unit("Café chapter", "Barista"),
        # Rule links in code and in names are text; RULE: in capitals is a rule link.
        "hostile/links.feature": f"""Feature: Rule links in code
  A span `[a](rule:hostile.links)` and a block:

  ```
  [b](rule:hostile.links)
  ```

  A link written in capitals: [c](RULE:hostile.links).

  @id:hostile.links
  Rule: Code shows the link syntax as written
    Example: Named [d](rule:hostile.links)
{golems}""",
        # Two units whose names slug alike: each entry of the units index keeps an anchor of its own.
        "hostile/alike.feature": _with_unit("Units alike", "Knight!", "A knight with a bang")
        + _with_unit("x", "Knight?", "A knight with a question").split("\n", 3)[3],
    }


def write_hostile_features(folder: Path) -> list[Path]:
    """Write the hostile feature files under `folder` (the `features/` of a rulebook); return their paths."""
    written = []
    for relative, text in hostile_features().items():
        # Every file of a rulebook declares its game: HoMM's, on the Feature (an example of another game says its own).
        text = "@game:homm " + text if text.startswith("@") else "@game:homm\n" + text
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
