"""The compiled KtOG game, part two: the legal decisions in the rules module's order, the
policies' choices (brute, random, the solved duel's optimal), a turn (Haste, Bless, Cure,
scrambling) and a whole game.  One swing is in :mod:`.batch_swing`; the runs in :mod:`.batch`."""

from __future__ import annotations

import numpy as np
from numba import njit

from ...sim.kernel import INLINE, below
from . import duel as K
from . import mechanics as M
from .batch_swing import (AGENT, ASK_ACTION, ASK_TURN, ATTACK, BLESS, BLESS_LEFT, BRUTE, CAST, CURE, CURE_LEFT, DIS,
                          DISARM, FIGHT, FIGHTER, HASTE, HASTE_LEFT, HP, MAXHP, OPTIMAL, PAUSED, SCRAMBLE, UP, _ask,
                          _can_cast, _cfg, _cured, _decide, _hit_threshold, _initiative, _may_haste_scramble,
                          _scramble_left, _set_up, _swing, _touch_succeeds, _weakest)

# -- decisions ------------------------------------------------------------------------------------

@njit(cache=True, inline=INLINE)
def _list_swings(P, me, kinds, targets, m):
    """Append attack:N for each conscious opponent, then disarm:N for each armed one, from
    position ``m``; returns the new length."""
    n = P.shape[1]
    for s in range(n):
        if s != me and P[UP, s]:
            kinds[m] = ATTACK
            targets[m] = s
            m += 1
    for s in range(n):
        if s != me and P[UP, s] and P[DIS, s] == 0:
            kinds[m] = DISARM
            targets[m] = s
            m += 1
    return m


@njit(cache=True, inline=INLINE)
def _list_openings(P, me, kinds, targets):
    """The legal opening decisions of a turn, in the rules module's order; returns their number."""
    n = P.shape[1]
    spells = _can_cast(P, me)
    m = 0
    if P[DIS, me]:
        kinds[m] = SCRAMBLE
        m += 1
        if spells and P[HASTE_LEFT, me] > 0 and _may_haste_scramble(P[DIS, me]):
            kinds[m] = HASTE
            m += 1
        m = _list_cures(P, me, spells, kinds, targets, m)
        for s in range(n):
            if s != me and P[UP, s]:
                kinds[m] = FIGHT
                targets[m] = s
                m += 1
        return m
    m = _list_swings(P, me, kinds, targets, m)
    m = _list_cures(P, me, spells, kinds, targets, m)
    if spells and P[HASTE_LEFT, me] > 0:
        kinds[m] = HASTE
        m += 1
    if spells and P[BLESS_LEFT, me]:
        kinds[m] = BLESS
        m += 1
    return m


@njit(cache=True, inline=INLINE)
def _list_cures(P, me, spells, kinds, targets, m):
    """Append cure:N for each conscious player when ``me`` can cast Cure; returns the new length."""
    if spells and P[CURE_LEFT, me]:
        for s in range(P.shape[1]):
            if P[UP, s]:
                kinds[m] = CURE
                targets[m] = s
                m += 1
    return m


@njit(cache=True, inline=INLINE)
def _optimal_opening(P, work, tabs, me, posM):
    """The solved duel's best opening decision (ties to the first in the solver's order)."""
    V, W, R = tabs
    q = work[5]
    o = 1 - me
    pos = 0 if posM == 0 else 1 + 2 * P[CAST, me] + P[CAST, o]
    K.turn_values(V, W, R, pos, _cfg(P, me, R), P[DIS, me], _cfg(P, o, R), P[DIS, o], q)
    best = -1
    for a in range(K.NA):
        if not np.isnan(q[a]) and (best < 0 or q[a] > q[best]):
            best = a
    if best == K.A_ATTACK:
        return ATTACK, o
    if best == K.A_DISARM:
        return DISARM, o
    if best == K.A_CURE_SELF:
        return CURE, me
    if best == K.A_CURE_OTHER:
        return CURE, o
    if best == K.A_HASTE:
        return HASTE, o
    if best == K.A_BLESS:
        return BLESS, o
    if best == K.A_SCRAMBLE:
        return SCRAMBLE, o
    return FIGHT, o


@njit(cache=True, inline=INLINE)
def _opening(src, o, pols, P, work, tabs, me, posM):
    """The decision that opens ``me``'s turn: (src, decision, target)."""
    if pols[me] == BRUTE:
        if P[DIS, me]:
            return src, SCRAMBLE, -1
        return src, ATTACK, _weakest(P, me)
    if pols[me] == OPTIMAL:
        act, tgt = _optimal_opening(P, work, tabs, me, posM)
        return src, act, tgt
    kinds, targets = work[0], work[1]
    m = _list_openings(P, me, kinds, targets)
    if pols[me] == AGENT:
        if m == 1:  # one legal decision: played for the agent
            return src, kinds[0], targets[0]
        act, tgt = _ask(work, ASK_TURN, me, me, -1, -1, False, 0, False)
        return src, act, tgt
    src, i = below(src, m)
    return src, kinds[i], targets[i]


