"""What the Kniggits vector environment (:mod:`.vector`) shows a seat, compiled: the research
encoding's observation, mask and menu (:mod:`.encoding`) computed from the kernel's arrays.

The layout is the encoding's own: its action names give every action number (:func:`tables`), its
compiled helpers fill the kniggit blocks (:func:`.fast_moves.kniggit_blocks`) and place the menu's
moves and judges them as the encoding does (:func:`.fast_moves.judge_menu`: the menu's points with
the encoding's unit steps and the compiled path check, then the tests it leaves to the rules,
:meth:`.movement.Movement.settle_straight_moves`'s: a move that goes nowhere by the kernel's
:func:`.batch_geom.inside_obstacle`, a line close to an obstacle's wall by Shapely; and standing
room among friends at each decision, :func:`.fast_moves._has_room`).  Targets are ranked as the encoding ranks them:
the nearest first, ties to the lower slot.  ``tests/rl/test_rl_vector_kniggits.py`` compares all of
it with ``encoding.observe`` and ``encoding.action_mask`` position by position.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit, objmode

from .batch_advanced import ADV_ARCHERS, ADV_MAGIC, GUARD, KIND
from .batch_fighters import _can_defend, _can_strike, fight_lists
from .batch_game import NONE
from .batch_geom import inside_obstacle
from .batch_moves import (ARCHER, ATTACK, DEFENSE, FACING, FIGHTING, FLEEING, GONE, MOVE, MOVED, SEAT, SHOT, STATUS,
                          TWO, allowance, engaged)
from .combat import GUARDS
from .encoding import MENU_MOVES, PER_ITEM, PER_KNIGGIT, PHASES, SHIELD_HANDS, SWORD_HANDS, TARGETS, _UNIT
from .fast_moves import _has_room, judge_menu, kniggit_blocks
from .geometry import SURE
from .mechanics import HEIGHTS
from .rules import SCENARIOS
from .vector_advanced import SECONDS, SHOTS, fight_mask, mark_seconds, mark_shots, ranked_targets
from .vector_items import carries, item_blocks, item_choices, mark_items

# where a game stands: the encoding's phases in its order, then the end
ARMY_PHASE, RPS_PHASE, MOVE_PHASE, TURNING_PHASE, FIGHT_PHASE = (PHASES.index(p) for p in ("army", "rps", "move", "turning", "fight"))
OVER_PHASE = len(PHASES)
# a row of ``S`` (one per game): phase, seat on turn, first mover, turns, rock-paper-scissors wins of
# each seat, each seat's army (-1: not chosen), kniggits, seat 0's sealed rock-paper-scissors (-1:
# none), the fight being fought, fights this turn, the next seat to show hands in it (2: both done),
# the hands shown (sword, shield of the attacker's seat then the defender's... by seat: seat 0's two,
# seat 1's two), the winner (-1: a draw), the seat asked (-1: none), decisions asked this episode,
# the game's state for the environment (see :mod:`.vector`), whether the agent's menu moves are
# judged for this moving phase (:func:`judge`) and how many movers they have
(PHASE, TO_ACT, FIRST, TURNS, WINS0, WINS1, ARMY0, ARMY1, NK, RPS0, FI, NF, FSEAT, H00, H01, H10, H11, WINNER,
 ASKED, DECIDED, OVER, JUDGED, JM) = range(23)
NS = 23
# what an action number is to the kernel (:func:`tables`)
A_ARMY, A_RPS, A_END_MOVE, A_END_TURNING, A_MENU, A_FACE, A_FIGHT, A_OTHER, A_PICK, A_DROP, A_SECOND, A_SHOOT = range(12)

#: the encoding's numbers, read from its action names (:func:`tables`)
Tabs = namedtuple("Tabs", "kind slot arg army0 rps end_move end_turning first fight unit slots obs_size scenario "
                         "open picks drops")


def tables(enc, scenario: str, geom) -> Tabs:
    """Each action number's kind, kniggit slot and argument, and the numbers of each decision, from
    the encoding's own action names; and the table ``geom`` (:class:`.batch_geom.Geom`) without its
    obstacles, for the path a menu move the mask has judged takes."""
    from ..rps.rules import MOVES as RPS_MOVES
    from .vector_items import item_tables

    names = enc.actions
    index = {a: i for i, a in enumerate(names)}
    A = len(names)
    kind = np.full(A, A_OTHER, np.int64)
    slot = np.zeros(A, np.int64)
    arg = np.zeros(A, np.int64)
    code = {h: c for c, h in enumerate(HEIGHTS)}
    code["none"] = NONE
    shields = dict(code)
    code.update({h: GUARD + c for c, h in enumerate(GUARDS)})  # a sword hand's guards (batch_advanced)
    fight = np.full((len(code), NONE + 1), -1, np.int64)
    picks, drops, things = item_tables(enc)  # pick:<slot>:<thing>:<hand>, drop:<slot> (vector_items)
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
        elif verb in ("face", "second", "shoot"):  # a magic sword's second target, an aim (vector_advanced)
            kind[i] = (A_FACE, A_SECOND, A_SHOOT)[("face", "second", "shoot").index(verb)]
            slot[i], arg[i] = int(parts[1]), int(parts[2]) - 1
        elif verb == "fight" and parts[1] in code and parts[2] in shields:
            kind[i], arg[i] = A_FIGHT, code[parts[1]] * (NONE + 1) + code[parts[2]]
            fight[code[parts[1]], code[parts[2]]] = i
        elif i in things:
            kind[i], slot[i], arg[i] = A_PICK if verb == "pick" else A_DROP, things[i][1], things[i][2]
    assert set(code) == set(SWORD_HANDS) and set(shields) == set(SHIELD_HANDS)
    first = np.zeros(enc.slots + 1, np.int64)
    for s in range(1, enc.slots + 1):
        first[s] = enc._first_move[s]
        assert index[f"face:{s}:1"] - first[s] == MENU_MOVES and index[f"second:{s}:1"] - first[s] == SECONDS
        assert index[f"shoot:{s}:1"] - first[s] == SHOTS
    return Tabs(kind, slot, arg, index[f"army:{enc.presets[0]}"], np.array([index[m] for m in RPS_MOVES], np.int64),
                index["end_move"], index["end_turning"], first, fight, np.ascontiguousarray(_UNIT), enc.slots,
                enc.observation_size, SCENARIOS.index(scenario),
                geom._replace(boxes=geom.boxes[:0], normals=geom.normals[:0], offsets=geom.offsets[:0],
                              count=geom.count[:0]), picks, drops)


# -- targets and the menu -------------------------------------------------------------------------

@njit(cache=True)
def first_of(K, n, seat):
    """The column of ``seat``'s first kniggit (its slot 1): the first army's come first."""
    for i in range(n):
        if K[SEAT, i] == seat:
            return i
    return n


@njit(cache=True)
def face_targets(K, XY, n, i, ring, buf, out):
    """The enemies kniggit ``i`` may be told to face (within the ``ring``, not the one it faces), the
    :data:`.encoding.TARGETS` nearest first, ties to the lower slot, in ``out``; returns how many
    (:func:`.vector_advanced.ranked_targets`)."""
    return ranked_targets(K, XY, n, i, ring, K[FACING, i], buf, out)


@njit(cache=True)
def hand_counts(K, a, d, seat):
    """How many gestures each hand of ``seat`` may show in the fight of ``a`` against ``d`` (the
    kernel's fights, :func:`.batch_game.resolve_fights`: 4 for the three heights and none, 1 for none;
    a hand that carries a thing shows none)."""
    if seat == K[SEAT, a]:
        return 4, (4 if _can_defend(K, a) else 1)
    return (4 if K[FACING, d] == a and _can_strike(K, d) else 1), (4 if _can_defend(K, d) else 1)


@njit(cache=True)
def write_mask(K, XY, S, F, seat, o, g, w, t, sc, J, mask):
    """The encoding's mask for ``seat`` where the game stands, the moving phase's menu moves judged
    (:func:`judge`); returns how many actions are legal.  (The records are unpacked here: a compiled
    call that takes a record counts a reference to each of its arrays, which costs more than the
    mask itself.)"""
    if S[PHASE] == FIGHT_PHASE and o.adv.any():  # the advanced rules' hands (vector_advanced)
        mask[:] = 0
        lists = w.hands[1]
        fight_lists(o, K, F[S[FI], 0], F[S[FI], 1], lists)
        return fight_mask(K, F[S[FI], 0], seat, lists, t.fight, mask)
    ni = item_choices(K, XY, S[NK], seat, o, w.things, w.opts) if S[PHASE] == MOVE_PHASE else 0  # vector_items
    count = _mask(K, XY, S, F, seat, o.presets, o.ring, o.room, t.army0, t.rps, t.fight, t.end_move, t.end_turning,
                  t.first, sc[0], sc[1], sc[3], J[0], J[2], J[3], mask)
    if ni:
        count += mark_items(w.opts, ni, first_of(K, S[NK], seat), t.picks, t.drops, mask)
    if S[PHASE] == MOVE_PHASE and o.adv[ADV_MAGIC]:
        count += mark_seconds(K, XY, S[NK], seat, first_of(K, S[NK], seat), o, t.first, sc[0], sc[1], mask)
    if S[PHASE] == MOVE_PHASE and o.adv[ADV_ARCHERS]:
        count += mark_shots(K, XY, S[NK], seat, first_of(K, S[NK], seat), o, t.first, w.opts, sc[1], mask)
    return count


@njit(cache=True)
def _mask(K, XY, S, F, seat, presets, ring, standing_room, army0, rps, fight, end_move, end_turning, firsts, buf, out,
          table, passed, stops, cols, mask):
    """:func:`write_mask` with the records' fields it reads; the moving phase's judgement is in ``J``."""
    mask[:] = 0
    ph = S[PHASE]
    n = S[NK]
    if ph == ARMY_PHASE:
        for p in range(presets):
            mask[army0 + p] = 1
        return presets
    if ph == RPS_PHASE:
        for r in range(3):
            mask[rps[r]] = 1
        return 3
    if ph == FIGHT_PHASE:
        a, d = F[S[FI], 0], F[S[FI], 1]
        h0, h1 = hand_counts(K, a, d, seat)
        for c0 in range(h0):
            for c1 in range(h1):
                mask[fight[c0 if h0 > 1 else NONE, c1 if h1 > 1 else NONE]] = 1
        return h0 * h1
    moving = ph == MOVE_PHASE
    mask[end_move if moving else end_turning] = 1
    count = 1
    base = first_of(K, n, seat)
    for i in range(n):
        if K[SEAT, i] != seat or K[STATUS, i] != FIGHTING:
            continue
        first = firsts[i - base + 1]
        if moving or engaged(K, XY, n, XY[0, i], XY[1, i], seat, ring, buf) > 1:
            m = face_targets(K, XY, n, i, ring, buf, out)
            for r in range(m):
                mask[first + MENU_MOVES + r] = 1
            count += m
    if moving:
        # standing room among the mover's army (_has_room): its kniggits on the table are the rows it
        # reads (the others would be passed over), ``buf[i]`` kniggit i's row
        m = 0
        for j in range(n):
            if K[SEAT, j] == seat and K[STATUS, j] != GONE:
                table[m, 0], table[m, 1], table[m, 2], table[m, 3] = XY[0, j], XY[1, j], seat, 1.0
                buf[j] = m
                m += 1
        rows = table[:m]
        for k in range(S[JM]):
            i = cols[k]
            if K[MOVED, i] or K[SHOT, i]:  # moved, or an archer that aims (it may not move this turn)
                continue
            first = firsts[i - base + 1]
            for r in range(MENU_MOVES):
                c = k * MENU_MOVES + r
                if passed[c] and _has_room(rows, buf[i], seat, stops[c, 0], stops[c, 1], standing_room):
                    mask[first + r] = 1
                    count += 1
    return count


@njit(cache=True)
def _table_rows(K, XY, n, table):
    """The rows the encoding's compiled checks read (``Movement.table_rows``): x, y, seat, on the table."""
    for i in range(n):
        table[i, 0], table[i, 1], table[i, 2] = XY[0, i], XY[1, i], K[SEAT, i]
        table[i, 3] = 1.0 if K[STATUS, i] != GONE else 0.0
    return table[:n]


