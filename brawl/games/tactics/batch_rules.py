"""The Tactics rules the compiled games read, over arrays: who stands where, who threatens, flanking,
speed, the legal squares and the route of a move, and the numbers of an attack.

Every formula is the rules package's own function compiled with Numba (:func:`jit_of`: the same
code object, its calls to other rule functions bound to their compiled forms); every table comes
from :mod:`.batch_tables`.  What is written here is the walk over the arrays, step for step as the
engine's modules do it (:mod:`.movement`, :mod:`.paths`; an attack's numbers are in
:mod:`.batch_attacks`); the agreement test (``tests/games/tactics/test_batch_agrees.py``) checks that decision by decision.
"""

from __future__ import annotations

import types

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros  # the lowest bit set (LLVM's cttz)

from ...sim.kernel import borrowing  # noqa: F401  (the battles' small functions: see there)
from . import data as D
from . import grid as GR
from . import mechanics as M
from .batch_tables import (ACTED, DEAD, FLAT, HAMSTRUNG, HASTE, HP, ISWEAPON, MAIN, MELEE, NONLETHAL, O_AWARE,
                           O_HEIGHT, O_UNITS, O_WIDTH, OFF, PRONE, RANGED, SIDE, SPEED, THROWN, X, Y)


def jit_of(fn, **bound):
    """``fn`` of the rules package compiled as it stands; ``bound`` names the rule functions it calls,
    given as their compiled forms (the code object is the same, only its global names are bound)."""
    if bound:
        scope = dict(fn.__globals__)
        scope.update(bound)
        fn = types.FunctionType(fn.__code__, scope, fn.__name__, fn.__defaults__, fn.__closure__)
    return njit(cache=True)(fn)


d20_result = jit_of(M.d20_result)
check_passes = jit_of(M.check_passes)
save_result = jit_of(M.save_result, check_passes=check_passes)
trip_dc = jit_of(M.trip_dc)
range_penalty = jit_of(M.range_penalty)
strength_to_damage = jit_of(M.strength_to_damage)
hamstrung_speed = jit_of(M.hamstrung_speed)
is_dead = jit_of(M.is_dead)
is_up = jit_of(M.is_up)
bleeding = jit_of(M.bleeding)
base_armor_class = jit_of(M.base_armor_class)
adjacent = jit_of(GR.adjacent)
distance_feet = jit_of(GR.distance_feet)

#: attack kinds (the engine's names in ``KIND_NAMES``)
K_MAIN, K_MAIN_TW, K_OFF_TW, K_AOO, K_TRIP, K_HAMSTRING, K_SHOOT, K_THROW, K_TOUCH, K_RAY, K_UNARMED = range(11)
KIND_NAMES = ("main", "main_tw", "off_tw", "aoo", "trip", "hamstring", "shoot", "throw", "touch", "ray", "unarmed")
SQ = GR.SQUARE_FEET
NO_ROUTE = 1 << 30


@borrowing
def pos(U, i):
    return (U[i, X], U[i, Y])


@borrowing
def conscious(U, i):
    """state.Unit.conscious: alive, 1 or more hit points and no more nonlethal damage than them."""
    return U[i, DEAD] == 0 and is_up(U[i, HP]) and U[i, NONLETHAL] <= U[i, HP]


@borrowing
def down(U, i):
    return U[i, DEAD] == 0 and not conscious(U, i)


@borrowing
def knocked_out(U, i):
    """state.Unit.knocked_out: more nonlethal damage than hit points (option unarmed_strikes)."""
    return U[i, DEAD] == 0 and is_up(U[i, HP]) and U[i, NONLETHAL] > U[i, HP]


@borrowing
def staggered(U, i):
    """state.Unit.staggered: as much nonlethal damage as hit points (option unarmed_strikes)."""
    return U[i, DEAD] == 0 and is_up(U[i, HP]) and U[i, NONLETHAL] == U[i, HP]


@borrowing
def near(U, i, j):
    return adjacent(pos(U, i), pos(U, j))


@borrowing
def is_enemy(P, i, j):
    return P[i, SIDE] != P[j, SIDE]


