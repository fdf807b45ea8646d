"""The agent's seat in the compiled Tactics battles: a battle played on to the next question to an
agent seat and stopped there, the agent's answer, and what the agent sees (the Tactics encoding's
observation and mask, :mod:`.encoding`), in compiled code over the battle's arrays.

A battle lives in its arrays (the units ``U``, the turn ``S``, the stack ``STK`` and a move's path
``PATH``, as :func:`.batch.play_game` keeps them), so it stops at a question and goes on from there
with nothing replayed.  :func:`play_on` is :func:`.batch.play_game`'s loop that returns at a seat's
question with two or more legal decisions (a single one is played for it, as ``gym_env``'s
``skip_forced`` does); the other seat is played by ``random`` or ``heuristic`` as in the batch
kernel.  The observation and the mask are written from the places and action numbers of
:mod:`.vector_tables`, read from the encoding itself (``AT``).  The tables ``tabs`` are
:func:`.batch_tables.tables`'s, ``work`` the scratch arrays (:func:`scratch`).  Its compiled files
are dropped when any source compiled into them changes (:func:`_drop_stale_cache`).
"""

from __future__ import annotations

import os

import numpy as np
from numba import njit

from ...sim.kernel import below, drop_stale_cache
from . import batch as B
from .batch import _LAYERS
from .batch_game import (C_ACTOR, C_KIND, C_TARGET, S_ACTSTD, S_FIRST, S_MOVED, S_ORDER, S_OVER, S_POS, S_ROUND,
                         S_SP, S_WINNER, ST_OFFER, V_CAST, V_MOVE, settle)
from .batch_heuristic import choose
from .batch_play import MAX_LEGAL, decide, legal, roll
from .batch_tables import (ACTED, AMMO, BLUR, CASTS, DEAD, HAMSTRUNG, HASTE, HIDDEN, HP, ISWEAPON, MAIN, MELEE,
                           O_UNITS, PRONE, RESIST, SIDE, STABLE, X, Y)
from .vector_tables import (F_ACTED, F_AMMO, F_BLUR, F_CONSCIOUS, F_DEAD, F_HAMSTRUNG, F_HASTE, F_HIDDEN, F_HP,
                            F_ON_TURN, F_PRESENT, F_PRONE, F_PROVOKING, F_RANGED, F_RESIST, F_SPELLS, F_STABLE, F_X,
                            F_Y, T_MAP, T_MOVED, T_REACTION, T_ROUND, T_STD, T_TURN)
from . import batch_rules as R
from .batch_rules import borrowing

#: the sources compiled into the agent's kernel beside the batch kernel's: a change in any of them
#: drops this kernel's compiled files (Numba checks a function's own file only)
_SOURCES = ("batch_agent.py", "batch_agent_step.py", "vector_tables.py")
_COMPILED = ("batch_agent",)


def _drop_stale_cache() -> None:
    """Remove the agent kernel's compiled files when a source they were built from (theirs, or the
    batch kernel's, :data:`.batch._SOURCES`) has changed since (:func:`brawl.sim.kernel.drop_stale_cache`)."""
    drop_stale_cache(B._play_chunk, os.path.dirname(os.path.abspath(__file__)), B._SOURCES + _SOURCES, _COMPILED,
                     "tactics-agent.digest")


_drop_stale_cache()  # before any function of this kernel is compiled or read from the cache (both lazy)

HEURISTIC = 1  # batch.POLICIES
TURN, REACTION = 0, 1  # the kinds of question
MARGIN, RESULT, SHAPED = 0, 1, 2  # gym_env's rewards
STACK_ROWS, PATH_LEN = 64, 32  # as batch._work


