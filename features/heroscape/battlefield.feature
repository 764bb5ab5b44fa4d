@game:heroscape @chapter:1 @edition:2004
Feature: The battlefield
  A Heroscape battle is fought on a board of hexagonal **spaces**. Each space sits at a
  **level**: the number of layers of terrain stacked beneath it. A space is land or
  water, and may carry a **glyph**. Where the board has no space at all there is an
  **empty area** (the edge of the board, a gap between two pieces of terrain). Figures
  stand on the spaces: most on one space, large ones on two touching spaces (a
  **double-space** figure). Every figure has a **Height**, printed on its army card. The
  sources use it only to say that it does not matter for height advantage; Battlebook's
  line of sight treats it as how tall the figure stands, counted in levels (a model, not
  a statement of the sources).

  ### Drawing a battlefield

  Every example that needs a battlefield draws it as a small text map, one row of the
  board per line, followed by a legend:

  ```text
  2Z1 2   1 1 .  1~ 4a 4X 4X
   2  2   1 1 .  1~ 4  4  4
  Z1 = Zettian Guards (Red)
  X = Xenithrax the Vineweaver (Blue)
  a = glyph Astrid
  ```

  - Cells are separated by blanks. A cell is `.` for an empty area, or the level of the
    space (`1`, `4`, `12`), followed if needed by `~` for water, one lowercase letter for
    a glyph, and a figure key: a capital letter, then optional letters or digits (`Z1`).
  - Every second row (the 2nd, 4th, ...) lies half a space to the right of its
    neighbours, as on the board, so a space touches two spaces of the row above and two
    of the row below. Indenting those rows makes the drawing easier to read; the reader
    counts cells, not blanks.
  - A double-space figure writes its key on both of its spaces; they must touch and, in
    Battlebook's model (the sources do not say), be on the same level.
  - The legend comes after the grid. `Z1 = Zettian Guards (Red)` says that `Z1` is a
    figure of the army card *Zettian Guards*, in the army *Red*; a second copy of a card
    in one army is written `Knaves of the Silver Scimitar #2`. `a = glyph Astrid` names
    the glyph drawn as `a`.
  - Steps name a figure by its key, optionally after what it is: *the Zettian Guard Z1*,
    *Xenithrax X*. Rows and columns are counted from 1, top left.

  A map that cannot be read is refused with an error naming the line and column of the
  mistake, counted within the map.

  ### Army cards

  The sources name their figures but give only a few of their stats: the Zettian Guard's
  Range of 7 and Attack of 2, the Airborne Elite's Defense of 2, the Knave's 3 attack
  dice, and Xenithrax's Defense of 3 and Life of 8, a hero. Every other number below is
  **illustrative**: chosen so the examples can run, with no printed card cited for it.
  The page [Outside facts](../../reference/outside-facts.md) lists each one and the examples that rest
  on it. A dash marks a number not given at all: an example that needs it must define
  the card itself. Examples may also define cards of their own, and powers (see
  *Attacking*).

  Every example in a Heroscape chapter names the edition it plays under with a tag,
  `@edition:2004` (the basic game) or `@edition:2024`, on the chapter, the rule or the
  example. On this page both editions read the map the same way.

  @id:heroscape.battlefield @source:003/range @source:003/line-of-sight
  Rule: A battlefield is a set of spaces, each with a level and a terrain, and figures standing on them
    Every space has a level and is land or water; a glyph may lie on it. A position with
    no space is an empty area. A figure stands on one space, or on two touching spaces if
    it is a double-space figure. The sources say only that such a figure has a front and
    a back space; that the two lie on one level is Battlebook's model of the board, and a
    map that puts them on two levels is refused.

    Example: A map gives each space its level and terrain, and marks empty areas and glyphs
      When the battlefield is drawn as:
        """
        2 1 . 3~
         1 4a 1 1
        a = glyph Astrid
        """
      Then row 1, column 4 is water at level 3
      And row 1, column 3 is an empty area
      And row 2, column 2 holds the glyph "Astrid"

    Example: A double-space figure stands on two touching spaces
      Given the battlefield:
        """
        1 4X 4X 1
         1 4 4 1
        X = Xenithrax the Vineweaver (Blue)
        """
      Then Xenithrax X of Blue stands on 2 spaces at level 4

    Example: A cell that is not a space, an empty area or a figure is refused with its line and column
      When the battlefield is drawn as:
        """
        1 1 1
         1 z1 1
        """
      Then the map is refused at line 2, column 4: cannot read the cell 'z1'

    Example: A figure key without a legend line is refused where it is drawn
      When the battlefield is drawn as:
        """
        1 1Q 1
        """
      Then the map is refused at line 1, column 3: the figure 'Q' has no legend line

    Example: The two spaces of a double-space figure must touch
      When the battlefield is drawn as:
        """
        4X 4 4X
        X = Xenithrax the Vineweaver (Blue)
        """
      Then the map is refused at line 1, column 6: the two spaces of the figure 'X' do not touch

  @id:heroscape.army-cards @source:003/example-9 @source:004/example-20
  Rule: Army cards give each figure its stats; the worked examples' cards are known, partly from the sources
    The four cards of the worked examples are known to the engine: the stats the seed
    texts give (Examples 8, 9 and 20), and illustrative values for the rest, chosen for
    the examples and not taken from any cited card (see
    [Outside facts](../../reference/outside-facts.md)). A scenario may define other cards, or change or
    fill in a stat, in a table of its own.

    Example: The four cards of the worked examples, as the engine knows them
      Then the army cards known to the engine read:
        | name                          | kind  | figures | life | move | range | attack | defense | height | spaces |
        | Zettian Guards                | squad | 2       | 1    | 4    | 7     | 2      | 7       | 5      | 1      |
        | Airborne Elite                | squad | 4       | 1    | 4    | 8     | 3      | 2       | 5      | 1      |
        | Knaves of the Silver Scimitar | squad | -       | 1    | 5    | 1     | 3      | 2       | 4      | 1      |
        | Xenithrax the Vineweaver      | hero  | 1       | 8    | 5    | 1     | 6      | 3       | 12     | 2      |

    Example: A scenario may put figures of its own cards on the battlefield
      Given these army cards, defined for this example only:
        | name         | figure      | kind  | figures | life | range | attack | defense | height | spaces |
        | Stone Wyrms  | Stone Wyrm  | squad | 2       | 1    | 1     | 2      | 2       | 9      | 2      |
      And the battlefield:
        """
        2W1 2W1 2
         2   2  2
        W1 = Stone Wyrms (Green)
        """
      Then the Stone Wyrm W1 of Green stands on 2 spaces at level 2

    Example: A double-space card drawn on one space is refused
      When the battlefield is drawn as:
        """
        1X 1 1
        X = Xenithrax the Vineweaver (Blue)
        """
      Then the battle could not be set up: X (Xenithrax the Vineweaver) is a double-space figure