@borrowing
def melee_weapon(U, IT, i):
    """movement.melee_weapon: the main-hand melee weapon, else a weapon in the off hand, else 0."""
    if U[i, MAIN] != 0 and IT[U[i, MAIN], MELEE] == 1:
        return U[i, MAIN]
    if IT[U[i, OFF], ISWEAPON] == 1:
        return U[i, OFF]
    return 0


@borrowing
def can_threaten(U, IT, i):
    """movement.can_threaten: conscious with a melee weapon in hand."""
    return conscious(U, i) and melee_weapon(U, IT, i) != 0


@borrowing
def makes_aoo(U, P, IT, O, i):
    """movement.makes_aoo: whoever threatens; in a battle with a surprise round, not while flat-footed."""
    return can_threaten(U, IT, i) and (O[O_AWARE] < 0 or not flat_footed(U, P, i))


@borrowing
def in_combat(U, P, O, i, ignoring):
    for j in range(O[O_UNITS]):
        if is_enemy(P, i, j) and U[j, DEAD] == 0 and j != ignoring and conscious(U, j) and near(U, i, j):
            return True
    return False


@borrowing
def is_flanked(U, P, O, FL, a, t):
    if down(U, t):
        return True
    if not near(U, a, t):
        return False
    for b in range(O[O_UNITS]):
        if b == a or is_enemy(P, a, b) or U[b, DEAD] == 1 or not conscious(U, b):
            continue
        if near(U, b, t):
            da = (U[a, X] - U[t, X] + 1) * 3 + U[a, Y] - U[t, Y] + 1
            db = (U[b, X] - U[t, X] + 1) * 3 + U[b, Y] - U[t, Y] + 1
            if FL[da, db]:
                return True
    return False


@borrowing
def flat_footed(U, P, i):
    """saves.flat_footed: no turn yet, and flat-footed until then (the sheet's ``FLAT``)."""
    return U[i, ACTED] == 0 and P[i, FLAT] == 1


@borrowing
def speed(U, P, i):
    if U[i, PRONE] == 1:
        return D.PRONE_SPEED
    feet = P[i, SPEED] + (D.HASTE_FEET if U[i, HASTE] == 1 else 0)
    if U[i, HAMSTRUNG] == 1:
        feet = hamstrung_speed(feet)
    return feet


@borrowing
def square(U, O, i):
    return U[i, X] * O[O_HEIGHT] + U[i, Y]


@borrowing
def provokers(U, P, IT, O, mover):
    """movement.provoke_watchers: enemies that make attacks of opportunity and are in combat with
    nobody but the mover; a bit mask of their indices."""
    bits = 0
    for j in range(O[O_UNITS]):
        if is_enemy(P, mover, j) and U[j, DEAD] == 0 and makes_aoo(U, P, IT, O, j) and not in_combat(U, P, O, j, mover):
            bits |= 1 << j
    return bits


@borrowing
def provoke_watchers(U, P, IT, O, mover, out):
    """:func:`provokers`: their indices in ``out``, ascending, the count returned."""
    bits = provokers(U, P, IT, O, mover)
    k = 0
    for j in range(O[O_UNITS]):
        if bits >> j & 1:
            out[k] = j
            k += 1
    return k


@borrowing
def _ground(U, P, O, i, barred, ends):
    """movement._ground: squares barred (conscious enemies') and not to end in (everyone else's)."""
    barred[:] = 0
    ends[:] = 0
    for j in range(O[O_UNITS]):
        if j == i or U[j, DEAD] == 1:
            continue
        ends[square(U, O, j)] = 1
        if is_enemy(P, i, j) and conscious(U, j):
            barred[square(U, O, j)] = 1
    ends[square(U, O, i)] = 1


@borrowing
def _jumps(ONE, TWO, J):
    """paths.WalkTable.jumps into ``J`` (a row of ints), once: ``J[0]`` the places it was made for,
    ``J[1]`` the count, then for each (shift, cost) the places that step may be taken from, as
    words of 64 bits (``J[2 + k * (2 + words)]``: shift, cost, the words)."""
    places = ONE.shape[0]
    if J[0] == places:
        return
    words = (places + 63) >> 6
    width = 2 + words
    nj = 0
    for key in range(places):
        for cost in (1, 2):
            for d in range(8):
                nk = ONE[key, d] if cost == 1 else TWO[key, d]
                if nk < 0:
                    break
                at = 2
                while at < 2 + nj * width and (J[at] != nk - key or J[at + 1] != cost):
                    at += width
                if at == 2 + nj * width:
                    nj += 1
                    J[at], J[at + 1] = nk - key, cost
                    J[at + 2:at + width] = 0
                J[at + 2 + (key >> 6)] |= np.int64(1) << (key & 63)
    J[1] = nj
    J[0] = places


