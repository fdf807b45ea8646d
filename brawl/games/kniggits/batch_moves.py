"""Phase one for the compiled Kniggits games (:mod:`.batch`): who is in combat, the path check
of a move, arriving, facing, and a fleeing kniggit's run (rules 12 to 16, 23), in the order
:mod:`.movement` does them.

A game's kniggits are the columns of two tables: ``K[row, i]`` (rows :data:`SEAT` to
:data:`RANK`, integers) and ``XY[0 or 1, i]`` (where its head stands), in the rules' order (the
first army's A1, A2, ..., then B1, ...).  Facing is the column of the enemy faced, or -1.
"""

from __future__ import annotations

import math

import numpy as np

from ...sim.kernel import borrowing, counting
from . import mechanics
from .batch_geom import (away_arc, dist, first_ring_contact, has_power, move_allowance, norm, plan, room, segment_blocked,
                         truncate, directly_away, Side)
from .disengage import TRIED
from .geometry import EPS

SEAT, MOVE, ATTACK, DEFENSE, STATUS, FACING, MOVED, RANK = range(8)
# the advanced rules' rows (:mod:`.batch_advanced`), added after the battle's: the powers lost for
# good (bits :data:`LOST_HORSE`, ``LOST_MAGIC``, ``LOST_DOUBLE``), two swords, archer, guarded this
# turn, a magic sword's second target and an archer's target (each a column + 1, 0 for none)
LOST, TWO, ARCHER, GUARDED, SECOND, SHOT = range(8, 14)
LOST_HORSE, LOST_MAGIC, LOST_DOUBLE = 1, 2, 4
ADV_HORSES = 0  # ``Rules.adv[ADV_HORSES]``: the horses rule is on (the option, or a joust)
# things to carry (:mod:`.batch_items`), rows added after those: the row of the thing a kniggit
# carries (0 for nothing) and the hand it carries with
CARRY, HAND = range(14, 16)
NROWS = 16
FIGHTING, FLEEING, GONE = 0, 1, 2  # a kniggit's status
MAX_STRETCHES = mechanics.MAX_STRETCHES
TRIED_TURNS = np.array(TRIED)


@borrowing
def engaged(K, XY, n, x, y, seat, ring, out):
    """:meth:`.movement.Movement.engaged` of a kniggit of ``seat`` standing at (x, y): enemies on
    the table within the ring, nearest first (ties by name); their columns in ``out``, returns how many."""
    r = ring + EPS
    m = 0
    for e in range(n):
        if K[SEAT, e] != seat and K[STATUS, e] != GONE and abs(XY[0, e] - x) <= r and abs(XY[1, e] - y) <= r \
                and dist((XY[0, e], XY[1, e]), (x, y)) <= r:
            out[m] = e
            m += 1
    for a in range(1, m):  # sorted by (distance, name): a handful, so by insertion
        e = out[a]
        de = dist((XY[0, e], XY[1, e]), (x, y))
        b = a - 1
        while b >= 0:
            f = out[b]
            df = dist((XY[0, f], XY[1, f]), (x, y))
            if df < de or (df == de and K[RANK, f] < K[RANK, e]):
                break
            out[b + 1] = f
            b -= 1
        out[b + 1] = e
    return m


@borrowing
def allowance(K, i, o):
    """:meth:`.movement.Movement.move_allowance`: on horseback (:func:`mounted`) no 12-inch cap."""
    return _allowance(K, i, o.adv[ADV_HORSES], o.scale)


@borrowing
def _allowance(K, i, horses, scale):
    """:func:`allowance` with the fields of the rules it reads (a compiled call that takes the
    rules' record counts a reference to each of its arrays: the hot callees take numbers)."""
    return move_allowance(K[MOVE, i], _mounted(K, i, horses), scale)


@borrowing
def mounted(K, i, o):
    """:func:`.combat.mounted`: the horses rule, 5 or more movement tokens, the horse not lost."""
    return _mounted(K, i, o.adv[ADV_HORSES])


@borrowing
def _mounted(K, i, horses):
    return horses != 0 and has_power(K[MOVE, i]) and (K[LOST, i] & LOST_HORSE) == 0


@borrowing
def check_path(K, XY, n, i, pts, m, o, g, buf, out):
    """:meth:`.movement.Movement.check_path` of kniggit ``i`` through the ``m`` points ``pts``:
    returns how many points the path really has (written to ``out``: the start, then up to where
    it stops), 0 when the move is against the rules."""
    return _check_path(K, XY, n, i, pts, m, o.size, o.tol, o.ring, o.room, o.direct, o.adv[ADV_HORSES], o.scale, g,
                       buf, out)


