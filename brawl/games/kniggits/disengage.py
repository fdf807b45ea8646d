"""Leaving combat in a straight line (seed, Phase one: "If there is more than one enemy in combat
with your guy then you can only move in a direction that takes you further from both of them";
rules 14 and 23): which directions do, and the ones a fleeing kniggit and the heuristic try.
Directions are unit vectors on the table, angles in radians from the x axis."""

from __future__ import annotations

import math
from typing import Sequence

from .geometry import EPS, Pt, dist


#: the directions :func:`away_directions` tries, as shares of the arc's half width from its middle, in turn
TRIED = (0.0, 0.5, -0.5, 0.9, -0.9)


def away_arc(p: Pt, enemies: Sequence[Pt]) -> tuple[float, float] | None:
    """The directions (radians) in which a straight line from ``p`` gets further from every enemy
    (seed, Phase one: "a direction that takes you further from both of them"), as the open arc
    ``(middle, half_width)``; ``None`` when there is none (surrounded).

    Along a unit ``u`` the distance to ``e`` grows from the start exactly when ``u . (p - e) > 0``,
    and then all along the line; so each enemy leaves the half circle about the line straight away
    from him, and together they leave the arc within 90 degrees of all those lines: it exists when
    those lines fit within less than half a circle."""
    angles = sorted([math.atan2(p[1] - e[1], p[0] - e[0]) for e in enemies if dist(p, e) > EPS])
    if not angles:
        return None
    # the largest empty gap between neighbouring lines (round the circle) leaves the others in
    # the arc from the line after it to the line before it
    gaps = [(angles[(i + 1) % len(angles)] - a) % (2 * math.pi) for i, a in enumerate(angles)]
    if len(angles) == 1:
        gaps = [2 * math.pi]
    widest = 0  # the first of the widest (plain loops, so that the batch kernel compiles this very function)
    for i in range(1, len(gaps)):
        if gaps[i] > gaps[widest]:
            widest = i
    first = angles[(widest + 1) % len(angles)]
    span = 2 * math.pi - gaps[widest]
    half = (math.pi - span) / 2
    if half <= 1e-9:
        return None
    return first + span / 2, half


def away_direction(p: Pt, enemies: Sequence[Pt]) -> Pt | None:
    """The unit direction out of combat from ``p`` that gets further from every enemy, with the
    widest margin (the middle of :func:`away_arc`): straight away from a single enemy, and between
    two the line that leaves both at the same angle. ``None`` when no direction does."""
    arc = away_arc(p, enemies)
    if arc is None:
        return None
    return math.cos(arc[0]), math.sin(arc[0])


def away_directions(p: Pt, enemies: Sequence[Pt], only_middle: bool) -> list[Pt]:
    """Directions to try for a straight move out of combat: :func:`away_direction` first, then
    (unless ``only_middle``, as for "directly away" from one enemy) others across the arc toward
    its ends, for when the table's side or an obstacle cuts the middle one short."""
    arc = away_arc(p, enemies)
    if arc is None:
        return []
    middle, half = arc
    turns = TRIED[:1] if only_middle else TRIED
    return [(math.cos(middle + f * half), math.sin(middle + f * half)) for f in turns]