@borrowing
def reachable(U, P, O, ONE, TWO, i, barred, ends, work, out):
    """paths.reachable: the squares (numbers, ascending) some walk within the speed ends in, the
    walk run for every place at once, one bit per place (:func:`_jumps`, in ``work``'s last row):
    the places first reached after each number of squares, a step of one square and of two from
    those.  ``work``: row 0 the places reached after ``u`` squares (words ``u * words`` on), row 1
    the places that may be entered, those seen and the step's."""
    _ground(U, P, O, i, barred, ends)
    budget = speed(U, P, i) // SQ
    places = ONE.shape[0]
    J = work[work.shape[0] - 1]
    _jumps(ONE, TWO, J)
    words = (places + 63) >> 6
    width = 2 + words
    first, row = work[0], work[1]  # row: enterable, seen, here
    first[:(budget + 1) * words] = 0
    for w in range(words):
        left = places - 64 * w
        row[w] = -1 if left >= 64 else (np.int64(1) << left) - 1
        row[words + w] = 0
    for j in range(O[O_UNITS]):  # the barred squares are characters'
        if j != i and U[j, DEAD] == 0 and barred[square(U, O, j)] == 1:
            key = 2 * square(U, O, j)
            row[key >> 6] &= ~(np.int64(3) << (key & 63))
    origin = square(U, O, i) * 2
    first[origin >> 6] |= np.int64(1) << (origin & 63)
    for used in range(budget + 1):
        some = 0
        for w in range(words):
            h = first[used * words + w] & ~row[words + w]
            row[2 * words + w] = h
            row[words + w] |= h
            some |= h
        if some == 0:
            continue
        for k in range(J[1]):
            at = 2 + k * width
            shift, cost = J[at], J[at + 1]
            if used + cost > budget:
                continue
            dest = (used + cost) * words
            for w in range(words):
                lo = np.uint64(row[2 * words + w] & J[at + 2 + w])
                if lo == 0:
                    continue
                if shift > 0:  # into word w and the one above
                    first[dest + w] |= np.int64(lo << np.uint64(shift)) & row[w]
                    if w + 1 < words:
                        first[dest + w + 1] |= np.int64(lo >> np.uint64(64 - shift)) & row[w + 1]
                else:
                    first[dest + w] |= np.int64(lo >> np.uint64(-shift)) & row[w]
                    if w > 0:
                        first[dest + w - 1] |= np.int64(lo << np.uint64(64 + shift)) & row[w - 1]
    k = 0
    for w in range(words):  # the squares seen, ascending: a square's two places are bits 2n and 2n + 1
        v = row[words + w]
        v = (v | (v >> 1)) & np.int64(0x5555555555555555)  # either place seen: bit 2n
        while v != 0:
            n = 32 * w + (trailing_zeros(v) >> 1)
            v &= v - 1
            if ends[n] == 0:
                out[k] = n
                k += 1
    return k


@borrowing
def _popcount(v):
    c = 0
    while v:
        v &= v - 1
        c += 1
    return c


