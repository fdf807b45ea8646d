"""The table's geometry for the compiled Kniggits games (:mod:`.batch`): the rules' own functions,
compiled.

Every function the rules call on the table is compiled here from its own code (the same code
object, with the functions it calls replaced by their compiled forms, :func:`compiled`):
:func:`.geometry.dist`, :func:`.geometry.first_ring_contact`, :func:`.geometry.truncate`,
:func:`.geometry.clip_sides`, :meth:`.geometry.Table.room`, :func:`.disengage.away_arc`, and
:mod:`.mechanics`' ``move_allowance``, ``directly_away`` and ``flees``.  What stays written here is
the plumbing around them: which obstacles a line can meet (the bounding boxes of
:meth:`.geometry.Table.segment_blocked`) and the shortest way round the obstacles
(:meth:`.geometry.Table.plan`: the same search over the same corners, whose sight lines among
themselves are the table's own answers, worked out once by :func:`table_record`).

A line that passes within :data:`.geometry.SURE` of an obstacle's wall or corner is Shapely's to
judge in the rules; here it is judged by the obstacle's sides with no margin.  Random lines come
that close about once in ten million, and the agreement tests would show it.
"""

from __future__ import annotations

import types
from collections import namedtuple

import numpy as np
from numba import njit

from ...sim.kernel import borrowing, counting
from . import disengage, geometry, mechanics
from .geometry import EPS, SURE


def compiled(fn, jit=njit(cache=True), **calls):
    """``fn`` compiled by Numba (``jit``) from its own code, the functions it calls (by global name)
    replaced by ``calls`` (their compiled forms): the rule itself, not a copy of it."""
    scope = dict(fn.__globals__)
    scope.update(calls)
    twin = types.FunctionType(fn.__code__, scope, fn.__name__, fn.__defaults__, fn.__closure__)
    twin.__qualname__, twin.__module__ = fn.__qualname__, fn.__module__
    return jit(twin)


norm = compiled(geometry.norm)
dist = compiled(geometry.dist, norm=norm)
first_ring_contact = compiled(geometry.first_ring_contact)
clip_sides = compiled(geometry.clip_sides, borrowing)  # called for every obstacle a line may meet
truncate = compiled(geometry.truncate, counting, dist=dist)
room = compiled(geometry.Table.room)
away_arc = compiled(disengage.away_arc, counting, dist=dist)
move_allowance = compiled(mechanics.move_allowance)
directly_away = compiled(mechanics.directly_away)
flees = compiled(mechanics.flees)
has_power = compiled(mechanics.has_power)  # the advanced rules' powers (batch_advanced)
_SPLIT = 134217729.0  # 2**27 + 1: splits a double into two halves whose products are exact


@borrowing
def written(v, per):
    """``v`` (0 or more) as a bot writes it to ``1 / per`` of an inch (``f"{v:.4f}"`` for ``per``
    10000, ``per`` a whole number below 2**26), read back: the nearest multiple of the exact value,
    ties to even.  ``np.rint(v * per)`` is not it: the product is rounded first, and a value just
    past a half (24.40005 written 24.4001) can land on the half and round down to the even side."""
    p = v * per
    base = np.floor(p)
    d = p - (base + 0.5)  # exact: both lie on the grid of p's last place
    if d == 0.0:  # p is a half: what rounding the product lost decides
        hi = v * _SPLIT - (v * _SPLIT - v)  # Dekker's exact product: p + err is v * per exactly
        err = (hi * per - p) + (v - hi) * per
        if err > 0.0 or (err == 0.0 and base % 2.0 == 1.0):
            base += 1.0
    elif d > 0.0:
        base += 1.0
    return base / per

#: what :meth:`.geometry.Table.room` reads of the table
Side = namedtuple("Side", "size")
#: the obstacles and the corners a path goes round (:func:`table_record`)
Geom = namedtuple("Geom", "boxes normals offsets count corners clear")


