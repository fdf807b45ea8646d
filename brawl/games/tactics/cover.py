"""Cover and lines of fire: the d20 System Reference Document's corner-to-corner rule on the grid
(option ``cover``, off by default).

A square ``(x, y)`` spans ``x - 1/2 .. x + 1/2`` and ``y - 1/2 .. y + 1/2``; its corners are the
four points ``(x +- 1/2, y +- 1/2)``.

- Ranged attacks (SRD, Cover): the attacker picks a corner of its own square; when any line from
  that corner to any corner of the target's square passes through a wall square or a square
  occupied by a creature, the target has cover.  The attacker picks the corner that gives the
  target none, so the target has cover only when every corner of the attacker's square has such a
  line.  Walls give cover; creatures in the way give soft cover (SRD, Soft Cover: against ranged
  attacks only).  Both are +4 to armor class and they do not add up.
- Melee attacks (SRD: "any line from your square to the target's square goes through a wall"):
  cover when any line between a corner of the attacker's square and a corner of the target's
  square passes through a wall square.  Creatures give no cover in melee.
- A burst (fireball) has one point of origin, the centre of the square it is aimed at: a
  character has cover from it when a line from that point to a corner of its square passes
  through a wall square (SRD: +2 on the Reflex save).

A line "passes through" a square only when it crosses the square's inside: a line running along
an edge or touching a corner does not count (the usual reading of the grid rule; the SRD's text
does not settle it).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Iterable

from .grid import Square, crosses_interior

_HALF = Fraction(1, 2)

WALL_COVER = "cover"
SOFT_COVER = "soft cover"


def corners(sq: Square) -> tuple[tuple[Fraction, Fraction], ...]:
    x, y = sq
    return tuple((x + dx, y + dy) for dx in (-_HALF, _HALF) for dy in (-_HALF, _HALF))


def _between(a: Square, b: Square, squares: Iterable[Square]) -> tuple[Square, ...]:
    """The squares other than a and b inside the box the two span (only those can lie across a
    line between their corners)."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    return tuple(s for s in squares if x0 <= s[0] <= x1 and y0 <= s[1] <= y1 and s != a and s != b)


def _blocked(p, q, squares: tuple[Square, ...]) -> bool:
    return any(crosses_interior(p, q, s) for s in squares)


@lru_cache(maxsize=65536)
def ranged_cover(walls: frozenset, creatures: frozenset, attacker: Square, target: Square) -> str | None:
    """SRD corner rule for a ranged attack: ``"cover"`` (walls), ``"soft cover"`` (creatures in the
    way, with or without walls) or ``None``."""
    wall_sq = _between(attacker, target, walls)
    crowd = _between(attacker, target, creatures)
    if not wall_sq and not crowd:
        return None
    ends = corners(target)
    walls_everywhere = True
    anything_everywhere = True
    for c in corners(attacker):
        by_wall = any(_blocked(c, e, wall_sq) for e in ends)
        if not by_wall:
            walls_everywhere = False
            if not any(_blocked(c, e, crowd) for e in ends):
                anything_everywhere = False
                break
    if walls_everywhere:
        return WALL_COVER
    return SOFT_COVER if anything_everywhere else None


@lru_cache(maxsize=65536)
def melee_cover(walls: frozenset, attacker: Square, target: Square) -> bool:
    """SRD: an adjacent target has cover when any line from the attacker's square to the target's
    square goes through a wall (around a wall's corner, for instance)."""
    wall_sq = _between(attacker, target, walls)
    if not wall_sq:
        return False
    return any(_blocked(c, e, wall_sq) for c in corners(attacker) for e in corners(target))


@lru_cache(maxsize=65536)
def burst_cover(walls: frozenset, origin: Square, target: Square) -> bool:
    """SRD: cover from a burst when a line from its point of origin (the centre of the square it is
    aimed at) to a corner of the target's square goes through a wall."""
    if origin == target:
        return False
    wall_sq = _between(origin, target, walls)
    return bool(wall_sq) and any(_blocked(origin, e, wall_sq) for e in corners(target))