@borrowing
def search(U, P, IT, O, ONE, TWO, i, goal, barred, ends, R, best_p, best_u):
    """The route search of :mod:`.paths`, layer by layer over the squares walked, once for both its
    uses: with ``goal`` >= 0, paths.route_to (the route to square ``goal``: the fewest attacks of
    opportunity, then the fewest squares; returns (layer, place key) of its end, its parents in
    ``R[2]``, (-1, -1) for none); with ``goal`` < 0, paths.routes (for every square some route may
    end in, its provocations and squares walked in ``best_p``, ``best_u``, ``NO_ROUTE`` where there
    is none).  ``R``: scratch, (6, layers, places) int64, zeros at first: rows 0 to 4 the layers
    (in the layer, provocations, parent, the places in the order reached, their count in column
    0 of row 4, and from column 1 the layer's places as bits, so a layer is walked in the order of its
    places without reading every place), row 5 the walk's own (closed places, the watchers' squares,
    the watchers, this search's mark, each square's distance to the goal).  A place is in a layer, or closed, when it
    holds this search's mark, so nothing is cleared between searches.  With a goal, a place too far
    from it for the squares left is not walked on from: whatever it leads to is as far, so the
    places that do reach the goal, their order, provocations and parents are the same.  Without
    a goal, a place is walked on from only where a walk to it provokes fewer attacks than every
    walk to it in the layers before: the same steps from the earlier walk reach every square
    sooner provoking no more, so each square's route (``best_p``, ``best_u``) is the same."""
    _ground(U, P, O, i, barred, ends)
    budget = speed(U, P, i) // SQ
    places = ONE.shape[0]
    inl, prov, parent, order = R[0], R[1], R[2], R[3]
    count = R[4, :, 0]
    closed, zone, watchers = R[5, 0], R[5, 1], R[5, 2]
    mark = R[5, 3, 0] + 1
    R[5, 3, 0] = mark
    nw = provoke_watchers(U, P, IT, O, i, watchers)
    count[:budget + 1] = 0
    bits = R[4]  # with watchers, bits[t, 1 + w]: word w of layer t's places
    if goal < 0:
        best_p[:] = NO_ROUTE
        best_u[:] = NO_ROUTE
    origin = square(U, O, i) * 2
    inl[0, origin] = mark
    prov[0, origin] = 0
    order[0, 0] = origin
    count[0] = 1
    if nw > 0:
        bits[:budget + 1, 1:1 + ((places + 63) >> 6)] = 0
        bits[0, 1 + (origin >> 6)] = np.int64(1) << (origin & 63)
        zone[:places // 2] = 0
        for k in range(nw):
            w = watchers[k]
            for d in range(8):
                dx, dy = GR.NEIGHBOURS[d]
                x, y = U[w, X] + dx, U[w, Y] + dy
                if 0 <= x < O[O_WIDTH] and 0 <= y < O[O_HEIGHT]:
                    zone[x * O[O_HEIGHT] + y] |= 1 << k
    far = R[5, 4]  # with a goal: the fewest squares from each square to it (a step is to a neighbour)
    low = R[5, 5]  # without one: the fewest provocations of a walk to each place in the layers so far
    if goal < 0:
        low[:places] = NO_ROUTE
    gx, gy = goal // O[O_HEIGHT], goal % O[O_HEIGHT]
    if goal >= 0:
        for x in range(O[O_WIDTH]):
            for y in range(O[O_HEIGHT]):
                far[x * O[O_HEIGHT] + y] = max(abs(x - gx), abs(y - gy))
    best_l, best_k, goal_p = -1, -1, NO_ROUTE
    for used in range(budget + 1):
        if nw == 0:  # paths._free_routes: each layer in the order reached, a place walked on once
            for e in range(count[used]):
                key = order[used, e]
                if closed[key] == mark or (barred[key >> 1] == 1 and key != origin):
                    continue
                closed[key] = mark
                n = key >> 1
                if goal >= 0:
                    if n == goal:
                        best_l, best_k = used, key
                        break
                elif best_u[n] == NO_ROUTE and ends[n] == 0:  # the first route found to a square is its route
                    best_p[n], best_u[n] = 0, used
                if goal >= 0 and far[n] > budget - used:
                    continue
                for step in (1, 2):
                    t = used + step
                    if t > budget:
                        break
                    for d in range(8):
                        nk = ONE[key, d] if step == 1 else TWO[key, d]
                        if nk < 0:
                            break
                        if goal >= 0 and far[nk >> 1] > budget - t:
                            continue  # a place no walk on from reaches the goal
                        if closed[nk] != mark and (barred[nk >> 1] == 0 or nk == origin) and inl[t, nk] != mark:
                            inl[t, nk] = mark
                            parent[t, nk] = used * places + key
                            order[t, count[t]] = nk
                            count[t] += 1
            if best_l >= 0:
                break
            continue
        tie = False
        if goal >= 0:  # the goal's two places: the fewer provocations, a tie to the one reached first
            a, b = 2 * goal, 2 * goal + 1
            pa = prov[used, a] if inl[used, a] == mark else NO_ROUTE
            pb = prov[used, b] if inl[used, b] == mark else NO_ROUTE
            tie = pa == pb and pa < goal_p
            if not tie and min(pa, pb) < goal_p:
                goal_p, best_l, best_k = min(pa, pb), used, a if pa < pb else b
        for e in range(count[used] if goal < 0 or tie else 0):
            key = order[used, e]
            n = key >> 1
            if goal >= 0:
                if n == goal and prov[used, key] < goal_p:
                    goal_p, best_l, best_k = prov[used, key], used, key
            elif ends[n] == 0 and prov[used, key] < best_p[n]:
                best_p[n], best_u[n] = prov[used, key], used
        if goal >= 0 and goal_p == 0:
            break
        lo, hi = 0, places
        if goal >= 0:  # the columns near enough to the goal (keys are column first)
            lo = max(0, gx - (budget - used)) * O[O_HEIGHT] * 2
            hi = min(places, (gx + budget - used + 1) * O[O_HEIGHT] * 2)
        for wd in range(lo >> 6, (hi + 63) >> 6):  # the layer's places from lo to hi, ascending
            v = bits[used, 1 + wd]
            while v != 0:
                key = wd * 64 + trailing_zeros(v)
                v &= v - 1
                if key < lo or key >= hi or (goal >= 0 and far[key >> 1] > budget - used):
                    continue  # too far from the goal: nothing it leads to reaches it
                if goal < 0:  # walked on from an earlier layer provoking no more: that walk is as good, sooner
                    if low[key] <= prov[used, key]:
                        continue
                    low[key] = prov[used, key]
                here = zone[key >> 1]
                for step in (1, 2):
                    t = used + step
                    if t > budget:
                        break
                    for d in range(8):
                        nk = ONE[key, d] if step == 1 else TWO[key, d]
                        if nk < 0:
                            break
                        n = nk >> 1
                        if barred[n] or (goal >= 0 and far[n] > budget - t):
                            continue  # barred, or a place no walk on from reaches the goal
                        p = prov[used, key] + _popcount(here ^ zone[n])
                        if inl[t, nk] != mark:
                            inl[t, nk] = mark
                            order[t, count[t]] = nk
                            count[t] += 1
                            bits[t, 1 + (nk >> 6)] |= np.int64(1) << (nk & 63)
                        elif p >= prov[t, nk]:
                            continue
                        prov[t, nk] = p
                        parent[t, nk] = used * places + key
    return best_l, best_k


@borrowing
def route(U, P, IT, O, ONE, TWO, i, goal, barred, ends, R, path):
    """paths.route_to with the mover's watchers: the path (square numbers) of the move to square
    ``goal`` into ``path`` (:func:`search`); returns its length.  ``R``: scratch, (6, layers, places) int64."""
    best_l, best_k = search(U, P, IT, O, ONE, TWO, i, goal, barred, ends, R, barred, barred)
    if best_l < 0:
        return 0
    places = ONE.shape[0]
    k = 0
    layer, key = best_l, best_k
    while True:  # the squares from the end back, then turned round
        path[k] = key >> 1
        k += 1
        if layer == 0:
            break
        back = R[2, layer, key]
        layer, key = back // places, back % places
    for m in range(k // 2):
        path[m], path[k - 1 - m] = path[k - 1 - m], path[m]
    return k


@borrowing
def in_range(U, IT, O, LOE, i, j, shoot):
    """actions.in_range for a shot (``shoot``) or a throw."""
    feet = distance_feet(pos(U, i), pos(U, j))
    w = U[i, MAIN]
    if shoot:
        limit = IT[w, RANGED] * D.MAX_INCREMENTS_PROJECTILE
    else:
        incr = IT[w, THROWN] if IT[w, THROWN] else D.IMPROVISED_THROW_RANGE
        limit = incr * D.MAX_INCREMENTS_THROWN
    return feet <= limit and LOE[square(U, O, i), square(U, O, j)] == 1
