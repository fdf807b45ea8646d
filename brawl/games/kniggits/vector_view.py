"""What the Kniggits vector environment (:mod:`.vector`) shows a seat, compiled: the research
encoding's observation, mask and menu (:mod:`.encoding`) computed from the kernel's arrays.

The layout is the encoding's own: its action names give every action number (:func:`tables`), its
compiled helpers fill the kniggit blocks (:func:`.fast_moves.kniggit_blocks`) and place the menu's
moves (:func:`.fast_moves.menu_points`, with the encoding's unit steps), and a menu move is legal
when the kernel's path check (:func:`.batch_moves.check_path`, the rules' ``check_path`` compiled)
passes the very point the encoding decodes it to.  Targets are ranked as the encoding ranks them:
the nearest first, ties to the lower slot.  ``tests/rl/test_rl_vector_kniggits.py`` compares all of
it with ``encoding.observe`` and ``encoding.action_mask`` position by position.
"""

from __future__ import annotations

import math
from collections import namedtuple

import numpy as np
from numba import njit, objmode

from .batch_game import NONE
from .batch_geom import clip_sides, dist, inside_obstacle
from .batch_moves import (ATTACK, DEFENSE, FACING, FIGHTING, FLEEING, GONE, MOVE, MOVED, SEAT, STATUS, allowance,
                          check_path, engaged)
from .encoding import MENU_MOVES, PER_KNIGGIT, PHASES, SHIELD_HANDS, SWORD_HANDS, TARGETS, _UNIT
from .fast_moves import kniggit_blocks, menu_points
from .geometry import EPS, SURE
from .mechanics import HEIGHTS
from .rules import SCENARIOS

# where a game stands: the encoding's phases in its order, then the end
ARMY_PHASE, RPS_PHASE, MOVE_PHASE, TURNING_PHASE, FIGHT_PHASE = (PHASES.index(p) for p in ("army", "rps", "move", "turning", "fight"))
OVER_PHASE = len(PHASES)
# a row of ``S`` (one per game): phase, seat on turn, first mover, turns, rock-paper-scissors wins of
# each seat, each seat's army (-1: not chosen), kniggits, seat 0's sealed rock-paper-scissors (-1:
# none), the fight being fought, fights this turn, the next seat to show hands in it (2: both done),
# the hands shown (sword, shield of the attacker's seat then the defender's... by seat: seat 0's two,
# seat 1's two), the winner (-1: a draw), the seat asked (-1: none), decisions asked this episode,
# the game's state for the environment (see :mod:`.vector`)
(PHASE, TO_ACT, FIRST, TURNS, WINS0, WINS1, ARMY0, ARMY1, NK, RPS0, FI, NF, FSEAT, H00, H01, H10, H11, WINNER,
 ASKED, DECIDED, OVER) = range(21)
NS = 21
# what an action number is to the kernel (:func:`tables`)
A_ARMY, A_RPS, A_END_MOVE, A_END_TURNING, A_MENU, A_FACE, A_FIGHT, A_OTHER = range(8)

#: the encoding's numbers, read from its action names (:func:`tables`)
Tabs = namedtuple("Tabs", "kind slot arg army0 rps end_move end_turning first fight unit slots obs_size scenario "
                         "open")


def tables(enc, scenario: str, geom) -> Tabs:
    """Each action number's kind, kniggit slot and argument, and the numbers of each decision, from
    the encoding's own action names; and the table ``geom`` (:class:`.batch_geom.Geom`) without its
    obstacles, for the path check of a menu move (its obstacles are :func:`rules_blocked`'s)."""
    from ..rps.rules import MOVES as RPS_MOVES

    names = enc.actions
    index = {a: i for i, a in enumerate(names)}
    A = len(names)
    kind = np.full(A, A_OTHER, np.int64)
    slot = np.zeros(A, np.int64)
    arg = np.zeros(A, np.int64)
    code = {h: c for c, h in enumerate(HEIGHTS)}
    code["none"] = NONE
    fight = np.full((NONE + 1, NONE + 1), -1, np.int64)
    for i, a in enumerate(names):
        parts = a.split(":")
        verb = parts[0]
        if verb == "army":
            kind[i], arg[i] = A_ARMY, enc.presets.index(parts[1])
        elif a in RPS_MOVES:
            kind[i], arg[i] = A_RPS, RPS_MOVES.index(a)
        elif a == "end_move":
            kind[i] = A_END_MOVE
        elif a == "end_turning":
            kind[i] = A_END_TURNING
        elif verb in ("move", "step", "charge"):
            kind[i], slot[i], arg[i] = A_MENU, int(parts[1]), i - enc._first_move[int(parts[1])]
        elif verb == "face":
            kind[i], slot[i], arg[i] = A_FACE, int(parts[1]), int(parts[2]) - 1
        elif verb == "fight" and parts[1] in code and parts[2] in code:
            kind[i], arg[i] = A_FIGHT, code[parts[1]] * (NONE + 1) + code[parts[2]]
            fight[code[parts[1]], code[parts[2]]] = i
    assert all(h in SWORD_HANDS and h in SHIELD_HANDS for h in code)
    first = np.zeros(enc.slots + 1, np.int64)
    for s in range(1, enc.slots + 1):
        first[s] = enc._first_move[s]
        assert index[f"face:{s}:1"] - first[s] == MENU_MOVES
    return Tabs(kind, slot, arg, index[f"army:{enc.presets[0]}"], np.array([index[m] for m in RPS_MOVES], np.int64),
                index["end_move"], index["end_turning"], first, fight, np.ascontiguousarray(_UNIT), enc.slots,
                enc.observation_size, SCENARIOS.index(scenario),
                geom._replace(boxes=geom.boxes[:0], normals=geom.normals[:0], offsets=geom.offsets[:0],
                              count=geom.count[:0]))