def _settle(gid, table, me, ends, ok, near) -> None:
    """What :meth:`.movement.Movement.settle_straight_moves` asks Shapely, for the game registered
    as ``gid``: a line that passes close to an obstacle's wall or corner (rare but for the menu's
    compass lines from the armies' places, which can meet a corner exactly)."""
    from .batch_heuristic import _GAMES

    c, o = np.nonzero(near)
    ok[c[_GAMES[int(gid)][1].table.obstacles_entered(table[me[c], :2], ends[c], o)]] = False


@njit(cache=True)
def judge(K, XY, S, seat, o, g, t, sc, J):
    """The path check of every menu move of ``seat``'s kniggits that have not moved, as the encoding
    judges them (:func:`.fast_moves.judge_menu`, then the rules' own tests of what it leaves):
    kept in ``J`` (passed, points, stops, each mover's column) for the whole moving phase, in which
    only the mover's own kniggits move (standing room among them is asked at each decision)."""
    n = S[NK]
    table = _table_rows(K, XY, n, sc[3])
    m = 0
    for i in range(n):
        if K[SEAT, i] == seat and K[STATUS, i] == FIGHTING and K[MOVED, i] == 0:
            m += 1
    movers = np.empty((m, 3))
    where = np.empty(m, np.intp)
    m = 0
    for i in range(n):
        if K[SEAT, i] == seat and K[STATUS, i] == FIGHTING and K[MOVED, i] == 0:
            movers[m, 0], movers[m, 1], movers[m, 2] = XY[0, i], XY[1, i], allowance(K, i, o)
            where[m] = i
            J[3][m] = i
            m += 1
    S[JM] = m
    base = first_of(K, n, 1 - seat)
    enemies = sc[2]
    ne = 0
    for e in range(n):
        if K[SEAT, e] != seat and K[STATUS, e] != GONE:
            enemies[ne, 0], enemies[ne, 1], enemies[ne, 2] = XY[0, e], XY[1, e], e - base + 1
            ne += 1
    ends, real, me, ok, short, near, stops, any_short, any_near = judge_menu(
        movers, where, enemies[:ne], t.unit, TARGETS, table, o.size, o.ring, o.room, o.tol, o.direct, g.boxes,
        g.normals, g.offsets, g.count, SURE)
    for c in range(len(ok)):  # a move that goes nowhere: is its kniggit standing in an obstacle?
        ok[c] = ok[c] and real[c] and not (short[c] and inside_obstacle(table[me[c], 0], table[me[c], 1], g))
    if any_near:  # a line close to an obstacle's wall or corner: the rules' Shapely test
        with objmode():
            _settle(o.game_id, table, me, ends, ok, near)
    for c in range(len(ok)):
        J[0][c] = ok[c]
        J[1][c, 0], J[1][c, 1] = ends[c, 0], ends[c, 1]
        J[2][c, 0], J[2][c, 1] = stops[c, 0], stops[c, 1]


