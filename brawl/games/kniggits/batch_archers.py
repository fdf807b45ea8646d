"""Archers in the compiled Kniggits games (:mod:`.batch`; seed, Optional/Advanced Rules: Archers;
rules page, rule 27): range and sight (:meth:`.shooting.Shooting.can_shoot_at`, from the rules' own
:func:`.mechanics.shooting_range` and :func:`.geometry.point_segment_distance`, compiled, and the
kernel's obstacle test of a line), the targets the random bot lists
(:meth:`.shooting.Shooting.targets`), taking aim, the shot among the turn's fights
(:meth:`.fights.Fights._start_fights`) and the heuristic's archer (:meth:`.bots.HeuristicBot.archer_order`).

An archer's aim is ``K[SHOT]`` (the target's column + 1); taking aim turns him to the target
(``K[FACING]``), which he keeps out of combat (:func:`.batch_moves.auto_face`).  The random bot's
listed aim is written ``target + 2 * KIND`` among its decisions (:data:`.batch_advanced.KIND`).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from ...sim.kernel import borrowing, counting
from . import geometry, mechanics
from .batch_advanced import ADV_ARCHERS, KIND, SHOT_FIGHT, can_strike
from .batch_geom import compiled, dist, segment_blocked, table_record
from .batch_heuristic import MOVE_ORDER, NOTHING, PICK_ORDER, flee_need, move_toward, step_away
from .batch_items import heuristic_pick
from .batch_moves import ARCHER, ATTACK, DEFENSE, FIGHTING, GONE, MOVE, MOVED, RANK, SEAT, SHOT, STATUS, engaged
from .geometry import EPS

point_segment_distance = compiled(geometry.point_segment_distance, dist=dist)
shooting_range = compiled(mechanics.shooting_range)
SHOOT_TO = 21  # the log's code of an archer's aim (apart from batch_game's and batch_advanced's codes)
SHOOT_ORDER = 9  # the heuristic's order to aim (beside batch_heuristic's orders)
AIM = 2 * KIND  # a listed aim is written target + AIM
#: the obstacles a line of sight may not cross, as :func:`.batch_geom.segment_blocked` reads them
Sight = namedtuple("Sight", "boxes normals offsets count")


def bows_record(armies, most: int, table) -> tuple:
    """The last fields of ``Rules`` (flat: the parallel games take no records within records): which
    kniggit of each ready-made army is an archer (``armies[p]``: the recruits of each seat,
    :func:`.army.parse_army`), a head's radius (it blocks sight, :attr:`.geometry.Table.figure_radius`)
    and the table's obstacles (:func:`.batch_geom.table_record`)."""
    archers = np.zeros((len(armies), max(most, 1)), np.int64)
    for p, (red, _) in enumerate(armies):
        for j, r in enumerate(red):
            archers[p, j] = r.archer
    g = table_record(table)
    return archers, float(table.figure_radius), g.boxes, g.normals, g.offsets, g.count


@borrowing
def can_shoot_at(o, K, XY, n, k, t):
    """:meth:`.shooting.Shooting.can_shoot_at` is None: ``k`` may shoot at ``t`` now."""
    if o.adv[ADV_ARCHERS] == 0 or K[ARCHER, k] == 0 or not can_strike(K, k, SHOT_FIGHT, True) or K[MOVED, k]:
        return False
    if K[SEAT, t] == K[SEAT, k] or K[STATUS, t] == GONE:
        return False
    ax, ay, bx, by = XY[0, k], XY[1, k], XY[0, t], XY[1, t]
    if dist((ax, ay), (bx, by)) > shooting_range(K[DEFENSE, k], o.scale) + EPS:
        return False
    if segment_blocked(ax, ay, bx, by, Sight(o.sight_boxes, o.sight_normals, o.sight_offsets, o.sight_count)):  # Table.line_of_sight: no obstacle, no other head on the line
        return False
    for f in range(n):
        if f != k and f != t and K[STATUS, f] != GONE \
                and point_segment_distance((XY[0, f], XY[1, f]), (ax, ay), (bx, by)) < o.head_radius - EPS:
            return False
    return True


