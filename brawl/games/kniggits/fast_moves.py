"""The batch path check, compiled: many straight one-stretch moves judged in one call; and the
research encoding's other compiled helpers (where its menu moves go, which of them are legal
now, its kniggit blocks).

:meth:`.movement.Movement.check_path` judges one move of one kniggit, in Python, and is the rule.
A learning agent's mask asks about every move of a menu at every decision (about a hundred), so
the encoding sends them here (:func:`judge_menu`; ``Movement.settle_straight_moves`` settles the
rest).  The kernel :func:`straight_moves` walks the same tests in the same order as
``check_path`` does for a one-stretch move (standing room among the mover's own army is
:func:`menu_rows`), and it calls the rules' own geometry
compiled by Numba (:mod:`.batch_geom`'s ``geometry.first_ring_contact``, ``geometry.dist``,
``mechanics.directly_away``); every distance it compares comes in as an argument from the table
and :mod:`.mechanics`.  The obstacles are the rule's Shapely test: the kernel says which moves
come near an obstacle's box and answers the plain cases of those itself (a segment well inside or
well outside a convex obstacle: :func:`sure_pair`, the rule's ``geometry.clip_sides``
compiled), and the caller asks Shapely about the ones that pass close to a wall or a corner
(``Table.obstacles_entered``).

The research tests compare the mask with the whole transition move for move on random games.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# the rules' geometry compiled once, as the compiled games use it (geometry.dist calls geometry.norm,
# which must be compiled too: numba.njit(geometry.dist) alone cannot be typed)
from .batch_geom import clip_sides as _clip_sides
from .batch_geom import directly_away as _directly_away
from .batch_geom import dist as _dist
from .batch_geom import first_ring_contact as _first_ring_contact
from .geometry import EPS

#: how far past the ring an enemy may stand and still be looked at for a ring contact: a contact may come
#: a hair before the move's start (``first_ring_contact``'s tolerance), and rounding is far below this
_MARGIN = 1e-3
_CLEAR = 1e-9  # far above the rounding of _meets_box's clipping on any table


@njit(cache=True)
def straight_moves(table, me, ends, allowance, size, ring, standing_room, tolerance, direct, boxes,
                   normals, offsets, count, sure):
    """Judge move ``c``: kniggit ``me[c]`` straight to ``ends[c]`` with ``allowance[c]`` inches to
    go.  ``table`` has a row per kniggit of the state: x, y, seat, on the table (1 or 0).
    Returns ``ok`` (every test passed but obstacles, and standing room among the mover's own
    side: both are the caller's), ``short`` (the move is shorter than the measuring tolerance, so
    the obstacle test is whether its start lies inside one), ``near`` (``[c, o]``: move ``c``
    passed, meets the box of obstacle ``o`` (rows of ``boxes``: x0, y0, x1, y1) and passes within
    ``sure`` of its sides, so the caller asks Shapely; a move surely inside an obstacle, by
    :func:`sure_pair` on its sides, has failed) and ``stops`` (where each move ends: its end, or
    where it meets the first enemy's ring)."""
    x, y, seat, on = table[:, 0], table[:, 1], table[:, 2], table[:, 3] > 0
    ex, ey = ends[:, 0], ends[:, 1]
    n = len(x)
    moves = len(me)
    # who is in combat with whom where the moves start: an enemy on the table within the ring
    # (a distance is never below either of its sides', so a kniggit farther along an axis is not
    # measured: the same answers, fewer square roots); each kniggit's enemies on the table are
    # listed, ``foes[i, :nfoes[i]]``, and the tests below look at those alone, in any order (their
    # answers do not depend on it)
    engaged = np.zeros((n, n), dtype=np.bool_)
    engagements = np.zeros(n, dtype=np.int64)
    foes = np.empty((n, n), dtype=np.int64)
    nfoes = np.zeros(n, dtype=np.int64)
    r = ring + EPS
    for i in range(n):
        for j in range(n):
            if on[j] and seat[j] != seat[i]:
                foes[i, nfoes[i]] = j
                nfoes[i] += 1
                engaged[i, j] = abs(x[j] - x[i]) <= r and abs(y[j] - y[i]) <= r \
                    and _dist((x[j], y[j]), (x[i], y[i])) <= r
                engagements[i] += engaged[i, j]
    ok = np.ones(moves, dtype=np.bool_)
    short = np.zeros(moves, dtype=np.bool_)
    near = np.zeros((moves, len(boxes)), dtype=np.bool_)
    stops = ends.copy()
    for c in range(moves):
        i = me[c]
        a = (x[i], y[i])
        b = (ex[c], ey[c])
        # the table's edge and the allowance (seed, Phase one; ruling 13)
        if not (-EPS <= b[0] <= size + EPS and -EPS <= b[1] <= size + EPS):
            ok[c] = False
            continue
        norm = _dist(a, b)
        short[c] = norm < EPS
        if norm > allowance[c] + tolerance:
            ok[c] = False
            continue
        # leaving combat: further from every enemy within the ring; with one, directly away (ruling 14)
        single = engagements[i] == 1
        bad = False
        for f in range(nfoes[i] if engagements[i] else 0):
            j = foes[i, f]
            if not engaged[i, j]:
                continue
            ax, ay = a[0] - x[j], a[1] - y[j]
            dot = (b[0] - a[0]) * ax + (b[1] - a[1]) * ay
            if dot <= EPS * norm:
                bad = True
                break
            if direct and single and norm > EPS:
                scale = norm * _dist((ax, ay), (0.0, 0.0))
                cos = dot / (scale if scale != 0 else 1.0)
                if not _directly_away(cos):
                    bad = True
                    break
        if bad:
            ok[c] = False
            continue
        # the first enemy met on the way stops the move at its ring (seed, Phase one); an enemy
        # farther than the ring from the move's box along an axis is never met
        end = b
        hit = -1.0
        reach = ring + _MARGIN
        x0, x1 = min(a[0], b[0]) - reach, max(a[0], b[0]) + reach
        y0, y1 = min(a[1], b[1]) - reach, max(a[1], b[1]) + reach
        for f in range(nfoes[i]):
            j = foes[i, f]
            if engaged[i, j] or not (x0 <= x[j] <= x1 and y0 <= y[j] <= y1):
                continue
            t = _first_ring_contact(a, b, (x[j], y[j]), ring)
            if t is not None and (hit < 0 or t < hit):
                hit = t
        if hit >= 0:
            end = (a[0] + hit * (b[0] - a[0]), a[1] + hit * (b[1] - a[1]))
        stops[c, 0], stops[c, 1] = end
        # standing room where it ends, among the enemies (ruling 4)
        room = standing_room - 1e-9
        for f in range(nfoes[i]):
            j = foes[i, f]
            if abs(x[j] - end[0]) < room and abs(y[j] - end[1]) < room and _dist((x[j], y[j]), end) < room:
                ok[c] = False
                break
        if ok[c] and not short[c]:
            # a box the move's own box clears by a margin is never met (_meets_box says so too)
            bx0, bx1 = min(a[0], b[0]) - _CLEAR, max(a[0], b[0]) + _CLEAR
            by0, by1 = min(a[1], b[1]) - _CLEAR, max(a[1], b[1]) + _CLEAR
            for o in range(len(boxes)):
                if bx1 < boxes[o, 0] - EPS or bx0 > boxes[o, 2] + EPS or by1 < boxes[o, 1] - EPS \
                        or by0 > boxes[o, 3] + EPS:
                    continue
                if _meets_box(a, b, boxes[o, 0] - EPS, boxes[o, 1] - EPS, boxes[o, 2] + EPS, boxes[o, 3] + EPS):
                    entered = sure_pair(a[0], a[1], b[0], b[1], normals[o], offsets[o], count[o], sure)
                    if entered == 1:
                        ok[c] = False
                        break
                    near[c, o] = entered < 0
            if not ok[c]:
                near[c, :] = False
    return ok, short, near, stops


@njit(cache=True)
def _has_room(table, own, seat, x, y, standing_room):
    """Whether a head at (x, y) keeps its standing room (ruling 4) from every kniggit of ``seat``
    on the table (``table`` as :func:`straight_moves` has it) but row ``own``."""
    room = standing_room - 1e-9
    for j in range(len(table)):
        if j != own and table[j, 2] == seat and table[j, 3] > 0 and abs(table[j, 0] - x) < room \
                and abs(table[j, 1] - y) < room and _dist((table[j, 0], table[j, 1]), (x, y)) < room:
            return False
    return True


@njit(cache=True)
def menu_rows(passed, owner, stops, still, me, table, seat, standing_room):
    """The research menu's legal moves from a kept judgement (:class:`.menus.Judged`): the rows
    that passed the path check, whose mover has not moved yet (``still``) and that keep their
    standing room among the mover's army as it stands now (:func:`_has_room`)."""
    rows = np.empty(len(passed), dtype=np.intp)
    n = 0
    for c in range(len(passed)):
        m = owner[c]
        if passed[c] and still[m] and _has_room(table, me[m], seat, stops[c, 0], stops[c, 1], standing_room):
            rows[n] = c
            n += 1
    return rows[:n]


@njit(cache=True)
def sure_pair(ax, ay, bx, by, normals, offsets, sides, sure):
    """Whether the segment a-b enters the interior of a convex obstacle (its ``sides`` outward
    unit ``normals`` and ``offsets``, the interior where every ``normal . p < offset``): 1 when
    some stretch of it lies more than ``sure`` inside every side, 0 when every point of it lies
    more than ``sure`` outside some side, -1 when it passes closer than that to the boundary
    (along a wall, through a corner: the caller asks Shapely) or the obstacle has no sides here.
    The rule's own test, ``geometry.clip_sides``, compiled."""
    if sides == 0:
        return -1
    dx, dy = bx - ax, by - ay
    if _clip_sides(ax, ay, dx, dy, normals, offsets, sides, -sure):
        return 1
    if not _clip_sides(ax, ay, dx, dy, normals, offsets, sides, sure):
        return 0
    return -1


@njit(cache=True)
def _meets_box(a, b, x0, y0, x1, y1):
    """Whether the segment a-b meets the closed box: the part of the segment within each pair of
    sides, clipped in turn (a segment that misses an obstacle's box, widened by the measuring
    tolerance, cannot enter the obstacle)."""
    lo, hi = 0.0, 1.0
    for axis in range(2):
        start, step = a[axis], b[axis] - a[axis]
        low, high = (x0, x1) if axis == 0 else (y0, y1)
        if step == 0.0:
            if start < low or start > high:
                return False
            continue
        t0, t1 = (low - start) / step, (high - start) / step
        if t0 > t1:
            t0, t1 = t1, t0
        lo, hi = max(lo, t0), min(hi, t1)
        if lo > hi:
            return False
    return True


@njit(cache=True)
def menu_points(movers, enemies, unit, targets, size):
    """Where the research menu's moves go (:mod:`.encoding`): for each mover (a row of x, y and
    its reach in inches), a full move and a half move along each row of ``unit``, then a charge
    at each of its ``targets`` nearest enemies (rows of x, y and slot; nearest first, ties to the
    lower slot), as far as the reach goes, every point kept on the table.  Returns the points,
    ``len(unit) * 2 + targets`` rows a mover, and which rows are real (a charge needs an enemy)."""
    x, y, reach = movers[:, 0], movers[:, 1], movers[:, 2]
    enemy_x, enemy_y, enemy_slot = enemies[:, 0], enemies[:, 1], enemies[:, 2]
    m = len(x)
    per = 2 * len(unit) + targets
    ends = np.empty((m * per, 2))
    real = np.ones(m * per, dtype=np.bool_)
    d = np.empty(len(enemy_x))
    taken = np.zeros(len(enemy_x), dtype=np.bool_)
    for k in range(m):
        row = k * per
        for u in range(len(unit)):
            ends[row + u, 0] = x[k] + unit[u, 0] * reach[k]
            ends[row + u, 1] = y[k] + unit[u, 1] * reach[k]
            ends[row + len(unit) + u, 0] = x[k] + unit[u, 0] * (reach[k] / 2)
            ends[row + len(unit) + u, 1] = y[k] + unit[u, 1] * (reach[k] / 2)
        for e in range(len(enemy_x)):
            dx, dy = enemy_x[e] - x[k], enemy_y[e] - y[k]
            d[e] = np.sqrt(dx * dx + dy * dy)
            taken[e] = False
        for n in range(targets):
            r = row + 2 * len(unit) + n
            best = -1
            for e in range(len(enemy_x)):
                if not taken[e] and (best < 0 or d[e] < d[best] or (d[e] == d[best] and enemy_slot[e] < enemy_slot[best])):
                    best = e
            if best < 0:
                ends[r, 0], ends[r, 1] = x[k], y[k]
                real[r] = False
                continue
            taken[best] = True
            go = min(reach[k], d[best])
            if d[best] > 0:
                ends[r, 0] = x[k] + go * ((enemy_x[best] - x[k]) / d[best])
                ends[r, 1] = y[k] + go * ((enemy_y[best] - y[k]) / d[best])
            else:
                ends[r, 0], ends[r, 1] = x[k], y[k]
    for r in range(m * per):
        ends[r, 0] = min(max(ends[r, 0], 0.0), size)
        ends[r, 1] = min(max(ends[r, 1], 0.0), size)
    return ends, real


@njit(cache=True)
def judge_menu(movers, where, enemies, unit, targets, table, size, ring, standing_room, tolerance, direct, boxes,
               normals, offsets, count, sure):
    """The research menu's moves of ``movers`` judged in one call: where each goes
    (:func:`menu_points`, with ``movers``, ``enemies``, ``unit``, ``targets`` and ``size`` as
    there), then the path check of each (:func:`straight_moves`, the other arguments as there;
    ``where`` is each mover's row of ``table``).  Returns the points, which of them are real,
    each row's row of ``table``, :func:`straight_moves`' four answers, and whether any move is
    short and whether any is near an obstacle."""
    ends, real = menu_points(movers, enemies, unit, targets, size)
    per = 2 * len(unit) + targets
    me = np.empty(len(ends), dtype=np.intp)
    allowance = np.empty(len(ends))
    for r in range(len(ends)):
        me[r] = where[r // per]
        allowance[r] = movers[r // per, 2]
    ok, short, near, stops = straight_moves(table, me, ends, allowance, size, ring, standing_room, tolerance,
                                            direct, boxes, normals, offsets, count, sure)
    return ends, real, me, ok, short, near, stops, short.any(), near.any()


@njit(cache=True)
def kniggit_blocks(rows, seat, slots, size, ring, out):
    """Fill the research observation's kniggit blocks (:mod:`.encoding`): ``rows`` has a row per
    kniggit, its block's 16 entries with x and y in inches and tokens as counts, then its seat,
    whether it is on the table (1 or 0) and its slot.  Mine go first, slot by slot, then the
    enemy's; x and y become shares of the table, tokens shares of 20, and entry 13 says whether an
    enemy on the table stands within ``ring``."""
    n = rows.shape[0]
    for i in range(n):
        slot = int(rows[i, 18])
        if slot > slots:
            continue
        engaged = False
        if rows[i, 17] > 0:
            for j in range(n):
                if rows[j, 17] > 0 and rows[j, 16] != rows[i, 16] and abs(rows[i, 3] - rows[j, 3]) <= ring \
                        and abs(rows[i, 4] - rows[j, 4]) <= ring \
                        and _dist((rows[i, 3], rows[i, 4]), (rows[j, 3], rows[j, 4])) <= ring:
                    engaged = True
                    break
        b = 16 * ((0 if rows[i, 16] == seat else slots) + slot - 1)
        for f in range(16):
            out[b + f] = rows[i, f]
        out[b + 3] = min(1.0, max(0.0, rows[i, 3] / size))
        out[b + 4] = min(1.0, max(0.0, rows[i, 4] / size))
        for f in range(5, 8):
            out[b + f] = min(1.0, rows[i, f] / 20)
        out[b + 13] = 1.0 if engaged else 0.0