# -- the observation -------------------------------------------------------------------------------

@njit(cache=True)
def observe(K, XY, S, F, seat, o, t, T, rows, out):
    """The encoding's ``observe`` of the game for ``seat`` (:func:`look`, with the records' fields it
    reads; ``T`` the game's things, :mod:`.vector_items`)."""
    look(K, XY, S, F, seat, o.size, o.ring, o.turn_limit, t.slots, t.scenario, T, rows, out)


@njit(cache=True)
def look(K, XY, S, F, seat, size, ring, turn_limit, slots, scenario, T, rows, out):
    """The encoding's ``observe`` of the game for ``seat`` on a table of ``size`` inches.  A seat's own
    choice is never sealed where this environment shows it (it shows the seat asked, or the end), so
    that entry is 0."""
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
            r[8], r[9] = K[ARCHER, i], K[TWO, i]
            r[10] = carries(K, i)
            r[11] = K[MOVED, i]
            r[12] = 1.0 if K[SHOT, i] else 0.0
            if fight:
                r[14] = 1.0 if F[S[FI], 0] == i else 0.0
                r[15] = 1.0 if F[S[FI], 1] % KIND == i else 0.0  # the defender (batch_advanced.KIND: a fight's kind)
            r[16] = K[SEAT, i]
            r[17] = 1.0 if K[STATUS, i] != GONE else 0.0
            r[18] = i + 1 if K[SEAT, i] == 0 else i - base1 + 1
        kniggit_blocks(rows[:n], seat, slots, size, ring + 1e-9, out)
    b = PER_KNIGGIT * 2 * slots
    item_blocks(K, T, seat, size, out, b)  # the things (vector_items)
    b += PER_ITEM * int(T[0, 0])
    if ph < OVER_PHASE:
        out[b + ph] = 1.0
    out[b + 5] = min(1.0, S[WINS0 + seat] / 2)
    out[b + 6] = min(1.0, S[WINS0 + 1 - seat] / 2)
    out[b + 7] = min(1.0, S[TURNS] / turn_limit) if turn_limit else 0.0
    out[b + 8] = 1.0 if (ph == MOVE_PHASE or ph == FIGHT_PHASE) and S[TO_ACT] == seat else 0.0
    out[b + 9] = 1.0 if seat == 1 else 0.0
    out[b + 11 + scenario] = 1.0
    out[b + 16] = min(1.0, size / 144)


@njit(cache=True)
def margin(K, S, seat):
    """The encoding's ``margin``: the share of ``seat``'s kniggits still fighting less the enemy's."""
    n = S[NK]
    have_mine = have_theirs = up_mine = up_theirs = 0
    for i in range(n):
        fighting = 1 if K[STATUS, i] == FIGHTING else 0
        if K[SEAT, i] == seat:
            have_mine += 1
            up_mine += fighting
        else:
            have_theirs += 1
            up_theirs += fighting
    mine = up_mine / have_mine if have_mine else 0.0
    theirs = up_theirs / have_theirs if have_theirs else 0.0
    return mine - theirs