def _rules_blocked(gid: int, ax: float, ay: float, bx: float, by: float) -> bool:
    """The rules' own :meth:`.geometry.Table.segment_blocked` of the game registered as ``gid``."""
    from .batch_heuristic import _GAMES

    return bool(_GAMES[int(gid)][1].table.segment_blocked((ax, ay), (bx, by)))


@njit(cache=True)
def rules_blocked(ax, ay, bx, by, g, gid):
    """:meth:`.geometry.Table.segment_blocked` as the rules answer it: the sure answers of the
    obstacles' sides (:func:`.batch_geom.segment_blocked`'s), and where the line passes within
    :data:`.geometry.SURE` of a wall or corner the rules themselves (Shapely).  A menu's moves run
    along the compass from the armies' places, and meet an obstacle's corner exactly far more often
    than a random move does."""
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
        with objmode(out="boolean"):
            out = _rules_blocked(gid, ax, ay, bx, by)
        return out
    return False


# -- targets and the menu -------------------------------------------------------------------------

@njit(cache=True)
def first_of(K, n, seat):
    """The column of ``seat``'s first kniggit (its slot 1): the first army's come first."""
    for i in range(n):
        if K[SEAT, i] == seat:
            return i
    return n


@njit(cache=True)
def face_targets(K, XY, n, i, o, buf, out):
    """The enemies kniggit ``i`` may be told to face (within the ring, not the one it faces), the
    :data:`.encoding.TARGETS` nearest first, ties to the lower slot, in ``out``; returns how many."""
    ne = engaged(K, XY, n, XY[0, i], XY[1, i], K[SEAT, i], o.ring, buf)
    m = 0
    for a in range(ne):
        if buf[a] != K[FACING, i]:
            out[m] = buf[a]
            m += 1
    kx, ky = XY[0, i], XY[1, i]
    for a in range(1, m):  # a handful: by insertion
        e = out[a]
        de = math.hypot(XY[0, e] - kx, XY[1, e] - ky)
        b = a - 1
        while b >= 0:
            f = out[b]
            df = math.hypot(XY[0, f] - kx, XY[1, f] - ky)
            if df < de or (df == de and f < e):
                break
            out[b + 1] = f
            b -= 1
        out[b + 1] = e
    return min(m, TARGETS)


@njit(cache=True)
def menu_ends(K, XY, n, i, o, t, enemies):
    """Where kniggit ``i``'s :data:`.encoding.MENU_MOVES` menu moves go and which are real (the
    encoding's :func:`.fast_moves.menu_points`; ``enemies`` is scratch for the enemy rows)."""
    seat = K[SEAT, i]
    base = first_of(K, n, 1 - seat)
    m = 0
    for e in range(n):
        if K[SEAT, e] != seat and K[STATUS, e] != GONE:
            enemies[m, 0], enemies[m, 1], enemies[m, 2] = XY[0, e], XY[1, e], e - base + 1
            m += 1
    mover = np.empty((1, 3))
    mover[0, 0], mover[0, 1], mover[0, 2] = XY[0, i], XY[1, i], allowance(K, i, o)
    return menu_points(mover, enemies[:m], t.unit, TARGETS, o.size)


@njit(cache=True)
def hand_counts(K, a, d, seat):
    """How many gestures each hand of ``seat`` may show in the fight of ``a`` against ``d`` (the
    kernel's fights, :func:`.batch_game._fights`: 4 for the three heights and none, 1 for none)."""
    if seat == K[SEAT, a]:
        return 4, (4 if (K[DEFENSE, a] > 0 and K[STATUS, a] != GONE) else 1)
    strikes = K[FACING, d] == a and K[STATUS, d] == FIGHTING and K[ATTACK, d] > 0
    return (4 if strikes else 1), (4 if (K[DEFENSE, d] > 0 and K[STATUS, d] != GONE) else 1)