def table_record(table: geometry.Table) -> Geom:
    """The table's obstacles as arrays: bounding boxes, sides (:attr:`.geometry.Table.sides`), the
    corners a planned path goes round and which corners see each other (the table's own
    :meth:`~.geometry.Table.segment_blocked`, asked once)."""
    normals, offsets, count = table.sides
    corners = np.array(table._corners, dtype=np.float64).reshape(-1, 2)
    m = len(corners)
    clear = np.zeros((m, m), dtype=np.bool_)
    for i in range(m):
        for j in range(i + 1, m):
            clear[i, j] = clear[j, i] = not table.segment_blocked(tuple(corners[i]), tuple(corners[j]))
    return Geom(np.ascontiguousarray(table.boxes, dtype=np.float64), np.ascontiguousarray(normals, dtype=np.float64),
                np.ascontiguousarray(offsets, dtype=np.float64), np.asarray(count, dtype=np.int64), corners, clear)


@borrowing
def inside_obstacle(px, py, g):
    """:meth:`.geometry.Table.inside_obstacle`: strictly inside a (convex) obstacle."""
    for o in range(len(g.boxes)):
        if not (px <= g.boxes[o, 2] and px >= g.boxes[o, 0] and py <= g.boxes[o, 3] and py >= g.boxes[o, 1]):
            continue
        inside = True
        for i in range(g.count[o]):
            if g.normals[o, i, 0] * px + g.normals[o, i, 1] * py - g.offsets[o, i] >= 0.0:
                inside = False
                break
        if inside:
            return True
    return False


@borrowing
def segment_blocked(ax, ay, bx, by, g):
    """:meth:`.geometry.Table.segment_blocked`: the line a-b enters an obstacle's interior."""
    if dist((ax, ay), (bx, by)) < EPS:
        return inside_obstacle(ax, ay, g)
    x0, y0, x1, y1 = min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)
    dx, dy = bx - ax, by - ay
    for o in range(len(g.boxes)):
        if not (x0 <= g.boxes[o, 2] and x1 >= g.boxes[o, 0] and y0 <= g.boxes[o, 3] and y1 >= g.boxes[o, 1]):
            continue
        c = g.count[o]
        if clip_sides(ax, ay, dx, dy, g.normals[o], g.offsets[o], c, -SURE):
            return True
        if not clip_sides(ax, ay, dx, dy, g.normals[o], g.offsets[o], c, SURE):
            continue
        if clip_sides(ax, ay, dx, dy, g.normals[o], g.offsets[o], c, -1e-12):  # the rules ask Shapely here
            return True
    return False


@borrowing
def _node(g, sx, sy, gx, gy, i):
    if i == 0:
        return sx, sy
    if i == 1:
        return gx, gy
    return g.corners[i - 2, 0], g.corners[i - 2, 1]


@counting
def plan(sx, sy, gx, gy, g):
    """:meth:`.geometry.Table.plan`: the shortest way from start to goal round the obstacles'
    corners, as a list of points (empty when there is none).  The same search: a node is settled
    in the order of (distance, number), as the rules' heap pops them."""
    if not segment_blocked(sx, sy, gx, gy, g):
        return [(sx, sy), (gx, gy)]
    n = 2 + len(g.corners)
    best = np.full(n, np.inf)
    prev = np.full(n, -1, dtype=np.int64)
    done = np.zeros(n, dtype=np.bool_)
    best[0] = 0.0
    out = [(sx, sy)]
    out.pop()
    while True:
        i = -1
        for j in range(n):
            if not done[j] and best[j] < np.inf and (i < 0 or best[j] < best[i]):
                i = j
        if i < 0:
            return out
        done[i] = True
        if i == 1:
            while i >= 0:
                out.append(_node(g, sx, sy, gx, gy, i))
                i = prev[i]
            out.reverse()
            return out
        d = best[i]
        pi = _node(g, sx, sy, gx, gy, i)
        for j in range(1, n):
            if done[j]:
                continue
            pj = _node(g, sx, sy, gx, gy, j)
            nd = d + dist(pi, pj)
            if nd >= best[j] - 1e-12:
                continue
            if i >= 2 and j >= 2:
                clear = g.clear[i - 2, j - 2]
            else:
                clear = not segment_blocked(pi[0], pi[1], pj[0], pj[1], g)
            if clear:
                best[j] = nd
                prev[j] = i
