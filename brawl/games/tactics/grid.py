"""The square grid: maps, 5-foot squares, 5-10-5 diagonals, melee range, steps, lines and flanking.

Squares are ``(x, y)`` with ``x`` the column and ``y`` the row, both from 0.  Everything here is
pure geometry; what a character may do is decided in :mod:`.rules`, and the route search over
these steps is :mod:`.paths`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

Square = tuple[int, int]

SQUARE_FEET = 5  # seed: "The map is broken up into five foot increments"
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class Map:
    key: str
    name: str
    width: int
    height: int
    walls: frozenset
    starts: tuple[tuple[Square, ...], tuple[Square, ...]]  # start squares of side 1 and side 2

    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def open(self, sq: Square) -> bool:
        return self.inside(sq) and sq not in self.walls

    def to_json(self) -> dict:
        return {"key": self.key, "name": self.name, "width": self.width, "height": self.height,
                "walls": sorted(list(w) for w in self.walls), "starts": [list(map(list, s)) for s in self.starts]}


def parse_map(key: str, name: str, art: str) -> Map:
    """A map from text: ``.`` open, ``#`` wall, ``a``/``b`` start squares of sides 1 and 2 (in
    reading order)."""
    rows = [r for r in art.strip("\n").splitlines()]
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise ValueError(f"map {key}: rows of different lengths")
    walls, a, b = set(), [], []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                walls.add((x, y))
            elif ch == "a":
                a.append((x, y))
            elif ch == "b":
                b.append((x, y))
            elif ch != ".":
                raise ValueError(f"map {key}: unknown square {ch!r}")
    return Map(key, name, width, len(rows), frozenset(walls), (tuple(a), tuple(b)))


MAPS: dict[str, Map] = {m.key: m for m in (
    parse_map("arena", "Open arena", """
............
............
..a......b..
..a......b..
..a......b..
..a......b..
............
............
"""),
    parse_map("pillars", "Hall of pillars", """
..............
..............
..a...##...b..
..a........b..
..a...##...b..
..a........b..
..............
..............
"""),
    parse_map("bridge", "Narrow bridge", """
################
####........####
.a............b.
.a............b.
.a............b.
.a............b.
####........####
################
"""),
)}


# ----------------------------------------------------------------------------------------------
# Distances and melee range


def chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def adjacent(a: Square, b: Square) -> bool:
    """Seed: melee attacks "require being one square away from the target" (diagonals count):
    :func:`chebyshev` distance 1, written out (the rules ask it thousands of times a battle)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def step_squares(diagonal: bool, diagonals_before: int) -> int:
    """Squares one step costs, diagonals 5-10-5 (ruling, SRD): a straight step one, a diagonal one,
    every second diagonal two."""
    return (2 if diagonals_before % 2 else 1) if diagonal else 1


def distance_feet(a: Square, b: Square) -> int:
    """Feet between squares counting diagonals 5-10-5 (ruling, SRD): every second diagonal costs 10."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    straight, diagonal = max(dx, dy) - min(dx, dy), min(dx, dy)
    return SQUARE_FEET * (straight + diagonal + diagonal // 2)


def path_feet(path: Iterable[Square]) -> int:
    """Feet walked along a path of neighbouring squares, diagonals 5-10-5."""
    feet, diagonals, prev = 0, 0, None
    for sq in path:
        if prev is not None:
            diagonal = sq[0] != prev[0] and sq[1] != prev[1]
            feet += SQUARE_FEET * step_squares(diagonal, diagonals)
            diagonals += diagonal
        prev = sq
    return feet


# ----------------------------------------------------------------------------------------------
# Steps


def step_allowed(game_map: Map, a: Square, b: Square) -> bool:
    """A diagonal step may not cut the corner of a wall (ruling, SRD)."""
    if not game_map.open(b):
        return False
    if a[0] != b[0] and a[1] != b[1]:
        if (a[0], b[1]) in game_map.walls or (b[0], a[1]) in game_map.walls:
            return False
    return True


# ----------------------------------------------------------------------------------------------
# Lines: flanking and line of effect

_HALF = Fraction(1, 2)


def _segment_borders(p: Square, q: Square, centre: Square) -> set[str]:
    """Which borders of the square at ``centre`` the segment between the centres p and q touches
    (a corner touches both of its borders)."""
    touched: set[str] = set()
    px, py = Fraction(p[0]), Fraction(p[1])
    dx, dy = Fraction(q[0] - p[0]), Fraction(q[1] - p[1])
    cx, cy = Fraction(centre[0]), Fraction(centre[1])
    for name, axis, value in (("left", 0, cx - _HALF), ("right", 0, cx + _HALF),
                              ("top", 1, cy - _HALF), ("bottom", 1, cy + _HALF)):
        d = dx if axis == 0 else dy
        if d == 0:
            continue
        t = (value - (px if axis == 0 else py)) / d
        if not 0 <= t <= 1:
            continue
        other = (py + t * dy) if axis == 0 else (px + t * dx)
        oc = cy if axis == 0 else cx
        if oc - _HALF <= other <= oc + _HALF:
            touched.add(name)
    return touched


def line_through(p: Square, q: Square, centre: Square) -> bool:
    """Seed (Flanking): a straight line between p and q "intersects the enemy's position"; read as
    the line between the squares' centres crossing two opposite borders of the enemy's square
    (corners count for both their borders; ruling after the SRD), which the seed's figures 2 and 3
    agree with."""
    b = _segment_borders(p, q, centre)
    return {"left", "right"} <= b or {"top", "bottom"} <= b


def flanks(a: Square, b: Square, target: Square) -> bool:
    """a and b flank target: both in melee range of it and the line between them runs through it."""
    return adjacent(a, target) and adjacent(b, target) and line_through(a, b, target)


def crosses_interior(p, q, centre: Square) -> bool:
    """Does the open segment pq (points, integer or fractional) pass through the open interior of the
    square at ``centre``?  Running along an edge or touching a corner does not count."""
    t0, t1 = Fraction(0), Fraction(1)
    for start, d, c in ((p[0], q[0] - p[0], centre[0]), (p[1], q[1] - p[1], centre[1])):
        lo, hi = Fraction(c) - _HALF, Fraction(c) + _HALF
        if d == 0:
            if not lo < start < hi:
                return False
            continue
        ta, tb = (lo - start) / d, (hi - start) / d
        if ta > tb:
            ta, tb = tb, ta
        t0, t1 = max(t0, ta), min(t1, tb)
    return t0 < t1


def line_of_effect(game_map: Map, a: Square, b: Square) -> bool:
    """Ruling (SRD line of effect): no wall square lies across the line between the centres."""
    if not game_map.walls:
        return True
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    for w in game_map.walls:
        if x0 <= w[0] <= x1 and y0 <= w[1] <= y1 and crosses_interior(a, b, w):
            return False
    return True


def burst(game_map: Map, centre: Square, radius: int) -> list[Square]:
    """Squares within ``radius`` feet of ``centre`` (5-10-5) with line of effect from it."""
    r = radius // SQUARE_FEET
    out = []
    for y in range(centre[1] - r, centre[1] + r + 1):
        for x in range(centre[0] - r, centre[0] + r + 1):
            sq = (x, y)
            if game_map.open(sq) and distance_feet(centre, sq) <= radius and line_of_effect(game_map, centre, sq):
                out.append(sq)
    return out