@njit(cache=True)
def scratch(places):
    """The scratch arrays one thread's battles share (as :func:`.batch._work` makes them)."""
    return (np.zeros((3, places), np.int64), np.zeros((6, _LAYERS, places), np.int64),
            np.zeros((_LAYERS + 1, places + 1), np.int64), np.zeros((MAX_LEGAL, 3), np.int64),
            np.zeros(places // 2, np.int64), np.zeros(places // 2, np.int64), np.zeros(8, np.int64))


@njit(cache=True)
def new_battle(U, S, U0):
    """A battle at its start (as :func:`.batch.play_game` begins one)."""
    U[:, :] = U0
    S[:] = 0
    S[S_POS] = -1
    S[S_ROUND] = 1
    S[S_FIRST] = -1
    S[S_WINNER] = -1


@njit(cache=True)
def play_on(src, U, S, STK, PATH, tabs, work, agent, opponent, selfplay):
    """The battle on to the next question to the agent's side ``agent`` (to either side under
    ``selfplay``) with two or more legal decisions, or to its end.  Returns (src, the number of legal
    decisions, rows of ``work[3]``; 0 at the end, the seat asked, the kind of question)."""
    P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST = tabs
    sc, R5, cost, L, best_p, best_u, foes = work
    while True:
        settle(U, P, IT, O, LOE, NW, HD, SPT, BURST, S, STK, PATH)
        if S[S_OVER] == 1:
            return src, 0, -1, TURN
        sp = S[S_SP]
        kind = TURN
        if sp > 0 and STK[sp - 1, C_KIND] == ST_OFFER:
            seat = P[STK[sp - 1, C_ACTOR], SIDE]
            kind = REACTION
        elif sp > 0 or S[S_POS] < 0:
            src = roll(src, U, P, IT, O, FL, SPT, S, STK)
            continue
        else:
            seat = P[S[S_ORDER + S[S_POS]], SIDE]
        k = legal(U, P, IT, O, LOE, NW, ONE, TWO, SPT, S, STK, L, sc, cost)
        if selfplay or seat == agent:
            if k >= 2:
                return src, k, seat, kind
            pick = 0  # forced: played for the seat
        elif opponent == HEURISTIC:
            actor = STK[sp - 1, C_ACTOR] if sp > 0 else S[S_ORDER + S[S_POS]]
            pick = choose(U, P, IT, O, FL, SPT, BURST, ONE, TWO, S, L, k, actor, sc, R5, best_p, best_u, foes)
        else:
            src, pick = below(src, k)
        decide(U, P, IT, O, ONE, TWO, SPT, S, STK, PATH, sc, R5, L[pick, 0], L[pick, 1], L[pick, 2])


@borrowing
def answer(U, S, STK, PATH, tabs, work, seat, action, AT):
    """Seat ``seat``'s decision of action number ``action`` (legal: the caller checked the mask)."""
    P, IT, ONE, TWO, LOE, NW, FL, HD, O, SPT, BURST = tabs
    sc, R5 = work[0], work[1]
    dec = AT[9]
    decide(U, P, IT, O, ONE, TWO, SPT, S, STK, PATH, sc, R5, dec[seat, action, 0], dec[seat, action, 1],
           dec[seat, action, 2])


@borrowing
def write_mask(m, L, k, seat, AT):
    """The encoding's ``action_mask`` of the ``k`` legal decisions in ``L``."""
    by_unit, by_square, by_spell, is_plain = AT[6], AT[7], AT[8], AT[10]
    m[:] = 0
    for r in range(k):
        verb = L[r, 0]
        if verb == V_MOVE:
            m[by_square[L[r, 1], L[r, 2]]] = 1
        elif verb == V_CAST:
            m[by_spell[seat, L[r, 1], L[r, 2] + 1]] = 1
        elif is_plain[verb]:
            m[by_unit[seat, verb, 0]] = 1
        else:
            m[by_unit[seat, verb, L[r, 1]]] = 1


@borrowing
def write_obs(row, U, S, STK, tabs, seat, asked, kind, AT):
    """The encoding's ``observe`` for ``seat`` (``asked``: the question is this seat's, of ``kind``)."""
    IT, O = tabs[1], tabs[8]
    lay, base, places, top_hp, spell_totals, scale = AT[0], AT[1], AT[2], AT[3], AT[4], AT[5]
    row[:] = 0.0
    sp = S[S_SP]
    actor = S[S_ORDER + S[S_POS]] if sp == 0 and S[S_POS] >= 0 and S[S_OVER] == 0 else -1
    provoking = STK[sp - 1, C_TARGET] if sp > 0 and STK[sp - 1, C_KIND] == ST_OFFER else -1
    for p in range(places.shape[1]):
        u = places[seat, p]
        if u < 0:
            continue
        b = base[p]
        row[b + lay[F_PRESENT]] = 1.0
        row[b + lay[F_CONSCIOUS]] = 1.0 if R.conscious(U, u) else 0.0
        row[b + lay[F_DEAD]] = U[u, DEAD]
        row[b + lay[F_STABLE]] = U[u, STABLE]
        row[b + lay[F_HP]] = min(1.0, max(0, U[u, HP]) / top_hp[u])
        row[b + lay[F_X]] = U[u, X] / scale[0]
        row[b + lay[F_Y]] = U[u, Y] / scale[1]
        row[b + lay[F_PRONE]] = U[u, PRONE]
        row[b + lay[F_ACTED]] = U[u, ACTED]
        row[b + lay[F_HAMSTRUNG]] = U[u, HAMSTRUNG]
        row[b + lay[F_BLUR]] = U[u, BLUR]
        row[b + lay[F_HASTE]] = U[u, HASTE]
        row[b + lay[F_RESIST]] = 1.0 if U[u, RESIST] >= S[S_ROUND] else 0.0
        row[b + lay[F_ON_TURN]] = 1.0 if u == actor else 0.0
        main = U[u, MAIN]
        row[b + lay[F_RANGED]] = 1.0 if IT[main, ISWEAPON] == 1 and IT[main, MELEE] == 0 else 0.0
        row[b + lay[F_AMMO]] = 1.0 if U[u, AMMO] > 0 else 0.0
        left = 0
        for s in range(CASTS, U.shape[1]):
            left += U[u, s]
        row[b + lay[F_SPELLS]] = min(1.0, left / spell_totals[u])
        row[b + lay[F_PROVOKING]] = 1.0 if u == provoking else 0.0
        row[b + lay[F_HIDDEN]] = U[u, HIDDEN]
    row[lay[T_TURN]] = 1.0 if asked and kind == TURN else 0.0
    row[lay[T_REACTION]] = 1.0 if asked and kind == REACTION else 0.0
    row[lay[T_MOVED]] = S[S_MOVED]
    row[lay[T_STD]] = S[S_ACTSTD]
    row[lay[T_ROUND]] = min(1.0, S[S_ROUND] / scale[2])
    row[lay[T_MAP]] = 1.0


@borrowing
def margin(U, tabs, seat, AT):
    """The encoding's ``margin``: my side's hit points (0 for the dead) over their maxima, less the foes'."""
    P, O = tabs[0], tabs[8]
    top_hp = AT[3]
    top0 = top1 = left0 = left1 = 0
    for j in range(O[O_UNITS]):
        hp = 0 if U[j, DEAD] == 1 else max(0, U[j, HP])
        if P[j, SIDE] == seat:
            top0 += top_hp[j]
            left0 += hp
        else:
            top1 += top_hp[j]
            left1 += hp
    mine = min(1.0, left0 / top0) if top0 else 0.0
    foes = min(1.0, left1 / top1) if top1 else 0.0
    return mine - foes


@borrowing
def end_reward(U, S, tabs, seat, reward, draw_weight, AT):
    """gym_env's reward for ``seat`` at the end of a battle: +1 a win, -1 a loss; a draw 0, or under
    ``MARGIN`` ``draw_weight`` times the margin."""
    w = S[S_WINNER]
    if w < 0:
        return draw_weight * margin(U, tabs, seat, AT) if reward == MARGIN else 0.0
    return 1.0 if w == seat else -1.0


@borrowing
def cut_reward(U, tabs, seat, reward, draw_weight, AT):
    """gym_env's reward for ``seat`` when a battle is cut off: 0, or under ``MARGIN`` the weighted margin."""
    return draw_weight * margin(U, tabs, seat, AT) if reward == MARGIN else 0.0
