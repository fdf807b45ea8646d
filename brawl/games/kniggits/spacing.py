"""What to change when a terrain's obstacles stand too close for the scale (seed, Setup 1 with
Equipment 2; rules page, Scale).

Obstacles must touch or stand at least 2 inches apart, and the scale multiplies every distance of
the rules, that one too.  A terrain's obstacles are laid out in proportion to the table, so at a
larger scale they need a larger table: a village on the 36 inch table takes a scale up to just
under 2, and a scale of 2 a table of 37 inches.  When the options break that rule, the error names
the table, the scale and the terrains that would do, so that whoever chose them knows what to
change."""

from __future__ import annotations

import math

from . import mechanics
from .geometry import EPS, TERRAINS, Table
from .state import KniggitsOptions

_FIELDS = KniggitsOptions.model_fields


def _bound(name: str, kind: str) -> float:
    """The least (``ge``) or greatest (``le``) value the option ``name`` takes."""
    for rule in _FIELDS[name].metadata:
        value = getattr(rule, kind, None)
        if value is not None:
            return float(value)
    raise KeyError(f"{name} has no {kind} bound")


def _closest_gap(table: Table) -> float | None:
    """The smallest distance between two obstacles that do not touch, or None when there are none."""
    obstacles = table.obstacles
    gaps = [a.distance(b) for i, a in enumerate(obstacles) for b in obstacles[i + 1:]]
    gaps = [d for d in gaps if d > EPS]
    return min(gaps) if gaps else None


def _fits(size: float, terrain: str, scale: float) -> bool:
    return not Table(size, terrain, scale).spacing_problems()


def smallest_table(terrain: str, scale: float) -> float | None:
    """The smallest whole number of inches of table side on which ``terrain``'s obstacles stand
    far enough apart at ``scale``, or None when no table brawl takes is large enough."""
    largest = _bound("table", "le")
    size = _bound("table", "ge")
    gap = _closest_gap(Table(size, terrain, scale))
    if gap is not None:  # gaps grow with the table: the side where the closest one is just wide enough
        size = max(size, math.ceil(size * mechanics.OBSTACLE_GAP * scale / gap - 1e-9))
    while size <= largest:
        if _fits(size, terrain, scale):
            return float(size)
        size += 1
    return None


def largest_scale(size: float, terrain: str) -> float | None:
    """The largest scale (in hundredths) at which ``terrain``'s obstacles stand far enough apart on
    a table of ``size`` inches, or None when not even the smallest scale brawl takes will do."""
    gap = _closest_gap(Table(size, terrain, 1.0))
    top = _bound("scale", "le")
    scale = top if gap is None else min(top, math.floor(gap / mechanics.OBSTACLE_GAP * 100) / 100)
    least = _bound("scale", "ge")
    while scale >= least - 1e-9:
        if _fits(size, terrain, scale):
            return scale
        scale = round(scale - 0.01, 2)
    return None


def spacing_advice(size: float, terrain: str, scale: float) -> str:
    """What would make the obstacles stand far enough apart, in words: a table at least so large
    (option table), a scale at most so large (option scale), or another terrain (option terrain)."""
    ways = []
    table = smallest_table(terrain, scale)
    if table is not None:
        ways.append(f"a table of {table:g} in or more (option table)")
    most = largest_scale(size, terrain)
    if most is not None:
        ways.append(f"a scale of {most:g} or less (option scale)")
    others = [t for t in TERRAINS if t != terrain and _fits(size, t, scale)]
    if others:
        ways.append(f"the terrain {' or '.join(others)} (option terrain)")
    gap = mechanics.OBSTACLE_GAP * scale
    return (f"Obstacles touch or stand {mechanics.OBSTACLE_GAP:g} in times the scale apart ({gap:g} in at scale "
            f"{scale:g}) and are laid out in proportion to the table; choose " + ", or ".join(ways))


__all__ = ["largest_scale", "smallest_table", "spacing_advice"]
