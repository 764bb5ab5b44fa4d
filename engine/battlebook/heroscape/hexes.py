"""Hexagonal spaces: coordinates, neighbours, straight distance and plane geometry.

A space is named by its row and column in the text map (see
[`battlefield`][battlebook.heroscape.battlefield]): rows run top to bottom, and every
second row (rows 1, 3, 5, ...) is drawn half a space to the right, so each space
touches two spaces of the row above and two of the row below. Internally a
[`Hex`][battlebook.heroscape.hexes.Hex] uses axial coordinates, in which the straight
distance is a simple formula.

Plane geometry (for line of sight): the centres of two neighbouring spaces are exactly
1 unit apart; spaces are "pointy-top" hexagons whose flat sides are 1/2 unit from their
centre.

Examples:
    >>> a, b = Hex.from_offset(0, 0), Hex.from_offset(1, 0)
    >>> a.distance(b), b in a.neighbours()
    (1, True)
    >>> Hex.from_offset(0, 0).distance(Hex.from_offset(3, 4))
    6
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Distance from a space's centre to each of its six flat sides.
APOTHEM = 0.5
ROW_SPACING = math.sqrt(3) / 2
_AXIAL_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, order=True)
class Hex:
    """One hexagonal space position, in axial coordinates `q` and `r` (r is the map row)."""

    q: int
    r: int

    @classmethod
    def from_offset(cls, row: int, column: int) -> Hex:
        """The hex drawn at `column` of map `row` (odd rows shifted half a space right)."""
        return cls(column - (row - (row & 1)) // 2, row)

    @property
    def row(self) -> int:
        """The map row of this hex."""
        return self.r

    @property
    def column(self) -> int:
        """The map column of this hex (counting cells in its row from 0)."""
        return self.q + (self.r - (self.r & 1)) // 2

    def neighbours(self) -> tuple[Hex, ...]:
        """The six hexes touching this one, whether or not the battlefield has spaces there."""
        return tuple(Hex(self.q + dq, self.r + dr) for dq, dr in _AXIAL_STEPS)

    def distance(self, other: Hex) -> int:
        """The straight hex distance: the fewest steps between the two on an unbroken field.

        Examples:
            >>> Hex(0, 0).distance(Hex(2, -1))
            2
        """
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def centre(self) -> tuple[float, float]:
        """The centre of this hex in the plane (x to the right, y down the map).

        Examples:
            >>> Hex.from_offset(1, 0).centre()[0]
            0.5
        """
        return (self.q + self.r / 2, self.r * ROW_SPACING)

    def __str__(self) -> str:
        return f"row {self.row + 1}, column {self.column + 1}"


#: Outward normals of the six flat sides of a pointy-top hex.
SIDE_NORMALS: tuple[tuple[float, float], ...] = tuple(
    (math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k))) for k in range(6)
)


def clip_to_hex(
    centre: tuple[float, float], start: tuple[float, float], end: tuple[float, float]
) -> tuple[float, float] | None:
    """The part of the segment `start`-`end` inside the hexagon around `centre`, as parameters.

    Returns `(t0, t1)` with `0 <= t0 < t1 <= 1` such that the points `start + t * (end - start)`
    for `t0 < t < t1` lie strictly inside the hexagon, or `None` when the segment misses its
    interior (touching a side or a corner is a miss). This is Cyrus-Beck clipping against
    the six sides.

    Examples:
        >>> clip_to_hex((0.0, 0.0), (-1.0, 0.0), (1.0, 0.0))
        (0.25, 0.75)
        >>> clip_to_hex((0.0, 0.0), (-1.0, 0.6), (1.0, 0.6)) is None
        True
    """
    t0, t1 = 0.0, 1.0
    dx, dy = end[0] - start[0], end[1] - start[1]
    ox, oy = start[0] - centre[0], start[1] - centre[1]
    for nx, ny in SIDE_NORMALS:
        across = nx * dx + ny * dy
        offset = APOTHEM - (nx * ox + ny * oy)
        if abs(across) < 1e-12:
            if offset <= 1e-9:
                return None
            continue
        t = offset / across
        if across > 0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
        if t1 - t0 <= 1e-9:
            return None
    return (t0, t1)