@njit(cache=True, inline=INLINE)
def _next_swing(src, pols, P, work, tabs, me, blessed, swings, posM, cont):
    """After Haste or Bless: attack or disarm attempt, and on whom.  (src, kind, target; kind -1 when an
    agent is asked)"""
    if pols[me] == OPTIMAL:
        V, W, R = tabs
        t = 1 - me
        if P[DIS, t] > 0:
            return src, ATTACK, t
        cM = _cfg(P, me, R)
        cO = _cfg(P, t, R)
        a = K.swing_value(V, W, R, posM, P[CAST, me], P[CAST, t], cM, 0, cO, P[DIS, t], 0, blessed, cont)
        d = K.swing_value(V, W, R, posM, P[CAST, me], P[CAST, t], cM, 0, cO, P[DIS, t], 1, blessed, cont)
        return src, DISARM if d > a else ATTACK, t
    if pols[me] == BRUTE:
        return src, ATTACK, _weakest(P, me)  # never reached: the brute casts no Haste or Bless
    kinds, targets = work[0], work[1]
    m = _list_swings(P, me, kinds, targets, 0)
    if pols[me] == AGENT:
        if m == 1:  # one legal decision: played for the agent
            return src, kinds[0], targets[0]
        kind, t = _ask(work, ASK_ACTION, me, me, -1, -1, False, swings, blessed)
        return src, kind, t
    src, i = below(src, m)
    return src, kinds[i], targets[i]


# -- a turn, a game -------------------------------------------------------------------------------

@njit(cache=True, inline=INLINE)
def _cure(src, o, P, me, tgt):
    """Rules page, KtOG, Cure: the touch roll first when curing someone else (``cure_touch_roll``), then
    d10 with 1s re-rolled, capped with ``cure_cap``."""
    P[CURE_LEFT, me] = 0
    P[CAST, me] = 1
    if o.touch and tgt != me:
        thr = _hit_threshold(o.to_hit, False, P[DIS, tgt] > 0, P[DIS, me] > 0, P[FIGHTER, me] == 1)
        src, r = below(src, M.D20)
        if not _touch_succeeds(r + 1, thr):
            return src
    src, r = below(src, M.CURE_FACES)
    P[HP, tgt] = _cured(P[HP, tgt], r + M.CURE_MIN, P[MAXHP, tgt], o.cure_cap)
    return src


@njit(cache=True, inline=INLINE)
def _turn(src, o, pols, P, work, tabs, me, leader):
    """``me``'s turn (rules page, KtOG, Turn and Disarmed); returns (src, winner or -1).  An agent asked
    pauses the game (``work[6][PAUSED]``): the turn returns at once."""
    posM = 0 if me == leader else 1
    src, act, tgt = _opening(src, o, pols, P, work, tabs, me, posM)
    if act < 0:
        return src, -1
    _decide(src, work, P, me, act, tgt)
    if act == SCRAMBLE:
        P[DIS, me] = _scramble_left(P[DIS, me], 1)
        return src, -1
    if act == CURE:
        return _cure(src, o, P, me, tgt), -1
    if act == HASTE:
        P[HASTE_LEFT, me] -= 1
        P[CAST, me] = 1
        if P[DIS, me]:
            P[DIS, me] = _scramble_left(P[DIS, me], M.HASTE_SWINGS)
            return src, -1
        winner = -1
        for sw in range(M.HASTE_SWINGS):
            if sw > 0 and not (P[UP, me] and P[DIS, me] == 0):
                break
            cont = sw < M.HASTE_SWINGS - 1
            src, kind, t = _next_swing(src, pols, P, work, tabs, me, False, M.HASTE_SWINGS - sw, posM, cont)
            if kind < 0:
                break
            _decide(src, work, P, me, kind, t)
            src, winner = _swing(src, o, pols, P, work, tabs, me, kind, t, False, M.HASTE_SWINGS - sw, posM, cont)
            if winner >= 0 or work[6][PAUSED]:
                break
        return src, winner
    if act == BLESS:
        P[BLESS_LEFT, me] = 0
        P[CAST, me] = 1
        src, kind, t = _next_swing(src, pols, P, work, tabs, me, True, 1, posM, False)
        if kind < 0:
            return src, -1
        _decide(src, work, P, me, kind, t)
        return _swing(src, o, pols, P, work, tabs, me, kind, t, True, 1, posM, False)
    return _swing(src, o, pols, P, work, tabs, me, act, tgt, False, 1, posM, False)


@njit(cache=True)
def _play_game(src, o, pols, P, work, tabs):
    """One game; returns (src, winner or -1 for a game cut off, first mover, turns)."""
    src = _set_up(src, o, pols, P, work, tabs)
    leader = -1
    first = -1
    turns = 0
    while True:
        for s in range(o.players):
            P[CAST, s] = 0
        if leader < 0 or o.every_round:
            src, leader = _initiative(src, o, P, work)
            if first < 0:
                first = leader
        for k in range(o.players):
            me = (leader + k) % o.players
            if not P[UP, me]:
                continue
            turns += 1
            if turns >= 1_000_000:
                return src, -1, first, turns
            src, winner = _turn(src, o, pols, P, work, tabs, me, leader)
            if winner >= 0:
                return src, winner, first, turns