@njit(cache=True)
def write_mask(K, XY, S, F, seat, o, g, w, t, sc, mask):
    """The encoding's mask for ``seat`` where the game stands; returns how many actions are legal."""
    mask[:] = 0
    ph = S[PHASE]
    n = S[NK]
    if ph == ARMY_PHASE:
        for p in range(o.presets):
            mask[t.army0 + p] = 1
        return o.presets
    if ph == RPS_PHASE:
        for r in range(3):
            mask[t.rps[r]] = 1
        return 3
    if ph == FIGHT_PHASE:
        a, d = F[S[FI], 0], F[S[FI], 1]
        h0, h1 = hand_counts(K, a, d, seat)
        for c0 in range(h0):
            for c1 in range(h1):
                mask[t.fight[c0 if h0 > 1 else NONE, c1 if h1 > 1 else NONE]] = 1
        return h0 * h1
    moving = ph == MOVE_PHASE
    mask[t.end_move if moving else t.end_turning] = 1
    count = 1
    buf, out, enemies = sc[0], sc[1], sc[2]
    base = first_of(K, n, seat)
    for i in range(n):
        if K[SEAT, i] != seat or K[STATUS, i] != FIGHTING:
            continue
        first = t.first[i - base + 1]
        if moving or engaged(K, XY, n, XY[0, i], XY[1, i], seat, o.ring, buf) > 1:
            m = face_targets(K, XY, n, i, o, buf, out)
            for r in range(m):
                mask[first + MENU_MOVES + r] = 1
            count += m
        if moving and K[MOVED, i] == 0:
            ends, real = menu_ends(K, XY, n, i, o, t, enemies)
            for r in range(MENU_MOVES):
                if real[r]:
                    w.pts[0, 0], w.pts[0, 1] = ends[r, 0], ends[r, 1]
                    if check_path(K, XY, n, i, w.pts, 1, o, t.open, w.buf, w.out) > 0 \
                            and not rules_blocked(XY[0, i], XY[1, i], ends[r, 0], ends[r, 1], g, o.game_id):
                        mask[first + r] = 1
                        count += 1
    return count


# -- the observation -------------------------------------------------------------------------------

@njit(cache=True)
def observe(K, XY, S, F, seat, o, t, rows, out):
    """The encoding's ``observe`` of the game for ``seat``.  A seat's own choice is never sealed
    where this environment shows it (it shows the seat asked, or the end), so that entry is 0."""
    out[:] = 0.0
    n = S[NK]
    ph = S[PHASE]
    if n > 0:
        base1 = first_of(K, n, 1)
        fight = ph == FIGHT_PHASE and S[FI] < S[NF]
        for i in range(n):
            r = rows[i]
            r[:] = 0.0
            r[0] = 1.0
            r[1] = 1.0 if K[STATUS, i] == FIGHTING else 0.0
            r[2] = 1.0 if K[STATUS, i] == FLEEING else 0.0
            r[3], r[4] = XY[0, i], XY[1, i]
            r[5], r[6], r[7] = K[MOVE, i], K[ATTACK, i], K[DEFENSE, i]
            r[11] = K[MOVED, i]
            if fight:
                r[14] = 1.0 if F[S[FI], 0] == i else 0.0
                r[15] = 1.0 if F[S[FI], 1] == i else 0.0
            r[16] = K[SEAT, i]
            r[17] = 1.0 if K[STATUS, i] != GONE else 0.0
            r[18] = i + 1 if K[SEAT, i] == 0 else i - base1 + 1
        kniggit_blocks(rows[:n], seat, t.slots, o.size, o.ring + 1e-9, out)
    b = PER_KNIGGIT * 2 * t.slots  # no things to carry in the kernel's games
    if ph < OVER_PHASE:
        out[b + ph] = 1.0
    out[b + 5] = min(1.0, S[WINS0 + seat] / 2)
    out[b + 6] = min(1.0, S[WINS0 + 1 - seat] / 2)
    out[b + 7] = min(1.0, S[TURNS] / o.turn_limit) if o.turn_limit else 0.0
    out[b + 8] = 1.0 if (ph == MOVE_PHASE or ph == FIGHT_PHASE) and S[TO_ACT] == seat else 0.0
    out[b + 9] = 1.0 if seat == 1 else 0.0
    out[b + 11 + t.scenario] = 1.0
    out[b + 16] = min(1.0, o.size / 144)


@njit(cache=True)
def margin(K, S, seat):
    """The encoding's ``margin``: the share of ``seat``'s kniggits still fighting less the enemy's."""
    n = S[NK]
    have = np.zeros(2)
    up = np.zeros(2)
    for i in range(n):
        have[K[SEAT, i]] += 1
        if K[STATUS, i] == FIGHTING:
            up[K[SEAT, i]] += 1
    mine = up[seat] / have[seat] if have[seat] else 0.0
    theirs = up[1 - seat] / have[1 - seat] if have[1 - seat] else 0.0
    return mine - theirs