@borrowing
def aim_choices(o, K, XY, n, i, opts, nf):
    """:meth:`.shooting.Shooting.targets` among the moving phase's listed decisions (after
    :meth:`.decisions.Decisions.combat_choices`): each enemy ``i`` may shoot at, written ``enemy + AIM``."""
    if o.adv[ADV_ARCHERS] == 0 or K[ARCHER, i] == 0 or K[MOVED, i]:
        return nf
    for e in range(n):
        if e != K[SHOT, i] - 1 and can_shoot_at(o, K, XY, n, i, e):
            opts[nf, 0], opts[nf, 1] = i, e + AIM
            nf += 1
    return nf


@borrowing
def shot_fight(o, K, XY, n, i, fights, nfights):
    """:meth:`.fights.Fights._start_fights` for archer ``i``: its declared shot, if it may still
    loose it (range and sight checked again)."""
    t = K[SHOT, i] - 1
    if t >= 0 and can_shoot_at(o, K, XY, n, i, t):
        fights[nfights, 0], fights[nfights, 1] = i, t + KIND * SHOT_FIGHT
        nfights += 1
    return nfights


@counting
def archer_order(K, XY, n, i, o, g, w):
    """:meth:`.bots.HeuristicBot.archer_order`: shoot at the enemy he routs soonest, else step out
    of combat, else keep at the edge of his range from the nearest enemy; as
    :func:`.batch_heuristic.order_for` answers (:data:`SHOOT_ORDER` with the target).  First, as
    :meth:`.bots.HeuristicBot.order_for` does for every kniggit, it picks up a thing in reach
    (:data:`.batch_heuristic.PICK_ORDER`)."""
    seat = K[SEAT, i]
    r = heuristic_pick(K, XY, i, o, w.things)
    if r > 0:
        return PICK_ORDER, r
    if K[MOVED, i] == 0 and K[SHOT, i] == 0:
        best, kb = -1, 0
        for e in range(n):
            if K[SEAT, e] != seat and K[STATUS, e] == FIGHTING and can_shoot_at(o, K, XY, n, i, e):
                ke = flee_need(K[MOVE, e], K[ATTACK, e], K[DEFENSE, e])
                if best < 0 or ke < kb or (ke == kb and K[RANK, e] < K[RANK, best]):
                    best, kb = e, ke
        if best >= 0:
            return SHOOT_ORDER, best
    nearest, near = -1, 0.0
    for e in range(n):
        if K[SEAT, e] != seat and K[STATUS, e] == FIGHTING:
            d = dist((XY[0, i], XY[1, i]), (XY[0, e], XY[1, e]))
            if nearest < 0 or d < near or (d == near and K[RANK, e] < K[RANK, nearest]):
                nearest, near = e, d
    if K[MOVED, i] or K[SHOT, i] or nearest < 0:
        return NOTHING, 0
    ne = engaged(K, XY, n, XY[0, i], XY[1, i], seat, o.ring, w.ens)
    if ne > 0:
        count = step_away(K, XY, n, i, w.ens, ne, o, g, w)
        return (MOVE_ORDER, count) if count else (NOTHING, 0)
    want = max(shooting_range(K[DEFENSE, i], o.scale) - 0.5 * o.scale, o.ring + 2.5 * o.scale)
    if near <= want + 0.5 * o.scale:
        return NOTHING, 0
    ux, uy = (XY[0, nearest] - XY[0, i]) / near, (XY[1, nearest] - XY[1, i]) / near
    count = move_toward(K, XY, n, i, XY[0, nearest] - ux * want, XY[1, nearest] - uy * want, o, g, w)
    return (MOVE_ORDER, count) if count else (NOTHING, 0)
