"""The ``heuristic`` Tactics bot in the compiled battles: the same choices as
:class:`.heuristic.HeuristicBot`, decision for decision, over the arrays, with every option: full
attacks (gone on with once begun), punches (their nonlethal damage worth half), and with cover the
squares it shoots from (:func:`clear_shot`, and a caster's moves weigh the cover its target would
have).

Its scores are the bot's own arithmetic in the same order (floating point included): an attack's
chance to hit (:func:`.mechanics.d20_result` over the twenty faces) times its mean damage, the same
weights for focus fire, throwing, provoking and casting in combat, and the same keys for the
squares it moves to, over every square's least-provoking route (:func:`all_routes`, the whole
answer of :func:`.paths.routes`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...sim.kernel import counting
from . import data as D
from . import batch_attacks as A
from . import batch_rules as R
from .batch_rules import borrowing
from . import batch_spells as SP
from .batch_game import (S_ACTSTD, S_MOVED, S_ORDER, S_POS, V_AOO, V_ATTACK, V_CAST, V_DRAW, V_END, V_FULL, V_HAM,
                         V_HEAL, V_HIDE, V_MOVE, V_PUNCH, V_SHOOT, V_STAND, V_THROW, V_TWO)
from .batch_tables import (AMMO, CLS, DEAD, HIDDEN, HP, ISWEAPON, MAIN, MAXHP, MELEE, NATT, O_COVER, O_HEIGHT, O_UNITS,
                           OFF, PRONE, RANGED, SHEATH, SNEAK, SP_CONST, SP_COUNT, SP_RANGE, SP_SIDES, SP_TARGET, THROWN,
                           X, Y)
from .batch_rules import (K_AOO, K_HAMSTRING, K_MAIN, K_MAIN_TW, K_OFF_TW, K_RAY, K_SHOOT, K_THROW, K_TOUCH, K_UNARMED,
                          NO_ROUTE)

WIZARD = 2  # batch_tables.CLS: the index in data.CLASSES
CURES = (9, 8, 7)  # cure_serious, cure_moderate, cure_light in batch_tables.SPELL_KEYS
FIREBALL = 6
REACH = D.SPELLS["scorching_ray"].range  # heuristic._REACH
SAFE_DISTANCE = 20  # heuristic._SAFE_DISTANCE


@borrowing
def all_routes(U, P, IT, O, ONE, TWO, i, barred, ends, RS, best_p, best_u):
    """paths.routes: for every square number, the provocations and squares walked of its route
    (``NO_ROUTE`` where there is none): the route search of :func:`.batch_rules.search`."""
    R.search(U, P, IT, O, ONE, TWO, i, -1, barred, ends, RS, best_p, best_u)


@borrowing
def mean(count, sides, const):
    """mechanics.mean_damage of ``count``d``sides`` + ``const``."""
    return count * (sides + 1) / 2.0 + const


@borrowing
def hit_chance(bonus, ac, crit_lo):
    """mechanics.hit_chance as a float: the faces of the d20 that hit, over twenty."""
    k = 0
    for r in range(1, D.D20 + 1):
        if R.d20_result(r, bonus, ac, crit_lo) != "miss":
            k += 1
    return k / D.D20


@borrowing
def hit_value(U, P, IT, O, FL, SPT, a, t, kind, unseen, spell, it=0):
    """heuristic._hit_value of an attack profile (``it``: which attack of a full attack)."""
    bonus, ac, crit_lo, mult, count, sides, const, sneak = A.profile(U, P, IT, O, FL, SPT, a, t, kind, unseen, spell,
                                                                     it)
    return hit_chance(bonus, ac, crit_lo) * (mean(count, sides, const) + mean(sneak, D.SNEAK_DIE, 0))


@borrowing
def expected(U, P, IT, O, FL, SPT, i, verb, a, b):
    """HeuristicBot.expected: the expected damage of an attack decision (0 for any other)."""
    hidden = U[i, HIDDEN] == 1
    if verb == V_ATTACK:
        kind = K_MAIN if R.melee_weapon(U, IT, i) == U[i, MAIN] else K_AOO
        return hit_value(U, P, IT, O, FL, SPT, i, a, kind, hidden, 0)
    if verb == V_SHOOT or verb == V_THROW or verb == V_HAM:
        kind = K_SHOOT if verb == V_SHOOT else K_THROW if verb == V_THROW else K_HAMSTRING
        return hit_value(U, P, IT, O, FL, SPT, i, a, kind, hidden, 0)
    if verb == V_TWO:
        return (hit_value(U, P, IT, O, FL, SPT, i, a, K_MAIN_TW, hidden, 0)
                + hit_value(U, P, IT, O, FL, SPT, i, a, K_OFF_TW, hidden, 0))
    if verb == V_FULL:  # every attack of the full attack in the order of its steps, each at its own bonus
        two = A.wields_two(U, IT, i)
        total = hit_value(U, P, IT, O, FL, SPT, i, a, K_OFF_TW, False, 0) if two else 0.0
        for k in range(P[i, NATT] - 1, -1, -1):
            total += hit_value(U, P, IT, O, FL, SPT, i, a, K_MAIN_TW if two else K_MAIN, hidden and k == 0, 0, k)
        return total
    if verb == V_PUNCH:  # nonlethal damage only knocks out: worth half as much (sneak attack left out)
        bonus, ac, crit_lo, _, count, sides, const, _ = A.profile(U, P, IT, O, FL, SPT, i, a, K_UNARMED, hidden, 0, 0)
        return 0.5 * hit_chance(bonus, ac, crit_lo) * mean(count, sides, const)
    if verb == V_CAST and b >= 0:
        target = SPT[a, SP_TARGET]
        m = mean(SPT[a, SP_COUNT], SPT[a, SP_SIDES], SPT[a, SP_CONST])
        if target == SP.T_ENEMY:
            return m
        if target == SP.T_RAY or target == SP.T_TOUCH:
            bonus, ac, crit_lo, _, _, _, _, _ = A.profile(U, P, IT, O, FL, SPT, i, b, K_RAY if target == SP.T_RAY
                                                          else K_TOUCH, hidden, a, 0)
            v = hit_chance(bonus, ac, crit_lo) * m
            return v if target == SP.T_RAY else v * 0.8
    return 0.0


@borrowing
def _find(L, n, verb, a, b):
    """The row of a decision in the legal list, or -1."""
    for k in range(n):
        if L[k, 0] == verb and L[k, 1] == a and L[k, 2] == b:
            return k
    return -1


@borrowing
def _foes(U, P, O, i, out):
    k = 0
    for j in range(O[O_UNITS]):
        if R.is_enemy(P, i, j) and U[j, DEAD] == 0 and R.conscious(U, j):
            out[k] = j
            k += 1
    return k


@borrowing
def _min_distance(U, foes, nf, x, y):
    near = NO_ROUTE
    for m in range(nf):
        d = R.distance_feet((x, y), R.pos(U, foes[m]))
        if d < near:
            near = d
    return near


@borrowing
def _adjacent_to_foe(U, foes, nf, x, y):
    for m in range(nf):
        if R.adjacent((x, y), R.pos(U, foes[m])):
            return True
    return False


@borrowing
def _less(a, b, n):
    """Key ``a`` before key ``b`` (their first ``n`` entries, in order)."""
    for k in range(n):
        if a[k] != b[k]:
            return a[k] < b[k]
    return False


@njit(cache=True)
def retreat(U, P, IT, O, i, foes, nf, best_p, best_u):
    """HeuristicBot.retreat: a square out of every enemy's reach provoking no more attacks than
    casting here would (its number, or -1)."""
    h = O[O_HEIGHT]
    threats = 0
    for m in range(nf):
        if R.makes_aoo(U, P, IT, O, foes[m]) and R.near(U, i, foes[m]):
            threats += 1
    best = -1
    key = np.empty(4, np.int64)
    top = np.empty(4, np.int64)
    for n in range(best_u.shape[0]):
        if best_u[n] == NO_ROUTE or best_p[n] > threats:
            continue
        x, y = n // h, n % h
        if _adjacent_to_foe(U, foes, nf, x, y):
            continue
        near = _min_distance(U, foes, nf, x, y) if nf else 0
        key[0], key[1], key[2], key[3] = best_p[n], -min(near, REACH), best_u[n], n
        if best < 0 or _less(key, top, 4):
            best = n
            top[:] = key
    return best


@borrowing
def shot_penalty(U, O, i, x, y, t):
    """HeuristicBot.shot_penalty: the cover ``t`` would have against a shot from square (x, y)."""
    x0, y0 = U[i, X], U[i, Y]
    U[i, X], U[i, Y] = x, y
    v = A.cover_ac(U, O, i, t, True)
    U[i, X], U[i, Y] = x0, y0
    return v


@borrowing
def clear_shot(U, IT, O, SPT, i, verb, a, b, foes, nf, best_p, best_u):
    """HeuristicBot.clear_shot (option cover): for a shot or ray that meets cover, the nearest square
    (then the first) reached without provoking, next to no enemy, in range and with no cover: its
    number, or -1."""
    if O[O_COVER] == 0:
        return -1
    if verb == V_SHOOT:
        j, limit = a, IT[U[i, MAIN], RANGED] * D.MAX_INCREMENTS_PROJECTILE
    elif verb == V_CAST and b >= 0 and SPT[a, SP_TARGET] == SP.T_RAY:
        j, limit = b, SPT[a, SP_RANGE]
    else:
        return -1
    if shot_penalty(U, O, i, U[i, X], U[i, Y], j) == 0:
        return -1
    h = O[O_HEIGHT]
    best = -1
    for n in range(best_u.shape[0]):
        if best_u[n] == NO_ROUTE or best_p[n] != 0 or (best >= 0 and best_u[n] >= best_u[best]):
            continue
        x, y = n // h, n % h
        if _adjacent_to_foe(U, foes, nf, x, y) or R.distance_feet((x, y), R.pos(U, j)) > limit:
            continue
        if A.in_line(O, n, R.square(U, O, j)) and shot_penalty(U, O, i, x, y, j) == 0:
            best = n
    return best


@njit(cache=True)
def pick_move(U, P, IT, O, FL, S, i, foes, nf, best_p, best_u):
    """HeuristicBot.pick_move: the square to move to, or -1."""
    h = O[O_HEIGHT]
    any_route = False
    for n in range(best_u.shape[0]):
        if best_u[n] != NO_ROUTE:
            any_route = True
    if not any_route:
        return -1
    wizard = P[i, CLS] == WIZARD
    if R.in_combat(U, P, O, i, -1) and not wizard:
        return -1
    caster = wizard or (U[i, MAIN] != 0 and IT[U[i, MAIN], MELEE] == 0 and U[i, AMMO] > 0)
    target = foes[0]
    for m in range(1, nf):
        j = foes[m]
        dj = R.distance_feet(R.pos(U, i), R.pos(U, j))
        dt = R.distance_feet(R.pos(U, i), R.pos(U, target))
        if U[j, HP] < U[target, HP] or (U[j, HP] == U[target, HP] and dj < dt):
            target = j
    best = -1
    key = np.empty(7, np.int64)
    top = np.empty(7, np.int64)
    x0, y0 = U[i, X], U[i, Y]
    for n in range(best_u.shape[0]):
        if best_u[n] == NO_ROUTE:
            continue
        x, y = n // h, n % h
        provokes, feet = best_p[n], best_u[n] * R.SQ
        if caster:
            if _adjacent_to_foe(U, foes, nf, x, y):
                continue
            near = _min_distance(U, foes, nf, x, y)
            reach = R.distance_feet((x, y), R.pos(U, target))
            key[0], key[1], key[3] = provokes, 0 if reach <= REACH else 1, -min(near, SAFE_DISTANCE)
            key[2] = shot_penalty(U, O, i, x, y, target)
            key[4], key[5], key[6] = reach, feet, n
        else:
            t = -1
            for m in range(nf):
                j = foes[m]
                if R.adjacent((x, y), R.pos(U, j)) and (t < 0 or U[j, HP] < U[t, HP]):
                    t = j
            if t >= 0:
                flank = False
                for b in range(O[O_UNITS]):
                    if b != i and not R.is_enemy(P, i, b) and U[b, DEAD] == 0 and R.conscious(U, b) and R.near(U, b, t):
                        U[i, X], U[i, Y] = x, y
                        flank = R.is_flanked(U, P, O, FL, i, t)
                        U[i, X], U[i, Y] = x0, y0
                        break
                key[0], key[1], key[2], key[3] = provokes > 1, 0, provokes, 0 if flank else 1
                key[4], key[5], key[6] = U[t, HP], feet, n
            else:
                reach = _min_distance(U, foes, nf, x, y)
                key[0], key[1], key[2], key[3], key[4], key[5], key[6] = provokes > 1, 1, provokes, reach, feet, n, 0
        if best < 0 or _less(key, top, 7):
            best = n
            top[:] = key
    if caster and best >= 0 and not R.in_combat(U, P, O, i, -1):
        if R.distance_feet(R.pos(U, i), R.pos(U, target)) <= REACH and S[S_ACTSTD] == 0:
            return -1
    if best < 0:
        return -1
    if best_p[best] > 1 and not caster:
        return -1
    return best


@borrowing
def fireball_value(U, P, O, BURST, i, centre):
    value = 0.0
    for j in range(O[O_UNITS]):
        if U[j, DEAD] == 1 or BURST[centre, R.square(U, O, j)] == 0:
            continue
        if not R.is_enemy(P, i, j):
            return -1.0
        if R.conscious(U, j):
            value += 1
    return value


@counting  # counted even when called from the uncounted fast loop (batch._play_fast)
def choose(U, P, IT, O, FL, SPT, BURST, ONE, TWO, S, L, n, i, scratch, RS, best_p, best_u, foes):
    """HeuristicBot.choose: the row of ``L`` (the legal decisions of character ``i``'s side) it picks."""
    if L[0, 0] == V_AOO or L[0, 0] == V_FULL:  # an attack of opportunity; a full attack once begun goes on
        return 0
    h = O[O_HEIGHT]
    nf = _foes(U, P, O, i, foes)
    in_combat = R.in_combat(U, P, O, i, -1)
    routes_known = False
    if S[S_ACTSTD] == 0:
        # heal the fallen, the lowest hit points first (allies in order among equals)
        done = np.zeros(O[O_UNITS], np.int64)
        while True:
            j = -1
            for m in range(O[O_UNITS]):
                if (m != i and not R.is_enemy(P, i, m) and U[m, DEAD] == 0 and R.down(U, m) and done[m] == 0
                        and (j < 0 or U[m, HP] < U[j, HP])):
                    j = m
            if j < 0:
                break
            done[j] = 1
            for spell in CURES:
                k = _find(L, n, V_CAST, spell, j)
                if k >= 0:
                    return k
            k = _find(L, n, V_HEAL, j, 0)
            if k >= 0 and not in_combat:
                return k
        if U[i, PRONE] == 1:
            k = _find(L, n, V_STAND, 0, 0)
            if k >= 0:
                return k
        # a badly hurt friend (or self) next to a cleric
        for spell in CURES:
            for m in range(-1, O[O_UNITS]):
                j = i if m < 0 else m
                if m >= 0 and (j == i or R.is_enemy(P, i, j) or U[j, DEAD] == 1):
                    continue
                if R.conscious(U, j) and U[j, HP] * 3 < P[j, MAXHP]:
                    k = _find(L, n, V_CAST, spell, j)
                    if k >= 0:
                        return k
        caster = P[i, CLS] == WIZARD
        if caster and in_combat and S[S_MOVED] == 0:
            all_routes(U, P, IT, O, ONE, TWO, i, scratch[0], scratch[1], RS, best_p, best_u)
            routes_known = True
            sq = retreat(U, P, IT, O, i, foes, nf, best_p, best_u)
            if sq >= 0:
                return _find(L, n, V_MOVE, sq // h, sq % h)
        best, best_value = -1, 0.0
        fb_mean = mean(SPT[FIREBALL, SP_COUNT], SPT[FIREBALL, SP_SIDES], SPT[FIREBALL, SP_CONST])
        for k in range(n):
            verb, a, b = L[k, 0], L[k, 1], L[k, 2]
            if verb == V_CAST and a == FIREBALL:
                v = fireball_value(U, P, O, BURST, i, b)
                if v >= 2 and v * fb_mean > best_value:
                    best, best_value = k, v * fb_mean
                continue
            if verb == V_MOVE or verb == V_END or verb == V_STAND or verb == V_DRAW or verb == V_HIDE:
                continue
            if verb == V_CAST and b < 0:
                continue
            v = expected(U, P, IT, O, FL, SPT, i, verb, a, b)
            if v <= 0:
                continue
            j = b if verb == V_CAST else a
            if not R.conscious(U, j):
                v *= 0.3
            else:
                v *= 1 + 1.0 / max(1, U[j, HP])
            if verb == V_THROW:
                off, sheath, main = U[i, OFF], U[i, SHEATH], U[i, MAIN]
                spare = IT[off, ISWEAPON] == 1 or (IT[sheath, ISWEAPON] == 1 and IT[sheath, MELEE] == 1)
                made_for_it = IT[main, THROWN] > 0
                if caster and not made_for_it:
                    v *= 0.5
                elif not (spare and made_for_it) and not caster:
                    continue
                else:
                    v *= 0.5
            if verb == V_CAST and not caster:
                v *= 1.0
            if verb != V_ATTACK and verb != V_TWO and verb != V_FULL and verb != V_PUNCH and verb != V_CAST \
                    and in_combat:
                v *= 0.6
            if verb == V_PUNCH and A.strikes_back(U, P, IT, O, a, i):
                v *= 0.6
            if verb == V_CAST and in_combat:
                v *= 0.7
            if v > best_value:
                best, best_value = k, v
        if best >= 0 and S[S_MOVED] == 0 and O[O_COVER] == 1:
            if not routes_known:
                all_routes(U, P, IT, O, ONE, TWO, i, scratch[0], scratch[1], RS, best_p, best_u)
                routes_known = True
            sq = clear_shot(U, IT, O, SPT, i, L[best, 0], L[best, 1], L[best, 2], foes, nf, best_p, best_u)
            if sq >= 0:
                return _find(L, n, V_MOVE, sq // h, sq % h)
        if best >= 0:
            verb = L[best, 0]
            if caster or verb == V_ATTACK or verb == V_TWO or verb == V_FULL or verb == V_PUNCH or verb == V_SHOOT \
                    or verb == V_CAST or S[S_MOVED] == 1 or nf == 0:
                return best
        k = _find(L, n, V_DRAW, 0, 0)
        if k >= 0 and U[i, MAIN] == 0:
            return k
        if S[S_MOVED] == 1 and P[i, SNEAK] > 0:
            k2 = _find(L, n, V_HIDE, 0, 0)
            if k2 >= 0:
                return k2
        if k >= 0 and U[i, MAIN] != 0 and IT[U[i, MAIN], MELEE] == 0 and U[i, AMMO] == 0:
            return k
    if S[S_MOVED] == 0 and nf > 0:
        if not routes_known:
            all_routes(U, P, IT, O, ONE, TWO, i, scratch[0], scratch[1], RS, best_p, best_u)
        sq = pick_move(U, P, IT, O, FL, S, i, foes, nf, best_p, best_u)
        if sq >= 0:
            return _find(L, n, V_MOVE, sq // h, sq % h)
    return _find(L, n, V_END, 0, 0)
