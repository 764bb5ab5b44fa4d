"""An SVG drawing of a Heroes of Might & Magic battle.

The drawing shows both sides, each with its Ranged Line behind its Melee Line, the two
Melee Lines facing each other across the middle. Each creature stack is a pile of cards:
the top card shows its name and printed scores (a dash for a score the sources do not
give), and the number of cards in the pile is written beneath it.

Drawing happens in two steps:

1. [`battle_view`][battlebook.homm.picture.battle_view] reads a
   [`BattleState`][battlebook.homm.state.BattleState] into a
   [`BattleView`][battlebook.homm.picture.BattleView]: what is to be shown. It reads the
   state itself: [`stack_markers`][battlebook.homm.picture.stack_markers] names the markers
   a stack carries (swarming, protecting, promised support, has retaliated), and the
   state's town card gives the town and its walls. A condition a new rule adds to the state
   gets one more line there; no rule module imports this one.
2. [`draw_view`][battlebook.homm.picture.draw_view] draws a view as accessible SVG.

Examples:
    >>> from battlebook.homm.units import KNOWN_UNITS
    >>> state = BattleState().with_stack(
    ...     Stack("Gold Golems", Side.AGGRESSOR, Line.MELEE, (KNOWN_UNITS["Gold Golem"],) * 3))
    >>> svg = draw_battle(state, "The battle")
    >>> svg.startswith("<svg") and "Gold Golem" in svg and "3 cards" in svg
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from battlebook.homm.siege import town_of
from battlebook.homm.state import BattleState, Line, Side, Stack, Stance
from battlebook.homm.units import UnitCard
from battlebook.pictures.svg import element, fit, rect, svg_document, text


@dataclass(frozen=True)
class Marker:
    """A condition shown on a stack, such as swarming, protecting, or having retaliated.

    Attributes:
        kind: A short lowercase word naming the condition; it becomes the CSS class
            `bb-pic-marker-<kind>`.
        label: The words shown on the marker (and read out in the text alternative).
        detail: Fuller words for the text alternative, when the label leaves something out.
    """

    kind: str
    label: str
    detail: str = field(default="", repr=False)

    @property
    def words(self) -> str:
        """What the text alternative says: the detail if given, else the label."""
        return self.detail or self.label


@dataclass(frozen=True)
class TownView:
    """The town card of a town battle, as drawn: its name, owner and the state of its walls."""

    name: str
    side: Side
    walls: str


@dataclass(frozen=True)
class StackView:
    """One creature stack, as drawn."""

    name: str
    side: Side
    line: Line
    top: UnitCard
    count: int
    markers: tuple[Marker, ...] = ()


@dataclass(frozen=True)
class BattleView:
    """Everything one drawing shows."""

    stacks: tuple[StackView, ...]
    discarded: int = 0
    town: TownView | None = None

    def on(self, side: Side, line: Line) -> tuple[StackView, ...]:
        """The stacks of `side` on `line`, in setup order."""
        return tuple(s for s in self.stacks if s.side is side and s.line is line)


def stack_markers(state: BattleState, stack: Stack) -> tuple[Marker, ...]:
    """Every marker `stack` carries in `state`: its stance, the support promised to it, a retaliation made."""
    return (*stance_markers(state, stack), *support_markers(state, stack), *retaliation_markers(state, stack))


def town_view(state: BattleState) -> TownView | None:
    """The town card of `state` as drawn (its name, owner and walls), or `None` in the open field."""
    town = town_of(state)
    return None if town is None else TownView(town.card.name, town.card.side, f"walls {town.card.walls}")


def battle_view(state: BattleState) -> BattleView:
    """What a drawing of `state` shows: the one place the drawing reads a state."""
    stacks = tuple(
        StackView(stack.name, stack.side, stack.line, stack.top, stack.size, stack_markers(state, stack))
        for stack in state.stacks
    )
    return BattleView(stacks, len(state.discard), town_view(state))


# Layout, in user units.
CARD_W, CARD_H = 132, 76
PILE_STEP, PILE_MAX = 4, 4
SLOT_W = CARD_W + PILE_STEP * PILE_MAX + 30
LABEL_W = 118
ROW_H = CARD_H + PILE_STEP * PILE_MAX + 44
EMPTY_ROW_H = 54
MARGIN = 10
FRONT_H = 26
FOOT_H = 24
MARKER_STEP = 20
#: The longest marker label drawn in full (the text alternative always has all of it).
MARKER_CHARS = 24
#: Rows from top to bottom: the Defender's back line, its front line, then the Aggressor's front and back.
ROWS = (
    (Side.DEFENDER, Line.RANGED),
    (Side.DEFENDER, Line.MELEE),
    (Side.AGGRESSOR, Line.MELEE),
    (Side.AGGRESSOR, Line.RANGED),
)


def _score(card: UnitCard, stat: str) -> str:
    value = getattr(card, stat)
    return "–" if value is None else str(value)


def _card_lines(card: UnitCard) -> list[str]:
    return [
        f"Level {_score(card, 'level')} · Phase {_score(card, 'phase')}",
        f"Melee {_score(card, 'melee')} · Ranged {_score(card, 'ranged')}",
        f"Defense {_score(card, 'defense')}",
    ]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _marker_layout(markers: tuple[Marker, ...]) -> list[tuple[float, int, float]]:
    """Where each marker goes under a pile: (x offset, line, width); a marker too wide for the line wraps."""
    layout: list[tuple[float, int, float]] = []
    mx, line = 0.0, 0
    for marker in markers:
        width = 10 + 6.4 * len(fit(marker.label, MARKER_CHARS))
        if mx > 0 and mx + width > SLOT_W - 12:
            mx, line = 0.0, line + 1
        layout.append((mx, line, width))
        mx += width + 4
    return layout


def _marker_lines(stacks: Iterable[StackView]) -> int:
    """The most lines of markers any of `stacks` needs."""
    return max([1 + layout[-1][1] for s in stacks if (layout := _marker_layout(s.markers))] + [1])


def _pile(stack: StackView, x: float, y: float) -> str:
    side = f"bb-pic-{stack.side.value.lower()}"
    under = min(stack.count - 1, PILE_MAX)
    parts = [
        rect(x + i * PILE_STEP, y + i * PILE_STEP, CARD_W, CARD_H, "bb-pic-card bb-pic-under")
        for i in range(under, 0, -1)
    ]
    parts.append(rect(x, y, CARD_W, CARD_H, "bb-pic-card bb-pic-top"))
    parts.append(text(x + 8, y + 18, fit(stack.top.name, 19), "bb-pic-text bb-pic-name", size=13))
    parts += [text(x + 8, y + 38 + 14 * i, line, size=10.5) for i, line in enumerate(_card_lines(stack.top))]
    below = y + CARD_H + under * PILE_STEP + 16
    caption = _plural(stack.count, "card")
    if stack.name != stack.top.name:
        caption = f"{fit(stack.name, 14)}: {caption}"
    parts.append(text(x, below, caption, "bb-pic-text bb-pic-count", size=12))
    for marker, (mx, line, width) in zip(stack.markers, _marker_layout(stack.markers), strict=True):
        my = below + 5 + line * MARKER_STEP
        parts.append(
            element(
                "g",
                [
                    rect(x + mx, my, width, 16, "bb-pic-marker", radius=8),
                    text(x + mx + 5, my + 12, fit(marker.label, MARKER_CHARS), size=10),
                ],
                class_=f"bb-pic-marker-{marker.kind}",
            )
        )
    return element("g", parts, class_=f"bb-pic-stack {side}")


def _town(town: TownView, x: float, y: float) -> str:
    parts = [
        rect(x, y, CARD_W, CARD_H, "bb-pic-card bb-pic-town"),
        text(x + 8, y + 18, fit(town.name, 19), "bb-pic-text bb-pic-name", size=13),
        text(x + 8, y + 38, "Town card", size=10.5),
        text(x + 8, y + 52, fit(town.walls, 22), size=10.5),
    ]
    return element("g", parts, class_=f"bb-pic-town-card bb-pic-{town.side.value.lower()}")


def describe(view: BattleView) -> str:
    """The drawing in words: its text alternative.

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> view = BattleView((StackView("Behemoth", Side.DEFENDER, Line.MELEE, KNOWN_UNITS["Behemoth"], 1),))
        >>> describe(view)
        'Defender, Ranged Line: empty. Defender, Melee Line: Behemoth, 1 card, top card Behemoth (defense 13). ...'
    """
    sentences = []
    if view.town is not None:
        sentences.append(f"{view.town.side.value}'s town card: {view.town.name}, {view.town.walls}.")
    for side, line in ROWS:
        stacks = view.on(side, line)
        if not stacks:
            sentences.append(f"{side.value}, {line.value} Line: empty.")
            continue
        described = []
        for stack in stacks:
            given = ", ".join(
                f"{stat} {getattr(stack.top, stat)}"
                for stat in ("level", "phase", "melee", "ranged", "defense")
                if getattr(stack.top, stat) is not None
            )
            markers = "".join(f", {m.words}" for m in stack.markers)
            top = f"top card {stack.top.name} ({given or 'no scores given'})"
            described.append(f"{stack.name}, {_plural(stack.count, 'card')}, {top}{markers}")
        sentences.append(f"{side.value}, {line.value} Line: {'; '.join(described)}.")
    sentences.append(f"Discard pile: {_plural(view.discarded, 'card')}.")
    return " ".join(sentences)


def draw_view(view: BattleView, title: str, ident: str = "") -> str:
    """Draw `view` as one line of accessible SVG titled `title` (`ident` keeps ids unique on a page)."""
    # The Town Card stands first on its owner's Melee Line, where the source places it.
    town_row = (view.town.side, Line.MELEE) if view.town is not None else None
    widest = max([len(view.on(side, line)) + ((side, line) == town_row) for side, line in ROWS] + [1])
    width = MARGIN * 2 + LABEL_W + SLOT_W * widest
    body: list[str] = []
    y = MARGIN
    for index, (side, line) in enumerate(ROWS):
        if index == 2:
            body.append(
                element(
                    "line",
                    x1=MARGIN,
                    x2=width - MARGIN,
                    y1=y + FRONT_H / 2,
                    y2=y + FRONT_H / 2,
                    class_="bb-pic-front",
                    stroke="currentColor",
                    stroke_dasharray="6 4",
                )
            )
            body.append(
                text(
                    width / 2,
                    y + FRONT_H / 2 - 4,
                    "the Melee Lines face each other",
                    "bb-pic-text bb-pic-label",
                    "middle",
                    10,
                )
            )
            y += FRONT_H
        stacks = view.on(side, line)
        town = view.town if (side, line) == town_row else None
        height = ROW_H + MARKER_STEP * (_marker_lines(stacks) - 1) if stacks or town else EMPTY_ROW_H
        row = [rect(MARGIN, y, width - 2 * MARGIN, height - 8, f"bb-pic-row bb-pic-{line.value.lower()}", radius=6)]
        row.append(text(MARGIN + 8, y + 20, side.value, "bb-pic-text bb-pic-side", size=13))
        row.append(text(MARGIN + 8, y + 36, f"{line.value} Line", "bb-pic-text bb-pic-label", size=11))
        x = MARGIN + LABEL_W
        if town is not None:
            row.append(_town(town, x, y + 8))
            x += SLOT_W
        if not stacks and town is None:
            row.append(text(x, y + 36, "no stacks", "bb-pic-text bb-pic-label", size=11))
        for stack in stacks:
            row.append(_pile(stack, x, y + 8))
            x += SLOT_W
        body.append(element("g", row, class_=f"bb-pic-{side.value.lower()}"))
        y += height
    body.append(
        text(MARGIN, y + 16, f"Discard pile: {_plural(view.discarded, 'card')}", "bb-pic-text bb-pic-label", size=11)
    )
    return svg_document(width, y + FOOT_H, title, describe(view), body, ident)


def draw_battle(state: BattleState, title: str, ident: str = "") -> str:
    """Draw `state` as one line of accessible SVG titled `title`."""
    return draw_view(battle_view(state), title, ident)


# The conditions the battle state tracks, one reader each.


def stance_markers(state: BattleState, stack: Stack) -> list[Marker]:
    """A swarming or protecting stack carries a marker naming its stance (a ready stack none).

    Examples:
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> golems = Stack("Golems", Side.AGGRESSOR, Line.MELEE, (KNOWN_UNITS["Gold Golem"],), Stance.PROTECTING)
        >>> stance_markers(BattleState(), golems)
        [Marker(kind='protecting', label='protecting')]
    """
    if stack.stance is Stance.READY:
        return []
    return [Marker(stack.stance.value, stack.stance.value)]


def support_markers(state: BattleState, stack: Stack) -> list[Marker]:
    """A stack promised support carries one marker per supporter: its Sac value and the target it is for.

    Examples:
        >>> from battlebook.homm.state import Backing
        >>> from battlebook.homm.units import KNOWN_UNITS
        >>> golems = Stack("Golems", Side.AGGRESSOR, Line.MELEE, (KNOWN_UNITS["Gold Golem"],),
        ...                backing=(Backing("Imps", "Behemoth", 2),))
        >>> for marker in support_markers(BattleState(), golems):
        ...     print(marker.label, "/", marker.detail)
        +2 from Imps / +2 support from Imps for attacks on Behemoth
    """
    return [
        Marker(
            "supported",
            f"+{backing.sac} from {fit(backing.supporter, 16)}",
            f"+{backing.sac} support from {backing.supporter} for attacks on {backing.target}",
        )
        for backing in stack.backing
    ]


def retaliation_markers(state: BattleState, stack: Stack) -> list[Marker]:
    """A stack that has retaliated this round carries a marker saying so."""
    return [Marker("retaliated", "retaliated this round")] if stack.name in state.retaliated else []