@borrowing
def _check_path(K, XY, n, i, pts, m, size, tol, ring, standing_room, direct, horses, scale, g, buf, out):
    """:func:`check_path` with the fields of the rules it reads (:func:`_allowance`)."""
    if not (1 <= m <= MAX_STRETCHES):
        return 0
    kx, ky = XY[0, i], XY[1, i]
    for p in range(m):
        if not (-EPS <= pts[p, 0] <= size + EPS and -EPS <= pts[p, 1] <= size + EPS):
            return 0
    length = 0.0
    ax, ay = kx, ky
    for p in range(m):
        length += dist((ax, ay), (pts[p, 0], pts[p, 1]))
        ax, ay = pts[p, 0], pts[p, 1]
    if length > _allowance(K, i, horses, scale) + tol:
        return 0
    ax, ay = kx, ky
    for p in range(m):
        if segment_blocked(ax, ay, pts[p, 0], pts[p, 1], g):
            return 0
        ax, ay = pts[p, 0], pts[p, 1]
    seat = K[SEAT, i]
    ne = engaged(K, XY, n, kx, ky, seat, ring, buf)
    if ne > 0:  # leaving combat (_check_disengage)
        if m != 1:
            return 0
        dx, dy = pts[0, 0] - kx, pts[0, 1] - ky
        length = norm(dx, dy)
        for a in range(ne):
            e = buf[a]
            awx, awy = kx - XY[0, e], ky - XY[1, e]
            if dx * awx + dy * awy <= EPS * length:
                return 0
        if direct and ne == 1 and length > EPS:
            e = buf[0]
            awx, awy = kx - XY[0, e], ky - XY[1, e]
            scale = length * norm(awx, awy)
            cos = (dx * awx + dy * awy) / (scale if scale != 0 else 1)
            if not directly_away(cos):
                return 0
    rm = standing_room - 1e-9
    reach = max(ring, rm) + EPS
    x0, x1, y0, y1 = kx, kx, ky, ky
    for p in range(m):
        x0, x1 = min(x0, pts[p, 0]), max(x1, pts[p, 0])
        y0, y1 = min(y0, pts[p, 1]), max(y1, pts[p, 1])
    x0, x1, y0, y1 = x0 - reach, x1 + reach, y0 - reach, y1 + reach
    out[0, 0], out[0, 1] = kx, ky
    count = 1
    ax, ay = kx, ky
    for p in range(m):
        bx, by = pts[p, 0], pts[p, 1]
        hit_t, hit = -1.0, -1
        sx0, sx1 = min(ax, bx) - ring - EPS, max(ax, bx) + ring + EPS
        sy0, sy1 = min(ay, by) - ring - EPS, max(ay, by) + ring + EPS
        for e in range(n):
            if e == i or K[STATUS, e] == GONE or K[SEAT, e] == seat:
                continue
            if not (x0 <= XY[0, e] <= x1 and y0 <= XY[1, e] <= y1):
                continue
            met = False
            for a in range(ne):
                met = met or buf[a] == e
            if met or not (sx0 <= XY[0, e] <= sx1 and sy0 <= XY[1, e] <= sy1):
                continue
            tt = first_ring_contact((ax, ay), (bx, by), (XY[0, e], XY[1, e]), ring)
            if tt is not None and (hit < 0 or tt < hit_t):
                hit_t, hit = tt, e
        if hit >= 0:
            out[count, 0] = ax + hit_t * (bx - ax)
            out[count, 1] = ay + hit_t * (by - ay)
            count += 1
            break
        out[count, 0], out[count, 1] = bx, by
        count += 1
        ax, ay = bx, by
    endx, endy = out[count - 1, 0], out[count - 1, 1]
    for e in range(n):
        if e == i or K[STATUS, e] == GONE or not (x0 <= XY[0, e] <= x1 and y0 <= XY[1, e] <= y1):
            continue
        if abs(XY[0, e] - endx) < rm and abs(XY[1, e] - endy) < rm and dist((XY[0, e], XY[1, e]), (endx, endy)) < rm:
            return 0
    return count


@borrowing
def arrive(K, XY, n, i, x, y, o, buf):
    """:meth:`.movement.Movement._arrive` (the things there are :func:`.batch_items.arrived`'s): the
    kniggit stands at the path's end, and one that is fighting and meets enemies there faces the
    nearest unless it faces one of them already."""
    ne = engaged(K, XY, n, x, y, K[SEAT, i], o.ring, buf)
    XY[0, i], XY[1, i] = x, y
    if ne > 0 and K[STATUS, i] == FIGHTING:
        known = False
        for a in range(ne):
            known = known or buf[a] == K[FACING, i]
        if not known:
            K[FACING, i] = buf[0]


@borrowing
def auto_face(K, XY, n, seat, o, buf):
    """:meth:`.movement.Movement._auto_face`: kniggits of ``seat`` in combat face an enemy within the
    ring (the nearest if they face none of them); the others face no one."""
    _auto_face(K, XY, n, seat, o.ring, buf)


@borrowing
def _auto_face(K, XY, n, seat, ring, buf):
    """:func:`auto_face` within ``ring`` (:func:`_allowance`)."""
    for i in range(n):
        if K[SEAT, i] != seat or K[STATUS, i] == GONE:
            continue
        ne = engaged(K, XY, n, XY[0, i], XY[1, i], seat, ring, buf)
        if ne == 0 or K[STATUS, i] != FIGHTING:
            if not (K[SHOT, i] > 0 and K[FACING, i] == K[SHOT, i] - 1):  # an archer keeps facing his target
                K[FACING, i] = -1
            continue
        known = False
        for a in range(ne):
            known = known or buf[a] == K[FACING, i]
        if not known:
            K[FACING, i] = buf[0]


@counting
def _try_route(K, XY, n, i, route, cut, o, g, buf, pts, out):
    """One cut of a fleeing kniggit's route (:meth:`.movement.Movement.flee_path`): the path it
    takes, or 0."""
    cutoff = truncate(route, cut)
    m = len(cutoff) - 1
    if m < 1 or m > MAX_STRETCHES:
        return 0
    for p in range(m):
        pts[p, 0], pts[p, 1] = cutoff[p + 1]
    return check_path(K, XY, n, i, pts, m, o, g, buf, out)


@counting
def flee(K, XY, n, i, o, g, buf, pts, out):
    """:meth:`.movement.Movement._flee`: a fleeing kniggit runs for its own edge by the shortest way,
    or straight out of combat (:func:`.disengage.away_directions`), as far as its allowance (or
    three quarters, a half, a quarter of it) lets a legal path go; at its edge it leaves the game."""
    kx, ky = XY[0, i], XY[1, i]
    full = allowance(K, i, o)
    edge = 0.0 if K[SEAT, i] == 0 else o.size
    count = 0
    route = plan(kx, ky, kx, edge, g)
    if len(route) > 0:
        for f in (1.0, 0.75, 0.5, 0.25):
            count = _try_route(K, XY, n, i, route, full * f, o, g, buf, pts, out)
            if count:
                break
    if count == 0:
        ne = engaged(K, XY, n, kx, ky, K[SEAT, i], o.ring, buf)
        enemies = [(XY[0, buf[a]], XY[1, buf[a]]) for a in range(ne)]
        arc = away_arc((kx, ky), enemies)
        if arc is not None:
            middle, half = arc
            tries = 1 if ne == 1 else len(TRIED_TURNS)
            for t in range(tries):
                a = middle + TRIED_TURNS[t] * half
                away = (math.cos(a), math.sin(a))
                reach = min(full, room(Side(o.size), (kx, ky), away))
                far = (min(max(kx + away[0] * reach, 0.0), o.size), min(max(ky + away[1] * reach, 0.0), o.size))
                for f in (1.0, 0.75, 0.5, 0.25):
                    count = _try_route(K, XY, n, i, [(kx, ky), far], full * f, o, g, buf, pts, out)
                    if count:
                        break
                if count:
                    break
    if count < 2:
        return False
    arrive(K, XY, n, i, out[count - 1, 0], out[count - 1, 1], o, buf)
    if abs(XY[1, i] - edge) <= EPS * 10:
        K[STATUS, i] = GONE
        K[FACING, i] = -1
    return True  # it arrived somewhere (batch_items.arrived: what happens there)


NOT_OVER = -2  # :func:`check_end` while both armies fight


@borrowing
def check_end(K, n):
    """:meth:`.turns.TurnFlow._check_end`: the winner, -1 for a draw, or :data:`NOT_OVER`."""
    fighting0 = False
    fighting1 = False
    for i in range(n):
        if K[STATUS, i] == FIGHTING:
            if K[SEAT, i] == 0:
                fighting0 = True
            else:
                fighting1 = True
    if fighting0 and fighting1:
        return NOT_OVER
    if not fighting0 and not fighting1:
        return -1
    return 1 if not fighting0 else 0


@borrowing
def score(K, n):
    """:meth:`.turns.TurnFlow._score`: tokens on kniggits still fighting."""
    a = 0
    b = 0
    for i in range(n):
        if K[STATUS, i] == FIGHTING:
            t = K[MOVE, i] + K[ATTACK, i] + K[DEFENSE, i]
            if K[SEAT, i] == 0:
                a += t
            else:
                b += t
    if a == b:
        return -1
    return 0 if a > b else 1
